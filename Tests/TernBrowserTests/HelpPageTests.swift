import XCTest
@testable import TernBrowser

/// The `?` page made from a keymap: every command, its keys (escaped), the
/// prose of Resources/help.html around them.
final class HelpPageTests: XCTestCase {
    func testEveryCommandIsListedWithItsKeysOrNone() throws {
        var keymap = Keymap.default
        try keymap.unbind("=")
        let html = HelpPage.html(keymap: keymap, prose: nil)
        for command in BrowserCommand.allCases {
            XCTAssertTrue(html.contains("<td class=\"command\">\(command.name)</td>"), command.name)
        }
        for group in BrowserCommand.Group.allCases {
            XCTAssertTrue(html.contains("<h3>\(group.rawValue)</h3>"), group.rawValue)
        }
        XCTAssertTrue(html.contains("<td class=\"keys\">(no key)</td><td class=\"command\">page-info</td>"))
        XCTAssertTrue(html.contains("<td class=\"keys\">&lt;</td><td class=\"command\">scroll-left</td>"), "keys are escaped")
        XCTAssertTrue(html.contains("<title>Tern help</title>"), "a page of its own without help.html")
    }

    func testTheKeysTakeThePlaceOfHelpHtmlsKeySection() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let prose = try String(contentsOf: root.appendingPathComponent("Resources/help.html"), encoding: .utf8)
        XCTAssertTrue(prose.contains(HelpPage.keysStart) && prose.contains(HelpPage.keysEnd))
        let html = HelpPage.html(keymap: .lynx, prose: prose)
        XCTAssertFalse(html.contains("Press ? in the browser"), "the placeholder is replaced")
        XCTAssertTrue(html.contains("Editing a line"), "the prose stays")
        XCTAssertTrue(html.contains("<td class=\"keys\">Down, Tab, &gt;</td><td class=\"command\">next-link</td>"), "lynx's keys")
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</body></html>\n"))
    }
}
