import XCTest
import Foundation
import TernKit
import TernTestSupport

/// Issue 27 item 7: HTML "allowed by sandboxing to navigate" — a sandboxed
/// frame navigates only itself and its own frames, not a sibling, neither
/// through its WindowProxy nor by name.
final class SandboxNavigationTests: SecurityTestCase {
    private func encoded(_ html: String) -> String { html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    private func loadPage(sandbox: String, attack: String) {
        let sibling = "/mime?type=text/html&body=\(encoded("<title>sibling</title>"))"
        let elsewhere = http("a.test", "/mime?type=text/html&body=\(encoded("<title>moved</title>"))").href
        let script = attack.replacingOccurrences(of: "URL", with: "'\(elsewhere)'")
        let frame = "<script>\(script)</script>".replacingOccurrences(of: "\"", with: "&quot;")
        let page = """
            <title>Top</title>
            <iframe name="sib" src="\(sibling)"></iframe>
            <iframe sandbox="\(sandbox)" srcdoc="\(frame)"></iframe>
            """
        loadAndWait(http("a.test", "/mime?type=text/html&body=\(encoded(page))"))
        spin(0.6)
    }

    private var siblingTitle: ScriptValue? { value("frames[0].document.title") }

    func testASandboxedFrameCannotNavigateItsSiblingThroughItsWindow() {
        loadPage(sandbox: "allow-scripts allow-same-origin", attack: "parent.frames[0].location.href = URL;")
        XCTAssertEqual(siblingTitle, .string("sibling"))
    }

    func testASandboxedFrameCannotNavigateItsSiblingByName() {
        loadPage(sandbox: "allow-scripts allow-same-origin", attack: "window.open(URL, 'sib');")
        XCTAssertEqual(siblingTitle, .string("sibling"))
    }

    func testACrossOriginSandboxedFrameCannotNavigateItsSibling() {
        loadPage(sandbox: "allow-scripts", attack: "parent.frames[0].location.href = URL;")
        XCTAssertEqual(siblingTitle, .string("sibling"))
    }

    func testAnUnsandboxedFrameStillNavigatesItsSibling() {
        // The same page without the attribute: the rule is the sandbox's, not a ban on frames.
        let sibling = "/mime?type=text/html&body=\(encoded("<title>sibling</title>"))"
        let elsewhere = http("a.test", "/mime?type=text/html&body=\(encoded("<title>moved</title>"))").href
        let frame = "<script>parent.frames[0].location.href = '\(elsewhere)';</script>"
        let page = #"<title>Top</title><iframe name="sib" src="\#(sibling)"></iframe><iframe srcdoc="\#(frame)"></iframe>"#
        loadAndWait(http("a.test", "/mime?type=text/html&body=\(encoded(page))"))
        wait { self.siblingTitle == .string("moved") }
    }
}
