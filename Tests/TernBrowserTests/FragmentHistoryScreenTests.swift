import XCTest
import Foundation
import TernTestSupport

/// A jump to an anchor of the page is a history entry (HTML "navigate to a
/// fragment"): Left comes back to where the reader was, in a real terminal (tmux).
final class FragmentHistoryScreenTests: XCTestCase {
    private var server: TestServer { TestServer.shared }
    private var session: TerminalSession?

    override func tearDown() {
        session?.close()
        session = nil
        super.tearDown()
    }

    /// A table of contents above nine long parts.
    private static var page: String {
        var html = "<!DOCTYPE html><title>Manual</title><h1>Contents</h1><p><a href=\"#part5\">Go to part five</a></p>"
        for part in 1...9 {
            html += "<h2 id=\"part\(part)\">Part \(part) heading</h2>"
            for k in 1...6 { html += "<p>Text \(part).\(k) of the manual.</p>" }
        }
        return html
    }

    func testLeftAfterATableOfContentsLinkReturnsToTheTop() throws {
        let body = FragmentHistoryScreenTests.page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let url = server.url("/mime?type=text%2Fhtml&body=\(body)").href
        let tern = try TerminalSession([url])
        session = tern
        // (the progress bar, over the first page row, fades out after the load)
        tern.waitForScreen("the top of the page") { _ in tern.row(1).contains("Contents") }

        tern.press("Tab")
        tern.waitForScreen("the link focused") { $0.split(separator: "\n").last?.hasPrefix("http://") ?? false }
        tern.press("Enter")
        tern.waitForScreen("part five at the top") { _ in tern.row(1).contains("Part 5 heading") }
        XCTAssertFalse(tern.screen().contains("Contents"), tern.screen())

        tern.press("Left")
        tern.waitForScreen("the top again") { _ in tern.row(1).contains("Contents") }
        XCTAssertFalse(tern.screen().contains("Nothing to go back to"), tern.screen())
        XCTAssertFalse(tern.screen().contains("Part 5 heading"), tern.screen())

        // Forward goes to the anchor again.
        tern.press("Right")
        tern.waitForScreen("part five again") { _ in tern.row(1).contains("Part 5 heading") }
    }
}
