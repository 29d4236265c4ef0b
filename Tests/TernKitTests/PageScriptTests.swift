import XCTest
import TernKit
import TernTestSupport

/// External scripts, their order, and progress.
final class PageScriptTests: WebViewTestCase {
    private func script(_ body: String, delay: Int = 0) -> String {
        let encoded = body.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return "/mime?type=text/javascript&delay_ms=\(delay)&body=\(encoded)"
    }

    func testScriptsRunInDocumentOrderWithDeferAndAsync() {
        let html = """
            <script>var order = ['inline 1'];</script>
            <script src="\(script("order.push('slow external')", delay: 300))"></script>
            <script defer src="\(script("order.push('deferred')"))"></script>
            <script async src="\(script("order.push('async')", delay: 100))"></script>
            <script>order.push('inline 2');</script>
            <script src="\(script("order.push('fast external')"))"></script>
            <script type="module">order.push('module');</script>
            """
        recorder.clear()
        webView.loadHTMLString(html, baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.last, "finish")
        // The async script arrived while the slow one was still loading (the
        // parser's speculative scan fetched it); it runs once the parser,
        // which waits for the slow one, has reached it (HTML §4.12.1.1).
        XCTAssertEqual(value("order"), .array(["inline 1", "slow external", "async", "inline 2", "fast external", "deferred"].map { .string($0) }))
    }

    func testAFailedScriptIsReportedAndTheRestRun() {
        var console: [String] = []
        webView.onConsoleMessage = { console.append("\($0.level): \($0.text)") }
        recorder.clear()
        webView.loadHTMLString("""
            <script src="/status/404"></script>
            <script src="http://127.0.0.1:1/nothing.js"></script>
            <script>var after = true;</script>
            """, baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("after"), .bool(true))
        XCTAssertEqual(console.filter { $0.hasPrefix("error: Failed to load script") }.count, 2, "\(console)")
    }

    func testScriptsCountIntoProgressAndDidFinishWaitsForThem() {
        var values: [Double] = []
        let token = webView.observe(\.estimatedProgress) { _, change in values.append(change.newValue ?? -1) }
        recorder.clear()
        webView.loadHTMLString("<script src=\"\(script("var a = 1", delay: 200))\"></script><script src=\"\(script("var b = 2", delay: 300))\"></script>",
                               baseURL: server.url("/app/"))
        wait { recorder.ended }
        withExtendedLifetime(token) {}
        XCTAssertEqual(value("a + b"), .number(3), "both ran before didFinish")
        XCTAssertEqual(values.last, 1.0)
        XCTAssertTrue(values.contains { $0 > 0.9 && $0 < 1.0 }, "scripts moved progress past the main resource: \(values)")
    }

    /// A title the page's script sets while the page loads is the page's
    /// title from then on: at didFinish, in the history, and when the page
    /// is shown again from the back/forward cache.
    func testATitleSetByThePagesScriptStays() {
        var titles: [String?] = []
        let token = webView.observe(\.title) { webView, _ in titles.append(webView.title) }
        let html = "<title>Before</title><p>Page</p><script>document.title = 'After'</script>"
        loadAndWait("/mime?type=text/html&body=" + (html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(webView.title, "After", "\(titles)")
        XCTAssertEqual(webView.backForwardList.currentItem?.title, "After")
        loadAndWait("/page/other")
        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        withExtendedLifetime(token) {}
        XCTAssertEqual(webView.title, "After", "\(titles)")
        XCTAssertEqual(titles.last, "After")
    }

    func testStoppingWhileScriptsLoadCancelsThem() {
        recorder.clear()
        webView.loadHTMLString("<script src=\"\(script("var late = 1", delay: 2000))\"></script>", baseURL: server.url("/app/"))
        wait { recorder.events.contains("commit") }
        spin(0.2)
        webView.stopLoading()
        XCTAssertEqual(recorder.events.last, "fail \(NavigationError.cancelled)")
        spin(2.2)
        XCTAssertEqual(value("typeof late"), .string("undefined"))
    }

    func testNoScriptsRunWhenJavaScriptIsDisabled() {
        makeWebView { $0.preferences.javaScriptEnabled = false }
        recorder.clear()
        webView.loadHTMLString("<script>var ran = true;</script>", baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("typeof ran"), .string("undefined"))
    }
}
