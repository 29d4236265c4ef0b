internal import CJavaScriptCore
import TernDOM
import TernNet

/// The DOM side of the window: the document scripts see as `window.document`,
/// and the entry points the web view calls as the page loads and the user acts.
extension ScriptWindow {
    func installDOM() {
        dom.host = host
        dom.documentURL = { [unowned self] in documentURL }
        dom.documentOrigin = { [unowned self] in serializedOrigin }
        dom.documentBaseURL = { [unowned self] in documentBaseURL }
        context.setInternal("__ternDOM", value: dom.makeNatives())
        // A file that fails leaves the files after it without what they take from it.
        for file in ScriptPrelude.dom {
            guard case .failure(let error) = runOrDefer(file) else { continue }
            reportToConsole(level: "error", "Uncaught \(error)")
            return
        }
        if ScriptPrelude.defersLazyFiles { _ = context.callInternal("__ternGuardReflection", []) }
    }

    /// Runs `file`, or, when it is lazy, puts its placeholders where it would have put its names (lazy.js).
    @discardableResult
    func runOrDefer(_ file: ScriptPrelude.File) -> Result<ScriptValue, ScriptError> {
        guard file.isLazy, ScriptPrelude.defersLazyFiles else { return context.runPrelude(file) }
        return context.callInternal("__ternDefer", [.string(file.name)])
    }

    /// Runs the lazy file `name` (once): false when it is not one, or threw.
    func runLazyFile(named name: String) -> Bool {
        guard !lazyFilesRun.contains(name), let file = ScriptPrelude.all.first(where: { $0.isLazy && $0.name == name }) else { return false }
        lazyFilesRun.append(name)
        guard case .failure(let error) = context.runPrelude(file) else { return true }
        reportToConsole(level: "error", "Uncaught \(error)")
        return false
    }

    /// Makes `document` the window's document (`window.document`); call it once
    /// the document exists, before any of the page's scripts run.
    package func attach(document: Document) {
        dom.attach(document)
        guard let node = document.node else { return }
        _ = context.callInternal("__ternDOMAttach", [.number(Double(dom.handle(node)))])
    }

    /// HTML "document base URL" (§2.4.1 "Document base URL"): the first
    /// `<base href>` in tree order, resolved against the fallback base URL;
    /// else the fallback: for `about:srcdoc`, and for `about:blank` with a
    /// creator, the creator's (the parent's, else the opener's) document base
    /// URL; for every other document its URL. Kept until the tree changes.
    var documentBaseURL: WebURL? { baseURL(depth: 0) }

    /// `documentBaseURL`, at most 64 creators up (an opener chain is the page's to make).
    private func baseURL(depth: Int) -> WebURL? {
        var fallback = documentURL
        if depth < 64, let url = documentURL, url.href == "about:srcdoc" || url.href == "about:blank",
           let creator = frameHost?.scriptParentWindow() ?? openerWindow, creator !== self {
            fallback = creator.baseURL(depth: depth + 1) ?? fallback
        }
        // The first <base href>, looked for once per version of the tree.
        if baseHrefCache?.version != dom.version {
            baseHrefCache = (dom.version, dom.mainDocument?.firstBase(with: "href")?.attribute("href"))
        }
        guard let href = baseHrefCache?.href else { return fallback }
        return (fallback.flatMap { $0.resolve(href) } ?? WebURL(href)) ?? fallback
    }

    /// The document scripts see, once attached.
    package var document: Document? { dom.mainDocument }

    /// `document.readyState`. Each change fires `readystatechange` at the document.
    package var readyState: DocumentReadyState {
        get { dom.readyState }
        set {
            guard newValue != dom.readyState else { return }
            dom.readyState = newValue
            if dom.mainDocument != nil { dispatchEvent("readystatechange", to: dom.mainDocument?.node) }
        }
    }

    /// `document.referrer` ("" by default).
    package var referrer: String {
        get { dom.referrer }
        set { dom.referrer = newValue }
    }

    /// The element with focus (`document.activeElement`, which reads as the
    /// body when this is nil). Scripts move it with `focus()` and `blur()`;
    /// setting it here fires no events (dispatch focus and blur for that).
    package var focusedElement: Node? {
        get { dom.focusedElement }
        set { dom.focusedElement = newValue }
    }

    /// The topmost open modal `<dialog>` (`showModal()`), nil for none.
    package var modalDialog: Node? {
        guard case .success(.number(let handle)) = context.callInternal("__ternModalDialog", []) else { return nil }
        return try? dom.node(dom.makeNumber(handle))
    }

    /// The element HTML's top layer shows on top (the last modal dialog
    /// shown and still open, in the document), for the layout; read
    /// without running script.
    package var topLayerElement: Node? {
        guard let node = dom.topLayer, node.document === dom.mainDocument, node.isConnected, node.hasAttribute("open") else { return nil }
        return node
    }

    /// HTML's close request (Esc) to the topmost modal dialog: `cancel`,
    /// then, unless the page cancels it, the dialog closes.
    package func sendCloseRequest() {
        _ = runInternal("__ternCloseRequest", [])
        dom.changed()
    }

    /// The selection of a text field or textarea, as UTF-16 offsets into its
    /// value (`selectionStart`/`selectionEnd`, which the page may set); nil
    /// when the page's scripts never touched a form control.
    package func textSelection(of field: Node) -> Range<Int>? {
        guard case .success(.array(let offsets)) = context.callInternal("__ternTextSelection", [.number(Double(dom.handle(field)))]),
              offsets.count == 2, case .number(let start) = offsets[0], case .number(let end) = offsets[1],
              let lower = Int(exactly: start), let upper = Int(exactly: end), lower >= 0, lower <= upper else { return nil }
        return lower..<upper
    }

    /// Sets a text field's selection for the person (the page hears `select`
    /// when it changed); offsets are clamped to the value.
    package func setTextSelection(_ range: Range<Int>, of field: Node) {
        _ = context.callInternal("__ternSetTextSelection", [.number(Double(dom.handle(field))), .number(Double(range.lowerBound)),
                                                            .number(Double(range.upperBound))])
    }

    /// `document.currentScript`: the `<script>` element running now; the web
    /// view sets it around each script it runs (nil between scripts), and
    /// `document.write` inserts its markup after it.
    package var currentScript: Node? {
        get { dom.currentScript }
        set { dom.currentScript = newValue }
    }

    /// Dispatches a trusted event named `type` at `node` (nil: the window,
    /// with HTML's legacy target override flag, as for load, pageshow,
    /// pagehide and unload: `event.target` is the document, the listeners
    /// called are the window's) through the capture, target and bubble
    /// phases, and returns whether no listener cancelled it (so the caller
    /// performs the default action).
    /// `fields` become properties of the event (popstate's `state`,
    /// hashchange's `oldURL`/`newURL`, a key event's `key`, …). The event's
    /// interface follows its type (MouseEvent for click, FocusEvent for focus
    /// and blur, PopStateEvent, HashChangeEvent, KeyboardEvent, InputEvent…).
    /// A click also runs the bindings' activation behaviour: a checkbox or
    /// radio button toggles (with input and change events), a submit button
    /// submits its form (submit event, then `scriptSubmitForm`); links are the
    /// caller's to follow when this returns true.
    @discardableResult
    package func dispatchEvent(_ type: String, to node: Node?, bubbles: Bool = false, cancelable: Bool = false,
                              fields: [String: ScriptValue] = [:]) -> Bool {
        let target: ScriptValue = node.map { .number(Double(dom.handle($0))) } ?? .null
        let result = context.callInternal("__ternDispatch", [target, .string(type), .bool(bubbles), .bool(cancelable), .dictionary(fields)])
        switch result {
        case .success(.bool(let notCancelled)): return notCancelled
        case .success: return true
        case .failure(let error):
            host?.scriptConsoleMessage(ScriptContext.ConsoleMessage(level: "error", text: "Uncaught \(error)"))
            return true
        }
    }

    /// Whether the window has a listener or an `on…` handler for `type`
    /// (a page with an `unload` listener is not put in the back/forward cache).
    package func hasWindowEventListener(_ type: String) -> Bool {
        context.callInternal("__ternHasWindowListeners", [.string(type)]) == .success(.bool(true))
    }

    /// The embedder changed the document from Swift (a control's value or
    /// checkedness set for the user): live collections refresh, and the host
    /// hears `scriptDocumentDidChange`.
    package func documentDidChangeOutsideScripts() {
        dom.changed()
    }

    /// Submits `form` as `form.requestSubmit(submitter)` does: a cancelable
    /// submit event, then, unless cancelled, `ScriptHost.scriptSubmitForm`.
    /// Returns whether the form was submitted.
    @discardableResult
    package func requestSubmit(_ form: Node, submitter: Node? = nil) -> Bool {
        let submitterValue: ScriptValue = submitter.map { .number(Double(dom.handle($0))) } ?? .null
        let result = context.callInternal("__ternRequestSubmit", [.number(Double(dom.handle(form))), submitterValue])
        return result == .success(.bool(true))
    }
}
