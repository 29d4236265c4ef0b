import TernNet
import TernDOM
import TernScript

/// Runs a page's scripts as HTML's parser meets them (§13.2.6.4.8, §4.12.1.1
/// "prepare the script element"): an inline classic script runs when the
/// parser reaches its end tag; an external one without `async`/`defer`
/// blocks the parser (held bytes wait) until it has arrived and run, while
/// the held bytes are scanned for later scripts to fetch meanwhile; `async`
/// ones run as soon as they arrive, `defer` ones after parsing, in order.
/// Then "the end" (§13.2.7): readyState `interactive`, deferred scripts,
/// document-end user scripts, DOMContentLoaded; and once the async scripts
/// and the scripts other scripts inserted have run (they delay the load
/// event), readyState `complete`, load and pageshow.
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

    private unowned let webPage: WebPage
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
    /// The parser whose scripts these are (nil for a document not parsed as HTML).
    private weak var parser: HTMLParser?
    /// Every external script of the parser's, in document order (for progress).
    private var scripts: [Script] = []
    /// HTML's "pending parsing-blocking script".
    private var blocking: Script?
    /// A pump is due once the page's style sheets have loaded (`sheetsBlockScripts`).
    private var waitingForSheets = false
    /// "List of scripts that will execute when the document has finished parsing".
    private var deferred: [Script] = []
    /// "Set of scripts that will execute as soon as possible", not run yet.
    private var asyncScripts: [Script] = []
    /// Fetches started from the speculative scan of held bytes, by URL.
    private var prefetched: [String: Script] = [:]
    /// Those taken over by the script the parser reached, still loading.
    private var adopted: [Script] = []
    /// Scripts that other scripts inserted, not run yet: they delay the load event.
    private var insertedPending = 0
    private var endScripts: [UserScript]
    private var parsingFinished = false
    private var contentLoaded = false
    private var finished = false
    private var completion: (() -> Void)?
    /// The frame whose document this is; nil for the main frame's.
    private weak var frame: Frame?
    private let isFrame: Bool
    /// The parser's count of frame elements when their frames were last made.
    private var framesSynced = 0

    init(webPage: WebPage, window: @escaping () -> ScriptWindow?, parser: HTMLParser?, pageURL: WebURL?, frame: Frame? = nil) {
        self.webPage = webPage
        self.makeWindow = window
        self.pageURL = pageURL
        self.parser = parser
        self.frame = frame
        isFrame = frame != nil
        // A frame runs the user scripts not for the main frame only (WKUserScript's forMainFrameOnly).
        endScripts = webPage.configuration.userContentController.userScripts.filter {
            $0.injectionTime == .atDocumentEnd && (frame == nil || !$0.isForMainFrameOnly)
        }
    }

    /// Whether the document's own scripts run.
    private var scriptsEnabled: Bool {
        isFrame ? frame?.scriptsEnabled(in: webPage) ?? false : webPage.pageScriptsEnabled
    }

    /// Whether the parser waits for a script.
    var blocksParser: Bool { blocking != nil }

    /// HTML §13.2.6.4.8 "an end tag whose tag name is script", with §4.12.1.1
    /// "prepare the script element": true when the parser must pause (a
    /// parsing-blocking script not yet arrived).
    func parserReached(_ node: Node) -> Bool {
        guard !finished, scriptsEnabled, let script = makeScript(node) else { return false }
        // The parser added nodes since the last script: `<style>`s and
        // `<link>`s above this one are the document's now (CSSOM §6.2), and
        // the document-start user scripts run before anything of the page's,
        // its script fetches included (they may set cookies those send).
        if !isFrame {
            webPage.session.styles.documentDidChange()
            webPage.scriptsDocumentMayExist()
        }
        // Frame elements the parser made since the last script get their
        // browsing contexts now (HTML "the iframe element": when inserted), so
        // this script finds them in `window.frames`.
        if let parser, parser.frameElementCount != framesSynced, isFrame == (frame != nil) {
            framesSynced = parser.frameElementCount
            webPage.syncFrames(of: node.document, in: frame)
        }
        // HTML §13.2.6.4.8 (a script end tag): the parser waits while a style
        // sheet is blocking scripts, for an inline script as for the others.
        let sheetsBlock = sheetsBlockScripts()
        guard script.url != nil || script.failed else {
            guard sheetsBlock else {
                run(script)  // an inline classic script runs at once
                return false
            }
            blocking = script
            return true
        }
        if let early = script.url.flatMap({ prefetched.removeValue(forKey: $0.href) }) {
            adopt(early, into: script)
        } else {
            fetch(script)
        }
        scripts.append(script)
        switch script.timing {
        case .async:
            asyncScripts.append(script)
            if script.isReady { pump() }
            return false
        case .deferred:
            deferred.append(script)
            return false
        case .inOrder:
            if script.isReady, !sheetsBlock {
                run(script)
                return false
            }
            blocking = script
            prefetchHeldScripts()
            return true
        }
    }

    /// Takes over a speculative fetch for the script the parser reached.
    private func adopt(_ early: Script, into script: Script) {
        script.failed = early.failed
        script.source = early.source
        guard !script.isReady else { return }
        script.load = early.load
        adopted.append(early)
        early.onArrival = { [weak self, weak script, weak early] in
            guard let self, let script, let early else { return }
            self.adopted.removeAll { $0 === early }
            script.failed = early.failed
            script.source = early.source
            script.load = nil
            self.scriptArrived()
        }
    }

    /// A speculative scan of the bytes the paused parser holds: their
    /// external scripts start loading now (HTML §13.2.2 "speculative HTML parsing").
    private func prefetchHeldScripts() {
        guard let parser, let documentNode = parser.document?.node else { return }
        for src in parser.heldScriptSources().prefix(64) {
            guard let url = pageURL?.resolve(src) ?? WebURL(src), prefetched[url.href] == nil else { continue }
            let script = Script(node: documentNode, timing: .inOrder, url: url, source: nil)
            fetch(script)
            prefetched[url.href] = script
        }
    }

    /// The parser has parsed the whole input: HTML §13.2.7 "the end".
    /// `completion` follows the load event.
    func parserFinished(completion: @escaping () -> Void) {
        self.completion = completion
        parsingFinished = true
        // Step 3: the current document readiness becomes "interactive".
        madeWindowIfAny?.readyState = .interactive
        pump()
    }

    private func makeScript(_ node: Node) -> Script? {
        guard !node.hasAttribute("nomodule") else { return nil }
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

    /// Starts the fetch of an external script.
    private func fetch(_ script: Script) {
        guard !script.isReady else { return }
        guard let url = script.url, ["http", "https", "data"].contains(url.scheme) || (url.scheme == "file" && pageURL?.scheme == "file")
                || webPage.loader.customSchemes?.canLoad(scheme: url.scheme) == true
        else { script.failed = true; return }
        script.onArrival = { [weak self] in self?.scriptArrived() }
        guard let request = PageScriptRunner.request(for: script, webPage: webPage) else { script.failed = true; return }
        script.load = webPage.loader.load(request, delegate: script)
    }

    func cancel() {
        finished = true
        for script in scripts { script.load?.cancel() }
        for script in prefetched.values { script.load?.cancel() }
        for script in adopted { script.load?.cancel() }
    }

    private func scriptArrived() {
        guard !finished else { return }
        if !scripts.isEmpty, !isFrame {
            webPage.subresourcesProgressed(Double(scripts.filter(\.isReady).count) / Double(scripts.count))
        }
        pump()
    }

    /// A script another script inserted started loading / has run (or failed):
    /// the load event waits for it (HTML "delay the load event").
    func insertedScriptStarted() { insertedPending += 1 }
    /// A frame of the document started loading / has loaded (or was removed):
    /// the load event waits for it as for an inserted script (HTML "delay the load event").
    func loadBlockerStarted() { insertedPending += 1 }
    func loadBlockerDone() { insertedScriptDone() }
    /// The load event has fired (or the document was left): no more waiting.
    var hasFinished: Bool { finished }
    func insertedScriptDone() {
        insertedPending -= 1
        if insertedPending == 0 { loop(pump) }
    }

    private func loop(_ body: @escaping () -> Void) { webPage.loop.post(body) }

    private func run(_ script: Script) {
        script.ran = true
        if script.failed {
            report(level: "error", "Failed to load script \(script.url?.href ?? "")")
            madeWindowIfAny?.dispatchEvent("error", to: script.node)
            return
        }
        guard let window else { return }
        // A window made after parsing (the first script a deferred one) starts "loading".
        if parsingFinished, window.readyState == .loading { window.readyState = .interactive }
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
    static func runInserted(_ node: Node, in window: ScriptWindow, webPage: WebPage, frame: Frame? = nil) {
        let documentURL = frame.map(\.url) ?? webPage.pageURL
        guard let src = node.attribute("src") else {
            window.currentScript = node
            window.run(node.textContent, sourceURL: documentURL?.href ?? "about:blank")
            window.currentScript = nil
            return
        }
        guard let url = documentURL?.resolve(src) ?? WebURL(src),
              ["http", "https", "data"].contains(url.scheme) || webPage.loader.customSchemes?.canLoad(scheme: url.scheme) == true else {
            window.dispatchEvent("error", to: node)
            return
        }
        let script = Script(node: node, timing: .async, url: url, source: nil)
        guard let request = PageScriptRunner.request(for: script, webPage: webPage) else {
            window.dispatchEvent("error", to: node)
            return
        }
        insertedScripts.append(script)
        // HTML "delay the load event" until it has run.
        weak var runner = frame.map(\.runner) ?? webPage.currentLoad?.scriptRunner
        runner?.insertedScriptStarted()
        script.onArrival = { [weak window] in
            insertedScripts.removeAll { $0 === script }
            defer { runner?.insertedScriptDone() }
            guard let window else { return }
            if script.failed || script.source == nil {
                window.dispatchEvent("error", to: node)
            } else {
                window.run(script.source ?? "", sourceURL: url.href)
                window.dispatchEvent("load", to: node)
            }
        }
        script.load = webPage.loader.load(request, delegate: script)
    }

    /// The request for an external script of the web view's document, with
    /// the `referrerpolicy` of its element; nil when it is blocked as mixed
    /// content (the console says so), as is a redirect to an insecure URL.
    private static func request(for script: Script, webPage: WebPage) -> Request? {
        guard let url = script.url, !webPage.blocksMixedContent(url, destination: .script) else { return nil }
        script.mayRedirect = { [weak webPage] target in !(webPage?.blocksMixedContent(target, destination: .script) ?? true) }
        var request = Request(url: url)
        webPage.prepareDocumentRequest(&request, elementPolicy: ReferrerPolicy.parse(attribute: script.node.attribute("referrerpolicy")))
        return request
    }

    /// Inserted scripts still loading.
    private static var insertedScripts: [Script] = []

    /// What `ScriptWindow.reportToConsole` does, without making a window for it.
    private func report(level: String, _ text: String) {
        if let madeWindow, let made = madeWindow {
            made.reportToConsole(level: level, text)
        } else {
            (frame?.session.scriptHost ?? webPage.scriptHost).scriptConsoleMessage(ScriptContext.ConsoleMessage(level: level, text: text))
        }
    }

    /// Runs every script whose turn has come, then the page's events.
    /// Whether the page's style sheets block its scripts now; when they do,
    /// the runner looks again once they have loaded. Frames' sheets do not.
    private func sheetsBlockScripts() -> Bool {
        guard !isFrame else { return false }
        let styles = webPage.session.styles
        styles.update(for: webPage)
        guard styles.isScriptBlocked else { return false }
        if !waitingForSheets {
            waitingForSheets = true
            styles.whenSheetsLoaded { [weak self] in
                self?.waitingForSheets = false
                self?.pump()
            }
        }
        return true
    }

    private func pump() {
        guard !finished else { return }
        // Async scripts run as soon as they are ready.
        for script in asyncScripts where !script.ran && script.isReady {
            run(script)
            guard !finished else { return }
        }
        asyncScripts.removeAll { $0.ran }
        // The parsing-blocking script, when it has arrived and no sheet blocks it: run, then the parser goes on.
        if let script = blocking, script.isReady, !sheetsBlockScripts() {
            blocking = nil
            if let parser {
                parser.resume { self.run(script) }
            } else {
                run(script)
            }
            guard !finished else { return }
        }
        guard parsingFinished else { return }
        for script in deferred where !script.ran {
            guard script.isReady else { return }
            run(script)
            guard !finished else { return }
        }
        if !contentLoaded {
            contentLoaded = true
            for userScript in endScripts { window?.run(userScript.source, sourceURL: "user-script") }
            guard !finished else { return }
            if !isFrame { webPage.scriptsReachedDOMContentLoaded() }
            if let window = madeWindowIfAny {
                window.readyState = .interactive
                window.dispatchEvent("DOMContentLoaded", to: window.document?.node, bubbles: true)
            }
            guard !finished else { return }
        }
        guard !finished, asyncScripts.isEmpty, insertedPending <= 0 else { return }
        finished = true
        if let window = madeWindowIfAny {
            window.readyState = .complete
            window.dispatchEvent("load", to: nil)
            // HTML "completely finish loading": pageshow follows load (persisted: false, not from the cache).
            window.dispatchEvent("pageshow", to: nil, bubbles: true, cancelable: true, fields: ["persisted": .bool(false)])
        }
        completion?()
    }
}
