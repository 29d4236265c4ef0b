import TernDOM
import TernLayout
import TernNet
import TernScript
import TernSystem

/// The browser's side of a page that runs in a web content process
/// (WebKit's `WebPageProxy`): what a `WebView` with
/// `ProcessModel.contentProcess` forwards to. It keeps what the page may
/// not reach — the network, cookies, cache, files, delegates — and a
/// mirror of the page's observable state; the page itself, with its
/// document, scripts and layout, lives in the content process.
///
/// Every message from that process is hostile: one that does not decode,
/// or a resource request the page may not make, ends the process; so does
/// a question left unanswered past the page's script time limit (the
/// watchdog). When the process ends, however it ends, the navigation
/// delegate hears `webViewWebContentProcessDidTerminate` once and the view
/// shows that the page stopped; a load or a reload starts a new process.
final class WebPageProxy: PageEngine {
    let configuration: WebViewConfiguration
    weak var view: WebView?
    var onConsoleMessage: ((ConsoleMessage) -> Void)?
    let backForwardList = BackForwardList()

    var customUserAgent: String? { didSet { configure() } }
    var authorStyleSheetsEnabled: Bool { didSet { if authorStyleSheetsEnabled != oldValue { configure() } } }
    var numbersFormFields = false { didSet { if numbersFormFields != oldValue { configure() } } }
    var viewportSize = ViewportSize(columns: 80, rows: 24) { didSet { if viewportSize != oldValue { configure() } } }
    var scrolledLines = 0 { didSet { if scrolledLines != oldValue { send(.scroll(line: scrolledLines)) } } }

    /// The history as the mirror holds it, with the scroll positions the front end kept there.
    var interactionState: WebView.InteractionState? {
        get { backForwardList.interactionState { dataEntries.contains($0.entryID) } }
        set {
            if let newValue { _ = restore(newValue) }
        }
    }
    /// The history entries whose pages were given as data.
    private var dataEntries: Set<Int> = []
    /// The page's source, once asked for, for the document revision it was asked at.
    private var source: (revision: Int, bytes: [UInt8], encoding: String)?

    /// The page's state as the content process last sent it.
    private var state = PageStateSnapshot()
    /// History entries by their content-process id, kept so each stays the same object.
    private var historyItems: [Int: BackForwardListItem] = [:]

    private var process: WebContentProcessProxy?
    /// The page's number in its process.
    private var pageID: UInt64 = 0
    /// The questions waited for (`ask`), and their answers as they come.
    private var awaited: Set<UInt64> = []
    private var answers: [UInt64: WebContentMessage.FromContent] = [:]
    /// The parts of layouts waited for, as they come.
    private var layoutParts: [UInt64: [UInt8]] = [:]
    /// Where the pieces of a `writePageText` go (false: too much text).
    private var textWriters: [UInt64: ([UInt8]) -> Bool] = [:]
    /// `evaluateJavaScript` calls whose result has not come.
    private var evaluations: [UInt64: (Result<ScriptValue?, ScriptError>) -> Void] = [:]
    /// Questions of the page the browser's delegates have not answered yet
    /// (a dialog open): the page waits for them, so the watchdog does not.
    private var openQuestions = 0
    private let loader: Loader
    /// The view's `sessionStorage` areas (HTML: one per top-level browsing context).
    private let sessionStorage = WebStorage()
    private var navigations: [UInt64: Navigation] = [:]
    private var lastNavigationID: UInt64 = 0
    private var lastRequestID: UInt64 = 0
    private var resourceLoads: [UInt64: RemoteResourceLoad] = [:]
    /// The node a layout's links and controls hold in place of the content
    /// process's (their elements go by number: `PageLayout.remote`).
    private let standIn = Document(html: "").createTextNode("")
    private var layoutCache: (width: Int, rows: Int, revision: Int, layout: PageLayout)?
    /// What `file:` URLs the page may read: the file or folder a load granted.
    private var fileReadAccess: WebURL?
    /// The page's process ended and no load started another: the view shows so.
    private(set) var hasTerminated = false
    /// The URL to load again after the process ended.
    private var lastURL: WebURL?
    /// Navigations of pages given as data (`loadHTMLString`, `load(_:mimeType:…)`), which history does not record.
    private var dataNavigations: Set<UInt64> = []
    /// The page the last navigation recorded in the global history, whose title follows.
    private var visitURL: WebURL?

    static let stoppedMessage = "This page stopped working"
    private static let aboutBlank = WebURL("about:blank")!

    init(configuration: WebViewConfiguration) {
        self.configuration = configuration
        authorStyleSheetsEnabled = configuration.preferences.authorStyleSheetsEnabled
        configuration.websiteDataStore.eventLoop = configuration.eventLoop
        loader = Loader(loop: configuration.eventLoop, configuration: configuration.loaderConfiguration)
        configuration.websiteDataStore.register(sessionStorage: sessionStorage)
        configuration.websiteDataStore.register(contentPage: self)
    }

    deinit {
        for load in resourceLoads.values { load.cancel() }
        process?.detach(pageID)
    }

    private var loop: EventLoop { configuration.eventLoop }

    // MARK: State

    var estimatedProgress: Double { state.estimatedProgress }
    var title: String? { state.title }
    var url: WebURL? { state.url }
    var isLoading: Bool { state.isLoading }
    var canGoBack: Bool { backForwardList.backItem != nil }
    var canGoForward: Bool { backForwardList.forwardItem != nil }
    var hasOnlySecureContent: Bool { state.hasOnlySecureContent }
    var response: Response? { state.response }
    var sourceBytes: [UInt8] { pageSource()?.bytes ?? [] }
    var sourceEncoding: String { pageSource()?.encoding ?? "utf-8" }
    var sourceText: String {
        guard let source = pageSource(), !source.bytes.isEmpty else { return "" }
        return TextDecoding.decode(source.bytes, encodingLabel: source.encoding)
    }

    private func pageSource() -> (bytes: [UInt8], encoding: String)? {
        if let source, source.revision == state.documentRevision { return (source.bytes, source.encoding) }
        guard let answer = ask({ .source(request: $0) }, {
            if case .source(_, let bytes, let encoding) = $0 { return (bytes, encoding) } else { return nil }
        }) else { return nil }
        source = (state.documentRevision, answer.0, answer.1)
        return answer
    }
    var documentRevision: Int { state.documentRevision }
    var requestedScrollLine: Int? { state.requestedScrollLine }
    var focusedElement: PageElement? { state.focusedElement == 0 ? nil : PageElement(remote: state.focusedElement) }
    var modalDialog: PageElement? { state.modalDialog == 0 ? nil : PageElement(remote: state.modalDialog) }

    var userAgent: String { configuration.userAgent(custom: customUserAgent) }

    /// A load the browser started shows at once, as WebKit's PageLoadState
    /// shows its pending request: loading, at 0.1, at the URL asked for
    /// (the page's state says more once it started it).
    private func showPending(_ url: WebURL?) {
        var pending = state
        pending.isLoading = true
        pending.estimatedProgress = 0.1
        if let url { pending.url = url }
        apply(pending, fromPage: false)
    }

    /// Takes the page's state (`fromPage`), or what the browser shows
    /// meanwhile. A state the page sent before it started the browser's
    /// last navigation does not undo what that navigation shows, nor the
    /// history the browser put in place.
    private func apply(_ received: PageStateSnapshot, fromPage: Bool = true) {
        var new = received
        let isCurrent = fromPage && received.browserNavigation >= lastNavigationID
        if fromPage, !isCurrent, !hasTerminated {
            new.isLoading = state.isLoading
            new.estimatedProgress = state.estimatedProgress
            new.url = state.url
        }
        let old = state
        let oldBack = canGoBack, oldForward = canGoForward
        state = new
        if isCurrent { mirrorHistory(new.history, index: new.historyIndex) }
        if new.documentRevision != old.documentRevision { layoutCache = nil }
        if let url = new.url { lastURL = url }
        notify(\.title, from: old.title, to: new.title)
        notify(\.url, from: old.url, to: new.url)
        notify(\.estimatedProgress, from: old.estimatedProgress, to: new.estimatedProgress)
        notify(\.isLoading, from: old.isLoading, to: new.isLoading)
        notify(\.hasOnlySecureContent, from: old.hasOnlySecureContent, to: new.hasOnlySecureContent)
        notify(\.canGoBack, from: oldBack, to: canGoBack)
        notify(\.canGoForward, from: oldForward, to: canGoForward)
        notify(\.documentRevision, from: old.documentRevision, to: new.documentRevision)
        if new.requestedScrollLine != nil { notify(\.requestedScrollLine, from: nil, to: new.requestedScrollLine) }
        if new.focusedElement != old.focusedElement {
            notify(\.focusedElement, from: nil, to: focusedElement)
        }
    }

    /// The page's history as `backForwardList`, each entry the same item
    /// from one state to the next (the front end keeps scroll positions in them).
    private func mirrorHistory(_ history: [PageStateSnapshot.HistoryEntry], index: Int?) {
        var items: [BackForwardListItem] = []
        var kept: [Int: BackForwardListItem] = [:]
        for entry in history {
            let item: BackForwardListItem
            if let known = historyItems[entry.entryID] {
                item = known
            } else {
                item = BackForwardListItem(url: entry.url, initialURL: entry.initialURL, title: entry.title,
                                           request: Request(url: entry.url), substituteData: nil)
                item.scrollPosition = entry.scrollPosition
            }
            item.url = entry.url
            item.title = entry.title
            item.entryID = entry.entryID
            kept[entry.entryID] = item
            items.append(item)
        }
        historyItems = kept
        dataEntries = Set(history.filter(\.isData).map(\.entryID))
        if let index {
            backForwardList.replaceAll(with: items, currentIndex: index)
        } else {
            backForwardList.clear()
        }
    }

    private func notify<Value: Equatable>(_ keyPath: KeyPath<WebView, Value>, from old: Value, to new: Value) {
        guard let view else { return }
        view.observers.changed(view, keyPath, from: old, to: new)
    }

    // MARK: The process

    /// The page's process, started (or taken from the spare) when first needed.
    private func startedProcess() -> WebContentProcessProxy? {
        if let process { return process }
        guard let started = try? WebContentProcessPool.shared(for: loop, executable: configuration.contentProcessExecutable ?? ChildProcess.currentExecutable).take() else { return nil }
        join(started)
        send(.configure(settings), to: started)
        return started
    }

    /// Takes a page number in `process`.
    private func join(_ process: WebContentProcessProxy) {
        self.process = process
        pageID = process.attach(self, loop: loop)
        hasTerminated = false
    }

    private var settings: PageSettings {
        PageSettings(configuration: configuration, customUserAgent: customUserAgent, authorStyleSheetsEnabled: authorStyleSheetsEnabled,
                     numbersFormFields: numbersFormFields, viewportSize: viewportSize)
    }

    private func configure() {
        layoutCache = nil
        if let process { send(.configure(settings), to: process) }
    }

    private func send(_ message: WebContentMessage.ToContent, to process: WebContentProcessProxy) {
        guard self.process === process else { return }
        process.send(message, page: pageID)
    }

    private func send(_ message: WebContentMessage.ToContent) {
        if let process { send(message, to: process) }
    }

    /// Sends the message `make` builds with a new request number, and runs
    /// the loop until the answer comes (the page's other messages, dialogs
    /// included, are handled meanwhile, as a page run in process runs the
    /// loop while a dialog is open). An answer that does not come within
    /// the page's script time limit and 5 s more, with no dialog open,
    /// means a page that stopped answering: the watchdog ends its process.
    private func ask<Answer>(_ make: (UInt64) -> WebContentMessage.ToContent,
                             _ match: (WebContentMessage.FromContent) -> Answer?) -> Answer? {
        guard let process = startedProcess() else { return nil }
        let request = nextRequestID()
        awaited.insert(request)
        defer { awaited.remove(request) }
        send(make(request), to: process)
        guard self.process === process else { return nil }
        let patience = configuration.scriptTimeLimit + 5
        while true {
            if let answer = answers.removeValue(forKey: request) { return match(answer) }
            guard self.process === process else { return nil }
            let answered = loop.run(until: { answers[request] != nil || self.process !== process }, timeout: patience)
            if !answered, openQuestions == 0 {
                process.end("no answer within \(patience) s")
                return nil
            }
        }
    }

    private func nextRequestID() -> UInt64 {
        lastRequestID += 1
        return lastRequestID
    }

    /// Ends the page's process, which cannot be trusted any more (it
    /// sent what it may not); its other pages end with it.
    private func endProcess(_ reason: String) {
        process?.end(reason)
    }

    /// The process ended (it closed its end, sent something malformed, or
    /// stopped answering; `WebContentProcessProxy.end` has reaped it): the
    /// page's loads are stopped and the delegate told once.
    func processEnded() {
        guard process != nil else { return }
        process = nil
        answers = [:]
        layoutParts = [:]
        textWriters = [:]
        openQuestions = 0
        for load in resourceLoads.values { load.cancel() }
        resourceLoads = [:]
        navigations = [:]
        let unanswered = evaluations.values
        evaluations = [:]
        for evaluation in unanswered { evaluation(.failure(.engineUnavailable(WebPageProxy.stoppedMessage))) }
        hasTerminated = true
        var stopped = state
        stopped.isLoading = false
        stopped.estimatedProgress = 1
        stopped.documentRevision &+= 1
        apply(stopped)
        guard let view else { return }
        view.navigationDelegate?.webViewWebContentProcessDidTerminate(view)
    }

    /// The content process's id, for tests and the front end's process list.
    var processID: Int32? { process?.child.pid }

    // MARK: Messages from the page

    func handle(_ message: WebContentMessage.FromContent) {
        switch message {
        case .layout(let request, let part, let isLast):
            guard awaited.contains(request) else { return }
            layoutParts[request, default: []] += part
            guard (layoutParts[request]?.count ?? 0) <= WebContentMessage.maximumLayoutSize else {
                return endProcess("a layout larger than any page's")
            }
            if isLast, let whole = layoutParts.removeValue(forKey: request) {
                answers[request] = .layout(request: request, part: whole, isLast: true)
            }
        case .text(let request, let part, let end):
            guard awaited.contains(request), let writer = textWriters[request] else { return }
            // More text than any page has is a process that cannot be trusted.
            guard part.isEmpty || writer(part) else {
                return endProcess("more text than any page has")
            }
            if end != nil { answers[request] = message }
        case .interacted(let request, _), .source(let request, _, _):
            if awaited.contains(request) { answers[request] = message }
        case .evaluated(let request, let value, let error):
            if awaited.contains(request) {
                answers[request] = message
            } else if let evaluation = evaluations.removeValue(forKey: request) {
                evaluation(error.map { .failure($0) } ?? .success(value))
            }
        case .ready, .pong:
            break
        case .console(let level, let text):
            onConsoleMessage?(ConsoleMessage(level: level, text: text))
        case .scriptMessage(let request, let name, let body, let frame):
            guard let view else { return }
            let reply: ((ScriptValue?, String?) -> Void)? = request == 0 ? nil : { [weak self] value, error in
                self?.send(.scriptReply(request: request, value: value, error: error))
            }
            PageScriptHost.deliver(ScriptMessage(name: name, scriptValue: body, frameInfo: frame, webView: view),
                                   to: configuration.userContentController, replyHandler: reply)
        case .createWindow(let request, let target, let type, let features):
            send(.browserAnswer(request: request, createWindow(for: target, type: type, features: features)))
        case .popupBlocked(let request, let type):
            guard let view else { return }
            view.uiDelegate?.webView(view, didBlockPopupWith: action(request, type), windowFeatures: WindowFeatures())
        case .closeWindow:
            guard let view else { return }
            view.uiDelegate?.webViewDidClose(view)
        case .state(let new):
            apply(new)
        case .navigation(let id, let event):
            handle(event, of: id)
        case .question(let request, let question):
            answer(question, request: request)
        case .resourceRequest(let id, let request, let credential, let method, let proxyCredential, let proxyMethod):
            startResourceLoad(id, request, credential: credential.map { ($0, method) }, proxyCredential: proxyCredential.map { ($0, proxyMethod) })
        case .redirectAnswer(let id, let request):
            resourceLoads[id]?.redirectAnswered(request) { [fileReadAccess] in
                WebPageProxy.refusal(of: &$0, fileReadAccess: fileReadAccess, servedByHandler: false) == nil
            }
        case .cookies(let request, let url):
            let header = mayReachStorage(of: url.origin) ? loader.configuration.cookieJar?.cookieHeader(for: url, forScript: true) : nil
            send(.browserAnswer(request: request, .cookies(header ?? "")))
        case .setCookie(let url, let cookie):
            if mayReachStorage(of: url.origin) { loader.configuration.cookieJar?.setCookie(cookie, for: url, fromScript: true) }
        case .storageItems(let request, let origin, let session):
            let items = mayReachStorage(of: origin) ? storage(session).items(for: origin) : [:]
            send(.browserAnswer(request: request, .items(items)))
        case .aboutPage(let request, let url, let fromOwnForm):
            let page = url.scheme == "about" ? AboutPages.page(for: url, fromOwnForm: fromOwnForm, configuration: configuration) : nil
            send(.browserAnswer(request: request, .aboutPage(page?.bytes, url: page?.url)))
        case .storageWrite(let request, let origin, let session, let key, let value):
            let written = mayReachStorage(of: origin) && storage(session).write(key, value, for: origin)
            send(.browserAnswer(request: request, .written(written)))
        case .resourceCancel(let id):
            resourceLoads.removeValue(forKey: id)?.cancel()
        case .becameDownload(let id, let isUserInitiated, let proposedFilename, let url):
            if id == 0 {
                downloadData(url, isUserInitiated: isUserInitiated, proposedFilename: proposedFilename)
            } else if let remote = resourceLoads.removeValue(forKey: id) {
                deliverDownload(from: remote, isUserInitiated: isUserInitiated, proposedFilename: proposedFilename)
            }
        case .scriptsStopped:
            // Past its memory limit a content process is ended, as WebKit ends one.
            endProcess("its scripts passed their memory limit")
        }
    }

    private func handle(_ event: NavigationEvent, of id: UInt64) {
        if case .sameDocument(let type, let entry) = event {
            guard let view, let item = historyItems[entry] else { return }
            view.navigationDelegate?.webView(view, didSameDocumentNavigation: type, from: item)
            return
        }
        if case .started(let request, let type) = event, navigations[id] == nil {
            navigations[id] = Navigation(request: request, navigationType: type)
        }
        guard let navigation = navigations[id], let view, let delegate = view.navigationDelegate else {
            if case .failed = event { navigations[id] = nil }
            return
        }
        switch event {
        case .started: delegate.webView(view, didStartProvisionalNavigation: navigation)
        case .redirected: delegate.webView(view, didReceiveServerRedirectForProvisionalNavigation: navigation)
        case .committed:
            recordVisit(navigation, isData: dataNavigations.contains(id))
            delegate.webView(view, didCommit: navigation)
        case .finished:
            navigations[id] = nil
            dataNavigations.remove(id)
            if let visitURL { configuration.websiteDataStore.history.setTitle(state.title, for: visitURL) }
            delegate.webView(view, didFinish: navigation)
        case .failedProvisional(let error):
            navigations[id] = nil
            dataNavigations.remove(id)
            delegate.webView(view, didFailProvisionalNavigation: navigation, withError: error)
        case .failed(let error):
            navigations[id] = nil
            dataNavigations.remove(id)
            delegate.webView(view, didFail: navigation, withError: error)
        case .sameDocument:
            break
        }
    }

    /// The global history is the browser's: a committed GET of an http,
    /// https or file page, other than a reload or a move in the history,
    /// is a visit (as `WebPage.countsAsVisit` decides in process).
    private func recordVisit(_ navigation: Navigation, isData: Bool) {
        visitURL = nil
        guard configuration.recordsHistory, !isData, navigation.request.method.uppercased() == "GET",
              ![.reload, .backForward, .formResubmitted].contains(navigation.navigationType),
              let url = state.url, ["http", "https", "file"].contains(url.scheme) else { return }
        configuration.websiteDataStore.history.recordVisit(to: url)
        visitURL = url
    }

    private func answer(_ question: Question, request: UInt64) {
        guard let view else { return }
        openQuestions += 1
        let reply: (Answer) -> Void = { [weak self] in
            guard let self else { return }
            openQuestions = max(0, openQuestions - 1)
            send(.answer(request: request, $0))
        }
        switch question {
        case .navigationAction(let request, let type, let isMainFrame, let isUserInitiated, let preferences):
            let frame = FrameInfo(isMainFrame: isMainFrame, request: request, securityOrigin: request.url.origin)
            var action = NavigationAction(request: request, navigationType: type, sourceFrame: frame, targetFrame: frame)
            action.isUserInitiated = isUserInitiated
            let handler = DecisionHandler(name: "decidePolicyFor navigationAction", fallback: (NavigationActionPolicy.cancel, preferences)) {
                reply(.navigationAction($0.0, $0.1))
            }
            guard let delegate = view.navigationDelegate else { return handler.decide((.allow, preferences)) }
            delegate.webView(view, decidePolicyFor: action, preferences: preferences) { handler.decide(($0, $1)) }
        case .navigationResponse(let response, let isMainFrame, let canShow, let load):
            let handler = DecisionHandler(name: "decidePolicyFor navigationResponse", fallback: NavigationResponsePolicy.cancel) {
                [weak self] policy in
                // The held body goes to the page it is shown in (a download
                // takes it when the page says the navigation became one).
                // (A question naming no load releases any held: none is left waiting.)
                if policy == .allow {
                    for (id, remote) in self?.resourceLoads ?? [:] where load == 0 || id == load { remote.release() }
                }
                reply(.navigationResponse(policy))
            }
            guard let delegate = view.navigationDelegate else { return handler.decide(canShow ? .allow : .cancel) }
            delegate.webView(view, decidePolicyFor: NavigationResponse(response: response, isForMainFrame: isMainFrame,
                                                                       canShowMIMEType: canShow), decisionHandler: handler.closure)
        case .alert(let message, let frame):
            guard let delegate = view.uiDelegate else { return reply(.dialog(confirmed: false, text: nil)) }
            let handler = DecisionHandler(name: "runJavaScriptAlertPanel", fallback: ()) { reply(.dialog(confirmed: true, text: nil)) }
            delegate.webView(view, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame) { handler.decide(()) }
        case .confirm(let message, let frame):
            guard let delegate = view.uiDelegate else { return reply(.dialog(confirmed: false, text: nil)) }
            let handler = DecisionHandler(name: "runJavaScriptConfirmPanel", fallback: false) { reply(.dialog(confirmed: $0, text: nil)) }
            delegate.webView(view, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame,
                             completionHandler: handler.closure)
        case .prompt(let message, let defaultText, let frame):
            guard let delegate = view.uiDelegate else { return reply(.dialog(confirmed: false, text: nil)) }
            let handler = DecisionHandler(name: "runJavaScriptTextInputPanel", fallback: String?.none) {
                reply(.dialog(confirmed: $0 != nil, text: $0))
            }
            delegate.webView(view, runJavaScriptTextInputPanelWithPrompt: message, defaultText: defaultText,
                             initiatedByFrame: frame, completionHandler: handler.closure)
        case .suppressDialogs(let count):
            let handler = DecisionHandler(name: "shouldSuppressDialogs", fallback: false) { reply(.dialog(confirmed: $0, text: nil)) }
            guard let delegate = view.uiDelegate else { return handler.decide(false) }
            delegate.webView(view, shouldSuppressDialogsAfter: count, completionHandler: handler.closure)
        case .challenge(let challenge):
            let handler = DecisionHandler(name: "didReceive challenge",
                                          fallback: (AuthenticationChallenge.Disposition.performDefaultHandling, Credential?.none)) {
                [weak self] disposition, credential in
                // A certificate accepted is the browser's exception: its loads are the page's.
                if disposition == .useCredential, let trust = challenge.protectionSpace.serverTrust, credential?.trust?.endpoint == trust.endpoint {
                    self?.loader.configuration.trustExceptions.insert(trust.endpoint)
                    self?.loader.configuration.trustExceptionPins[trust.endpoint] = trust.certificateChain.first?.publicKeyPin
                }
                reply(.challenge(disposition, credential))
            }
            guard let delegate = view.navigationDelegate else { return handler.decide((.performDefaultHandling, nil)) }
            delegate.webView(view, didReceive: challenge) { handler.decide(($0, $1)) }
        }
    }

    private func action(_ request: Request, _ type: NavigationType) -> NavigationAction {
        let frame = FrameInfo(isMainFrame: true, request: url.map { Request(url: $0) }, securityOrigin: url?.origin ?? "null")
        return NavigationAction(request: request, navigationType: type, sourceFrame: frame, targetFrame: nil)
    }

    /// A window the page opens (HTML's window open steps, on the browser's
    /// side): the UI delegate makes its view with this page's configuration
    /// marked as the opener's, and the new page joins this page's process,
    /// as WebKit's related views do, so that the two pages' scripts reach
    /// each other (`window.opener`, the popup's WindowProxy). The content
    /// process loads the popup's page itself.
    private func createWindow(for request: Request, type: NavigationType, features: WindowFeatures) -> BrowserAnswer {
        guard let view, let process,
              configuration.preferences.javaScriptCanOpenWindowsAutomatically
                || EventLoop.now() - lastPersonsAction <= WebPage.userActivationDuration
        else { return .window(page: 0, nil) }
        var related = configuration
        related.relatedPage = self
        guard let created = view.uiDelegate?.webView(view, createWebViewWith: related, for: action(request, type),
                                                     windowFeatures: features) else { return .window(page: 0, nil) }
        guard let popup = created.engine as? WebPageProxy, popup.configuration.relatedPage === self, popup.process == nil else {
            // A view not made with the configuration given (WebKit raises an
            // exception): it loads the page on its own, without an opener.
            created.load(request)
            return .window(page: 0, nil)
        }
        popup.join(process)
        openedViews[popup.pageID] = WeakView(view: created)
        return .window(page: popup.pageID, popup.settings)
    }

    /// A navigation became a download (WebKit's `navigationResponse:didBecome:`):
    /// made here, from the browser's own load of it, held since its response.
    private func deliverDownload(from remote: RemoteResourceLoad, isUserInitiated: Bool, proposedFilename: String?) {
        guard let response = remote.response, let download = remote.becomeDownload(loader: loader, loop: loop) else {
            return remote.cancel()
        }
        download.isUserInitiated = isUserInitiated
        download.proposedFilename = proposedFilename
        guard let view else { return download.cancel() }
        let navigationResponse = NavigationResponse(response: response, isForMainFrame: true,
                                                    canShowMIMEType: NavigationResponse.canShow(mimeType: response.mimeType))
        view.navigationDelegate?.webView(view, navigationResponse: navigationResponse, didBecome: download)
    }

    /// A `data:` URL the page made a download of (it loaded in its
    /// process): loaded again here, where downloads are made.
    private func downloadData(_ url: WebURL, isUserInitiated: Bool, proposedFilename: String?) {
        guard url.scheme == "data" else { return }
        var request = Request(url: url)
        request.isTopLevelNavigation = true  // held after its response, for the download to take
        var remote: RemoteResourceLoad?
        remote = RemoteResourceLoad(id: 0) { [weak self] message in
            guard case .resourceResponse = message, let taken = remote else { return }
            remote = nil
            self?.deliverDownload(from: taken, isUserInitiated: isUserInitiated, proposedFilename: proposedFilename)
        }
        remote?.start(request, with: loader, credential: nil, proxyCredential: nil)
    }

    /// The views of the windows this page opened, by their pages' numbers.
    private var openedViews: [UInt64: WeakView] = [:]
    private struct WeakView { weak var view: WebView? }

    /// A window the person opened from a link ("open in new tab"): the UI
    /// delegate makes its view, which loads `request` in its own process.
    private func openWindow(for request: Request, type: NavigationType) -> ActivationResult {
        guard let view, let created = view.uiDelegate?.webView(view, createWebViewWith: configuration, for: action(request, type),
                                                                 windowFeatures: WindowFeatures()) else { return .done }
        created.load(request)
        return .newWindow(created)
    }

    // MARK: Resources

    /// The page's `sessionStorage` (one per view, as in process), or the data store's `localStorage`.
    private func storage(_ session: Bool) -> WebStorage {
        session ? sessionStorage : configuration.websiteDataStore.localStorage
    }

    /// Areas of the data store or of this view were removed: the copies its process keeps go.
    func storageAreasRemoved() {
        send(.storageRemoved)
    }

    /// Whether the page's process may reach the cookies and storage of
    /// `origin`: only of documents the browser sent it (`documentOrigins`).
    private func mayReachStorage(of origin: String) -> Bool {
        origin != "null" && process?.documentOrigins.contains(origin) == true
    }

    /// Loads what the page asked for, with the browser's cookies, cache and
    /// credentials — unless the page may not: a scheme it cannot load from
    /// here, a file outside what it was granted, a header field that is not
    /// one. Header fields only the browser sets (Cookie, Host, Proxy-…) are dropped.
    private func startResourceLoad(_ id: UInt64, _ request: Request, credential: (Credential, Credential.Method)?,
                                   proxyCredential: (Credential, Credential.Method)?) {
        guard resourceLoads[id] == nil else { return endProcess("a load number used twice") }
        var request = request
        let handler = configuration.urlSchemeHandler(forURLScheme: request.url.scheme)
        if let refusal = WebPageProxy.refusal(of: &request, fileReadAccess: fileReadAccess, servedByHandler: handler != nil) {
            send(.resourceDone(load: id, refusal))
            return
        }
        let load = RemoteResourceLoad(id: id) { [weak self] message in
            switch message {
            case .resourceDone(let done, _): self?.resourceLoads[done] = nil
            case .resourceResponse(_, let response) where Page.isHTML(response.mimeType):
                self?.process?.documentOrigins.insert(response.url.origin)
            default: break
            }
            self?.send(message)
        }
        resourceLoads[id] = load
        if let handler, let view {
            load.start(request, with: handler, in: view)
        } else {
            load.start(request, with: loader, credential: credential, proxyCredential: proxyCredential)
        }
    }

    static func refusal(of request: inout Request, fileReadAccess: WebURL?, servedByHandler: Bool) -> NavigationError? {
        switch request.url.scheme {
        case "http", "https":
            break
        case _ where servedByHandler:
            break
        case "file":
            guard let access = fileReadAccess, LocalPath.isAllowed(request.url.filePath, under: access.filePath) else {
                return .fileAccessDenied(request.url.filePath)
            }
        default:
            return .unsupportedScheme(request.url.scheme)
        }
        guard FetchHeaderRules.isToken(request.method) else {
            return .badURL("a request method that is not a token")
        }
        for field in request.headers.fields {
            let name = field.name
            guard FetchHeaderRules.isToken(name), !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                return .badURL("a header field that is not one")
            }
            let lower = name.lowercased()
            if lower == "cookie" || lower == "cookie2" || lower == "host" || lower.hasPrefix("proxy-") { request.headers[name] = nil }
        }
        return nil
    }

    // MARK: Loading

    private func nextNavigation(_ request: Request, _ type: NavigationType) -> (UInt64, Navigation) {
        lastNavigationID += 2
        let navigation = Navigation(request: request, navigationType: type)
        navigations[lastNavigationID] = navigation
        return (lastNavigationID, navigation)
    }

    func load(_ request: Request) -> Navigation? {
        load(request, replacingCurrentItem: false)
    }

    func load(_ request: Request, replacingCurrentItem: Bool) -> Navigation? {
        if request.url.scheme == "file" { fileReadAccess = request.url }
        guard let process = startedProcess() else { return nil }
        configure()
        let (id, navigation) = nextNavigation(request, .other)
        showPending(request.url)
        send(.load(navigation: id, request: request, replacing: replacingCurrentItem), to: process)
        return navigation
    }

    func load(urlString: String) throws -> Navigation? {
        guard let url = WebURL(urlString) else { throw NavigationError.badURL(urlString) }
        return load(Request(url: url))
    }

    func loadHTMLString(_ string: String, baseURL: WebURL?) -> Navigation? {
        load(Array(string.utf8), mimeType: "text/html", characterEncodingName: "utf-8", baseURL: baseURL)
    }

    func load(_ data: [UInt8], mimeType: String, characterEncodingName: String?, baseURL: WebURL?) -> Navigation? {
        guard let process = startedProcess() else { return nil }
        let (id, navigation) = nextNavigation(Request(url: baseURL ?? WebPageProxy.aboutBlank), .other)
        dataNavigations.insert(id)
        if let baseURL { process.documentOrigins.insert(baseURL.origin) }
        showPending(baseURL ?? WebPageProxy.aboutBlank)
        send(.loadData(navigation: id, data: data, mimeType: mimeType, encoding: characterEncodingName, baseURL: baseURL), to: process)
        return navigation
    }

    func loadFileURL(_ url: WebURL, allowingReadAccessTo readAccessURL: WebURL) -> Navigation? {
        let navigation = load(Request(url: url))
        fileReadAccess = readAccessURL
        return navigation
    }

    private func history(_ step: HistoryStep, _ type: NavigationType) -> Navigation? {
        guard let process else { return nil }
        let (id, navigation) = nextNavigation(Request(url: url ?? WebPageProxy.aboutBlank), type)
        showPending(nil)
        send(.history(navigation: id, step: step), to: process)
        return navigation
    }

    func reload() -> Navigation? {
        guard process == nil, let lastURL else { return history(.reload, .reload) }
        return load(Request(url: lastURL))
    }

    func reloadFromOrigin() -> Navigation? {
        guard process == nil else { return history(.reloadFromOrigin, .reload) }
        return reload()
    }

    /// Waits for the page to stop, so that the delegate has heard the
    /// navigation fail (`.cancelled`) when this returns, as in process.
    func stopLoading() {
        guard process != nil else { return }
        _ = interact(.stop, with: nil)
    }
    func goBack() -> Navigation? { canGoBack ? history(.back, .backForward) : nil }
    func goForward() -> Navigation? { canGoForward ? history(.forward, .backForward) : nil }
    func go(to item: BackForwardListItem) -> Navigation? { history(.entry(item.entryID), .backForward) }
    func restore(_ state: WebView.InteractionState) -> Navigation? {
        guard let process = startedProcess() else { return nil }
        let (id, navigation) = nextNavigation(Request(url: state.currentItem.url), .backForward)
        // The list is replaced at once, as in process; the page's own entries follow.
        let items = state.items.map {
            let item = BackForwardListItem(url: $0.url, initialURL: $0.url, title: $0.title, request: Request(url: $0.url), substituteData: nil)
            item.scrollPosition = $0.scrollPosition
            return item
        }
        historyItems = [:]
        backForwardList.replaceAll(with: items, currentIndex: state.currentIndex)
        showPending(state.currentItem.url)
        send(.restore(navigation: id, state: state.encoded), to: process)
        return navigation
    }

    // MARK: The page

    /// What the view shows once its page's process ended.
    private static let stoppedLayout = PageLayout(title: stoppedMessage, lines: [
        Line(runs: [Line.Run(text: stoppedMessage, width: stoppedMessage.count)]),
    ])

    func pageLayout(width: Int, rows: Int) -> PageLayout? {
        if hasTerminated { return WebPageProxy.stoppedLayout }
        if let cached = layoutCache, cached.width == width, cached.rows == rows, cached.revision == state.documentRevision {
            return cached.layout
        }
        let answer: [UInt8]? = ask({ .layout(request: $0, width: width, rows: rows) }) {
            if case .layout(_, let bytes, true) = $0 { return bytes } else { return nil }
        }
        guard let answer else { return hasTerminated ? WebPageProxy.stoppedLayout : nil }
        let decoded: RemoteLayout?
        do {
            decoded = try WebPageProxy.decodeLayout(answer)
        } catch {
            // A layout that does not decode is a process that cannot be trusted.
            endProcess("a layout that does not decode")
            return WebPageProxy.stoppedLayout
        }
        guard let remote = decoded else { return nil }
        let layout = remote.pageLayout(standIn: standIn)
        layoutCache = (width, rows, state.documentRevision, layout)
        return layout
    }

    /// The page's text, written as its pieces come (the content process
    /// lays the page out and sends only the text): what a dump needs.
    func writePageText(width: Int, rows: Int, references: Bool,
                       _ write: (UnsafeBufferPointer<UInt8>) -> Void) -> PageTextOutcome {
        guard !hasTerminated else {
            return WebPageProxy.stoppedLayout.writePageText(references: references, write)
        }
        return withoutActuallyEscaping(write) { write in
            var written = 0
            let outcome: PageTextOutcome? = ask({ request in
                textWriters[request] = { piece in
                    written += piece.count
                    guard written <= WebContentMessage.maximumLayoutSize else { return false }
                    piece.withUnsafeBufferPointer(write)
                    return true
                }
                return .text(request: request, width: width, rows: rows, references: references)
            }) {
                if case .text(_, _, let end?) = $0 { return end } else { return nil }
            }
            textWriters = [:]
            return outcome ?? (hasTerminated ? WebPageProxy.stoppedLayout.writePageText(references: references, write) : .nothingToShow)
        }
    }

    /// A layout as its parts together give it (nil: nothing to show yet).
    static func decodeLayout(_ bytes: [UInt8]) throws(MessageError) -> RemoteLayout? {
        var decoder = MessageDecoder(bytes)
        let layout = try decoder.decodeOptional(RemoteLayout.self)
        try decoder.finish()
        return layout
    }

    func activate(_ link: PageLink) -> ActivationResult { activate(link.element) }
    func activate(_ control: PageControl) -> ActivationResult { activate(control.element) }
    func openInNewWindow(_ link: PageLink) -> ActivationResult {
        guard let target = WebURL(link.url), target.scheme != "javascript" else { return .done }
        var request = Request(url: target)
        request.initiator = url
        request.initiatorOrigin = url?.origin
        ReferrerPolicy.apply(.strictOriginWhenCrossOrigin, to: &request, document: url)
        return openWindow(for: request, type: .linkActivated)
    }

    /// Does `interaction` to `element` (nil: none) in the page and waits for what it did.
    private func interact(_ interaction: Interaction, with element: PageElement?) -> InteractionResult? {
        lastPersonsAction = EventLoop.now()
        var id: UInt64 = 0
        if let element {
            guard case .remote(let known) = element.reference else { return nil }
            id = known
        }
        return ask({ .interact(request: $0, element: id, interaction) }) {
            if case .interacted(_, let result) = $0 { return result } else { return nil }
        }
    }

    private func activation(_ result: InteractionResult?) -> ActivationResult {
        switch result {
        case .navigation(let id, let request, let type)?:
            if let navigation = navigations[id] { return .navigation(navigation) }
            let navigation = Navigation(request: request, navigationType: type)
            navigations[id] = navigation
            return .navigation(navigation)
        case .fragment(let name)?: return .fragment(name)
        case .canceled?: return .canceled
        case .newWindow(let page)?:
            guard let view = openedViews[page]?.view else { return .done }
            return .newWindow(view)
        default: return .done
        }
    }

    private func changed(_ result: InteractionResult?) -> Bool {
        if case .changed(true)? = result { return true }
        return false
    }

    func activate(_ element: PageElement) -> ActivationResult { activation(interact(.activate, with: element)) }
    func pressEnter(in field: PageElement) -> ActivationResult { activation(interact(.pressEnter, with: field)) }
    func setValue(_ value: String, for field: PageElement) -> Bool { changed(interact(.setValue(value), with: field)) }
    func selectOptions(at indices: [Int], in select: PageElement) -> Bool { changed(interact(.selectOptions(indices), with: select)) }
    func sendCloseRequest() -> Bool { changed(interact(.closeRequest, with: nil)) }
    func focus(_ element: PageElement?) { _ = interact(.focus, with: element) }
    func finishTyping(in field: PageElement) { _ = interact(.finishTyping, with: field) }

    func type(_ key: TextFieldKey, in field: PageElement) -> WebView.TextFieldState? {
        guard case .textField(let value, let cursor)? = interact(.type(key), with: field) else { return nil }
        return WebView.TextFieldState(value: value, cursor: cursor)
    }

    /// Not yet for a page in a content process: the files would have to reach it.
    func chooseFiles(_ files: [WebURL], for input: PageElement) -> Bool { false }
    func chosenFiles(for input: PageElement) -> [WebURL] { [] }
    func notifyUserActivation() {
        lastPersonsAction = EventLoop.now()
        send(.userActivation)
    }

    /// When the person last acted on the page through this view (a key, a
    /// link, a field): a window the page opens needs it within HTML's
    /// transient activation, checked here too, where a subverted process
    /// cannot skip the check.
    private var lastPersonsAction = -Double.infinity

    // MARK: Scripts

    /// Runs `source` in the page and waits for its result (the async forms).
    private func evaluate(_ source: String, inFrame frame: Int = 0) -> Result<ScriptValue?, ScriptError> {
        let answer = ask({ .evaluate(request: $0, source: source, frame: frame) }) {
            if case .evaluated(_, let value, let error) = $0 { return (value, error) } else { return nil }
        }
        guard let answer else { return .failure(.engineUnavailable(WebPageProxy.stoppedMessage)) }
        if let error = answer.1 { return .failure(error) }
        return .success(answer.0)
    }

    /// The result comes as a message, on a later turn: the page may open
    /// dialogs meanwhile, which the loop must be free to show.
    func evaluateScriptValue(_ source: String, completionHandler: @escaping (Result<ScriptValue?, ScriptError>) -> Void) {
        evaluateScriptValue(source, inFrame: 0, completionHandler: completionHandler)
    }

    /// `frame`: a frame's number as its `FrameInfo` crossed (0: the main frame).
    private func evaluateScriptValue(_ source: String, inFrame frame: Int,
                                     completionHandler: @escaping (Result<ScriptValue?, ScriptError>) -> Void) {
        guard let process = startedProcess() else {
            return loop.post { completionHandler(.failure(.engineUnavailable(WebPageProxy.stoppedMessage))) }
        }
        let request = nextRequestID()
        evaluations[request] = completionHandler
        send(.evaluate(request: request, source: source, frame: frame), to: process)
    }

    func evaluateJavaScript(_ source: String, completionHandler: ((Any?, Error?) -> Void)?) {
        evaluateJavaScript(source, in: nil, completionHandler: completionHandler)
    }

    /// A frame is named by the number its `FrameInfo` crossed with.
    func evaluateJavaScript(_ source: String, in frame: FrameInfo?, completionHandler: ((Any?, Error?) -> Void)?) {
        evaluateScriptValue(source, inFrame: frame?.frameID ?? 0) { $0.deliver(to: completionHandler) }
    }

    func evaluateJavaScript(_ source: String) async throws -> Any? {
        try evaluate(source).get()?.anyValue
    }

    func evaluateJavaScript(_ source: String, in frame: FrameInfo?) async throws -> Any? {
        try evaluate(source, inFrame: frame?.frameID ?? 0).get()?.anyValue
    }
}
