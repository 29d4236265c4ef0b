internal import CJavaScriptCore
import TernDOM
import TernNet

/// The window tree on the native side (HTML "the Window object", "WindowProxy",
/// "cross-origin objects"): which window a script may reach from this one and
/// whether it gets the window itself (same origin, same engine group) or the
/// restricted cross-origin view the prelude makes from the window's id
/// (`JS/dom-frames.js`).
extension ScriptWindow {
    /// What a window id names for the prelude: a window, or a popup a
    /// window opened (whose current window changes as it navigates).
    private final class Entry {
        weak var window: ScriptWindow?
        weak var opened: ScriptOpenedWindow?
        /// For a popup: the window that opened it.
        weak var opener: ScriptWindow?
        /// HTML "is closing": close() was called through this entry.
        var isClosing = false
        init(window: ScriptWindow?, opened: ScriptOpenedWindow? = nil, opener: ScriptWindow? = nil) {
            self.window = window
            self.opened = opened
            self.opener = opener
        }
        var isGone: Bool { window == nil && opened == nil }
        var current: ScriptWindow? { window ?? opened?.scriptCurrentWindow }
    }

    private static var registry: [Int: Entry] = [:]
    private static var lastWindowID = 0

    private static func add(_ entry: Entry) -> Int {
        lastWindowID += 1
        // Windows gone away leave their slots: sweep now and then.
        if lastWindowID % 64 == 0 { registry = registry.filter { !$0.value.isGone } }
        registry[lastWindowID] = entry
        return lastWindowID
    }

    /// A new id, registered for `window` (called once, from init).
    static func register(_ window: ScriptWindow) -> Int { add(Entry(window: window)) }

    /// The id of a popup `opener` opened (`window.open`'s result).
    func register(opened: ScriptOpenedWindow) -> Int {
        if let existing = ScriptWindow.registry.first(where: { $0.value.opened === opened && $0.value.opener === self }) {
            return existing.key
        }
        return ScriptWindow.add(Entry(window: nil, opened: opened, opener: self))
    }

    static func window(withID id: Int) -> ScriptWindow? { registry[id]?.current }

    /// The window that opened `opened` (the popup's `opener`), when it is still there.
    package static func opener(of opened: ScriptOpenedWindow) -> ScriptWindow? {
        registry.values.first { $0.opened === opened && $0.opener != nil }?.opener
    }

    /// `window.opener`: set by the host, else the window that opened this one's view.
    var openerWindow: ScriptWindow? { opener ?? windowingHost?.scriptOpenerWindow() }

    /// The window whose script runs now (the innermost, in this window's
    /// engine group): a frame's script may be calling this window's methods.
    package var runningWindow: ScriptWindow? { context.runningContext.flatMap(ScriptWindow.window(of:)) }

    /// The window whose context is `context`, when it is still there.
    static func window(of context: ScriptContext) -> ScriptWindow? {
        registry.values.lazy.compactMap(\.window).first { $0.context === context }
    }

    // MARK: Origins (HTML "origin", "same origin")

    /// The serialized origin of the window's document ("null" when opaque).
    /// A document at about:blank or about:srcdoc (or with no URL) has its
    /// creator's origin: the parent's, else the opener's (HTML "determining
    /// the origin").
    package var serializedOrigin: String { tupleOrigin ?? "null" }

    /// The origin as a string, nil when opaque (an opaque origin is only ever
    /// the same as itself: its owner's).
    private var tupleOrigin: String? { originOwner.origin }

    /// The window whose document's origin this one's is (itself, or for
    /// about:blank and about:srcdoc its creator's, followed up), with that
    /// origin as a string, nil when opaque.
    private var originOwner: (window: ScriptWindow, origin: String?) {
        var current = self
        for _ in 0..<64 {
            if current.hasOpaqueOrigin { return (current, nil) }
            if let url = current.creationURL, url.href != "about:blank", url.href != "about:srcdoc" {
                // A tuple for http(s) and the embedder's schemes (`myapp://app`); opaque for
                // data:, file: (each file its own) and the rest.
                let origin = url.scheme == "file" ? "null" : FetchRequestState.origin(of: url)
                return (current, origin == "null" ? nil : origin)
            }
            guard let creator = current.frameHost?.scriptParentWindow() ?? current.openerWindow else { break }
            current = creator
        }
        return (current, nil)
    }

    /// HTML "same origin": both tuple origins and equal, or one opaque origin
    /// (the same window's, or inherited from it by about:blank documents).
    package func isSameOrigin(with other: ScriptWindow) -> Bool {
        if other === self { return true }
        let mine = originOwner, theirs = other.originOwner
        guard let myOrigin = mine.origin, let theirOrigin = theirs.origin else { return mine.window === theirs.window }
        return myOrigin == theirOrigin
    }

    // MARK: Natives

    func installFrames() {
        let natives = context.makeBareObject()
        func define(_ name: String, _ body: @escaping NativeFunction.Body) {
            context.setProperty(name, of: natives, to: NativeFunction.make(self.dom, body))
        }
        // (op, target id or -1 for this window, argument): a window of the
        // target's tree, as this window may see it: the window's global object
        // (same origin, same engine group), its id (the prelude makes the
        // restricted view), or null.
        define("foreignHandle") { [weak self] a in self?.foreignHandle(of: a[0]) ?? self?.dom.undefined }
        define("foreignWrapper") { [weak self] a in self?.foreignWrapper(of: a[0]) ?? self?.dom.null }
        define("view") { [weak self] a in
            guard let self else { return nil }
            guard let target = self.target(a[0]) else { return self.dom.null }
            let found: ScriptWindow?
            switch self.dom.string(a[1]) {
            case "self": found = target
            case "parent": found = target.frameHost?.scriptParentWindow() ?? target
            case "top": found = target.frameHost?.scriptTopWindow() ?? target
            case "opener": found = target.openerWindow
            case "child": found = target.childWindow(at: self.dom.number(a[2]))
            case "named": found = target.childWindow(named: self.dom.string(a[2]))
            case "content":
                guard target === self, let node = try self.dom.optionalNode(a[2]) else { return self.dom.null }
                found = self.frameHost?.scriptContentWindow(of: node)
            default: found = nil
            }
            guard let found else { return self.dom.null }
            return self.reference(to: found)
        }
        define("length") { [weak self] a in
            guard let self else { return nil }
            return self.dom.makeNumber(Double(self.target(a[0])?.frameHost?.scriptChildWindows().count ?? 0))
        }
        // The names of this window's child frames, for named access.
        define("childNames") { [weak self] _ in
            guard let self else { return nil }
            return self.dom.makeStringArray(self.frameHost?.scriptChildWindows().map(\.name).filter { !$0.isEmpty } ?? [])
        }
        // frameElement: the container in the parent's document, when that
        // document is same origin with this window's (HTML "frameElement").
        define("frameElement") { [weak self] _ in
            guard let self else { return nil }
            guard let element = self.frameHost?.scriptFrameElement(), let parent = self.frameHost?.scriptParentWindow(),
                  parent.isSameOrigin(with: self), parent.context.sharesGroup(with: self.context) else { return self.dom.null }
            return parent.wrapper(of: element) ?? self.dom.null
        }
        define("name") { [weak self] a in
            guard let self else { return nil }
            if a.count > 0, let value = a[0] { self.name = self.dom.string(value) }
            return self.dom.makeString(self.name)
        }
        // The global of the window a WindowProxy stands for, when this
        // window may reach it directly (same engine, same origin); else null.
        define("reachable") { [weak self] a in
            guard let self else { return nil }
            let opened = self.entry(a[0]).flatMap { $0.window == nil ? $0.opened?.scriptWindowForAccess() : nil }
            guard let target = opened ?? self.target(a[0]), !target.isClosed, target !== self,
                  target.context.sharesGroup(with: self.context), self.isSameOrigin(with: target) else { return self.dom.null }
            return target.context.globalObject
        }
        define("closed") { [weak self] a in
            guard let self else { return nil }
            // A popup: closed once gone or closing, whatever page it shows.
            if let entry = self.entry(a[0]), entry.opened != nil || entry.window == nil {
                return self.dom.makeBool(entry.opened == nil || entry.isClosing || entry.current?.isClosed == true)
            }
            guard let target = self.target(a[0]) else { return self.dom.makeBool(true) }
            return self.dom.makeBool(target.isClosed)
        }
        define("close") { [weak self] a in
            guard let self else { return nil }
            // HTML "close()": a popup closes; a frame's window does nothing.
            if let entry = self.entry(a[0]), let opened = entry.opened {
                if !entry.isClosing { opened.scriptClose() }
                entry.isClosing = true
                return nil
            }
            guard let target = self.target(a[0]), target.frameHost?.scriptParentWindow() == nil else { return nil }
            target.windowingHost?.scriptCloseWindow()
            return nil
        }
        // (target id, url, replace): a cross-origin `location.href = url` or `location.replace(url)`.
        define("navigate") { [weak self] a in
            guard let self else { return nil }
            guard let target = self.target(a[0]) else { return nil }
            let text = self.dom.string(a[1])
            let base = self.navigationHost.flatMap { WebURL($0.scriptCurrentURL()) } ?? self.documentURL
            guard let url = base?.resolve(text) ?? WebURL(text) else {
                throw DOMBridge.BridgeError.domException(name: "SyntaxError", message: "'\(text)' is not a valid URL.")
            }
            guard url.scheme != "javascript" else { return nil }
            if let opened = self.entry(a[0])?.opened {
                opened.scriptNavigate(to: url.href, replacing: self.dom.bool(a[2]))
                return nil
            }
            target.navigationHost?.scriptNavigate(to: url.href, replacing: self.dom.bool(a[2]))
            return nil
        }
        define("origin") { [weak self] a in
            guard let self else { return nil }
            return self.dom.makeString(self.target(a[0])?.serializedOrigin ?? "null")
        }
        // (target id, serialized message, target origin or "*"): window post message steps, queued.
        define("postMessage") { [weak self] a in
            guard let self else { return nil }
            guard let target = self.target(a[0]) else { return nil }
            let source = self.context.runningContext.flatMap(ScriptWindow.window(of:)) ?? self
            target.queueMessage(self.dom.string(a[1]), targetOrigin: self.dom.string(a[2]), from: source)
            return nil
        }
        // A MessagePort delivery: one task on this window's event loop.
        define("queueTask") { [weak self] _ in
            guard let self else { return nil }
            self.loop.post { [weak self] in
                self?.whenActive { [weak self] in self?.runInternal("__ternPortTask", []) }
            }
            return nil
        }
        context.setInternal("__ternFrames", value: natives)
    }

    /// The window an id names (-1: this one; -2: the one whose script runs now).
    private func target(_ value: JSValueRef?) -> ScriptWindow? {
        let number = dom.number(value)
        guard number.isFinite, number == number.rounded(.towardZero), abs(number) < 1e15 else { return nil }
        if number == -1 { return self }
        if number == -2 { return context.runningContext.flatMap(ScriptWindow.window(of:)) ?? self }
        return ScriptWindow.window(withID: Int(number))
    }

    /// The registry entry an id names (not -1 or -2).
    private func entry(_ value: JSValueRef?) -> Entry? {
        let number = dom.number(value)
        guard number.isFinite, number >= 1, number == number.rounded(.towardZero), number < 1e15 else { return nil }
        return ScriptWindow.registry[Int(number)]
    }

    /// Child window `index` (HTML "indexed access on the Window object"); nil out of range.
    private func childWindow(at index: Double) -> ScriptWindow? {
        guard index.isFinite, index >= 0, index == index.rounded(.towardZero), index < 1e9 else { return nil }
        let children = frameHost?.scriptChildWindows() ?? []
        let i = Int(index)
        return i < children.count ? children[i] : nil
    }

    /// HTML "document-tree child navigable target name property set": the first child with that name.
    private func childWindow(named name: String) -> ScriptWindow? {
        guard !name.isEmpty else { return nil }
        return frameHost?.scriptChildWindows().first { $0.name == name }
    }

    /// What a script of this window gets for `other`: its global object when
    /// same origin and in this engine group, else its id (a number).
    private func reference(to other: ScriptWindow) -> JSValueRef {
        // A popup this window opened: the id `window.open` gave, so its proxy
        // is the same object (which reaches the popup's page when it may).
        if let popup = ScriptWindow.registry.first(where: { $0.value.opener === self && $0.value.opened?.scriptCurrentWindow === other }) {
            return dom.makeNumber(Double(popup.key))
        }
        if other.context.sharesGroup(with: context), isSameOrigin(with: other) {
            return other.context.globalObject
        }
        return dom.makeNumber(Double(other.windowID))
    }

    /// The other windows sharing this one's engine (a page's frames).
    private var engineSiblings: [ScriptWindow] {
        ScriptWindow.registry.values.compactMap(\.window).filter { $0 !== self && $0.context.sharesGroup(with: context) }
    }

    /// Tells every window of the engine group that nodes may cross between
    /// them (called when a window joins a group).
    func shareEngine() {
        for window in engineSiblings + [self] {
            _ = window.context.callInternal("__ternShareEngine", [])
            window.dom.peerBridges = { [weak window] in window?.engineSiblings.map(\.dom) ?? [] }
        }
    }

    /// Calls one of this window's prelude internals with a raw value.
    private func callInternal(_ name: String, raw argument: JSValueRef?) -> JSValueRef? {
        let jsc = context.jsc, ctx = context.context
        guard let value = context.property(name, of: context.internals),
              let function = jsc.JSValueToObject!(ctx, value, nil), jsc.JSObjectIsFunction!(ctx, function) else { return nil }
        var argument = argument
        return jsc.JSObjectCallAsFunction!(ctx, function, nil, 1, &argument, nil)
    }

    /// The node another window of the engine knows `object` as its wrapper
    /// of, with this window's handle for it (registered now); nil if none.
    func foreignHandle(of object: JSValueRef?) -> JSValueRef? {
        for window in engineSiblings {
            guard let handle = window.callInternal("__ternNodeHandle", raw: object),
                  let node = try? window.dom.node(handle) else { continue }
            return dom.handleValue(node)
        }
        return nil
    }

    /// Another window's wrapper of the node this window's `handle` names, if one exists.
    func foreignWrapper(of handle: JSValueRef?) -> JSValueRef? {
        guard let node = try? dom.node(handle) else { return nil }
        for window in engineSiblings {
            guard let theirs = window.dom.handles[node] else { continue }
            let wrapper = window.callInternal("__ternKnownWrapper", raw: window.dom.makeNumber(Double(theirs)))
            if let wrapper, context.jsc.JSValueIsObject!(context.context, wrapper) { return wrapper }
        }
        return nil
    }

    /// This window's wrapper of `node` (a node of its document), from its prelude.
    func wrapper(of node: Node) -> JSValueRef? {
        let jsc = context.jsc, ctx = context.context
        guard let value = context.property("__ternWrapHandle", of: context.internals),
              let function = jsc.JSValueToObject!(ctx, value, nil), jsc.JSObjectIsFunction!(ctx, function) else { return nil }
        var argument: JSValueRef? = jsc.JSValueMakeNumber!(ctx, Double(dom.handle(node)))
        return jsc.JSObjectCallAsFunction!(ctx, function, nil, 1, &argument, nil)
    }

    /// Call when this window's child frames changed (one added, removed or
    /// renamed): `window[i]` and the named properties follow.
    package func frameTreeDidChange() {
        _ = context.callInternal("__ternSyncFrames", [])
    }
}
