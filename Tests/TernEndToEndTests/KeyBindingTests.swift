import XCTest
import Foundation
import TernTestSupport

/// The keymap in the real browser, in a real terminal (tmux): the `?` page
/// lists the default keys, a count repeats a motion, and the focused link
/// opens in a new tab.
final class KeyBindingTests: TerminalTestCase {
    /// The page rows (under the title bar, above the status line).
    private func pageRows(_ tern: TerminalSession) -> [String] {
        Array(tern.screen().components(separatedBy: "\n").dropFirst().prefix(22))
    }

    func testHelpPageListsTheDefaultKeysByCommand() throws {
        let tern = try browse([server.url("/page/one").href])
        tern.waitFor("Page one")
        tern.press("?")
        tern.waitFor("Tern help")
        tern.waitFor("Moving")
        let screen = tern.screen()
        for row in ["Down, j", "scroll-down", "scroll down a line", "PageDown, Space, C-f", "page-down"] {
            XCTAssertTrue(screen.contains(row), "\(row) on the ? page:\n\(screen)")
        }
        // Further down: the tab keys, sequences included, and the new commands.
        tern.press("/")
        tern.type("C-PageDown")
        tern.press("Enter")
        tern.waitForScreen("the next-tab row") { $0.contains("gt, C-PageDown") && $0.contains("next-tab") }
        tern.press("/")
        tern.type("open the focused link in a new tab")
        tern.press("Enter")
        tern.waitForScreen("the open-link-in-new-tab row") { $0.contains("T      open-link-in-new-tab") }
        // Back goes to the page; forward and reload show the generated page again.
        tern.press("Left")
        tern.waitFor("Page one")
        tern.press("Right")
        tern.waitFor("open-link-in-new-tab")
        tern.press("r")
        tern.waitForScreen("the reloaded page") { $0.contains("Tern help") && !$0.contains("[loading]") }
        tern.press("g")
        tern.waitFor("Moving")
    }

    func testACountBeforeJScrollsThatManyLines() throws {
        let tern = try browse([server.url("/large-page?kb=8").href])
        tern.waitFor("Script counted")
        let before = pageRows(tern)
        tern.press("5")
        tern.waitFor("5 (Enter: follow link 5; a motion key: repeat it")
        tern.press("j")
        tern.waitForScreen("five lines down") { _ in self.pageRows(tern).first == before[5] }
        XCTAssertEqual(Array(pageRows(tern).prefix(17)), Array(before[5...].prefix(17)), tern.screen())
        tern.press("2", "k")
        tern.waitForScreen("two lines up") { _ in self.pageRows(tern).first == before[3] }
        // A number then Enter still follows that link.
        tern.press("3", "Enter")
        tern.waitFor("Page p2")
    }

    func testOpenLinkInNewTabGivesTwoTabs() throws {
        let tern = try browse([server.url("/page/one").href])
        tern.waitFor("Page one")
        tern.press("Tab", "Tab")
        tern.waitForScreen("link b focused") { $0.components(separatedBy: "\n").last { !$0.isEmpty }?.hasSuffix("/page/b") ?? false }
        tern.press("T")
        tern.waitFor("[tab 2/2]")
        tern.waitFor("Page b")
        XCTAssertTrue(tern.row(1).contains("1:one") && tern.row(1).contains("2:b"), "the tab bar: \(tern.row(1))")
        tern.press("g", "T")
        tern.waitFor("[tab 1/2]")
        XCTAssertTrue(tern.screen().contains("Page one"))
    }
}
