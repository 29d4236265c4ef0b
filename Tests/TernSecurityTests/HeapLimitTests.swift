import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Issue 13, item 8: a page's JavaScript heap is capped
/// (`WebViewConfiguration.scriptMemoryLimit`). Past the cap the page's
/// scripts stop with a message, the process lives on, and other web views
/// on the same loop keep running scripts.
final class HeapLimitTests: SecurityTestCase {
    private var console: [String] = []

    override func setUp() {
        super.setUp()
        makeSecureWebView { $0.scriptMemoryLimit = 64 << 20 }
        console = []
        webView.onConsoleMessage = { [unowned self] in console.append("\($0.level): \($0.text)") }
    }

    private let allocating = """
        <title>Heap</title><p>heap</p>
        <script>var a = []; setTimeout(function () { while (true) a.push(new Array(1e6).fill(1)); }, 0);</script>
        """

    private func pageURL(_ html: String) -> WebURL {
        http("a.test", "/mime?type=text/html&body=" + (html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
    }

    func testAPageThatAllocatesWithoutEndIsStopped() throws {
        loadAndWait(pageURL(allocating))
        wait(timeout: 60) { recorder.webContentTerminations == 1 }
        XCTAssertTrue(console.contains { $0.hasPrefix("error:") && $0.contains("more than 64 MB of memory") }, "\(console)")
        // The page's scripts stay stopped; the array held about the cap when it stopped.
        var error: Error?
        webView.evaluateJavaScript("a.length") { _, e in error = e }
        wait { error != nil }
        XCTAssertEqual(error as? ScriptError, .memoryLimitExceeded(limit: 64 << 20))
    }

    func testAnotherWebViewOnTheSameLoopRunsOn() throws {
        let other = WebView(configuration: webView.configuration)
        loadAndWait(pageURL(allocating))
        wait(timeout: 60) { recorder.webContentTerminations == 1 }
        other.load(Request(url: http("b.test", "/plain")))
        wait { !other.isLoading }
        var result: ScriptValue?
        other.evaluateScriptValue("var b = []; for (var i = 0; i < 3; i++) b.push(new Array(1e6).fill(1)); b.length") { result = try? $0.get() }
        wait { result != nil }
        XCTAssertEqual(result, .number(3))
    }

    /// A page that makes much garbage but keeps little is not stopped.
    func testGarbageDoesNotCount() throws {
        loadAndWait(pageURL("<title>Churn</title><p>churn</p>"))
        let kept = asyncValue("""
            var kept = 0;
            for (var i = 0; i < 40; i++) { var x = new Array(1e6).fill(i); kept = x[5]; }
            done(kept);
            """, timeout: 60)
        XCTAssertEqual(kept, .number(39))
        XCTAssertEqual(recorder.webContentTerminations, 0)
    }
}
