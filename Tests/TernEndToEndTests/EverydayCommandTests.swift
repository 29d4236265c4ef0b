import XCTest
import Foundation
import TernTestSupport

/// Everyday commands in the real TUI (tmux): Tab completion of the `o`
/// prompt from the pages visited earlier.
final class EverydayCommandTests: TerminalTestCase {
    override var defaultColumns: Int { 100 }

    private func statusLine(_ tern: TerminalSession) -> String {
        tern.screen().components(separatedBy: "\n").last { !$0.isEmpty } ?? ""
    }

    func testTabInTheOpenPromptCompletesAPageVisitedEarlier() throws {
        let first = server.url("/page/everyday-first").href
        let host = first.replacingOccurrences(of: "http://", with: "").components(separatedBy: "/page/")[0]
        let tern = try browse([first])
        tern.waitFor("Page everyday-first")
        // A second page, so the first is not the only candidate.
        tern.press("Tab", "Enter")
        tern.waitFor("Page a")
        tern.press("o")
        tern.waitFor("Open: ")
        tern.press("C-u")
        tern.type(host + "/page/every")
        tern.press("Tab")
        tern.waitForScreen("the first page's URL completed") { [self] _ in
            statusLine(tern).hasPrefix("Open: " + first) && statusLine(tern).hasSuffix("(1/1)")
        }
        // Esc gives back what was typed; a Tab without "http://" matches both pages, newest first.
        tern.press("Escape")
        tern.waitForScreen("the typed text back") { [self] _ in statusLine(tern).trimmingCharacters(in: .whitespaces) == "Open: \(host)/page/every" }
        tern.press("C-u")
        tern.type(host + "/page/")
        tern.press("Tab")
        tern.waitForScreen("the newest page first") { [self] _ in
            statusLine(tern).hasPrefix("Open: " + server.url("/page/a").href) && statusLine(tern).hasSuffix("(1/2)")
        }
        tern.press("Tab")
        tern.waitForScreen("the first page second") { [self] _ in statusLine(tern).hasSuffix("(2/2)") }
        tern.press("Enter")
        tern.waitForScreen("the completed page opened") { $0.components(separatedBy: "\n")[0].contains("everyday-first") }
    }
}
