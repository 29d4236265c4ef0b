internal import CJavaScriptCore
import TernCSS
import TernDOM
import TernNet

/// The native half of the DOM bindings (the JavaScript half is
/// `JS/dom-*.js`, ScriptPrelude.dom): a table of node handles and the functions the
/// prelude calls with them.
///
/// Handles: each node a script sees gets a number, a slot of `slots` and
/// that slot's generation (DOMBridge+Collection). The prelude keeps one
/// wrapper object per handle, so the same node is always the same object;
/// a wrapper nothing can reach any more is collected, and its handle
/// released at the next collection point, its slot reused under a new
/// generation, so a stale number names no node.
///
/// The native functions live on an object the prelude reads as `N`
/// (the internal `__ternDOM`, which no page script can name). Each checks its
/// arguments itself, as if the prelude did not exist. Not thread-safe.
final class DOMBridge {
    unowned let context: ScriptContext
    let jsc: tern_jsc_api
    let ctx: JSGlobalContextRef
    let undefined: JSValueRef
    let null: JSValueRef

    /// What the page reaches outside itself (title, cookies, forms, changes).
    weak var host: ScriptHost?
    /// The document `window.document` is; nil until `attach`.
    private(set) var mainDocument: Document?
    /// Documents made by scripts (`document.implementation.createHTMLDocument`).
    var createdDocuments: [Document] = []
    /// The handle table by slot, and the free slots (DOMBridge+Collection). Read by
    /// every native: no exclusivity check (one thread; no access overlaps another).
    @exclusivity(unchecked) var slots: [HandleSlot] = []
    var freeSlots: [Int] = []
    /// The handle of each node that has one.
    var handles: [Node: Int] = [:]
    /// The collection's state between sweeps (DOMBridge+Collection).
    @exclusivity(unchecked) var collection = WrapperCollection()
    /// The bridges of the other windows sharing this one's engine (set by the window).
    var peerBridges: () -> [DOMBridge] = { [] }
    /// Bumped by every change to any tree or attribute: live collections refresh when it moved.
    var version: UInt32 { counters.values[0] }
    /// `version`, and a second counter bumped only by the changes that add or
    /// remove nodes (a list of children, `childNodes` or `children`, refreshes
    /// only when it moved), in memory the prelude reads as a `Uint32Array`
    /// (`N.versions`): a live list checks them on every access, and a native
    /// call each time cost about a quarter of reading `childNodes[i]`.
    private let counters = Counters()

    /// Two counters a typed array and the bridge share: freed when both let go.
    private final class Counters {
        let values = UnsafeMutablePointer<UInt32>.allocate(capacity: 2)
        init() { values.initialize(repeating: 0, count: 2) }
        deinit { values.deallocate() }
    }
    var documentURL: () -> WebURL? = { nil }
    /// The serialized origin of the window's document (set once, when it was made).
    var documentOrigin: () -> String = { "null" }
    /// The document's base URL (HTML "document base URL"): what relative URLs resolve against.
    var documentBaseURL: () -> WebURL? = { nil }
    var readyState: DocumentReadyState = .loading
    var referrer = ""
    var focusedElement: Node?
    var currentScript: Node?
    /// The topmost element of HTML's top layer (the last modal dialog
    /// shown), as the page's dialog code last set it.
    var topLayer: Node?
    /// The style sheets scripts have seen, a sheet's handle its index (DOMBridge+CSSOM).
    var styleSheets: [StyleSheet] = []
    /// `getComputedStyle`'s [name, value, …] arrays (protected), one per style box
    /// read: the box is held, so its identity names the same values (DOMBridge+CSSOM).
    var computedStyleArrays: [ObjectIdentifier: (style: CSSStyle, array: JSObjectRef)] = [:]
    /// The answers of CSSOM's pure functions, by their input (DOMBridge+CSSOM).
    var cssomMemo = CSSOMMemo()
    /// What `matchMedia` evaluates against; the window keeps it current.
    var mediaEnvironment = MediaEnvironment(columns: 80, rows: 24)
    /// `new DOMException(message, name)` (or a TypeError), made by the prelude; protected.
    private var exceptionMaker: JSObjectRef?

    init(context: ScriptContext) {
        self.context = context
        jsc = context.jsc
        ctx = context.context
        undefined = jsc.JSValueMakeUndefined!(ctx)!
        null = jsc.JSValueMakeNull!(ctx)!
    }

    // No deinit: the window releases its context first, which frees every
    // value, the protected exception maker included (unprotecting it after
    // that would touch a dead context).

    func attach(_ document: Document) {
        mainDocument = document
        document.parserDidAddNodes = { [weak self] in self?.bumpVersion() }
        changed()
    }

    // MARK: Handles

    func handle(_ node: Node) -> Int {
        if let existing = handles[node] {
            if collection.hasWeakGroups { touch(existing) }
            return existing
        }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot].node = node
        } else {
            slot = slots.count
            slots.append(HandleSlot(node: node))
        }
        let handle = slots[slot].generation << DOMBridge.slotBits | slot
        handles[node] = handle
        if collection.hasWeakGroups { joinGroupOfRoot(of: node, slot: slot) }
        return handle
    }

    func handleValue(_ node: Node?) -> JSValueRef {
        guard let node else { return null }
        return jsc.JSValueMakeNumber!(ctx, Double(handle(node)))!
    }

    func handleArray(_ list: [Node]) -> JSValueRef {
        var values: [JSValueRef?] = []
        values.reserveCapacity(list.count)
        for node in list { values.append(jsc.JSValueMakeNumber!(ctx, Double(handle(node)))) }
        // JavaScriptCore answers nil when it cannot make the array (the watchdog ended the script, memory).
        return values.withUnsafeBufferPointer { jsc.JSObjectMakeArray!(ctx, $0.count, $0.baseAddress, nil) } ?? null
    }

    func node(_ value: JSValueRef?) throws -> Node {
        guard let value, jsc.JSValueGetType!(ctx, value) == kJSTypeNumber else { throw BridgeError.typeError("not a node") }
        // Only a whole number naming a live handle: NaN, ±Infinity, -1, 1.5 and a
        // released handle (its slot empty or of a later generation) are not nodes.
        let number = jsc.JSValueToNumber!(ctx, value, nil)
        guard let slot = liveSlot(of: number), let node = slots[slot].node else { throw BridgeError.typeError("not a node") }
        if collection.hasWeakGroups { touch(Int(number)) }
        return node
    }

    func optionalNode(_ value: JSValueRef?) throws -> Node? {
        guard let value, jsc.JSValueGetType!(ctx, value) == kJSTypeNumber else { return nil }
        return try node(value)
    }

    // MARK: Values

    func string(_ value: JSValueRef?) -> String { value.map { context.string(from: $0) } ?? "" }
    func number(_ value: JSValueRef?) -> Double { value.map { jsc.JSValueToNumber!(ctx, $0, nil) } ?? .nan }
    func bool(_ value: JSValueRef?) -> Bool { value.map { jsc.JSValueToBoolean!(ctx, $0) } ?? false }
    func isNullish(_ value: JSValueRef?) -> Bool {
        guard let value else { return true }
        let type = jsc.JSValueGetType!(ctx, value)
        return type == kJSTypeNull || type == kJSTypeUndefined
    }

    func makeString(_ text: String) -> JSValueRef {
        let js = context.makeString(text)
        defer { jsc.JSStringRelease!(js) }
        return jsc.JSValueMakeString!(ctx, js)!
    }

    func makeOptionalString(_ text: String?) -> JSValueRef { text.map(makeString) ?? null }
    func makeNumber(_ number: Double) -> JSValueRef { jsc.JSValueMakeNumber!(ctx, number)! }
    func makeBool(_ value: Bool) -> JSValueRef { jsc.JSValueMakeBoolean!(ctx, value)! }

    func makeStringArray(_ strings: [String]) -> JSValueRef {
        // Each string goes into the array as it is made, where the collector sees it.
        guard let array = jsc.JSObjectMakeArray!(ctx, 0, nil, nil) else { return null }
        for (index, string) in strings.enumerated() {
            jsc.JSObjectSetPropertyAtIndex!(ctx, array, UInt32(index), makeString(string), nil)
        }
        return array
    }

    func strings(fromArray value: JSValueRef?) -> [String] {
        guard let value, let object = jsc.JSValueToObject!(ctx, value, nil) else { return [] }
        let length = WebIDL.int(number(context.property("length", of: object)), in: 0...1_000_000)
        guard length > 0 else { return [] }
        return (0..<length).map { string(jsc.JSObjectGetPropertyAtIndex!(ctx, object, UInt32($0), nil)) }
    }

    // MARK: Errors

    enum BridgeError: Error {
        case typeError(String)
        case domException(name: String, message: String)
    }

    func exception(for error: Error) -> JSValueRef {
        let name: String, message: String
        switch error {
        case let error as DOMError: (name, message) = (error.name, DOMBridge.message(for: error))
        case is SelectorError: (name, message) = ("SyntaxError", "The selector is not valid.")
        case BridgeError.typeError(let text): (name, message) = ("TypeError", text)
        case BridgeError.domException(let n, let m): (name, message) = (n, m)
        default: (name, message) = ("Error", "\(error)")
        }
        guard let exceptionMaker else { return makeString("\(name): \(message)") }
        var arguments = context.protectedValues([{ self.makeString(name) }, { self.makeString(message) }])
        defer { context.unprotect(arguments) }
        let made = arguments.withUnsafeMutableBufferPointer {
            jsc.JSObjectCallAsFunction!(ctx, exceptionMaker, nil, 2, $0.baseAddress, nil)
        }
        return made ?? makeString("\(name): \(message)")
    }

    static func message(for error: DOMError) -> String {
        switch error {
        case .hierarchyRequest: return "The operation would yield an incorrect node tree."
        case .notFound: return "The object can not be found here."
        case .invalidCharacter: return "The string contains invalid characters."
        case .namespace: return "The namespace and the qualified name do not agree."
        case .notSupported: return "The operation is not supported for this node."
        }
    }

    // MARK: Changes

    /// A script changed a tree (`childList`: a node went in or out) or only
    /// an attribute or a node's data: live collections go stale (those of
    /// children only on a tree change), the host re-lays out.
    func changed(childList: Bool = true) {
        bumpVersion(childList: childList)
        host?.scriptDocumentDidChange()
    }

    /// Live collections go stale: `changed`'s, or without a change to any tree
    /// (a sweep released handles, `childList` true: every list computes again).
    func bumpVersion(childList: Bool = true) {
        counters.values[0] &+= 1
        if childList { counters.values[1] &+= 1 }
    }

    // MARK: Installing

    /// `counters` as a `Uint32Array` over the same memory; the array holds
    /// the counters until the collector frees it.
    private func makeCounterArray() -> JSValueRef {
        let retained = Unmanaged.passRetained(counters).toOpaque()
        let array = jsc.JSObjectMakeTypedArrayWithBytesNoCopy!(ctx, kJSTypedArrayTypeUint32Array, counters.values, 8, { _, context in
            if let context { Unmanaged<AnyObject>.fromOpaque(context).release() }
        }, retained, nil)
        guard let array else {
            Unmanaged<Counters>.fromOpaque(retained).release()
            return undefined
        }
        return array
    }

    /// Makes the native-function object and returns it (the prelude's `N`).
    func makeNatives() -> JSObjectRef {
        // No prototype: a getter a page puts on Object.prototype never sees it.
        let natives = context.makeBareObject()
        func define(_ name: String, _ body: @escaping NativeFunction.Body) {
            context.setProperty(name, of: natives, to: NativeFunction.make(self, body))
        }
        context.setProperty("versions", of: natives, to: makeCounterArray())
        installTree(define)
        installContent(define)
        installQueries(define)
        installDocument(define)
        installCSSOM(define)
        // `[EnforceRange] unsigned long long` of a number (WebIDL §3.2.4.8, upper bound 2^53 − 1).
        define("enforceRangeUnsignedLongLong") { [unowned self] a in
            switch WebIDL.enforceRange(.number(number(a[0])), 0...9_007_199_254_740_991) {
            case .success(let value): return makeNumber(Double(value))
            case .failure(let error): throw BridgeError.typeError(error.message)
            }
        }
        installDOMParsing(define)
        installNodes(define)
        installCollection(define)
        define("setExceptionMaker") { [unowned self] a in
            if let value = a[0], let object = jsc.JSValueToObject!(ctx, value, nil) {
                if let old = exceptionMaker { jsc.JSValueUnprotect!(ctx, old) }
                jsc.JSValueProtect!(ctx, object)
                exceptionMaker = object
            }
            return nil
        }
        return natives
    }

    typealias Define = (String, @escaping NativeFunction.Body) -> Void

    private func installTree(_ define: Define) {
        // The node's kind: its local name for an element, else its nodeType number.
        define("type") { [unowned self] a in
            let node = try node(a[0])
            guard node.isElement else { return makeNumber(Double(node.nodeType.rawValue)) }
            // HTML elements by local name (their interfaces); SVG -1, MathML -2, others plain Elements.
            switch node.namespaceURI {
            case Namespace.html: return makeString(node.name)
            case Namespace.svg: return makeNumber(-1)
            case Namespace.mathml: return makeNumber(-2)
            default: return makeNumber(1)
            }
        }
        // One navigation step, chosen by number.
        define("nav") { [unowned self] a in
            let node = try node(a[0])
            switch WebIDL.int(number(a[1])) {
            case 0: return handleValue(node.parent)
            case 1: return handleValue(node.firstChild)
            case 2: return handleValue(node.lastChild)
            case 3: return handleValue(node.nextSibling)
            case 4: return handleValue(node.previousSibling)
            case 5: return handleValue(node.firstElementChild)
            case 6: return handleValue(node.lastElementChild)
            case 7: return handleValue(node.nextElementSibling)
            case 8: return handleValue(node.previousElementSibling)
            case 9: return handleValue(node.parentElement)
            case 10: return handleValue(node.root)
            case 11: return handleValue(node.document.node)
            default: return null
            }
        }
        define("childNodes") { [unowned self] a in handleArray(Array(try node(a[0]).children)) }
        define("elementChildren") { [unowned self] a in handleArray(try node(a[0]).elementChildren) }
        define("childCount") { [unowned self] a in
            var count = 0
            for _ in try node(a[0]).children { count += 1 }
            return makeNumber(Double(count))
        }
        // The node and its ancestors, up to the root.
        define("path") { [unowned self] a in
            var list: [Node] = []
            var current: Node? = try node(a[0])
            while let node = current { list.append(node); current = node.parent }
            return handleArray(list)
        }
        define("index") { [unowned self] a in makeNumber(Double(try node(a[0]).index)) }
        define("contains") { [unowned self] a in
            guard let other = try optionalNode(a[1]) else { return makeBool(false) }
            return makeBool(try node(a[0]).contains(other))
        }
        define("connected") { [unowned self] a in makeBool(try node(a[0]).isConnected) }

        // Mutation.
        define("insert") { [unowned self] a in
            let parent = try node(a[0]), child = try node(a[1])
            let reference = try optionalNode(a[2])
            let scripts = insertedScripts(child)
            let moved = crossing(child, into: parent)
            try parent.insertBefore(child, reference)
            rehome(moved, in: parent)
            changed()
            announce(scripts)
            return nil
        }
        define("removeChild") { [unowned self] a in
            try node(a[0]).removeChild(try node(a[1]))
            changed()
            return nil
        }
        define("replaceChild") { [unowned self] a in
            let parent = try node(a[0]), replacement = try node(a[1])
            let scripts = insertedScripts(replacement)
            let moved = crossing(replacement, into: parent)
            try parent.replaceChild(replacement, try node(a[2]))
            rehome(moved, in: parent)
            changed()
            announce(scripts)
            return nil
        }
        define("remove") { [unowned self] a in
            let node = try node(a[0])
            if node.parent != nil { node.remove(); changed() }
            return nil
        }
        define("replaceChildren") { [unowned self] a in
            let replacement = try optionalNode(a[1])
            let scripts = replacement.map(insertedScripts) ?? []
            let parent = try node(a[0])
            let moved = replacement.map { crossing($0, into: parent) } ?? []
            try parent.replaceChildren(with: replacement)
            rehome(moved, in: parent)
            changed()
            announce(scripts)
            return nil
        }
    }

    /// Script elements inside `node` (before it is inserted, so a fragment still has them).
    private func insertedScripts(_ node: Node) -> [Node] {
        guard host != nil, node.isElement || node.isDocumentFragment else { return [] }
        if node.isElement("script") { return [node] }
        guard node.firstChild != nil else { return [] }
        return node.elements(named: "script")
    }

    /// Tells the host about script elements that are now in the document.
    private func announce(_ scripts: [Node]) {
        for script in scripts where script.isConnected && script.document === mainDocument {
            host?.scriptDidInsertScriptElement(script)
        }
    }

    private func installContent(_ define: Define) {
        define("text") { [unowned self] a in
            let node = try node(a[0])
            return node.isDocument ? null : makeString(node.textContent)
        }
        define("setText") { [unowned self] a in
            try node(a[0]).textContent = string(a[1])
            changed()
            return nil
        }
        define("data") { [unowned self] a in makeString(try node(a[0]).data) }
        define("setData") { [unowned self] a in
            try node(a[0]).data = string(a[1])
            changed(childList: false)
            return nil
        }
        define("attr") { [unowned self] a in makeOptionalString(try node(a[0]).attribute(string(a[1]))) }
        define("hasAttr") { [unowned self] a in makeBool(try node(a[0]).hasAttribute(string(a[1]))) }
        define("setAttr") { [unowned self] a in
            try node(a[0]).setAttribute(string(a[1]), string(a[2]))
            changed(childList: false)
            return nil
        }
        define("removeAttr") { [unowned self] a in
            try node(a[0]).removeAttribute(string(a[1]))
            changed(childList: false)
            return nil
        }
        define("toggleAttr") { [unowned self] a in
            let force: Bool? = isNullish(a[2]) ? nil : bool(a[2])
            let present = try node(a[0]).toggleAttribute(string(a[1]), force: force)
            changed(childList: false)
            return makeBool(present)
        }
        // Every attribute as [name, value, name, value, …].
        define("attrs") { [unowned self] a in
            makeStringArray(try node(a[0]).attributes.flatMap { [$0.name, $0.value] })
        }
        define("html") { [unowned self] a in
            let node = try node(a[0])
            return makeString(bool(a[1]) ? node.outerHTML : node.innerHTML)
        }
        define("setHTML") { [unowned self] a in
            let node = try node(a[0])
            if bool(a[1]) {
                guard node.parent != nil else { return nil }
                guard let parent = node.parent, !parent.isDocument else {
                    throw BridgeError.domException(name: "NoModificationAllowedError", message: "Cannot set outerHTML of a document's root.")
                }
                node.outerHTML = string(a[2])
            } else {
                node.innerHTML = string(a[2])
            }
            changed()
            return nil
        }
    }

    /// A selector query, which may be long (a `:has()` over a large tree),
    /// under the watchdog's checks (ScriptContext.runLongNativeWork). A
    /// stopped query answers what it found so far: the watchdog ends the
    /// script at its next tick, before it can do much with it (an exception
    /// thrown here would leave the engine's termination pending for the
    /// page's next script).
    private func longQuery<T>(_ query: (_ shouldStop: @escaping () -> Bool) -> T) -> T {
        context.runLongNativeWork(query)
    }

    private func installQueries(_ define: Define) {
        define("qs") { [unowned self] a in
            let node = try node(a[0])
            let selector = try Selector.parse(string(a[1]))
            if bool(a[2]) { return handleArray(longQuery { node.querySelectorAll(selector, shouldStop: $0) }) }
            return handleValue(longQuery { node.querySelector(selector, shouldStop: $0) })
        }
        define("matches") { [unowned self] a in
            let node = try node(a[0]), selector = try Selector.parse(string(a[1]))
            return makeBool(longQuery { node.matches(selector, shouldStop: $0) })
        }
        define("closest") { [unowned self] a in
            let node = try node(a[0]), selector = try Selector.parse(string(a[1]))
            return handleValue(longQuery { node.closest(selector, shouldStop: $0) })
        }
        define("byTag") { [unowned self] a in handleArray(try node(a[0]).getElementsByTagName(string(a[1]))) }
        define("byClass") { [unowned self] a in handleArray(try node(a[0]).getElementsByClassName(string(a[1]))) }
        define("byName") { [unowned self] a in handleArray(try node(a[0]).getElementsByName(string(a[1]))) }
        define("byId") { [unowned self] a in
            let root = try node(a[0]), id = string(a[1])
            guard !id.isEmpty else { return null }
            var found: Node?
            root.walk { node in
                if found == nil, node.isElement, node != root, node.attribute("id") == id { found = node }
                return found == nil
            }
            return handleValue(found)
        }
    }

    private func installDocument(_ define: Define) {
        // Node creation in the document of the handle: kind 1 element, 3 text, 8 comment, 11 fragment.
        define("create") { [unowned self] a in
            let document = try node(a[0]).document
            let text = string(a[2])
            switch WebIDL.int(number(a[1])) {
            case 1: return handleValue(try document.createElement(text))
            case 3: return handleValue(document.createTextNode(text))
            case 8: return handleValue(document.createComment(text))
            default: return handleValue(document.createDocumentFragment())
            }
        }
        define("importNode") { [unowned self] a in
            let document = try node(a[0]).document
            guard let copy = document.importNode(try node(a[1]), deep: bool(a[2])) else {
                throw BridgeError.domException(name: "NotSupportedError", message: "This node cannot be imported.")
            }
            return handleValue(copy)
        }
        define("clone") { [unowned self] a in
            let node = try node(a[0])
            return handleValue(node.document.clone(node, deep: bool(a[1])))
        }
        // Parts of the document of a handle: 0 root element, 1 head, 2 body, 3 document node.
        define("docPart") { [unowned self] a in
            let document = try node(a[0]).document
            switch WebIDL.int(number(a[1])) {
            case 0: return handleValue(document.documentElement)
            case 1: return handleValue(document.head)
            case 2: return handleValue(document.body)
            default: return handleValue(document.node)
            }
        }
        define("title") { [unowned self] a in makeString(try node(a[0]).document.title) }
        define("titleChanged") { [unowned self] a in
            let document = try node(a[0]).document
            if document === mainDocument { host?.scriptDocumentTitleDidChange(document.title) }
            return nil
        }
        define("isMain") { [unowned self] a in makeBool(try node(a[0]).document === mainDocument) }
        define("main") { [unowned self] _ in handleValue(mainDocument?.node) }
        define("newDocument") { [unowned self] a in
            // https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument: the
            // title element and its text made as nodes, the text kept as given.
            let document = Document(html: "<!DOCTYPE html><html><head></head><body></body></html>")
            if !isNullish(a[0]), let head = document.head {
                let title = try document.createElement("title")
                try head.appendChild(title)
                try title.appendChild(document.createTextNode(string(a[0])))
            }
            createdDocuments.append(document)
            return handleValue(document.node)
        }
        // A doctype's [name, publicId, systemId].
        define("doctype") { [unowned self] a in
            let node = try node(a[0])
            guard let parts = node.doctypeParts else { return makeStringArray(DOMBridge.doctypeParts(node.outerHTML)) }
            return makeStringArray([parts.name, parts.publicID, parts.systemID])
        }
        define("state") { [unowned self] _ in
            makeStringArray([readyState.rawValue, documentURL()?.href ?? "about:blank", referrer])
        }
        define("baseURL") { [unowned self] _ in makeString((documentBaseURL() ?? documentURL())?.href ?? "about:blank") }
        define("cookie") { [unowned self] _ in makeString(host?.scriptCookie() ?? "") }
        define("setCookie") { [unowned self] a in
            host?.scriptSetCookie(string(a[0]))
            return nil
        }
        define("focused") { [unowned self] _ in handleValue(focusedElement) }
        define("currentScript") { [unowned self] _ in handleValue(currentScript) }
        define("write") { [unowned self] a in
            let taken = host?.scriptDocumentWrite(string(a[0])) ?? false
            if taken { changed() }
            return makeBool(taken)
        }
        define("setTopLayer") { [unowned self] a in
            topLayer = try optionalNode(a[0])
            return nil
        }
        define("setFocused") { [unowned self] a in
            focusedElement = try optionalNode(a[0])
            host?.scriptFocusDidChange(focusedElement)
            return nil
        }
        // form.submit(): (form, method, action, enctype, target, [name, value, …], submitter).
        define("submit") { [unowned self] a in
            let form = try node(a[0])
            guard form.document === mainDocument else { return nil }
            let base = documentURL()
            let actionText = string(a[2])
            guard let action = actionText.isEmpty ? base : (base.flatMap { $0.resolve(actionText) } ?? WebURL(actionText)) else {
                return nil
            }
            let flat = strings(fromArray: a[5])
            var fields: [FormSubmission.Field] = []
            var i = 0
            while i + 1 < flat.count { fields.append(.init(name: flat[i], value: flat[i + 1])); i += 2 }
            // The browser holds them until the submission runs: never freed before the document.
            let submitter = try optionalNode(a[6])
            for node in [form, submitter].compactMap({ $0 }) { node.document.keepTree(of: node) }
            host?.scriptSubmitForm(FormSubmission(method: string(a[1]), action: action, enctype: string(a[3]),
                                                   target: string(a[4]), fields: fields, form: form,
                                                   submitter: submitter))
            return nil
        }
        // The activation behaviour of a clicked <a href>/<area href> (follow the hyperlink).
        define("follow") { [unowned self] a in
            let link = try node(a[0])
            if link.document === mainDocument, link.isElement("a") || link.isElement("area"), link.hasAttribute("href") {
                link.document.keepTree(of: link)
                host?.scriptFollowHyperlink(link)
            }
            return nil
        }
        // form.reset() whose reset event was not cancelled.
        define("reset") { [unowned self] a in
            let form = try node(a[0])
            if form.document === mainDocument { host?.scriptResetForm(form) }
            return nil
        }
        define("resolve") { [unowned self] a in
            let text = string(a[0])
            guard let base = documentBaseURL() ?? documentURL() else { return makeOptionalString(WebURL(text)?.href) }
            return makeOptionalString(base.resolve(text)?.href)
        }
    }

    static func escapeText(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// "<!DOCTYPE html PUBLIC "a" "b">" → ["html", "a", "b"].
    static func doctypeParts(_ serialised: String) -> [String] {
        var rest = Substring(serialised)
        if rest.hasPrefix("<!DOCTYPE ") || rest.hasPrefix("<!doctype ") { rest = rest.dropFirst(10) }
        if rest.hasSuffix(">") { rest = rest.dropLast() }
        let name = rest.prefix { $0 != " " }
        rest = rest.dropFirst(name.count)
        var quoted: [String] = []
        var current: String?
        for character in rest {
            if character == "\"" {
                if let text = current { quoted.append(text); current = nil } else { current = "" }
            } else if current != nil {
                current!.append(character)
            }
        }
        let isPublic = rest.contains("PUBLIC")
        let publicID = isPublic ? (quoted.first ?? "") : ""
        let systemID = isPublic ? (quoted.count > 1 ? quoted[1] : "") : (quoted.first ?? "")
        return [String(name), publicID, systemID]
    }
}
