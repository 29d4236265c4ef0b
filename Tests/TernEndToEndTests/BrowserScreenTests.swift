import XCTest
import Foundation
import TernTestSupport

/// The interactive browser in a real terminal (tmux): what a person sees and
/// what the keys do.
final class BrowserScreenTests: TerminalTestCase {
    /// A page long enough to scroll, with links at known places.
    private func longPage(title: String, links: [String] = []) -> String {
        var body = "<h1>\(title)</h1>"
        for i in 0..<80 { body += "<p>Paragraph \(i) of \(title).</p>" }
        for (i, link) in links.enumerated() { body += "<p><a href=\"\(link)\">link \(i)</a></p>" }
        return "data:text/html,<title>\(title)</title>" + body.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    func testStartPageShowsTitleBarPageAndStatusLine() throws {
        let tern = try browse([])
        tern.waitFor("Tern start page")
        XCTAssertTrue(tern.row(0).contains("Tern start page"), "title bar: \(tern.row(0))")
        XCTAssertTrue(tern.screen().contains("[1]Keys and help"))
        XCTAssertTrue(tern.row(23).contains("Press ? for help"), "status line: \(tern.row(23))")
    }

    func testTitleBarShowsThePageTitleAndTheURLWithoutOne() throws {
        let tern = try browse([server.url("/page/first").href])
        tern.waitFor("Page first")
        XCTAssertEqual(tern.row(0).trimmingCharacters(in: .whitespaces), "first", "the title bar shows the title")
        tern.press("o", "C-u")
        tern.type(server.url("/mime?type=text/plain&body=no%20title%20here").href)
        tern.press("Enter")
        tern.waitFor("no title here")
        XCTAssertTrue(tern.row(0).contains("/mime?type=text/plain"), "title bar without a title shows the URL: \(tern.row(0))")
    }

    func testProgressBarAppearsWhileLoadingAndGoesAfter() throws {
        let tern = try browse([server.url("/slow?ms=3000&chunks=30").href])
        tern.waitForScreen("a progress bar") { screen in
            let row = screen.components(separatedBy: "\n")[1]
            return row.hasPrefix("[=") && row.contains("%")
        }
        XCTAssertTrue(tern.row(0).contains("[loading]"), tern.row(0))
        tern.waitForScreen("the page loaded", timeout: 20) { !$0.components(separatedBy: "\n")[0].contains("[loading]") }
        tern.waitForScreen("the progress bar gone") { screen in
            !screen.components(separatedBy: "\n")[1].contains("%")
        }
        tern.press("G")
        tern.waitFor("End of slow page.")
    }

    func testHomeAndEndWorkWhicheverSequenceTheTerminalSends() throws {
        let tern = try browse([longPage(title: "Keys")])
        tern.waitFor("Paragraph 0 of Keys")
        // tmux's own keys, then the sequences of tmux/screen, rxvt and xterm (both modes).
        let variants: [(end: [UInt8], home: [UInt8])] = [
            (Array("\u{1B}[4~".utf8), Array("\u{1B}[1~".utf8)),
            (Array("\u{1B}[8~".utf8), Array("\u{1B}[7~".utf8)),
            (Array("\u{1B}[F".utf8), Array("\u{1B}[H".utf8)),
            (Array("\u{1B}OF".utf8), Array("\u{1B}OH".utf8)),
        ]
        tern.press("End")
        tern.waitFor("Paragraph 79 of Keys")
        tern.press("Home")
        tern.waitFor("Paragraph 0 of Keys")
        for (end, home) in variants {
            tern.send(bytes: end)
            tern.waitForScreen("the end after \(end)") { $0.contains("Paragraph 79 of Keys") && !$0.contains("Paragraph 0 of Keys") }
            tern.send(bytes: home)
            tern.waitForScreen("the top after \(home)") { $0.contains("Paragraph 0 of Keys") && !$0.contains("Paragraph 79 of Keys") }
        }
        XCTAssertFalse(tern.screen().contains("\u{241B}"), "no escape shown as text")
    }

    func testTabFocusesLinksAndEnterFollows() throws {
        let tern = try browse([server.url("/page/start").href])
        tern.waitFor("Page start")
        tern.press("Tab")
        tern.waitForScreen("the first link's URL in the status line") { $0.components(separatedBy: "\n")[23].contains("/page/a") }
        tern.press("Tab")
        tern.waitForScreen("the second link's URL in the status line") { $0.components(separatedBy: "\n")[23].contains("/page/b") }
        tern.press("BTab")
        tern.waitForScreen("the first link again") { $0.components(separatedBy: "\n")[23].contains("/page/a") }
        tern.press("Enter")
        tern.waitFor("Page a")
        XCTAssertTrue(tern.row(0).contains("a"))
    }

    func testMouseWheelScrollsAndAClickFollowsALink() throws {
        let tern = try browse([longPage(title: "Mouse", links: [server.url("/page/clicked").href])])
        tern.waitFor("Paragraph 0 of Mouse")
        tern.mouse(button: 65, row: 5, column: 5)
        tern.waitForScreen("scrolled three lines by the wheel") { $0.components(separatedBy: "\n")[1].contains("Paragraph 0 of Mouse") }
        tern.mouse(button: 64, row: 5, column: 5)
        tern.waitForScreen("scrolled back by the wheel") { $0.components(separatedBy: "\n")[1].contains("Mouse") && !$0.components(separatedBy: "\n")[1].contains("Paragraph") }
        tern.press("G")
        tern.waitFor("[1]link 0")
        let rows = tern.screen().components(separatedBy: "\n")
        let row = try XCTUnwrap(rows.firstIndex { $0.contains("[1]link 0") })
        let column = try XCTUnwrap(rows[row].range(of: "link 0")).lowerBound.utf16Offset(in: rows[row])
        tern.mouse(button: 0, row: row, column: column)
        tern.waitFor("Page clicked")
    }

    func testBlankTargetOpensATabAndTabsSwitchAndClose() throws {
        let page = "<title>Opener</title><p><a href=\"\(server.url("/page/popup").href)\" target=_blank>new tab</a>"
            + "<p><button onclick=\"window.close()\">close me</button>"
        let tern = try browse([server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href])
        tern.waitFor("[1]new tab")
        tern.press("Tab", "Enter")
        tern.waitFor("Page popup")
        tern.waitForScreen("a tab bar and the count") { screen in
            let rows = screen.components(separatedBy: "\n")
            return rows[0].contains("[tab 2/2]") && rows[1].contains("1:Opener") && rows[1].contains("2:popup")
        }
        tern.press("g", "T")
        tern.waitForScreen("the first tab shown") { $0.components(separatedBy: "\n")[0].contains("Opener") && $0.contains("[tab 1/2]") }
        tern.press("C-NPage")
        tern.waitFor("[tab 2/2]")
        tern.press("x")
        tern.waitForScreen("one tab left, no tab bar") { !$0.contains("[tab") && $0.contains("[1]new tab") }
        // window.close() from a script closes its tab, as webViewDidClose says.
        tern.press("t")
        tern.waitFor("Open:")
        tern.press("C-u")
        tern.type(server.url("/mime?type=text/html&body=" + "<title>Closable</title><p><button onclick=\"window.close()\">close me</button>".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href)
        tern.press("Enter")
        tern.waitFor("[close me]")
        XCTAssertTrue(tern.row(0).contains("[tab 2/2]"), tern.row(0))
        tern.press("Tab", "Enter")
        tern.waitForScreen("the closed tab gone") { !$0.contains("[tab") && $0.contains("[1]new tab") }
    }

    func testTwentyWindowOpenCallsFromOneClickOpenOneTab() throws {
        let popup = server.url("/page/popup").href
        let page = "<title>Popups</title><p><button onclick=\"for (var i = 0; i < 20; i++) window.open('\(popup)?n=' + i)\">open many</button>"
            + "<script>window.open('\(popup)?unasked')</script>"
        let tern = try browse([server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href])
        tern.waitFor("[open many]")
        XCTAssertFalse(tern.row(0).contains("[tab"), "no tab without a click")
        tern.press("Tab", "Enter")
        tern.waitFor("[tab 2/2]")
        usleep(500_000)
        XCTAssertTrue(tern.row(0).contains("[tab 2/2]"), "one tab for one click: \(tern.row(0))")
    }

    func testLinkNumberThenEnterFollowsThatLink() throws {
        let tern = try browse([server.url("/page/start").href])
        tern.waitFor("Page start")
        tern.type("2")
        tern.waitFor("2 (Enter: follow link 2")
        tern.press("Enter")
        tern.waitFor("Page b")
    }

    func testBackReturnsToTheSameScrollPositionAndForwardGoesAgain() throws {
        let first = longPage(title: "Long", links: [server.url("/page/next").href])
        let tern = try browse([first])
        tern.waitFor("Paragraph 0 of Long")
        tern.press("NPage", "NPage")
        tern.waitForScreen("the page scrolled") { !$0.contains("Paragraph 0 of Long") }
        let scrolled = tern.row(1)
        tern.press("o", "C-u")
        tern.type(server.url("/page/next").href)
        tern.press("Enter")
        tern.waitFor("Page next")
        tern.press("Left")
        tern.waitFor("of Long.")
        tern.waitForScreen("the same scroll position (\(scrolled))") { $0.components(separatedBy: "\n")[1] == scrolled }
        tern.press("Right")
        tern.waitFor("Page next")
    }

    func testReloadLoadsThePageAgain() throws {
        let tern = try browse([server.url("/visits").href])
        let first = try XCTUnwrap(visitNumber(tern))
        tern.press("r")
        tern.waitFor("Visit number \(first + 1)")
    }

    private func visitNumber(_ tern: TerminalSession) -> Int? {
        tern.waitFor("Visit number")
        let screen = tern.screen()
        guard let range = screen.range(of: "Visit number ") else { return nil }
        return Int(screen[range.upperBound...].prefix { $0.isNumber })
    }

    func testEscapeStopsTheSlowPage() throws {
        let tern = try browse([server.url("/slow?ms=8000&chunks=40").href])
        tern.waitFor("Slow paragraph 0000")
        tern.press("Escape")
        tern.waitFor("Stopped")
        XCTAssertFalse(tern.row(0).contains("[loading]"), tern.row(0))
        usleep(1_000_000)
        XCTAssertFalse(tern.screen().contains("End of slow page."))
    }

    func testSearchFindsAndHighlightsWrappingAround() throws {
        let tern = try browse([longPage(title: "Search")])
        tern.waitFor("Paragraph 0 of Search")
        tern.press("/")
        tern.type("paragraph 70 ")
        tern.press("Enter")
        tern.waitFor("Paragraph 70 of Search")
        XCTAssertFalse(tern.screen().contains("Paragraph 0 of Search."), "scrolled to the match")
        // The match is drawn in the highlight colours (black on yellow).
        let styled = tern.styledScreen()
        XCTAssertTrue(styled.contains("\u{1B}[30m\u{1B}[43mParagraph 70 ") || styled.contains("\u{1B}[30;43mParagraph 70 "),
                      "highlighted match: \(styled.debugDescription)")
        // n wraps around to the only match; a capital makes the search case-sensitive.
        tern.press("n")
        tern.waitFor("Paragraph 70 of Search")
        tern.press("/")
        tern.type("PARAGRAPH")
        tern.press("Enter")
        tern.waitFor("Not found: PARAGRAPH")
    }

    func testResizeRewrapsAndKeepsThePlaceInTheText() throws {
        let words = (0..<400).map { "word\($0)" }.joined(separator: " ")
        let page = "data:text/html,<title>Wrap</title><p>" + words + "</p>"
        let tern = try browse([page], columns: 80, rows: 24)
        tern.waitFor("word0 word1")
        tern.press("NPage")
        tern.waitForScreen("the page scrolled") { !$0.contains("word0 word1") }
        // Row 1 shows the progress bar until the load's bar has gone.
        tern.waitForScreen("the page's text on row 1") { $0.components(separatedBy: "\n").dropFirst().first?.hasPrefix("word") == true }
        let firstWord = tern.row(1).split(separator: " ").first.map(String.init) ?? ""
        tern.resize(columns: 40, rows: 24)
        tern.waitForScreen("lines rewrapped to 40 columns") { screen in
            let rows = screen.components(separatedBy: "\n")
            return rows.count > 3 && rows[1...rows.count - 3].allSatisfy { $0.count <= 40 } && !rows[2].isEmpty
        }
        // The reader is still at the same place in the text.
        let screen = tern.screen()
        XCTAssertTrue(screen.contains(firstWord + " ") || screen.contains(firstWord + "\n"), "\(firstWord) still on screen:\n\(screen)")
    }

    func testQuestionMarkShowsHelp() throws {
        let tern = try browse([server.url("/plain").href])
        tern.waitFor("Hello from the test server.")
        tern.press("?")
        tern.waitFor("Tern help")
        tern.waitFor("scroll down a line")
        tern.press("Left")
        tern.waitFor("Hello from the test server.")
    }

    func testHistoryMenuGoesToTheChosenEntry() throws {
        let tern = try browse([server.url("/page/one").href])
        tern.waitFor("Page one")
        for name in ["two", "three"] {
            tern.press("o", "C-u")
            tern.type(server.url("/page/\(name)").href)
            tern.press("Enter")
            tern.waitFor("Page \(name)")
        }
        tern.press("h")
        tern.waitFor("History")
        tern.press("Up", "Up", "Enter")
        tern.waitFor("Page one")
        tern.press("Right")
        tern.waitFor("Page two")
    }

    func testVisitedPagesAreSearchableAndClearBrowsingDataForgetsThem() throws {
        let tern = try browse([server.url("/page/alpha").href])
        tern.waitFor("Page alpha")
        tern.press("o", "C-u")
        tern.type(server.url("/page/beta").href)
        tern.press("Enter")
        tern.waitFor("Page beta")
        tern.press("v")
        tern.waitFor("Search visited pages:")
        tern.type("alp")
        tern.press("Enter")
        tern.waitFor("Visited pages")
        XCTAssertTrue(tern.screen().contains("alpha — "), tern.screen())
        XCTAssertFalse(tern.screen().contains("beta — "), "the search filters")
        tern.press("Enter")
        tern.waitFor("Page alpha")
        tern.press("C")
        tern.waitFor("Clear browsing data")
        XCTAssertTrue(tern.screen().contains("[X] History"), "history is ticked by default")
        tern.press("Enter")
        tern.waitFor("Cleared: Cached pages, History")
        tern.press("v", "Enter")
        tern.waitFor("No pages visited yet")
    }

    func testAPageThatCannotBeOpenedShowsTheErrorPageWithTheReason() throws {
        let tern = try browse([server.url("/loop").href])
        tern.waitFor("Cannot open the page")
        tern.waitFor("Too many redirects")
        XCTAssertTrue(tern.screen().contains("[1]Try again"), tern.screen())
        tern.press("Tab")
        tern.waitForScreen("the retry link names the address") { $0.components(separatedBy: "\n")[23].contains("/loop") }
    }

    func testPageInfoShowsURLTypeAndSecurity() throws {
        let tern = try browse([server.url("/plain").href])
        tern.waitFor("Hello from the test server.")
        tern.press("=")
        tern.waitFor("Page information")
        let screen = tern.screen()
        XCTAssertTrue(screen.contains("text/html"), screen)
        XCTAssertTrue(screen.contains(server.url("/plain").href), screen)
        XCTAssertTrue(screen.contains("Secure:   no"), screen)
        tern.press("Enter")
        tern.waitForScreen("the box closed") { !$0.contains("Page information") }
    }

    func testQuitAsksFirstAndRestoresTheTerminal() throws {
        let tern = try browse([server.url("/plain").href])
        tern.waitFor("Hello from the test server.")
        tern.press("q")
        tern.waitFor("Quit Tern?")
        tern.press("n")
        tern.waitForScreen("the question gone") { !$0.contains("Quit Tern?") }
        tern.press("q")
        tern.waitFor("Quit Tern?")
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(), 0)
        tern.waitFor("tern exited with 0")
        XCTAssertFalse(tern.screen().contains("Hello from the test server."), "the page is gone with the alternate screen")
    }

    func testBackspaceOnTheFirstPageAsksToClose() throws {
        let tern = try browse([server.url("/plain").href])
        tern.waitFor("Hello from the test server.")
        tern.press("BSpace")
        tern.waitFor("Close the last page?")
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(), 0)
    }

    func testCapitalQQuitsAtOnce() throws {
        let tern = try browse([server.url("/plain").href])
        tern.waitFor("Hello from the test server.")
        tern.press("Q")
        XCTAssertEqual(tern.exitStatus(), 0)
    }

    func testWorksOnTerminalsWithoutColours() throws {
        for term in ["vt100", "linux", "screen"] {
            let tern = try browse([server.url("/page/plain").href], term: term)
            tern.waitFor("Page plain")
            tern.press("Tab")
            tern.waitForScreen("focus on \(term)") { $0.components(separatedBy: "\n")[23].contains("/page/a") }
            tern.press("Q")
            XCTAssertEqual(tern.exitStatus(), 0, term)
        }
    }

    func testCJKTextAtItsTrueWidth() throws {
        let text = String(repeating: "漢字かな交じり文", count: 12)
        let tern = try browse(["data:text/html,<title>CJK</title><p>\(text)</p>".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!],
                              columns: 40)
        tern.waitFor("漢字かな")
        let rows = tern.screen().components(separatedBy: "\n").filter { $0.contains("漢") || $0.contains("字") }
        XCTAssertGreaterThanOrEqual(rows.count, 4)
        // 20 wide characters fill 40 columns exactly.
        XCTAssertEqual(rows[0].count, 20, rows[0])
    }
}
