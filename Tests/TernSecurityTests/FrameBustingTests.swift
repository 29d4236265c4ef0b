import XCTest
import Foundation
import TernKit
import TernTestSupport

/// Issue 27 item 11: a cross-origin frame does not navigate the top page
/// without the person's activation (frame-busting); a same-origin frame does.
final class FrameBustingTests: SecurityTestCase {
    private func encoded(_ html: String) -> String { html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    private func loadTop(frameHost: String) {
        let away = http("c.test", "/mime?type=text/html&body=\(encoded("<title>busted</title>"))").href
        let frame = http(frameHost, "/mime?type=text/html&body=\(encoded("<script>top.location.href = '\(away)';</script>"))")
        loadAndWait(http("a.test", "/mime?type=text/html&body=\(encoded(#"<title>Top</title><iframe src="\#(frame.href)"></iframe>"#))"))
    }

    func testACrossOriginFrameCannotNavigateTheTopPageWithoutActivation() {
        loadTop(frameHost: "b.test")
        spin(0.8)
        XCTAssertEqual(webView.title, "Top")
        XCTAssertEqual(webView.url?.hostname, "a.test")
    }

    func testASameOriginFrameStillNavigatesTheTopPage() {
        loadTop(frameHost: "a.test")
        wait { self.webView.title == "busted" }
    }
}
