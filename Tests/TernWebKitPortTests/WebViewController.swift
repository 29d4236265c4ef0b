import TernKit

/// A web view controller as WKWebView tutorials and Apple's documentation
/// write it (a `UIViewController` that is the web view's navigation and UI
/// delegate and the page's message handler), ported line by line: the `WK`
/// prefix dropped, UIKit left out (what it would show is kept in properties
/// the tests read: `events` stands for the `print` lines, `displayedTitle`
/// for the navigation bar, `progress` for the progress bar). Each line that
/// had to change from the WebKit original says so with `// WebKit:`.
final class WebViewController: NavigationDelegate, UIDelegate, ScriptMessageHandler, ScriptMessageHandlerWithReply {
    private(set) var webView: WebView!
    private var progressObservation: Observation?
    private var titleObservation: Observation?

    // What the screen would show, and what the app did.
    private(set) var events: [String] = []
    private(set) var messages: [(name: String, body: [String: Any])] = []
    private(set) var progress: [Double] = []
    private(set) var titles: [String?] = []
    private(set) var displayedTitle: String?
    private(set) var navigations: [Navigation] = []
    private(set) var errors: [Error] = []
    private(set) var isDismissed = false
    private(set) var openedExternally: [String] = []

    /// A cookie the app sets before it loads anything (a session from its own login).
    static let sessionCookie = Cookie(name: "session", value: "abc123", domain: "127.0.0.1", path: "/")
    // WebKit: HTTPCookie(properties: [.name: "session", .value: "abc123", .domain: "127.0.0.1", .path: "/"])!

    /// `loadView()` of the tutorial. WebKit: the main run loop; Tern: the
    /// configuration's event loop (tests give each controller its own).
    /// `adjust` is for what a test needs beyond the tutorial (a heap limit).
    init(eventLoop: EventLoop, adjust: (inout WebViewConfiguration) -> Void = { _ in }) {
        // WebKit: let configuration = WKWebViewConfiguration() (a class; Tern's is a struct, hence var)
        var configuration = WebViewConfiguration()
        var preferences = Preferences()
        preferences.javaScriptEnabled = true
        preferences.javaScriptCanOpenWindowsAutomatically = true
        configuration.preferences = preferences
        configuration.websiteDataStore = .nonPersistent()
        configuration.eventLoop = eventLoop

        let contentController = UserContentController()
        // Before any of the page's scripts: the app's cookie and a global the page reads.
        let startScript = UserScript(source: """
            document.cookie = "theme=dark; path=/";
            window.appInfo = { name: "TernPort", version: 3, startCookie: document.cookie };
            """, injectionTime: .atDocumentStart, forMainFrameOnly: true)
        // After the page's own scripts: report what the page is made of.
        let endScript = UserScript(source: """
            window.webkit.messageHandlers.log.postMessage({
                event: "documentEnd", title: document.title,
                links: document.querySelectorAll("a").length,
                cookie: document.cookie, serverCookie: window.serverCookie || null,
                appName: window.appInfo ? window.appInfo.name : null });
            """, injectionTime: .atDocumentEnd, forMainFrameOnly: true)
        contentController.addUserScript(startScript)
        contentController.addUserScript(endScript)
        contentController.add(self, name: "log")
        // WebKit: addScriptMessageHandler(self, contentWorld: .page, name: "getUserInfo")
        contentController.addScriptMessageHandler(self, name: "getUserInfo")
        contentController.add(self, name: "close")
        configuration.userContentController = contentController
        adjust(&configuration)

        // WebKit: WKWebView(frame: view.bounds, configuration: configuration)
        webView = WebView(configuration: configuration)
        webView.navigationDelegate = self
        webView.uiDelegate = self

        progressObservation = webView.observe(\.estimatedProgress, options: [.new]) { [weak self] webView, _ in
            self?.progress.append(webView.estimatedProgress)
            self?.log("progress \(webView.estimatedProgress)")
        }
        titleObservation = webView.observe(\.title, options: [.new]) { [weak self] webView, _ in
            self?.titles.append(webView.title)
            self?.displayedTitle = webView.title
        }
    }

    /// The app's session cookie first, then the page.
    func start(at url: WebURL) {
        // WebKit: webView.configuration.websiteDataStore.httpCookieStore
        let cookieStore = webView.configuration.websiteDataStore.httpCookieStore
        cookieStore.setCookie(WebViewController.sessionCookie) { [weak self] in
            // WebKit: URLRequest(url: url)
            self?.webView.load(Request(url: url))
        }
    }

    /// The back button: back in the page's history, or close the screen.
    func goBackOrClose() {
        if webView.canGoBack {
            webView.goBack()
        } else {
            isDismissed = true // WebKit: dismiss(animated: true)
        }
    }

    private func log(_ line: String) { events.append(line) }

    private func record(_ navigation: Navigation, _ line: String) {
        navigations.append(navigation)
        log(line)
    }

    // MARK: - NavigationDelegate (WKNavigationDelegate)

    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                 decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
        let url = navigationAction.request.url
        // Links out of the app's pages open in the system browser.
        if url.pathname.hasPrefix("/external") {
            openedExternally.append(url.href) // WebKit: UIApplication.shared.open(url)
            log("action \(url.pathname) cancel")
            decisionHandler(.cancel)
            return
        }
        log("action \(url.pathname)")
        decisionHandler(.allow)
    }

    func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                 decisionHandler: @escaping (NavigationResponsePolicy) -> Void) {
        // WebKit: (navigationResponse.response as? HTTPURLResponse)?.statusCode
        let status = navigationResponse.response.statusCode
        guard navigationResponse.canShowMIMEType else {
            log("response \(status) cancel")
            decisionHandler(.cancel)
            return
        }
        log("response \(status)")
        decisionHandler(.allow)
    }

    func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) {
        record(navigation, "didStartProvisional")
    }

    func webView(_ webView: WebView, didReceiveServerRedirectForProvisionalNavigation navigation: Navigation!) {
        record(navigation, "didReceiveServerRedirect")
    }

    func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                 completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
        // WebKit: challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic
        guard challenge.protectionSpace.authenticationMethod == .httpBasic, challenge.previousFailureCount == 0 else {
            log("challenge default")
            completionHandler(.performDefaultHandling, nil)
            return
        }
        log("challenge \(challenge.protectionSpace.realm ?? "")")
        // WebKit: URLCredential(user: "user", password: "pass", persistence: .forSession)
        let credential = Credential(user: "user", password: "pass", persistence: .forSession)
        completionHandler(.useCredential, credential)
    }

    func webView(_ webView: WebView, didCommit navigation: Navigation!) {
        record(navigation, "didCommit")
    }

    func webView(_ webView: WebView, didFinish navigation: Navigation!) {
        record(navigation, "didFinish")
    }

    func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
        errors.append(error)
        record(navigation, "didFail")
    }

    func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
        errors.append(error)
        record(navigation, "didFailProvisional")
    }

    func webViewWebContentProcessDidTerminate(_ webView: WebView) {
        log("webContentProcessDidTerminate")
        webView.reload()
    }

    // MARK: - UIDelegate (WKUIDelegate)

    func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String,
                 initiatedByFrame frame: FrameInfo, completionHandler: @escaping () -> Void) {
        log("alert \(message)")
        completionHandler()
    }

    func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String,
                 initiatedByFrame frame: FrameInfo, completionHandler: @escaping (Bool) -> Void) {
        log("confirm \(message)")
        completionHandler(true)
    }

    func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                 initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
        log("prompt \(prompt) \(defaultText ?? "nil")")
        completionHandler("Ada")
    }

    /// The tutorials' answer to `target=_blank` and `window.open`: no second
    /// window, the link opens in this one.
    func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                 for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
        log("createWebView \(navigationAction.request.url.pathname)")
        if navigationAction.targetFrame == nil {
            webView.load(navigationAction.request)
        }
        return nil
    }

    func webViewDidClose(_ webView: WebView) {
        log("webViewDidClose")
        isDismissed = true // WebKit: dismiss(animated: true)
    }

    // MARK: - ScriptMessageHandler (WKScriptMessageHandler)

    func userContentController(_ userContentController: UserContentController, didReceive message: ScriptMessage) {
        switch message.name {
        case "log":
            guard let body = message.body as? [String: Any] else {
                log("log: not a dictionary: \(message.body)")
                return
            }
            messages.append((message.name, body))
            log("log \(body["event"] as? String ?? "?")")
        case "close":
            log("close message")
            goBackOrClose()
        default:
            break
        }
    }

    // MARK: - ScriptMessageHandlerWithReply (WKScriptMessageHandlerWithReply)

    func userContentController(_ userContentController: UserContentController, didReceive message: ScriptMessage,
                               replyHandler: @escaping (Any?, String?) -> Void) {
        let body = message.body as? [String: Any]
        let fields = body?["fields"] as? [String] ?? []
        log("getUserInfo \(fields.joined(separator: ","))")
        guard !fields.contains("password") else {
            replyHandler(nil, "password is not shared")
            return
        }
        replyHandler(["name": "Ada", "id": 42, "admin": false, "fields": fields], nil)
    }
}
