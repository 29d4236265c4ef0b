internal import CJavaScriptCore
import TernDOM
import TernNet

/// The window tree on the native side (HTML "the Window object", "WindowProxy",
/// "cross-origin objects"): which window a script may reach from this one and
/// whether it gets the window itself (same origin, same engine group) or the
/// restricted cross-origin view the prelude makes from the window's id
/// (`ScriptPrelude.domFrames`).
extension ScriptWindow {
    /// A window's id for the prelude: the registry maps ids back to windows.
    private final class WeakWindow {
        weak var window: ScriptWindow?
        init(_ window: ScriptWindow) { self.window = window }
    }

    private static var registry: [Int: WeakWindow] = [:]
    private static var lastWindowID = 0

    /// A new id, registered for `window` (called once, from init).
    static func register(_ window: ScriptWindow) -> Int {
        lastWindowID += 1
        // Windows gone away leave their slots: sweep now and then.
        if lastWindowID % 64 == 0 { registry = registry.filter { $0.value.window != nil } }
        registry[lastWindowID] = WeakWindow(window)
        return lastWindowID
    }

    static func window(withID id: Int) -> ScriptWindow? { registry[id]?.window }

    /// The window whose context is `context`, when it is still there.
    static func window(of context: ScriptContext) -> ScriptWindow? {
        registry.values.lazy.compactMap(\.window).first { $0.context === context }
    }

    // MARK: Origins (HTML "origin", "same origin")

    /// The serialized origin of the window's document ("null" when opaque).
    /// A document at about:blank or about:srcdoc (or with no URL) has its
    /// creator's origin: the parent's, else the opener's (HTML "determining
    /// the origin").
    public var serializedOrigin: String { tupleOrigin ?? "null" }

    /// The origin as a string, nil when opaque (an opaque origin is only ever
    /// the same as itself: this window).
    private var tupleOrigin: String? {
        var window: ScriptWindow? = self
        var seen = 0
        while let current = window, seen < 64 {
            if current.hasOpaqueOrigin { return nil }
            if let url = current.documentURL, url.href != "about:blank", url.href != "about:srcdoc" {
                return url.origin == "null" ? nil : url.origin
            }
            window = current.frameHost?.scriptParentWindow() ?? current.opener
            seen += 1
        }
        return nil
    }

    /// HTML "same origin": both tuple origins and equal, or the very same window
    /// (an opaque origin is the same only as itself).
    func isSameOrigin(with other: ScriptWindow) -> Bool {
        if other === self { return true }
        guard let mine = tupleOrigin, let theirs = other.tupleOrigin else { return false }
        return mine == theirs
    }

    // MARK: Natives

    func installFrames() {
        let natives = context.makeBareObject()
        func define(_ name: String, _ body: @escaping NativeFunction.Body) {
            context.setProperty(name, of: natives, to: NativeFunction.make(dom, body))
        }
        let dom = self.dom
        // (op, target id or -1 for this window, argument): a window of the
        // target's tree, as this window may see it: the window's global object
        // (same origin, same engine group), its id (the prelude makes the
        // restricted view), or null.
        define("view") { [unowned self] a in
            guard let target = self.target(a[0]) else { return dom.null }
            let found: ScriptWindow?
            switch dom.string(a[1]) {
            case "self": found = target
            case "parent": found = target.frameHost?.scriptParentWindow() ?? target
            case "top": found = target.frameHost?.scriptTopWindow() ?? target
            case "opener": found = target.opener
            case "child": found = target.childWindow(at: dom.number(a[2]))
            case "named": found = target.childWindow(named: dom.string(a[2]))
            case "content":
                guard target === self, let node = try dom.optionalNode(a[2]) else { return dom.null }
                found = self.frameHost?.scriptContentWindow(of: node)
            default: found = nil
            }
            guard let found else { return dom.null }
            return self.reference(to: found)
        }
        define("length") { [unowned self] a in
            dom.makeNumber(Double(self.target(a[0])?.frameHost?.scriptChildWindows().count ?? 0))
        }
        // The names of this window's child frames, for named access.
        define("childNames") { [unowned self] _ in
            dom.makeStringArray(self.frameHost?.scriptChildWindows().map(\.name).filter { !$0.isEmpty } ?? [])
        }
        // frameElement: the container in the parent's document, when that
        // document is same origin with this window's (HTML "frameElement").
        define("frameElement") { [unowned self] _ in
            guard let element = self.frameHost?.scriptFrameElement(), let parent = self.frameHost?.scriptParentWindow(),
                  parent.isSameOrigin(with: self), parent.context.sharesGroup(with: self.context) else { return dom.null }
            return parent.wrapper(of: element) ?? dom.null
        }
        define("name") { [unowned self] a in
            if a.count > 0, let value = a[0] { self.name = dom.string(value) }
            return dom.makeString(self.name)
        }
        define("closed") { [unowned self] a in
            guard let target = self.target(a[0]) else { return dom.makeBool(true) }
            return dom.makeBool(target.isClosed)
        }
        define("close") { [unowned self] a in
            // HTML "close()": only a window a script opened (or a top-level one with one entry).
            guard let target = self.target(a[0]), target.frameHost?.scriptParentWindow() == nil else { return nil }
            target.windowingHost?.scriptCloseWindow()
            return nil
        }
        // (target id, url, replace): a cross-origin `location.href = url` or `location.replace(url)`.
        define("navigate") { [unowned self] a in
            guard let target = self.target(a[0]) else { return nil }
            let text = dom.string(a[1])
            let base = self.navigationHost.flatMap { WebURL($0.scriptCurrentURL()) } ?? self.documentURL
            guard let url = base?.resolve(text) ?? WebURL(text) else {
                throw DOMBridge.BridgeError.domException(name: "SyntaxError", message: "'\(text)' is not a valid URL.")
            }
            guard url.scheme != "javascript" else { return nil }
            target.navigationHost?.scriptNavigate(to: url.href, replacing: dom.bool(a[2]))
            return nil
        }
        define("origin") { [unowned self] a in dom.makeString(self.target(a[0])?.serializedOrigin ?? "null") }
        // (target id, serialized message, target origin or "*"): window post message steps, queued.
        define("postMessage") { [unowned self] a in
            guard let target = self.target(a[0]) else { return nil }
            let source = self.context.runningContext.flatMap(ScriptWindow.window(of:)) ?? self
            target.queueMessage(dom.string(a[1]), targetOrigin: dom.string(a[2]), from: source)
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
        if other.context.sharesGroup(with: context), isSameOrigin(with: other) {
            return other.context.globalObject
        }
        return dom.makeNumber(Double(other.windowID))
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
    public func frameTreeDidChange() {
        _ = context.callInternal("__ternSyncFrames", [])
    }
}
