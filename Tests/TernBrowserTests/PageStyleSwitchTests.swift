import XCTest
import Foundation
import TernKit
import TernTerminal
import TernTestSupport
@testable import TernBrowser

/// The person's control over page styles: `S` turns author styles off and
/// on in every tab and says so; `user.css` is found where XDG says.
final class PageStyleSwitchTests: BrowserTestCase {
    func testSTogglesAuthorStylesInEveryTabAndSaysSo() throws {
        XCTAssertEqual(Keymap.default.command(for: [.character("S")]), .toggleStyles)
        try browser.start(opening: server.url("/page/one").href)
        waitForScreen { terminal.text.contains("Page one") && !terminal.line(0).contains("[loading]") }
        let first = browser.tab.webView
        XCTAssertTrue(first.authorStyleSheetsEnabled)
        terminal.press(.character("S"))
        waitForScreen { statusLine.hasPrefix("Page styles off") }
        XCTAssertFalse(first.authorStyleSheetsEnabled)
        let second = browser.openTab(with: browser.configuration)
        XCTAssertFalse(second.authorStyleSheetsEnabled, "a new tab starts as the switch is")
        terminal.press(.character("S"))
        waitForScreen { statusLine.hasPrefix("Page styles on") }
        XCTAssertTrue(first.authorStyleSheetsEnabled)
        XCTAssertTrue(second.authorStyleSheetsEnabled)
    }

    func testTheBrowserStartsWithAuthorStylesOffWhenTheConfigurationSaysSo() throws {
        var configuration = WebViewConfiguration()
        configuration.eventLoop = loop
        configuration.websiteDataStore = .nonPersistent()
        configuration.preferences.authorStyleSheetsEnabled = false
        browser = Browser(configuration: configuration, terminal: terminal)
        try browser.start(opening: server.url("/page/one").href)
        XCTAssertFalse(browser.tab.webView.authorStyleSheetsEnabled)
    }

    func testUserCSSIsReadFromXDGConfigHomeElseTheHomeFolder() throws {
        let saved = (ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"], ProcessInfo.processInfo.environment["HOME"])
        defer {
            if let config = saved.0 { setenv("XDG_CONFIG_HOME", config, 1) } else { unsetenv("XDG_CONFIG_HOME") }
            if let home = saved.1 { setenv("HOME", home, 1) }
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-usercss-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/xdg/tern", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/home/.config/tern", withIntermediateDirectories: true)
        try Data([0xEF, 0xBB, 0xBF] + Array("p { color: green } /* é */".utf8)).write(to: URL(fileURLWithPath: root + "/xdg/tern/user.css"))
        try Data("b { color: blue }".utf8).write(to: URL(fileURLWithPath: root + "/home/.config/tern/user.css"))
        setenv("XDG_CONFIG_HOME", root + "/xdg", 1)
        setenv("HOME", root + "/home", 1)
        XCTAssertEqual(UserStyleSheet.path(), root + "/xdg/tern/user.css")
        XCTAssertEqual(UserStyleSheet.load(), "p { color: green } /* é */", "UTF-8, the BOM dropped")
        setenv("XDG_CONFIG_HOME", "", 1)
        XCTAssertEqual(UserStyleSheet.load(), "b { color: blue }", "an empty XDG_CONFIG_HOME counts as unset")
        unsetenv("XDG_CONFIG_HOME")
        XCTAssertEqual(UserStyleSheet.path(), root + "/home/.config/tern/user.css")
        setenv("HOME", root + "/nowhere", 1)
        XCTAssertNil(UserStyleSheet.load(), "no file, no sheet")
    }
}
