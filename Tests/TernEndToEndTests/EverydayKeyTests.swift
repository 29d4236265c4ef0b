import XCTest
import Foundation
import TernTestSupport

/// The everyday commands' keys in the real TUI (tmux): `\` view source,
/// `y` copy the page's URL and `Y` the focused link's (OSC 52, read back
/// from tmux's paste buffer and from the bytes tern wrote).
///
/// PROPOSED KEYS: these pass once the key map binds `view-source` to `\`,
/// `copy-url` to `y` and `copy-link-url` to `Y` (the coordinator wires them).
final class EverydayKeyTests: TerminalTestCase {
    func testBackslashShowsTheSourceAndYCopiesURLsWithOSC52() throws {
        let tern = try browse([server.url("/page/keys").href], columns: 100)
        tern.waitFor("Page keys")
        tern.press("\\")
        tern.waitFor("Source of ")
        tern.waitFor("<a href=\"/page/a\">a</a>")
        // Colours where the terminal has them: the tag in its own (24-bit or 256) colour.
        XCTAssertTrue(tern.styledScreen().contains("\u{1B}[1m") || tern.styledScreen().contains("38;"), tern.styledScreen())
        tern.press("\\")
        tern.waitForScreen("the page again") { !$0.contains("Source of ") && $0.contains("Page keys") }

        tern.acceptClipboardWrites()
        let page = server.url("/page/keys").href
        tern.press("y")
        tern.waitFor("Copied: \(page)")
        tern.waitForScreen("the URL in tmux's paste buffer") { _ in tern.pasteBuffer() == page }
        let base64 = Data(page.utf8).base64EncodedString()
        XCTAssertTrue(String(decoding: tern.output(), as: UTF8.self).contains("\u{1B}]52;c;\(base64)\u{07}"))

        tern.press("Y")
        tern.waitFor("No link is focused")
        tern.press("Tab", "Y")
        let link = server.url("/page/a").href
        tern.waitFor("Copied: \(link)")
        tern.waitForScreen("the link in tmux's paste buffer") { _ in tern.pasteBuffer() == link }
    }
}
