import XCTest
import TernKit
import TernTerminal
import TernTestSupport
@testable import TernBrowser

/// Keys through the real Browser on a terminal kept in memory: a rebinding
/// changes what the key does and what `?` shows, the count prefix, link
/// numbers, sequences, and opening the focused link in a new tab.
final class KeyBindingScreenTests: BrowserTestCase {
    /// Opens a long page of the test server, loaded and drawn.
    private func startOnALongPage() throws {
        try browser.start(opening: server.url("/large-page?kb=8").href)
        waitForScreen { terminal.text.contains("Script counted") && !terminal.line(0).contains("[loading]") }
    }

    /// The text of the page the tab shows (all its lines).
    private var pageText: String {
        browser.tab.viewport.page.lines.map { $0.runs.map(\.text).joined() }.joined(separator: "\n")
    }

    func testARebindingChangesWhatTheKeyDoesAndWhatTheHelpPageShows() throws {
        try startOnALongPage()
        try browser.keymap.bind("j", to: "page-down")
        try browser.keymap.bind("/", to: "none")
        try browser.keymap.bind("z", to: "find")
        terminal.press(.character("j"))
        waitForScreen { browser.tab.viewport.top == browser.pageHeight - 1 }
        terminal.press(.character("/"))
        loop.runOnce(maxWait: 0.1)
        XCTAssertTrue(browser.modals.isEmpty, "/ is bound to nothing now")
        terminal.press(.character("z"))
        waitForScreen { statusLine.hasPrefix("/") && !browser.modals.isEmpty }
        terminal.press(.escape)
        waitForScreen { browser.modals.isEmpty }

        terminal.press(.character("?"))
        waitForScreen { terminal.line(0).hasPrefix(" Tern help") && !terminal.line(0).contains("[loading]") }
        let help = pageText
        XCTAssertTrue(help.contains("Moving"), help)
        let findRow = help.split(separator: "\n").first { $0.contains("find text") }.map(String.init) ?? ""
        XCTAssertTrue(findRow.contains("z"), "the find row names z: \(findRow)")
        XCTAssertFalse(findRow.contains("/"), "and no longer /: \(findRow)")
        let pageDownRow = help.split(separator: "\n").first { $0.contains("scroll down a page") }.map(String.init) ?? ""
        XCTAssertTrue(pageDownRow.contains("PageDown, Space, C-f, j"), pageDownRow)

        // Reloading makes it again from the keymap as it is then.
        try browser.keymap.bind("F2", to: "find")
        terminal.press(.character("r"))
        waitForScreen { pageText.split(separator: "\n").first { $0.contains("find text") }?.contains("F2") == true }
        XCTAssertTrue(browser.helpPageHTML().contains("<td class=\"keys\">z, F2</td><td class=\"command\">find</td>"))
    }

    func testACountRepeatsAMotionAndANumberThenEnterFollowsThatLink() throws {
        try startOnALongPage()
        terminal.press(.character("5"))
        waitForScreen { statusLine.hasPrefix("5 (Enter: follow link 5; a motion key: repeat it") }
        terminal.press(.character("j"))
        waitForScreen { browser.tab.viewport.top == 5 }
        XCTAssertFalse(statusLine.hasPrefix("5 ("), "the count is used up")
        terminal.press(.character("1"), .character("2"), .backspace, .character("k"))
        waitForScreen { browser.tab.viewport.top == 4 }
        terminal.press(.character("3"), .escape, .character("j"))
        waitForScreen { browser.tab.viewport.top == 5 }
        terminal.press(.character("2"), .character(" "))
        waitForScreen { browser.tab.viewport.top == 5 + 2 * (browser.pageHeight - 1) }
        // Counts stop at 9999: no overflow, the page just ends.
        terminal.press(.character("9"), .character("9"), .character("9"), .character("9"), .character("9"), .character("9"), .character("9"))
        waitForScreen { statusLine.hasPrefix("9999 (") }
        terminal.press(.character("j"))
        waitForScreen { browser.tab.viewport.top == browser.tab.viewport.lastTop }

        terminal.press(.character("2"), .enter)
        waitForScreen { browser.tab.webView.url?.pathname == "/page/p1" && terminal.text.contains("Page p1") }
        terminal.press(.character("9"), .character("9"), .enter)
        waitForScreen { statusLine == "No link or field number 99" }
    }

    func testSequencesWaitForTheirNextKey() throws {
        try startOnALongPage()
        terminal.press(.character("3"), .character("j"))
        waitForScreen { browser.tab.viewport.top == 3 }
        // `g` alone goes to the top once nothing follows.
        terminal.press(.character("g"))
        waitForScreen { browser.tab.viewport.top == 0 }
        // `g` then a key that goes on with no sequence: top, then that key.
        terminal.press(.character("j"), .character("j"), .character("g"), .character("j"))
        waitForScreen { browser.tab.viewport.top == 1 }
        // Esc forgets a sequence being typed.
        terminal.press(.character("g"), .escape)
        loop.runOnce(maxWait: Browser.sequenceTimeout + 0.2)
        loop.runOnce(maxWait: 0.05)
        XCTAssertEqual(browser.tab.viewport.top, 1)
        // A sequence of a keymap changed by bind.
        try browser.keymap.bind("<Esc>j", to: "bottom")
        terminal.press(.escape, .character("j"))
        waitForScreen { browser.tab.viewport.top == browser.tab.viewport.lastTop }
    }

    func testOpenLinkInNewTabOpensTheFocusedLinkAfterTheCurrentTab() throws {
        try browser.start(opening: server.url("/page/one").href)
        waitForScreen { terminal.text.contains("Page one") && !terminal.line(0).contains("[loading]") }
        terminal.press(.character("T"))
        waitForScreen { statusLine.hasPrefix("No link is focused: press Tab to focus one") }
        XCTAssertEqual(browser.tabs.count, 1)
        terminal.press(.tab, .tab, .character("T"))
        waitForScreen { browser.tabs.count == 2 && browser.tab.webView.url?.pathname == "/page/b" && terminal.text.contains("Page b") }
        XCTAssertEqual(browser.current, 1, "the new tab is shown, after the one it came from")
        XCTAssertEqual(browser.tabs[0].webView.url?.pathname, "/page/one", "the first tab stays where it was")
        XCTAssertTrue(terminal.line(0).contains("[tab 2/2]"))
        // From the first tab again: the next new tab goes between the two.
        terminal.press(.character("g"), .character("T"))
        waitForScreen { browser.current == 0 }
        terminal.press(.tab, .character("T"))
        waitForScreen { browser.tabs.count == 3 && browser.current == 1 && browser.tab.webView.url?.pathname == "/page/a" }
        XCTAssertEqual(browser.tabs[2].webView.url?.pathname, "/page/b")
    }

    func testTheStatusLineAndMessagesNameTheKeymapsKeys() throws {
        browser.keymap = .w3m
        try browser.start(opening: server.url("/page/one").href)
        waitForScreen { statusLine == "Press H for help, q to quit" }
        terminal.press(.character("n"))
        waitForScreen { statusLine == "No search yet: press / to find text" }
        try browser.keymap.unbind("H")
        terminal.press(.character("k"))
        waitForScreen { statusLine == "about:help lists the keys, q to quit" }
        XCTAssertTrue(browser.keyHint(for: .help, "for help").hasPrefix("bind a key to help"))
    }

    func testTheReadyKeymapsWorkThroughTheBrowser() throws {
        browser.keymap = .vi
        try startOnALongPage()
        terminal.press(.character("7"), .character("j"))
        waitForScreen { browser.tab.viewport.top == 7 }
        terminal.press(.character("g"), .character("g"))
        waitForScreen { browser.tab.viewport.top == 0 }
        browser.keymap = .lynx
        terminal.press(.down)
        waitForScreen { statusLine.hasSuffix("/page/p0") }
        XCTAssertEqual(browser.tab.viewport.top, 0, "lynx's Down moves to the next link")
        browser.keymap = .w3m
        terminal.press(.character("J"))
        waitForScreen { browser.tab.viewport.top == 1 }
        terminal.press(.escape, .character("b"))
        waitForScreen { browser.tab.webView.url?.href == "about:bookmarks" && terminal.text.contains("No bookmarks yet") }
    }
}
