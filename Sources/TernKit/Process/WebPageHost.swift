import TernDOM
import TernNet
import TernScript
import TernSystem

/// The content process's side of a page (WebKit's `WebPage` in its web
/// process): an in-process `WebView` whose delegates, resource loads and
/// state go to the browser over the channel, and which does what the
/// browser's messages ask. Its loader makes no load itself: each goes to
/// the browser (`Loader.forwarder`), which holds the network, the cookies
/// and the cache.
final class WebPageHost: NavigationDelegate, UIDelegate, CustomSchemeLoading, ScriptCookieForwarding {
    private unowned let process: WebContentProcessHost
    /// The page's number in its process, which its messages carry.
    let pageID: UInt64
    private var loop: EventLoop { process.loop }
    private var webView: WebView?

    private var navigationIDs: [ObjectIdentifier: UInt64] = [:]
    private var navigationObjects: [UInt64: Navigation] = [:]
    private var lastNavigationID: UInt64 = 1
    private var lastQuestionID: UInt64 = 0
    private var waitingAnswers: [UInt64: (Answer) -> Void] = [:]
    private var lastLoadID: UInt64 = 0
    private var loads: [UInt64: ResourceLoad] = [:]
    /// The URL scheme tasks of schemes the browser serves, by the same numbers as `loads`.
    private var tasks: [UInt64: URLSchemeTask] = [:]
    private var loadIDs: [ObjectIdentifier: UInt64] = [:]
    /// Replies of the browser's message handlers waited for.
    private var waitingReplies: [UInt64: (Any?, String?) -> Void] = [:]
    private var lastMessageID: UInt64 = 0
    /// The last layout sent, whose elements the browser names (by `Node.identity`),
    /// and those elements by number, made when the browser first names one.
    private var lastLayout: PageLayout?
    private var lastLayoutElements: [UInt64: Node]?
    private var observations: [Observation] = []
    /// The page's `localStorage` and `sessionStorage`, the browser's.
    private lazy var localStorage = StorageForwarder(session: false) { [unowned self] in request($0) }
    private lazy var sessionStorage = StorageForwarder(session: true) { [unowned self] in request($0) }
    private var lastState: [UInt8] = []
    /// The browser's last navigation this page started.
    private var lastBrowserNavigation: UInt64 = 0
    /// Policy questions of navigations waiting for the browser, and the
    /// resource messages held meanwhile: a load's body and end wait for
    /// its response's policy, as they would behind a delegate in process.
    private var pendingPolicies: Set<UInt64> = []
    private var heldResources: [WebContentMessage.ToContent] = []
    private var stateSendPending = false
    /// The load whose response the page is deciding on now: a navigation
    /// that becomes a download names its load to the browser, which makes
    /// the download from it.
    private var respondingLoad: UInt64 = 0

    init(process: WebContentProcessHost, pageID: UInt64) {
        self.process = process
        self.pageID = pageID
    }

    // MARK: The channel

    /// Does what the browser asked of this page. A load's body and end wait
    /// behind its navigation's pending policy questions.
    func receive(_ message: WebContentMessage.ToContent) {
        if message.isResourceStream {
            guard pendingPolicies.isEmpty else { return heldResources.append(message) }
            releaseHeldResources()
        }
        handle(message)
    }

    private func releaseHeldResources() {
        while pendingPolicies.isEmpty, !heldResources.isEmpty, !process.isFinished { handle(heldResources.removeFirst()) }
    }

    /// The browser's synchronous answer (see `WebContentProcessHost.request`).
    private func request(_ make: (UInt64) -> WebContentMessage.FromContent) -> BrowserAnswer? {
        process.request(page: pageID, make)
    }

    /// Whether this page shows `webView`.
    func shows(_ webView: WebView) -> Bool { self.webView === webView }

    /// The page's view is gone: its loads and scripts stop, and it is dropped.
    func close() {
        // Questions the browser will not answer now are declined (a policy
        // cancelled, a dialog dismissed): a decision handler must be called.
        let unanswered = waitingAnswers.values
        waitingAnswers = [:]
        pendingPolicies = []
        for answered in unanswered { answered(.dialog(confirmed: false, text: nil)) }
        webView?.stopLoading()
        observations = []
        for load in loads.values { load.customSchemeDidComplete(with: .cancelled) }
        loads = [:]
        tasks = [:]
        webView = nil
    }

    func scriptCookieHeader(for url: WebURL) -> String {
        guard case .cookies(let header)? = request({ .cookies(request: $0, url: url) }) else { return "" }
        return header
    }

    func setScriptCookie(_ cookie: String, for url: WebURL) {
        send(.setCookie(url: url, cookie: cookie))
    }

    func send(_ message: WebContentMessage.FromContent) {
        process.send(message, page: pageID)
    }

    private func handle(_ message: WebContentMessage.ToContent) {
        switch message {
        case .ping, .shutdown, .closePage: break // the process's own (WebContentProcessHost)
        case .storageRemoved:
            localStorage.forget()
            sessionStorage.forget()
        case .configure(let settings): configure(settings)
        case .load(let id, let request, let replacing):
            remember(webView?.load(request, replacingCurrentItem: replacing), as: id)
        case .loadData(let id, let data, let mimeType, let encoding, let baseURL):
            remember(webView?.load(data, mimeType: mimeType, characterEncodingName: encoding, baseURL: baseURL), as: id)
        case .history(let id, let step):
            remember(go(step), as: id)
        case .stop: webView?.stopLoading()
        case .layout(let request, let width, let rows):
            let layout = webView?.pageLayout(width: min(max(width, 1), 10_000), rows: min(max(rows, 1), 10_000))
            sendState()
            var encoder = MessageEncoder()
            encoder.encode(layout.map { RemoteLayout($0, elementID: WebPageHost.elementID) })
            lastLayout = layout
            lastLayoutElements = nil
            let bytes = encoder.bytes
            var start = 0
            repeat {
                let end = min(bytes.count, start + WebContentMessage.layoutPartSize)
                send(.layout(request: request, part: Array(bytes[start..<end]), isLast: end == bytes.count))
                start = end
            } while start < bytes.count
        case .text(let request, let width, let rows, let references):
            // Only the text crosses: a dump needs no layout on the browser's side.
            let outcome = webView?.writePageText(width: min(max(width, 1), 10_000), rows: min(max(rows, 1), 10_000),
                                                 references: references) { piece in
                send(.text(request: request, part: Array(piece), end: nil))
            } ?? .nothingToShow
            sendState()
            send(.text(request: request, part: [], end: outcome))
        case .interact(let request, let element, let interaction):
            let result = interact(interaction, with: self.element(element).map(PageElement.init(node:)))
            // The page as it is now (its focus, its history) comes before the answer.
            sendState()
            send(.interacted(request: request, result))
        case .evaluate(let request, let source, let frame):
            guard let page = webView?.localPage else { return send(.evaluated(request: request, value: nil, error: .engineUnavailable("no page"))) }
            page.evaluateScriptValue(source, inFrame: frame) { [weak self] result in
                switch result {
                case .success(let value):
                    self?.sendState()
                    self?.send(.evaluated(request: request, value: value, error: nil))
                case .failure(let error):
                    self?.sendState()
                    self?.send(.evaluated(request: request, value: nil, error: error))
                }
            }
        case .userActivation: webView?.notifyUserActivation()
        case .answer(let request, let answer):
            // Answered: what it held back goes on once the answer is applied
            // (or, when applying it runs a nested loop, when the next resource message comes).
            let wasPolicy = pendingPolicies.remove(request) != nil
            waitingAnswers.removeValue(forKey: request)?(answer)
            if wasPolicy { releaseHeldResources() }
        case .resourceResponse(let id, let response):
            respondingLoad = id
            defer { respondingLoad = 0 }
            loads[id]?.customSchemeDidReceive(response)
            tasks[id]?.didReceive(response)
        case .resourceData(let id, let bytes):
            bytes.withUnsafeBytes { loads[id]?.customSchemeDidReceive($0) }
            tasks[id]?.didReceive(bytes)
        case .resourceDone(let id, let error):
            if let load = loads.removeValue(forKey: id) {
                loadIDs[ObjectIdentifier(load)] = nil
                load.customSchemeDidComplete(with: error)
            } else if let task = tasks.removeValue(forKey: id) {
                loadIDs[ObjectIdentifier(task)] = nil
                if let error { task.didFailWithError(error) } else { task.didFinish() }
            }
        case .resourceRedirect(let id, let response, let next):
            guard let load = loads[id] else { return send(.redirectAnswer(load: id, nil)) }
            load.forwarderWillRedirect(response, to: next) { [weak self] in
                guard let self else { return }
                send(.redirectAnswer(load: id, $0.map(withUserAgent)))
            }
        case .source(let request):
            send(.source(request: request, bytes: webView?.sourceBytes ?? [], encoding: webView?.sourceEncoding ?? "utf-8"))
        case .restore(let id, let encoded):
            guard let state = WebView.InteractionState(encoded: encoded) else { return }
            remember(webView?.restore(state), as: id)
        case .scroll(let line):
            webView?.scrolledLines = max(0, line)
        case .scriptReply(let request, let value, let error):
            waitingReplies.removeValue(forKey: request)?(value, error)
        case .browserAnswer:
            break // an answer that came after its question gave up
        }
    }

    private func configure(_ settings: PageSettings) {
        guard let webView else {
            var configuration = WebViewConfiguration()
            configuration.eventLoop = loop
            configuration.websiteDataStore = .nonPersistent()
            configuration.recordsHistory = false
            configuration.resourcesDirectory = nil
            _ = makeWebView(configuration: configuration, settings: settings)
            return
        }
        let viewport = ViewportSize(columns: settings.viewportColumns, rows: settings.viewportRows)
        webView.customUserAgent = settings.customUserAgent
        webView.authorStyleSheetsEnabled = settings.authorStyleSheetsEnabled
        webView.numbersFormFields = settings.numbersFormFields
        webView.viewportSize = viewport
        let controller = webView.configuration.userContentController
        controller.removeAllUserScripts()
        for script in settings.userScripts { controller.addUserScript(script) }
        controller.removeAllScriptMessageHandlers()
        for name in settings.messageHandlers { controller.add(ForwardingMessageHandler(host: self), name: name) }
        for name in settings.replyingMessageHandlers {
            controller.addScriptMessageHandler(ForwardingMessageHandler(host: self), name: name)
        }
        if observations.isEmpty { observe(webView) }
    }

    /// The page's view, made with `configuration` (a new one, or the one a
    /// popup's opener gave) and `settings`; its loads, cookies, storage and
    /// `about:` pages go to the browser.
    func makeWebView(configuration: WebViewConfiguration, settings: PageSettings) -> WebView {
        var configuration = configuration
        settings.apply(to: &configuration)
        for scheme in settings.urlSchemes {
            try? configuration.setURLSchemeHandler(ForwardingSchemeHandler(host: self), forURLScheme: scheme)
        }
        let made = WebView(configuration: configuration)
        made.navigationDelegate = self
        made.uiDelegate = self
        made.localPage?.loader.forwarder = self
        made.localPage?.cookieForwarder = self
        made.localPage?.aboutPageSource = { [weak self] url, fromOwnForm in
            guard case .aboutPage(let bytes?, let shown?)? = self?.request({ .aboutPage(request: $0, url: url, fromOwnForm: fromOwnForm) })
            else { return nil }
            return (bytes, shown)
        }
        configuration.websiteDataStore.localStorage.backend = localStorage
        made.localPage?.sessionStorage.backend = sessionStorage
        made.onConsoleMessage = { [weak self] in self?.send(.console(level: $0.level, text: $0.text)) }
        webView = made
        configure(settings)
        return made
    }

    /// What the page posted to a native message handler, to the browser's.
    func forward(_ message: ScriptMessage, replyHandler: ((Any?, String?) -> Void)?) {
        var request: UInt64 = 0
        if let replyHandler {
            lastMessageID += 1
            request = lastMessageID
            waitingReplies[request] = replyHandler
        }
        send(.scriptMessage(request: request, name: message.name, body: message.scriptValue, frame: message.frameInfo))
    }

    private func observe(_ webView: WebView) {
        let changed: (WebView, Any) -> Void = { [weak self] _, _ in self?.stateChanged() }
        observations = [
            webView.observe(\.title) { changed($0, $1) }, webView.observe(\.url) { changed($0, $1) },
            webView.observe(\.estimatedProgress) { changed($0, $1) }, webView.observe(\.isLoading) { changed($0, $1) },
            webView.observe(\.canGoBack) { changed($0, $1) }, webView.observe(\.canGoForward) { changed($0, $1) },
            webView.observe(\.documentRevision) { changed($0, $1) }, webView.observe(\.requestedScrollLine) { changed($0, $1) },
            webView.observe(\.focusedElement) { changed($0, $1) },
        ]
    }

    private func go(_ step: HistoryStep) -> Navigation? {
        guard let webView else { return nil }
        switch step {
        case .back: return webView.goBack()
        case .forward: return webView.goForward()
        case .reload: return webView.reload()
        case .reloadFromOrigin: return webView.reloadFromOrigin()
        case .entry(let id):
            guard let item = webView.backForwardList.items.first(where: { $0.entryID == id }) else { return nil }
            return webView.go(to: item)
        }
    }

    // MARK: State

    /// Sends the page's state at the end of this turn, once for all the changes made in it.
    private func stateChanged() {
        guard !stateSendPending else { return }
        stateSendPending = true
        loop.post { [weak self] in
            self?.stateSendPending = false
            self?.sendState()
        }
    }

    /// Sends the page's state if it changed since last sent: before each
    /// navigation step, so that the browser's delegate sees the page as it is.
    private func sendState() {
        guard let webView else { return }
        var state = PageStateSnapshot()
        state.title = webView.title ?? ""
        state.url = webView.url
        state.estimatedProgress = webView.estimatedProgress
        state.isLoading = webView.isLoading
        state.hasOnlySecureContent = webView.hasOnlySecureContent
        state.documentRevision = webView.documentRevision
        state.response = webView.response
        state.requestedScrollLine = webView.requestedScrollLine
        state.focusedElement = webView.focusedElement?.node.map(WebPageHost.elementID) ?? 0
        state.modalDialog = webView.modalDialog?.node.map(WebPageHost.elementID) ?? 0
        state.browserNavigation = lastBrowserNavigation
        let list = webView.backForwardList
        state.history = list.items.map {
            PageStateSnapshot.HistoryEntry(entryID: $0.entryID, url: $0.url, initialURL: $0.initialURL, title: $0.title,
                                           scrollPosition: $0.scrollPosition, isData: $0.substituteData != nil)
        }
        state.historyIndex = list.currentIndex
        var encoder = MessageEncoder()
        encoder.encode(state)
        guard encoder.bytes != lastState else { return }
        lastState = encoder.bytes
        send(.state(state))
    }

    // MARK: Navigations and elements

    private func remember(_ navigation: Navigation?, as id: UInt64) {
        if id % 2 == 0 {
            lastBrowserNavigation = max(lastBrowserNavigation, id)
            stateChanged()
        }
        guard let navigation else { return }
        navigationIDs[ObjectIdentifier(navigation)] = id
        navigationObjects[id] = navigation
    }

    /// The number of `navigation`: the browser's, or a new odd one for a navigation the page started.
    private func id(of navigation: Navigation) -> UInt64 {
        if let id = navigationIDs[ObjectIdentifier(navigation)] { return id }
        lastNavigationID += 2
        remember(navigation, as: lastNavigationID)
        return lastNavigationID
    }

    private func tell(_ navigation: Navigation?, _ event: NavigationEvent, ends: Bool = false) {
        guard let navigation else { return }
        let id = id(of: navigation)
        sendState()
        send(.navigation(id, event))
        if ends {
            navigationIDs[ObjectIdentifier(navigation)] = nil
            navigationObjects[id] = nil
        }
    }

    /// The number the browser knows `node` by: its identity, so that a
    /// layout names its elements without a table.
    private static func elementID(_ node: Node) -> UInt64 { UInt64(node.identity) }

    /// The element the browser names `id`: one of the last layout's, the
    /// focused one, or the open modal dialog; nil for another (a stale one).
    private func element(_ id: UInt64) -> Node? {
        guard id != 0 else { return nil }
        if let focused = webView?.focusedElement?.node, WebPageHost.elementID(focused) == id { return focused }
        if let dialog = webView?.modalDialog?.node, WebPageHost.elementID(dialog) == id { return dialog }
        if lastLayoutElements == nil, let rendered = lastLayout?.rendered {
            var elements: [UInt64: Node] = [:]
            for link in rendered.links { elements[WebPageHost.elementID(link.node)] = link.node }
            for control in rendered.controls { elements[WebPageHost.elementID(control.node)] = control.node }
            lastLayoutElements = elements
        }
        return lastLayoutElements?[id]
    }

    private func interact(_ interaction: Interaction, with element: PageElement?) -> InteractionResult {
        guard let webView else { return .done }
        if case .focus = interaction {
            webView.focus(element)
            return .done
        }
        if case .closeRequest = interaction { return .changed(webView.sendCloseRequest()) }
        if case .stop = interaction {
            webView.stopLoading()
            return .done
        }
        guard let element else { return .noTextField }
        switch interaction {
        case .activate: return activation(webView.activate(element))
        case .pressEnter: return activation(webView.pressEnter(in: element))
        case .setValue(let value): return .changed(webView.setValue(value, for: element))
        case .selectOptions(let indices): return .changed(webView.selectOptions(at: indices, in: element))
        case .type(let key):
            guard let state = webView.type(key, in: element) else { return .noTextField }
            return .textField(value: state.value, cursor: state.cursor)
        case .finishTyping:
            webView.finishTyping(in: element)
            return .done
        case .focus, .closeRequest, .stop:
            return .done
        }
    }

    private func activation(_ result: ActivationResult) -> InteractionResult {
        switch result {
        case .navigation(let navigation): return .navigation(id(of: navigation), navigation.request, navigation.navigationType)
        case .fragment(let name): return .fragment(name)
        case .canceled: return .canceled
        case .newWindow(let view): return .newWindow(page: process.pageID(of: view))
        case .done: return .done
        }
    }

    private func ask(_ question: Question, _ answered: @escaping (Answer) -> Void) {
        lastQuestionID += 1
        switch question {
        case .navigationAction, .navigationResponse: pendingPolicies.insert(lastQuestionID)
        default: break
        }
        waitingAnswers[lastQuestionID] = answered
        sendState()
        send(.question(request: lastQuestionID, question))
    }

    // MARK: NavigationDelegate

    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
                 decisionHandler: @escaping (NavigationActionPolicy, WebpagePreferences) -> Void) {
        ask(.navigationAction(request: navigationAction.request, type: navigationAction.navigationType,
                              isMainFrame: navigationAction.targetFrame?.isMainFrame ?? true,
                              isUserInitiated: navigationAction.isUserInitiated, preferences: preferences)) {
            guard case .navigationAction(let policy, let chosen) = $0 else { return decisionHandler(.cancel, preferences) }
            decisionHandler(policy, chosen)
        }
    }

    func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                 decisionHandler: @escaping (NavigationResponsePolicy) -> Void) {
        let load = respondingLoad
        ask(.navigationResponse(navigationResponse.response, isMainFrame: navigationResponse.isForMainFrame,
                                canShowMIMEType: navigationResponse.canShowMIMEType, load: load)) { [weak self] in
            guard case .navigationResponse(let policy) = $0 else { return decisionHandler(.cancel) }
            self?.respondingLoad = load
            decisionHandler(policy)
            self?.respondingLoad = 0
        }
    }

    /// The browser makes the download from its own load of it; this
    /// process's `Download` has no delegate and is dropped.
    func webView(_ webView: WebView, navigationResponse: NavigationResponse, didBecome download: Download) {
        let url = download.originalRequest.url
        guard respondingLoad != 0 || url.scheme == "data" else { return }
        send(.becameDownload(load: respondingLoad, isUserInitiated: download.isUserInitiated,
                             proposedFilename: download.proposedFilename, url: url))
    }

    func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) {
        tell(navigation, .started(navigation.request, navigation.navigationType))
    }

    func webView(_ webView: WebView, didReceiveServerRedirectForProvisionalNavigation navigation: Navigation!) {
        tell(navigation, .redirected)
    }

    func webView(_ webView: WebView, didCommit navigation: Navigation!) {
        // The elements of the page left behind are not reached again.
        lastLayout = nil
        lastLayoutElements = nil
        tell(navigation, .committed)
    }

    func webView(_ webView: WebView, didFinish navigation: Navigation!) {
        tell(navigation, .finished, ends: true)
    }

    func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
        tell(navigation, .failedProvisional(WebPageHost.navigationError(error)), ends: true)
    }

    func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
        tell(navigation, .failed(WebPageHost.navigationError(error)), ends: true)
    }

    func webView(_ webView: WebView, didSameDocumentNavigation type: SameDocumentNavigationType, from previousItem: BackForwardListItem) {
        sendState()
        send(.navigation(0, .sameDocument(type, from: previousItem.entryID)))
    }

    func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                 completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
        ask(.challenge(challenge)) {
            guard case .challenge(let disposition, let credential) = $0 else { return completionHandler(.performDefaultHandling, nil) }
            completionHandler(disposition, credential)
        }
    }

    func webViewWebContentProcessDidTerminate(_ webView: WebView) {
        send(.scriptsStopped)
    }

    private static func navigationError(_ error: Error) -> NavigationError {
        error as? NavigationError ?? .other(reason: String(describing: error))
    }

    // MARK: UIDelegate

    func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping () -> Void) {
        ask(.alert(message, frame: frame)) { _ in completionHandler() }
    }

    func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping (Bool) -> Void) {
        ask(.confirm(message, frame: frame)) {
            guard case .dialog(let confirmed, _) = $0 else { return completionHandler(false) }
            completionHandler(confirmed)
        }
    }

    func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                 initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
        ask(.prompt(prompt, defaultText: defaultText, frame: frame)) {
            guard case .dialog(true, let text) = $0 else { return completionHandler(nil) }
            completionHandler(text ?? "")
        }
    }

    func webView(_ webView: WebView, shouldSuppressDialogsAfter count: Int, completionHandler: @escaping (Bool) -> Void) {
        ask(.suppressDialogs(count: count)) {
            guard case .dialog(let suppress, _) = $0 else { return completionHandler(false) }
            completionHandler(suppress)
        }
    }

    func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                 for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
        // The browser's UI delegate makes the view; its page joins this process.
        guard case .window(let page, let settings?)? = request({
            .createWindow(request: $0, navigationAction.request, navigationAction.navigationType, windowFeatures)
        }) else { return nil }
        return process.openPage(page, configuration: configuration, settings: settings)
    }

    func webView(_ webView: WebView, didBlockPopupWith navigationAction: NavigationAction, windowFeatures: WindowFeatures) {
        send(.popupBlocked(navigationAction.request, navigationAction.navigationType))
    }

    func webViewDidClose(_ webView: WebView) {
        send(.closeWindow)
    }

    // MARK: CustomSchemeLoading (every load goes to the browser)

    func canLoad(scheme: String) -> Bool { true }

    func startLoading(_ load: ResourceLoad) {
        lastLoadID += 1
        loads[lastLoadID] = load
        loadIDs[ObjectIdentifier(load)] = lastLoadID
        send(.resourceRequest(load: lastLoadID, withUserAgent(load.currentRequest), credential: load.credential?.0,
                              method: load.credential?.1 ?? .basic,
                              proxyCredential: load.proxyCredential?.0, proxyMethod: load.proxyCredential?.1 ?? .basic))
    }

    func startForwarding(_ task: URLSchemeTask) {
        lastLoadID += 1
        tasks[lastLoadID] = task
        loadIDs[ObjectIdentifier(task)] = lastLoadID
        send(.resourceRequest(load: lastLoadID, task.request, credential: nil, method: .basic, proxyCredential: nil, proxyMethod: .basic))
    }

    func stopForwarding(_ task: URLSchemeTask) {
        guard let id = loadIDs.removeValue(forKey: ObjectIdentifier(task)) else { return }
        tasks[id] = nil
        send(.resourceCancel(load: id))
    }

    /// `request` with the page's User-Agent (its site's, or the view's own):
    /// the browser's loader would send its own otherwise.
    private func withUserAgent(_ request: Request) -> Request {
        guard request.headers["User-Agent"] == nil, let userAgent = webView?.localPage?.loader.configuration.userAgent else { return request }
        var request = request
        request.headers["User-Agent"] = userAgent
        return request
    }

    func stopLoading(_ load: ResourceLoad) {
        guard let id = loadIDs.removeValue(forKey: ObjectIdentifier(load)) else { return }
        loads[id] = nil
        send(.resourceCancel(load: id))
    }
}
