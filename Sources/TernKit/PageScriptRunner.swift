import TernNet
import TernDOM
import TernScript

/// Runs a parsed page's scripts the way a browser orders them: classic
/// scripts in document order (external ones fetched in parallel, each run
/// when its turn comes), `async` ones as soon as they arrive, `defer` ones
/// after the rest in order; then the document-end user scripts,
/// DOMContentLoaded, and, once every script has run, load.
///
/// The whole document is parsed before the first script runs, so
/// `document.write` cannot insert into the parse (FIXME: run scripts as the
/// streaming parser reaches them).
final class PageScriptRunner {
    enum Timing { case inOrder, deferred, async }

    /// One script element and, for an external one, its fetch.
    final class Script: ResourceLoadDelegate {
        let node: Node
        let timing: Timing
        let url: WebURL?
        var source: String?
        var failed = false
        var ran = false
        var load: ResourceLoad?
        private var bytes: [UInt8] = []
        var onArrival: (() -> Void)?
        /// Answers whether a redirect to the URL may be followed (Mixed Content §4.4).
        var mayRedirect: (WebURL) -> Bool = { _ in true }

        init(node: Node, timing: Timing, url: WebURL?, source: String?) {
            self.node = node
            self.timing = timing
            self.url = url
            self.source = source
        }

        var isReady: Bool { source != nil || failed }

        func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                          decision: @escaping (Bool) -> Void) {
            decision(mayRedirect(request.url))
        }

        func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
            if !(200..<300).contains(response.statusCode) { failed = true }
        }

        func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: data)
        }

        func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
            self.load = nil
            if error != nil { failed = true }
            if !failed { source = String(decoding: bytes, as: UTF8.self) }
            bytes = []
            onArrival?()
        }
    }

    private unowned let webView: WebView
    /// Makes the page's window (and so starts the script engine) the first time a script runs:
    /// a page whose scripts all fail to load, or are of types that do not run, never needs one.
    private let makeWindow: () -> ScriptWindow?
    private var madeWindow: ScriptWindow??
    private var window: ScriptWindow? {
        if let madeWindow { return madeWindow }
        let made = makeWindow()
        madeWindow = .some(made)
        return made
    }
    private let pageURL: WebURL?
    private var scripts: [Script] = []
    private var endScripts: [UserScript]
    private var contentLoaded = false
    private var finished = false
    private let completion: () -> Void

    /// `scriptElements`: the page's `<script>` elements (`scriptElements(of:webView:)`).
    init(webView: WebView, window: @escaping () -> ScriptWindow?, scriptElements: [Node], pageURL: WebURL?,
         completion: @escaping () -> Void) {
        self.webView = webView
        self.makeWindow = window
        self.pageURL = pageURL
        self.completion = completion
        endScripts = webView.configuration.userContentController.userScripts.filter { $0.injectionTime == .atDocumentEnd }
        scripts = scriptElements.compactMap(makeScript)
    }

    /// The page's `<script>` elements to run; none when scripts are off.
    /// Those the parser made, unless a user script ran at the document's
    /// start (it may have added some): then one walk of the document.
    static func scriptElements(of document: Document?, webView: WebView) -> [Node] {
        guard webView.pageScriptsEnabled, let document, let root = document.node else { return [] }
        if let parsed = document.parserScriptElements, webView.scriptWindow == nil { return parsed }
        return root.elements(named: "script")
    }

    private func makeScript(_ node: Node) -> Script? {
        let type = (node.attribute("type") ?? "").lowercased().trimmingSpaces()
        if type == "module" {
            report(level: "warn", "module scripts are not supported yet; skipped \(node.attribute("src") ?? "an inline module")")
            return nil
        }
        guard type.isEmpty || ["text/javascript", "application/javascript", "text/ecmascript", "application/x-javascript"].contains(type)
        else { return nil }
        guard let src = node.attribute("src") else {
            return Script(node: node, timing: .inOrder, url: nil, source: node.textContent)
        }
        let url = (pageURL?.resolve(src)) ?? WebURL(src)
        let timing: Timing = node.hasAttribute("async") ? .async : node.hasAttribute("defer") ? .deferred : .inOrder
        let script = Script(node: node, timing: timing, url: url, source: nil)
        if url == nil { script.failed = true }
        return script
    }

    /// Starts the fetches and runs what can run.
    func start() {
        for script in scripts where !script.isReady {
            guard let url = script.url, ["http", "https", "data"].contains(url.scheme) || (url.scheme == "file" && pageURL?.scheme == "file")
                    || webView.loader.customSchemes?.canLoad(scheme: url.scheme) == true
            else { script.failed = true; continue }
            script.onArrival = { [weak self] in self?.scriptArrived() }
            guard let request = PageScriptRunner.request(for: script, webView: webView) else { script.failed = true; continue }
            script.load = webView.loader.load(request, delegate: script)
        }
        pump()
    }

    func cancel() {
        finished = true
        for script in scripts { script.load?.cancel() }
    }

    private func scriptArrived() {
        let fetched = scripts.filter { $0.url != nil }
        if !fetched.isEmpty {
            webView.subresourcesProgressed(Double(fetched.filter(\.isReady).count) / Double(fetched.count))
        }
        pump()
    }

    private func run(_ script: Script) {
        script.ran = true
        if script.failed {
            report(level: "error", "Failed to load script \(script.url?.href ?? "")")
            madeWindowIfAny?.dispatchEvent("error", to: script.node)
            return
        }
        guard let window else { return }
        window.currentScript = script.node
        window.run(script.source ?? "", sourceURL: script.url?.href ?? pageURL?.href ?? "about:blank")
        window.currentScript = nil
        if script.url != nil { window.dispatchEvent("load", to: script.node) }
    }

    /// The window, only if a script already made it.
    private var madeWindowIfAny: ScriptWindow? {
        if let madeWindow, let made = madeWindow { return made }
        return nil
    }

    /// Runs a `<script>` a script inserted into the document: inline at
    /// once, external when it arrives.
    static func runInserted(_ node: Node, in window: ScriptWindow, webView: WebView) {
        guard let src = node.attribute("src") else {
            window.currentScript = node
            window.run(node.textContent, sourceURL: webView.pageURL?.href ?? "about:blank")
            window.currentScript = nil
            return
        }
        guard let url = webView.pageURL?.resolve(src) ?? WebURL(src),
              ["http", "https", "data"].contains(url.scheme) || webView.loader.customSchemes?.canLoad(scheme: url.scheme) == true else {
            window.dispatchEvent("error", to: node)
            return
        }
        let script = Script(node: node, timing: .async, url: url, source: nil)
        guard let request = PageScriptRunner.request(for: script, webView: webView) else {
            window.dispatchEvent("error", to: node)
            return
        }
        insertedScripts.append(script)
        script.onArrival = { [weak window] in
            insertedScripts.removeAll { $0 === script }
            guard let window else { return }
            if script.failed || script.source == nil {
                window.dispatchEvent("error", to: node)
            } else {
                window.run(script.source ?? "", sourceURL: url.href)
                window.dispatchEvent("load", to: node)
            }
        }
        script.load = webView.loader.load(request, delegate: script)
    }

    /// The request for an external script of the web view's document, with
    /// the `referrerpolicy` of its element; nil when it is blocked as mixed
    /// content (the console says so), as is a redirect to an insecure URL.
    private static func request(for script: Script, webView: WebView) -> Request? {
        guard let url = script.url, !webView.blocksMixedContent(url, destination: .script) else { return nil }
        script.mayRedirect = { [weak webView] target in !(webView?.blocksMixedContent(target, destination: .script) ?? true) }
        var request = Request(url: url)
        webView.prepareDocumentRequest(&request, elementPolicy: ReferrerPolicy.parse(attribute: script.node.attribute("referrerpolicy")))
        return request
    }

    /// Inserted scripts still loading.
    private static var insertedScripts: [Script] = []

    /// What `ScriptWindow.reportToConsole` does, without making a window for it.
    private func report(level: String, _ text: String) {
        if let madeWindow, let made = madeWindow {
            made.reportToConsole(level: level, text)
        } else {
            webView.scriptHost.scriptConsoleMessage(ScriptContext.ConsoleMessage(level: level, text: text))
        }
    }

    /// Runs every script whose turn has come, then the page's events.
    private func pump() {
        guard !finished else { return }
        // Async scripts run as soon as they are ready.
        for script in scripts where script.timing == .async && !script.ran && script.isReady { run(script) }
        for script in scripts where script.timing == .inOrder && !script.ran {
            guard script.isReady else { return }
            run(script)
            guard !finished else { return }
        }
        for script in scripts where script.timing == .deferred && !script.ran {
            guard script.isReady else { return }
            run(script)
            guard !finished else { return }
        }
        if !contentLoaded {
            contentLoaded = true
            for userScript in endScripts { window?.run(userScript.source, sourceURL: "user-script") }
            guard !finished else { return }
            webView.scriptsReachedDOMContentLoaded()
            if let window = madeWindowIfAny {
                window.readyState = .interactive
                window.dispatchEvent("DOMContentLoaded", to: window.document?.node, bubbles: true)
            }
            guard !finished else { return }
        }
        guard !finished, scripts.allSatisfy(\.ran) else { return }
        finished = true
        if let window = madeWindowIfAny {
            window.readyState = .complete
            window.dispatchEvent("load", to: nil)
            // HTML "completely finish loading": pageshow follows load (persisted: false, not from the cache).
            window.dispatchEvent("pageshow", to: nil, bubbles: true, cancelable: true, fields: ["persisted": .bool(false)])
        }
        completion()
    }
}
