import XCTest
import Foundation
import TernTestSupport

/// The real `tern` in tmux on a page whose parser waits for a slow script.
final class ParserScriptScreenTests: TerminalTestCase {
    func testTheMarkupBeforeASlowBlockingScriptShowsWhileItLoads() throws {
        let script = "/mime?type=text/javascript&delay_ms=4000&body=var%20x%20%3D%201"
        let html = "<title>Blocked</title><p>First line, under the progress bar while loading.</p><p>Before the slow script.</p><script src=\"\(script)\"></script><p>After the slow script.</p>"
        let page = "/mime?type=text/html&body=" + (html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let tern = try browse([server.url(page).href])
        tern.waitFor("Before the slow script.")
        XCTAssertTrue(tern.row(0).contains("[loading]"), tern.row(0))
        XCTAssertFalse(tern.screen().contains("After the slow script."), tern.screen())
        tern.waitFor("After the slow script.", timeout: 20)
    }
}
