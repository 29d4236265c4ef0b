import Foundation
import XCTest
import TernKit
import TernTestSupport

/// Issue 14: a WKWebView controller written from WebKit's documentation
/// (`WebViewController`), ported line by line, run against the project's
/// test server. Each test asserts what WebKit does: the callbacks, their
/// order, and the values the app receives. Where Tern differs, the
/// difference is asserted as such, named "Differs from WebKit", and listed in
/// PORTING.md.
final class WebKitPortTests: WebViewTestCase {
    /// The controller runs on the test case's event loop (`loop`); the test
    /// case's own `webView` is not used.
    private var controller: WebViewController!

    override func setUp() {
        super.setUp()
        controller = WebViewController(eventLoop: loop)
    }

    override func tearDown() {
        XCTAssertEqual(misuseReports, [], "every decision and completion handler called exactly once")
        controller = nil
        super.tearDown()
    }

    /// The app's own page: a cookie-reporting script from the server, an
    /// inline script that reads what the document-start user script made,
    /// and a function asking the app for the user's details.
    private static let homePage = """
        <!DOCTYPE html><html><head><title>Port Home</title>
        <script src="/cookie-script?name=serverCookie"></script>
        <script>
        window.webkit.messageHandlers.log.postMessage({ event: "inline",
            startCookie: window.appInfo ? window.appInfo.startCookie : null });
        function requestUserInfo(fields) {
            window.webkit.messageHandlers.getUserInfo.postMessage({ fields: fields }).then(
                function (info) { window.webkit.messageHandlers.log.postMessage({ event: "userInfo", info: info }); },
                function (error) { window.webkit.messageHandlers.log.postMessage({ event: "userInfoError",
                    message: error.message, isError: error instanceof Error }); });
            return "asked";
        }
        </script></head>
        <body><h1>Home</h1><a href="/page/second">Second</a> <a href="/external/help">Help</a></body></html>
        """

    private var homeURL: WebURL {
        let body = WebKitPortTests.homePage.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return server.url("/mime?type=text/html&body=" + body)
    }

    // MARK: Helpers

    /// The navigation and UI callbacks so far, without progress and bridge lines.
    private var callbacks: [String] {
        controller.events.filter { !$0.hasPrefix("progress") && !$0.hasPrefix("log") }
    }

    private var navigationEnded: Bool {
        callbacks.last.map { $0 == "didFinish" || $0.hasPrefix("didFail") } ?? false
    }

    /// Starts the controller on the home page and waits for its didFinish and
    /// its document-end message.
    private func startAtHome(file: StaticString = #filePath, line: UInt = #line) {
        controller.start(at: homeURL)
        wait(file: file, line: line) { navigationEnded && message("documentEnd") != nil }
    }

    /// Loads `path` as the app does (`webView.load(URLRequest(url:))`) and waits for the end.
    private func load(_ url: WebURL, file: StaticString = #filePath, line: UInt = #line) -> Navigation? {
        let mark = controller.events.count
        let navigation = controller.webView.load(Request(url: url))
        wait(file: file, line: line) { callbacks(after: mark).last.map { $0 == "didFinish" || $0.hasPrefix("didFail") } ?? false }
        return navigation
    }

    /// The latest message to "log" whose event is `event`.
    private func message(_ event: String) -> [String: Any]? {
        controller.messages.last { $0.body["event"] as? String == event }?.body
    }

    /// `evaluateJavaScript` as WebKit code calls it, waiting for the completion handler.
    private func evaluate(_ script: String, file: StaticString = #filePath, line: UInt = #line) -> (result: Any?, error: Error?) {
        var answer: (Any?, Error?)?
        controller.webView.evaluateJavaScript(script) { result, error in
            answer = (result, error)
        }
        wait(file: file, line: line) { answer != nil }
        return (answer?.0, answer?.1)
    }

    /// The callbacks since the `count`th event.
    private func callbacks(after count: Int) -> [String] {
        controller.events.dropFirst(count).filter { !$0.hasPrefix("progress") && !$0.hasPrefix("log") }
    }

    private func progress(after count: Int) -> [Double] {
        controller.events.dropFirst(count).compactMap { $0.hasPrefix("progress ") ? Double($0.dropFirst(9)) : nil }
    }

    private func assertOneNavigation(_ navigations: ArraySlice<Navigation>, is expected: Navigation? = nil,
                                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Set(navigations.map(ObjectIdentifier.init)).count, 1,
                       "every callback of one load carries the same Navigation", file: file, line: line)
        if let expected {
            XCTAssertTrue(navigations.first === expected, "the Navigation load() returned", file: file, line: line)
        }
    }

    /// The progress of one load as WebKit reports it (PageLoadState): from
    /// 0.1, never falling, ending at 1.0, which it keeps, after a failure too
    /// (FrameLoader completes the progress whether the load finished or failed).
    private func assertProgressOfOneLoad(_ values: [Double], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(values.first, 0.1, "WebKit's initial progress value: \(values)", file: file, line: line)
        XCTAssertEqual(values.last, 1.0, "\(values)", file: file, line: line)
        XCTAssertEqual(controller.webView.estimatedProgress, 1.0, file: file, line: line)
        XCTAssertEqual(zip(values, values.dropFirst()).filter { $0 > $1 }.count, 0, "monotonic: \(values)",
                       file: file, line: line)
    }

    // MARK: The first load

    func testTheFirstLoadRunsInWebKitsOrder() {
        startAtHome()
        XCTAssertEqual(callbacks, ["action /mime", "didStartProvisional", "response 200", "didCommit", "didFinish"])
        assertOneNavigation(controller.navigations[...])
        XCTAssertEqual(controller.displayedTitle, "Port Home")
        // WebKit's title is "" before the first page (a null WTF::String as
        // NSString), so its observer sees only "Port Home".
        XCTAssertEqual(controller.titles, ["Port Home"])
        XCTAssertEqual(controller.webView.url, homeURL)
        XCTAssertFalse(controller.webView.isLoading)
        XCTAssertFalse(controller.webView.canGoBack)
    }

    func testProgressRisesFromTheStartAndReachesOneBeforeDidFinish() {
        startAtHome()
        assertProgressOfOneLoad(controller.progress)
        let events = controller.events.filter { !$0.hasPrefix("log") }
        guard let start = events.firstIndex(of: "didStartProvisional"), let finish = events.firstIndex(of: "didFinish"),
              let first = events.firstIndex(of: "progress 0.1"), let done = events.firstIndex(of: "progress 1.0") else {
            return XCTFail("\(events)")
        }
        // WebKit: FrameLoader completes the progress, then dispatches didFinishLoad.
        XCTAssertLessThan(first, start, "\(events)")
        // 0.1 already inside load() (PageLoadState's pending API request), before the action policy.
        XCTAssertEqual(first, 0, "\(events)")
        XCTAssertLessThan(done, finish, "\(events)")
    }

    func testUserScriptsRunAtBothTimesWithTheAppsCookie() {
        startAtHome()
        // The document-start script ran before the page's own scripts, with
        // `document` there: its cookie and its global are seen by them.
        XCTAssertEqual(message("inline")?["startCookie"] as? String, "session=abc123; theme=dark")
        guard let end = message("documentEnd") else { return XCTFail("no documentEnd message: \(controller.events)") }
        XCTAssertEqual(end["title"] as? String, "Port Home")
        XCTAssertEqual(end["links"] as? Int, 2)
        XCTAssertEqual(end["appName"] as? String, "TernPort")
        // document.cookie shows the cookie set natively and the one set by the user script...
        XCTAssertEqual(end["cookie"] as? String, "session=abc123; theme=dark")
        // ...and the server received both with the page's script request.
        XCTAssertEqual(end["serverCookie"] as? String, "session=abc123; theme=dark")
        XCTAssertEqual(controller.events.filter { $0.hasPrefix("log") }, ["log inline", "log documentEnd"])
    }

    func testTheNativeCookieGoesWithTheFirstRequestAndThePagesCookieReachesTheStore() throws {
        controller.start(at: server.url("/echo"))
        wait { navigationEnded }
        let echo = try JSONSerialization.jsonObject(with: Data(controller.webView.sourceBytes)) as? [String: Any]
        let headers = echo?["headers"] as? [[String]] ?? []
        XCTAssertEqual(headers.filter { $0.first == "Cookie" }.map { $0.last }, ["session=abc123"], "\(headers)")

        var cookies: [Cookie]?
        controller.webView.configuration.websiteDataStore.httpCookieStore.getAllCookies { cookies = $0 }
        wait { cookies != nil }
        XCTAssertEqual(cookies?.map(\.name).sorted(), ["session", "theme"])
        XCTAssertEqual(cookies?.first { $0.name == "theme" }?.value, "dark")
    }

    // MARK: evaluateJavaScript and the panels

    func testEvaluateJavaScriptHandsBackSwiftValues() {
        startAtHome()
        XCTAssertEqual(evaluate("document.title").result as? String, "Port Home")
        XCTAssertEqual(evaluate("window.appInfo.version").result as? Int, 3)
        XCTAssertEqual(evaluate("1.5").result as? Double, 1.5)
        XCTAssertEqual(evaluate("document.links.length > 1").result as? Bool, true)
        let array = evaluate("[1, 'two']").result as? [Any]
        XCTAssertEqual(array?.count, 2)
        XCTAssertEqual(array?.first as? Int, 1)
        XCTAssertEqual(array?.last as? String, "two")
        let object = evaluate("({ name: 'Ada', tags: ['a'] })").result as? [String: Any]
        XCTAssertEqual(object?["name"] as? String, "Ada")
        XCTAssertEqual(object?["tags"] as? [String], ["a"])
        XCTAssertEqual(evaluate("requestUserInfo(['name'])").result as? String, "asked")

        let failure = evaluate("throw new Error('boom')")
        XCTAssertNil(failure.result)
        guard case .exception(let text, _, _)? = failure.error as? ScriptError else {
            return XCTFail("\(String(describing: failure.error))")
        }
        XCTAssertTrue(text.contains("boom"), text)
    }

    func testThePanelsAreAnsweredByTheUIDelegate() {
        startAtHome()
        let answer = evaluate("alert('Saved'); confirm('Leave?') ? prompt('Your name?', 'guest') : 'stayed'")
        XCTAssertEqual(answer.result as? String, "Ada")
        XCTAssertEqual(Array(callbacks.suffix(3)), ["alert Saved", "confirm Leave?", "prompt Your name? guest"])
    }

    // MARK: The message handlers

    func testTheReplyHandlerResolvesAndRejectsThePagesPromise() {
        startAtHome()
        _ = evaluate("requestUserInfo(['name', 'id'])")
        wait { message("userInfo") != nil }
        XCTAssertTrue(controller.events.contains("getUserInfo name,id"), "\(controller.events)")
        let info = message("userInfo")?["info"] as? [String: Any]
        XCTAssertEqual(info?["name"] as? String, "Ada")
        XCTAssertEqual(info?["id"] as? Int, 42)
        XCTAssertEqual(info?["admin"] as? Bool, false)
        XCTAssertEqual(info?["fields"] as? [String], ["name", "id"])

        _ = evaluate("requestUserInfo(['password'])")
        wait { message("userInfoError") != nil }
        // WebKit rejects the promise with an Error whose message is the reply's error.
        XCTAssertEqual(message("userInfoError")?["message"] as? String, "password is not shared")
        XCTAssertEqual(message("userInfoError")?["isError"] as? Bool, true)
    }

    func testBackOrCloseGoesBackThenCloses() {
        startAtHome()
        _ = evaluate("window.appInfo.visited = 'home'; document.links[0].click()")
        wait { navigationEnded && controller.displayedTitle == "second" }
        // As WebKit's PageLoadState: the title empties at commit, then the page's.
        XCTAssertEqual(Array(controller.titles.suffix(2)), ["", "second"])
        XCTAssertTrue(controller.webView.canGoBack)

        // The page's "close" message: back, since there is a page to go back to.
        var mark = controller.events.count
        _ = evaluate("window.webkit.messageHandlers.close.postMessage(null)")
        wait { controller.events.count > mark && navigationEnded && controller.displayedTitle == "Port Home" }
        // WebKit restores the page from its back/forward cache: no response to decide on.
        XCTAssertEqual(callbacks(after: mark), ["close message", "action /mime", "didStartProvisional",
                                                "didCommit", "didFinish"])
        XCTAssertEqual(evaluate("window.appInfo.visited").result as? String, "home", "the page's script state is kept")
        XCTAssertFalse(controller.isDismissed)
        XCTAssertFalse(controller.webView.canGoBack)
        XCTAssertEqual(evaluate("typeof document").result as? String, "object")

        mark = controller.events.count
        _ = evaluate("window.webkit.messageHandlers.close.postMessage(null)")
        wait { controller.isDismissed }
        XCTAssertEqual(callbacks(after: mark), ["close message"])
    }

    // MARK: The UI delegate's windows

    func testWindowOpenIsLoadedInThisViewWhenCreateWebViewReturnsNil() {
        startAtHome()
        let mark = controller.events.count
        XCTAssertEqual(evaluate("window.open('/page/popup') === null").result as? Bool, true)
        wait { navigationEnded && controller.displayedTitle == "popup" }
        XCTAssertEqual(callbacks(after: mark), ["createWebView /page/popup", "action /page/popup", "didStartProvisional",
                                                "response 200", "didCommit", "didFinish"])
    }

    func testWindowCloseOnTheFirstPageClosesTheView() {
        startAtHome()
        _ = evaluate("window.close()")
        wait { controller.isDismissed }
        XCTAssertEqual(callbacks.last, "webViewDidClose")
    }

    /// HTML "script-closable": a window not opened by a script may be closed
    /// by one only while its history has one entry; WebKit ignores the call
    /// otherwise (DOMWindow::close, "Can't close the window since it was not
    /// opened by JavaScript").
    func testWindowCloseAfterANavigation() {
        startAtHome()
        _ = load(server.url("/page/second"))
        _ = evaluate("window.close()")
        spin(0.3)
        XCTAssertFalse(controller.isDismissed)
        XCTAssertEqual(callbacks.last, "didFinish")
    }

    /// WKWebView's `url` and `isLoading` are PageLoadState's active URL and
    /// state: the requested URL and true from inside `load()` (the pending API
    /// request), the provisional URL while it loads, and the committed URL
    /// again after a provisional failure.
    func testURLAndIsLoadingFromTheMomentOfLoad() throws {
        startAtHome()
        let closedPort = try HTTP2Server.freePort()
        let target = try XCTUnwrap(WebURL("http://127.0.0.1:\(closedPort)/"))
        controller.webView.load(Request(url: target))
        XCTAssertEqual(controller.webView.url, target)
        XCTAssertTrue(controller.webView.isLoading)
        wait { callbacks.last == "didFailProvisional" }
        XCTAssertEqual(controller.webView.url, homeURL)
        XCTAssertFalse(controller.webView.isLoading)
    }

    // MARK: Redirects and failures

    func testARedirectIsReportedThenAskedForEachHop() {
        startAtHome()
        let mark = controller.events.count
        let navigationMark = controller.navigations.count
        let navigation = load(server.url("/redirect/302/1"))
        XCTAssertEqual(callbacks(after: mark), [
            "action /redirect/302/1", "didStartProvisional",
            "didReceiveServerRedirect", "action /redirect/302/0",
            "didReceiveServerRedirect", "action /echo",
            "response 200", "didCommit", "didFinish",
        ])
        assertOneNavigation(controller.navigations.dropFirst(navigationMark), is: navigation)
        XCTAssertEqual(controller.webView.url?.pathname, "/echo")
        // A later load: WebKit goes from 1.0 straight to 0.1 (never 0).
        assertProgressOfOneLoad(progress(after: mark))
    }

    func testAChallengeIsAnsweredWithACredential() {
        startAtHome()
        let mark = controller.events.count
        _ = load(server.url("/basic-auth"))
        XCTAssertEqual(callbacks(after: mark), ["action /basic-auth", "didStartProvisional", "challenge Tern Test",
                                                "response 200", "didCommit", "didFinish"])
        XCTAssertEqual(controller.displayedTitle, "Authorized")
    }

    func testARefusedConnectionFailsTheProvisionalNavigation() throws {
        startAtHome()
        let mark = controller.events.count
        let closedPort = try HTTP2Server.freePort()
        _ = load(WebURL("http://127.0.0.1:\(closedPort)/")!)
        XCTAssertEqual(callbacks(after: mark), ["action /", "didStartProvisional", "didFailProvisional"])
        guard case .cannotConnect? = controller.errors.last as? NavigationError else {
            return XCTFail("\(controller.errors)")
        }
        // The page stays.
        XCTAssertEqual(controller.displayedTitle, "Port Home")
        XCTAssertEqual(controller.webView.url, homeURL)
        assertProgressOfOneLoad(progress(after: mark))
    }

    func testACancelledResponsePolicyFailsTheProvisionalNavigation() {
        startAtHome()
        let mark = controller.events.count
        _ = load(server.url("/mime?type=application/pdf"))
        XCTAssertEqual(callbacks(after: mark), ["action /mime", "didStartProvisional", "response 200 cancel",
                                                "didFailProvisional"])
        // WebKit: WKError.frameLoadInterruptedByPolicyChange (102).
        XCTAssertEqual(controller.errors.last as? NavigationError, .interruptedByPolicy)
        XCTAssertEqual(controller.displayedTitle, "Port Home")
        assertProgressOfOneLoad(progress(after: mark))
    }

    func testACancelledActionPolicyStartsNothing() {
        startAtHome()
        let mark = controller.events.count
        _ = evaluate("document.links[1].click()")
        wait { !controller.openedExternally.isEmpty }
        spin(0.3)
        XCTAssertEqual(callbacks(after: mark), ["action /external/help cancel"])
        XCTAssertEqual(controller.openedExternally, [server.url("/external/help").href])
        XCTAssertEqual(controller.displayedTitle, "Port Home")
    }

    func testAnErrorAfterCommitFailsTheNavigation() {
        startAtHome()
        let mark = controller.events.count
        _ = load(server.url("/close-mid-body"))
        XCTAssertEqual(callbacks(after: mark), ["action /close-mid-body", "didStartProvisional", "response 200",
                                                "didCommit", "didFail"])
        guard case .connectionLost? = controller.errors.last as? NavigationError else {
            return XCTFail("\(controller.errors)")
        }
        XCTAssertEqual(controller.displayedTitle, "Truncated")
        assertProgressOfOneLoad(progress(after: mark))
    }

    // MARK: The web content process

    func testTheControllerReloadsAfterTheContentProcessTerminates() {
        controller = WebViewController(eventLoop: loop) { $0.scriptMemoryLimit = 64 << 20 }
        startAtHome()
        let mark = controller.events.count
        _ = evaluate("setTimeout(function () { var a = []; while (true) a.push(new Array(1e6).fill(1)); }, 0); 0")
        wait(timeout: 60) { callbacks(after: mark).last == "didFinish" }
        XCTAssertEqual(callbacks(after: mark), ["webContentProcessDidTerminate", "action /mime", "didStartProvisional",
                                                "response 200", "didCommit", "didFinish"])
        XCTAssertEqual(evaluate("document.title").result as? String, "Port Home")
    }
}
