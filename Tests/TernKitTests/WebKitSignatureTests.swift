import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Issue 14, item 1: a delegate written with WebKit's signatures (as in
/// WKNavigationDelegate.h and WKUIDelegate.h, in the Swift spelling of
/// Apple's SDK, with Tern's type names) is called. Every method below has a
/// default in a protocol extension, so a near-miss spelling compiles and is
/// never called: each test sees its method called.
final class WebKitSignatureTests: WebViewTestCase {
    /// Every method spelled as WebKit code spells it (`Navigation!`, `Error`).
    final class WebKitStyleDelegate: NavigationDelegate, UIDelegate {
        var calls: [String] = []
        var errors: [Error] = []
        var responsePolicy = NavigationResponsePolicy.allow
        var downloads: [Download] = []
        /// Given each download; without one, a download is cancelled.
        var downloadDelegate: DownloadDelegate?
        var created: [WebView] = []
        var closed = 0
        var terminated = 0

        // MARK: WKNavigationDelegate

        func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                     decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
            calls.append("action")
            decisionHandler(.allow)
        }

        func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                     decisionHandler: @escaping (NavigationResponsePolicy) -> Void) {
            calls.append("response")
            decisionHandler(responsePolicy)
        }

        func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) {
            calls.append(navigation == nil ? "start nil" : "start")
        }

        func webView(_ webView: WebView, didReceiveServerRedirectForProvisionalNavigation navigation: Navigation!) {
            calls.append(navigation == nil ? "redirect nil" : "redirect")
        }

        func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                     completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
            calls.append("challenge")
            completionHandler(.useCredential, Credential(user: "user", password: "pass"))
        }

        func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
            calls.append(navigation == nil ? "failProvisional nil" : "failProvisional")
            errors.append(error)
        }

        func webView(_ webView: WebView, didCommit navigation: Navigation!) {
            calls.append(navigation == nil ? "commit nil" : "commit")
        }

        func webView(_ webView: WebView, didFinish navigation: Navigation!) {
            calls.append(navigation == nil ? "finish nil" : "finish")
        }

        func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
            calls.append(navigation == nil ? "fail nil" : "fail")
            errors.append(error)
        }

        func webView(_ webView: WebView, navigationResponse: NavigationResponse, didBecome download: Download) {
            calls.append("download")
            downloads.append(download)
            if let downloadDelegate { download.delegate = downloadDelegate } else { download.cancel() }
        }

        func webViewWebContentProcessDidTerminate(_ webView: WebView) {
            terminated += 1
        }

        // MARK: WKUIDelegate

        func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                     for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
            calls.append("createWebView")
            let view = WebView(configuration: configuration)
            created.append(view)
            return view
        }

        func webViewDidClose(_ webView: WebView) {
            closed += 1
        }

        func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String,
                     initiatedByFrame frame: FrameInfo, completionHandler: @escaping () -> Void) {
            calls.append("alert \(message)")
            completionHandler()
        }

        func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String,
                     initiatedByFrame frame: FrameInfo, completionHandler: @escaping (Bool) -> Void) {
            calls.append("confirm \(message)")
            completionHandler(true)
        }

        func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String,
                     defaultText: String?, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping (String?) -> Void) {
            calls.append("prompt \(prompt) \(defaultText ?? "nil")")
            completionHandler("typed")
        }
    }

    /// WKDownloadDelegate's methods, spelled as WebKit code spells them
    /// (`Error`, `resumeData`; Tern's `String` path for `URL`, bytes for `Data`).
    final class WebKitStyleDownloadDelegate: DownloadDelegate {
        let path: String
        var calls: [String] = []
        var errors: [Error] = []
        init(path: String) { self.path = path }

        func download(_ download: Download, decideDestinationUsing response: Response, suggestedFilename: String,
                      completionHandler: @escaping (String?) -> Void) {
            calls.append("destination")
            completionHandler(path)
        }

        func downloadDidFinish(_ download: Download) {
            calls.append("finish")
        }

        func download(_ download: Download, didFailWithError error: Error, resumeData: [UInt8]?) {
            calls.append(resumeData == nil ? "fail" : "fail with resume data")
            errors.append(error)
        }
    }

    private var delegate: WebKitStyleDelegate!

    override func setUp() {
        super.setUp()
        useWebKitStyleDelegate()
    }

    override func tearDown() {
        delegate = nil
        super.tearDown()
    }

    private func useWebKitStyleDelegate() {
        delegate = WebKitStyleDelegate()
        webView.navigationDelegate = delegate
        webView.uiDelegate = delegate
    }

    private var ended: Bool {
        delegate.calls.contains { $0 == "finish" || $0.hasPrefix("fail") }
    }

    private func load(_ url: WebURL) {
        delegate.calls = []
        webView.load(Request(url: url))
        wait { ended }
    }

    func testANavigationWithARedirectCallsEachStep() {
        load(server.url("/redirect/302/1"))
        XCTAssertEqual(delegate.calls, ["action", "start", "redirect", "action", "redirect", "action",
                                        "response", "commit", "finish"])
    }

    func testAChallengeIsAnswered() {
        load(server.url("/basic-auth"))
        XCTAssertEqual(delegate.calls, ["action", "start", "challenge", "response", "commit", "finish"])
        XCTAssertEqual(webView.title, "Authorized")
    }

    func testAFailureBeforeCommitPassesAnErrorThatIsANavigationError() {
        guard let closedPort = WebURL("http://127.0.0.1:1/") else { return XCTFail("the URL parses") }
        load(closedPort)
        XCTAssertEqual(delegate.calls, ["action", "start", "failProvisional"])
        guard case .cannotConnect? = delegate.errors.first as? NavigationError else {
            return XCTFail("\(delegate.errors)")
        }
    }

    func testAFailureAfterCommitPassesAnErrorThatIsANavigationError() {
        load(server.url("/close-mid-body"))
        XCTAssertEqual(delegate.calls, ["action", "start", "response", "commit", "fail"])
        XCTAssertNotNil(delegate.errors.first as? NavigationError, "\(delegate.errors)")
    }

    func testADownloadPolicyMakesADownload() {
        delegate.responsePolicy = .download
        load(server.url("/download?size=1000"))
        XCTAssertEqual(delegate.calls, ["action", "start", "response", "download", "failProvisional"])
        XCTAssertEqual(delegate.errors.first as? NavigationError, .interruptedByPolicy)
        XCTAssertEqual(delegate.downloads.count, 1)
    }

    func testADownloadDelegateHearsTheEndAndTheFailure() throws {
        let directory = NSTemporaryDirectory() + "tern-webkit-download-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        delegate.responsePolicy = .download

        let finishing = WebKitStyleDownloadDelegate(path: directory + "/whole")
        delegate.downloadDelegate = finishing
        load(server.url("/download?size=1000"))
        wait { finishing.calls.count == 2 }
        XCTAssertEqual(finishing.calls, ["destination", "finish"])

        let failing = WebKitStyleDownloadDelegate(path: directory + "/broken")
        delegate.downloadDelegate = failing
        load(server.url("/download?size=300000&break=\(UUID().uuidString)"))
        wait { failing.calls.count == 2 }
        XCTAssertEqual(failing.calls, ["destination", "fail"])
        guard case .connectionLost? = failing.errors.first as? NavigationError else {
            return XCTFail("\(failing.errors)")
        }
    }

    func testPanelsNewWindowsAndClose() {
        load(server.url("/page/opener"))
        XCTAssertEqual(value("alert('hi'); confirm('sure?') + ' ' + prompt('name?', 'x')"), .string("true typed"))
        XCTAssertEqual(Array(delegate.calls.suffix(3)), ["alert hi", "confirm sure?", "prompt name? x"])

        webView.notifyUserActivation()
        XCTAssertEqual(value("window.open('/page/popup') !== null"), .bool(true))
        XCTAssertEqual(delegate.calls.last, "createWebView")
        wait { delegate.created.first?.title == "popup" }

        _ = value("window.close()")
        wait { delegate.closed == 1 }
    }

    func testContentProcessTerminationIsHeard() {
        makeWebView { $0.scriptMemoryLimit = 64 << 20 }
        useWebKitStyleDelegate()
        let html = "<title>Heap</title><script>var a = []; setTimeout(function () { while (true) a.push(new Array(1e6).fill(1)); }, 0);</script>"
        load(server.url("/mime?type=text/html&body=" + (html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")))
        wait(timeout: 60) { delegate.terminated == 1 }
    }
}
