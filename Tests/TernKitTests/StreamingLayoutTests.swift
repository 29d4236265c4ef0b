import XCTest
import TernKit
import TernLayout
import TernTestSupport

/// Pages are parsed and can be laid out while they arrive.
final class StreamingLayoutTests: WebViewTestCase {
    func testTheTitleAndFirstLinesArriveBeforeTheWholePage() {
        var titleSeenWhileLoading: String?
        let token = webView.observe(\.title) { [unowned self] webView, _ in
            if webView.isLoading, !(webView.title ?? "").isEmpty, titleSeenWhileLoading == nil,
               !self.recorder.events.contains("finish") {
                titleSeenWhileLoading = webView.title
            }
        }
        webView.load(server.request("/slow?ms=2000&chunks=20"))
        wait { recorder.events.contains("commit") && (webView.pageLayout(width: 80)?.lines.count ?? 0) > 3 }
        XCTAssertTrue(webView.isLoading)
        let early = webView.pageLayout(width: 80)
        XCTAssertEqual(early?.lines.first?.text.hasPrefix("Slow Page"), true, "\(early?.lines.prefix(3).map(\.text) ?? [])")
        wait { recorder.ended }
        withExtendedLifetime(token) {}
        XCTAssertEqual(titleSeenWhileLoading, "Slow Page")
        let full = webView.pageLayout(width: 80)
        XCTAssertGreaterThan(full?.lines.count ?? 0, early?.lines.count ?? 0)
        XCTAssertTrue(full?.lines.contains { $0.text.contains("Slow paragraph 0019") } ?? false)
    }

    func testTheRenderedPageFollowsTheWidthAndResolvesLinks() {
        loadAndWait("/plain")
        let narrow = webView.pageLayout(width: 12)
        XCTAssertTrue(narrow?.lines.allSatisfy { $0.width <= 12 } ?? false)
        XCTAssertEqual(narrow?.links.first?.url, server.url("/page/two").href)
        XCTAssertEqual(webView.pageLayout(width: 80)?.lines.map(\.text).joined(separator: "\n"),
                       "Plain\n═════\n\nHello from the test server.\n\n[1]two")
    }

    func testLinksResolveAgainstTheBaseElement() {
        recorder.clear()
        let html = "<base href=\"https://example.com/docs/a/\"><a href=\"x.html\">x</a> <a href=\"../y.html#f\">y</a>"
            + " <a href=\"/z\">z</a> <a href=\"https://other.example/\">o</a>"
        webView.load(Array(html.utf8), mimeType: "text/html", characterEncodingName: "utf-8", baseURL: nil)
        wait { recorder.ended }
        XCTAssertEqual(webView.pageLayout(width: 80)?.links.map(\.url),
                       ["https://example.com/docs/a/x.html", "https://example.com/docs/y.html#f",
                        "https://example.com/z", "https://other.example/"])
    }

    func testTextPagesShowAsPreformattedText() {
        recorder.clear()
        webView.load(Array("line <one>\n  indented & more".utf8), mimeType: "text/plain", characterEncodingName: "utf-8", baseURL: nil)
        wait { recorder.ended }
        XCTAssertEqual(webView.pageLayout(width: 80)?.lines.map(\.text), ["line <one>", "  indented & more"])
    }
}
