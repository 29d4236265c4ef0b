import TernNet
import TernScript
import TernDOM

/// WKWebView's scripting API: evaluateJavaScript, user scripts, message handlers.
extension WebPage {
    func evaluateJavaScript(_ source: String, completionHandler: ((Any?, Error?) -> Void)? = nil) {
        evaluateScriptValue(source) { $0.deliver(to: completionHandler) }
    }

    func notifyUserActivation() {
        notifyUserActivation(in: nil)
    }

    /// HTML "activation notification" for the person's key or click in the
    /// document of `frame` (nil: the page's own): that document's window, the
    /// windows of its ancestors, and those of its descendant frames whose
    /// origin is the same as the document's get transient activation. A
    /// cross-origin frame the person did not touch gets none.
    func notifyUserActivation(in frame: Frame?) {
        let now = EventLoop.now()
        var ancestor = frame
        while let current = ancestor {
            current.session.lastUserActivation = now
            ancestor = current.parent
        }
        session.lastUserActivation = now
        let origin = documentOrigin(of: frame)
        // An opaque origin ("null") is the same origin as no other document.
        guard origin != "null" else { return }
        for descendant in Frame.all(frame?.children ?? session.frames) where descendant.origin == origin {
            descendant.session.lastUserActivation = now
        }
    }

    /// HTML's "transient activation duration": at most a few seconds (5, as
    /// in Chromium and Firefox).
    static let userActivationDuration = 5.0

    /// The window of the script running now, as its page session: a frame's,
    /// or the page's when the page's script runs or none does (the person's
    /// own action in the page). Nil for a window not in this page.
    var runningWindowSession: PageSession? {
        guard let running = scriptWindow?.runningWindow, running !== scriptWindow else { return session }
        return allFrames.first { $0.window === running }?.session
    }

    /// HTML "transient activation" of the window of `window` (a page
    /// session: the page's or a frame's): a user gesture in it within the
    /// last `userActivationDuration` seconds, not used up yet.
    func hasTransientActivation(_ window: PageSession?) -> Bool {
        guard let lastUserActivation = window?.lastUserActivation else { return false }
        let elapsed = EventLoop.now() - lastUserActivation
        return elapsed >= 0 && elapsed <= WebPage.userActivationDuration
    }

    /// Whether `window` has transient activation, then HTML "consume user
    /// activation" when it has: the activation of every window of the page
    /// (the top-level traversable's inclusive descendants) is used up (one
    /// popup per gesture, whichever frame asks). A window without it changes
    /// nothing (a frame's blocked popup leaves the page's activation alone).
    func consumeUserActivation(_ window: PageSession?) -> Bool {
        guard hasTransientActivation(window) else { return false }
        session.lastUserActivation = nil
        for frame in allFrames { frame.session.lastUserActivation = nil }
        return true
    }

    @discardableResult
    func evaluateJavaScript(_ source: String) async throws -> Any? {
        try evaluate(source).get()?.anyValue
    }

    func evaluateScriptValue(_ source: String, completionHandler: @escaping (Result<ScriptValue?, ScriptError>) -> Void) {
        evaluateScriptValue(source, inFrame: 0, completionHandler: completionHandler)
    }

    /// The result of `source` run in the page, or in its frame numbered `id`, on the next turn.
    func evaluateScriptValue(_ source: String, inFrame id: Int,
                             completionHandler: @escaping (Result<ScriptValue?, ScriptError>) -> Void) {
        let result = evaluate(source, inFrame: id)
        loop.post { completionHandler(result) }
    }

    func evaluateJavaScript(_ source: String, in frame: FrameInfo?, completionHandler: ((Any?, Error?) -> Void)? = nil) {
        let result = evaluate(source, inFrame: frame?.frameID ?? 0)
        loop.post { result.deliver(to: completionHandler) }
    }

    @discardableResult
    func evaluateJavaScript(_ source: String, in frame: FrameInfo?) async throws -> Any? {
        try evaluate(source, inFrame: frame?.frameID ?? 0).get()?.anyValue
    }

    private func evaluate(_ source: String, inFrame id: Int = 0) -> Result<ScriptValue?, ScriptError> {
        do {
            var window = try pageScriptWindow()
            if id != 0 {
                guard let frame = frame(withID: id) else { return .failure(.engineUnavailable("the frame is no longer in the page")) }
                window = try frameScriptWindow(frame)
            }
            return window.context.evaluateKeepingUndefined(source, sourceURL: "evaluateJavaScript")
        } catch {
            return .failure(error as? ScriptError ?? .engineUnavailable("\(error)"))
        }
    }

    /// The page's window, made now if it does not exist yet. Once the page's
    /// document exists the window has it as `document`, whenever the window
    /// was made (at commit, for a message handler, before any byte arrived;
    /// or for a page restored from the page cache).
    func pageScriptWindow() throws -> ScriptWindow {
        let window = try scriptWindow ?? makeScriptWindow()
        if window.document == nil, let document {
            window.attach(document: document)
            runDocumentStartScripts(in: window)
        }
        return window
    }

    /// A window whose scripts `host` answers (the page's or a frame's), with
    /// the configuration's limits and message handlers; a frame's shares its
    /// parent's engine.
    func makeWindow(host: PageScriptHost, documentURL: WebURL?, sharingEngineWith parent: ScriptWindow?) throws -> ScriptWindow {
        loader.configuration.userAgent = pageUserAgent
        let window = try ScriptWindow(host: host, loader: loader, documentURL: documentURL, sessionStorage: sessionStorage,
                                      localStorage: configuration.websiteDataStore.localStorage,
                                      executionTimeLimit: configuration.scriptTimeLimit,
                                      memoryLimit: configuration.scriptMemoryLimit, sharingEngineWith: parent)
        let size = viewportSize.mediaEnvironment
        window.setInitialViewport(width: size.width, height: size.height)
        window.navigationHost = host
        window.windowingHost = host
        window.fetchClient = host
        window.frameHost = host
        for (name, handler) in configuration.userContentController.handlers {
            if case .withReply = handler { window.addMessageHandler(named: name, withReply: true) } else { window.addMessageHandler(named: name) }
        }
        return window
    }

    private func makeScriptWindow() throws -> ScriptWindow {
        // A popup's scripts run in its opener's engine, so a page of the same
        // origin reaches the other directly (`opener.document`, a function
        // of the opener's called with a value), as in browsers; origins are
        // checked at each access as between frames.
        let opener = isOpenedByPage ? ScriptWindow.opener(of: popupProxy).flatMap { $0.isClosed ? nil : $0 } : nil
        let window = try makeWindow(host: scriptHost, documentURL: pageURL, sharingEngineWith: opener)
        if !targetName.isEmpty { window.name = targetName }
        window.referrer = page?.referrer ?? ""
        scriptWindow = window
        return window
    }

    /// A new page was committed: its scripts start from a fresh window. Its
    /// document-start user scripts run as soon as its document exists
    /// (`scriptsDocumentMayExist`), before any of the page's own scripts.
    func scriptsDidCommitPage() {
        // The window's name belongs to the window, not to the page (HTML's navigable's target name).
        if let old = scriptWindow { targetName = old.name }
        scriptWindow = nil
        scriptHost.documentStartScriptsPending = true
        scriptsDocumentMayExist()
    }

    /// The committed page's document may exist now (more of it was parsed, it
    /// was finished, or it came back from the page cache). WebKit's
    /// `atDocumentStart`: the user scripts run once the document exists,
    /// before the page's scripts.
    func scriptsDocumentMayExist() {
        guard scriptHost.documentStartScriptsPending, document != nil,
              configuration.userContentController.userScripts.contains(where: { $0.injectionTime == .atDocumentStart }) else { return }
        _ = try? pageScriptWindow()
    }

    /// Runs the document-start user scripts once per committed page, in the
    /// window that has just been given the page's document.
    private func runDocumentStartScripts(in window: ScriptWindow) {
        guard scriptHost.documentStartScriptsPending else { return }
        scriptHost.documentStartScriptsPending = false
        for script in configuration.userContentController.userScripts where script.injectionTime == .atDocumentStart {
            window.run(script.source, sourceURL: "user-script")
        }
    }

    /// A new HTML page's parser: its scripts run as the parser reaches them
    /// (PageScriptRunner), when scripts are on.
    func attachScriptRunner(to parser: HTMLParser, for load: PageLoad) {
        guard pageScriptsEnabled else { return }
        let runner = PageScriptRunner(webPage: self, window: { [weak self] in try? self?.pageScriptWindow() },
                                      parser: parser, pageURL: pageURL)
        load.scriptRunner = runner
        parser.scriptEnded = { [weak runner] node in runner?.parserReached(node) ?? false }
    }

    /// The document is parsed: the deferred scripts run, then
    /// DOMContentLoaded; then `completion` (once the scripts that delay the
    /// load event have run, after the load event; didFinish follows it).
    func runScripts(of document: Document?, for load: PageLoad, completion: @escaping () -> Void) {
        if let runner = load.scriptRunner { return runner.parserFinished(completion: completion) }
        let endScripts = configuration.userContentController.userScripts.contains { $0.injectionTime == .atDocumentEnd }
        guard endScripts else { return completion() }
        let runner = PageScriptRunner(webPage: self, window: { [weak self] in try? self?.pageScriptWindow() },
                                      parser: nil, pageURL: pageURL)
        load.scriptRunner = runner
        runner.parserFinished(completion: completion)
    }

    /// Script subresources arrived: progress moves between 0.9 and 1.
    func subresourcesProgressed(_ fraction: Double) {
        let value = 0.9 + 0.09 * min(1, fraction)
        if value > loadProgress { loadProgress = value }
    }

    /// Every in-order and deferred script has run.
    func scriptsReachedDOMContentLoaded() {}
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" { s = s.dropLast() }
        return String(s)
    }
}
