import XCTest
import TernKit
import TernTerminal
import TernTestSupport
@testable import TernBrowser

/// The browser's screen logic — title bar, status line, dialogs, scrolling,
/// keys — on a terminal kept in memory: the real Browser, a real WebView
/// and the test server, without tmux.
final class BrowserScreenLogicTests: BrowserTestCase {
    /// Opens `path` of the test server as the first page.
    private func start(_ path: String) throws {
        try browser.start(opening: server.url(path).href)
    }

    /// `text` percent-encoded for a query value (unreserved characters kept).
    private static func queryValue(_ text: String) -> String {
        text.utf8.map { byte in
            let c = Character(Unicode.Scalar(byte))
            return c.isASCII && (c.isLetter || c.isNumber || "-._~".contains(c)) ? String(c) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    func testTitleBarShowsThePageTitleInItsStyle() throws {
        try start("/page/Hello%20World")
        // (the progress bar, over the first page row, fades out after the load)
        waitForScreen { terminal.line(0).hasPrefix(" Hello World") && terminal.text.contains("Page Hello World") }
        XCTAssertEqual(terminal.screen[0][0].style, Theme.titleBar)
        XCTAssertEqual(terminal.screen[0][79].style, Theme.titleBar, "the bar spans the screen")
        XCTAssertEqual(terminal.windowTitle, "Hello World - Tern")
    }

    func testStatusLineNamesTheFocusedLink() throws {
        try start("/page/one")
        waitForScreen { terminal.line(0).hasPrefix(" one") && !terminal.line(0).contains("[loading]") }
        XCTAssertEqual(statusLine, "Press ? for help, q to quit")
        terminal.press(.tab)
        waitForScreen { statusLine.hasSuffix("/page/a") }
        XCTAssertEqual(statusLine, server.url("/page/a").displayHref)
        terminal.press(.tab)
        waitForScreen { statusLine.hasSuffix("/page/b") }
    }

    /// A page's confirm() is a dialog on the screen; the script waits (in a
    /// nested turn of the loop) for the key that answers it, and gets that
    /// answer — the key must not interrupt the script instead.
    func testAConfirmIsADialogWhoseAnswerReachesTheScript() throws {
        var dialog: [String] = []
        func answerOnceShown() {
            _ = loop.schedule(after: 0.05) { [self] in
                guard terminal.text.contains("Really go on?") else { return answerOnceShown() }
                dialog = (0..<terminal.rows).map(terminal.line)
                terminal.press(.enter)
            }
        }
        let body = "<title>Question</title><p><button onclick=\"document.title = confirm('Really go on?') ? 'Yes' : 'No'\">Ask</button>"
        try start("/mime?type=text/html&body=" + Self.queryValue(body))
        waitForScreen { terminal.line(0).hasPrefix(" Question") && !terminal.line(0).contains("[loading]") }
        answerOnceShown()
        terminal.press(.tab)
        waitForScreen { statusLine == "Enter to press Ask" }
        terminal.press(.enter)
        waitForScreen { !terminal.line(0).hasPrefix(" Question") }
        XCTAssertEqual(terminal.line(0), " Yes", "OK (Enter) answered the page's confirm()")
        let origin = server.url("/")
        XCTAssertTrue(dialog.contains { $0.contains("\(origin.displayHost):\(origin.port) says:") }, dialog.joined(separator: "\n"))
        XCTAssertTrue(dialog.contains { $0.contains("OK") && $0.contains("Cancel") }, dialog.joined(separator: "\n"))
        XCTAssertEqual(dialog.first, " Question", "the script waited for the answer")
    }

    func testSpaceScrollsAPageDown() throws {
        let lines = (1...200).map { "Line \($0)" }.joined(separator: "\n")
        try start("/mime?type=text/html&body=" + Self.queryValue("<pre>\(lines)</pre>"))
        waitForScreen { terminal.line(1) == "Line 1" && !terminal.line(0).contains("[loading]") }
        // 22 page rows (24 less the title bar and the status line); a page
        // down keeps one line of the last screen.
        XCTAssertEqual(terminal.line(22), "Line 22")
        terminal.press(.character(" "))
        waitForScreen { terminal.line(1) == "Line 22" }
        XCTAssertEqual(terminal.line(22), "Line 43")
        terminal.press(.character("G"))
        waitForScreen { terminal.line(22) == "Line 200" }
    }

    /// As browsers treat their new-tab page: an address opened from the
    /// start page takes its place in the history (a page alone in its tab
    /// may then close it with window.close()); from another page it adds an entry.
    func testAnAddressOpenedFromTheStartPageTakesItsPlace() throws {
        try browser.start(opening: nil)
        waitForScreen { terminal.line(0).hasPrefix(" Tern start page") && !terminal.line(0).contains("[loading]") }
        browser.open(server.url("/page/first").href)
        waitForScreen { terminal.line(0).hasPrefix(" first") && !terminal.line(0).contains("[loading]") }
        XCTAssertFalse(browser.tab.webView.canGoBack, "the start page left no entry")
        browser.open(server.url("/page/second").href)
        waitForScreen { terminal.line(0).hasPrefix(" second") && !terminal.line(0).contains("[loading]") }
        XCTAssertTrue(browser.tab.webView.canGoBack)
    }

    func testLeftGoesBack() throws {
        try start("/page/first")
        waitForScreen { terminal.line(0).hasPrefix(" first") && !terminal.line(0).contains("[loading]") }
        browser.open(server.url("/page/second").href)
        waitForScreen { terminal.line(0).hasPrefix(" second") && !terminal.line(0).contains("[loading]") }
        terminal.press(.left)
        waitForScreen { terminal.line(0).hasPrefix(" first") && !terminal.line(0).contains("[loading]") }
        XCTAssertTrue(browser.tab.webView.canGoForward)
    }
}
