import XCTest
import Foundation
import TernTestSupport

/// Sessions in the real `tern`, in tmux: the tabs, their back/forward lists
/// and scroll positions come back after `kill -9` (asked) and with
/// `--restore` after a quit (not asked); `--private` saves none.
final class SessionRestoreTests: TerminalTestCase {
    private var root = ""
    private var profile: String { root + "/profile" }
    private var sessionFile: String { profile + "/session.sqlite" }

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-sessions-\(UUID())").path
    }

    override func tearDown() {
        super.tearDown()  // closes the sessions first
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The page's rows (under the title and tab bars, above the status line).
    private func pageRows(_ tern: TerminalSession) -> [String] {
        Array(tern.screen().components(separatedBy: "\n").dropFirst(2).prefix(20))
    }

    /// Opens `url` in a new tab with `t` and the address prompt.
    private func openTab(_ url: String, in tern: TerminalSession) {
        tern.press("t")
        tern.waitFor("Open: ")
        tern.press("C-u")
        tern.type(url)
        tern.press("Enter")
    }

    /// Waits until the session file has had time to be written (one second after the last change).
    private func waitForTheSave() {
        usleep(2_500_000)
    }

    func testAKilledSessionIsOfferedBackWithItsTabsHistoryAndScrollPosition() throws {
        let large = server.url("/large-page?kb=16").href
        let first = try browse(["--profile", profile, large])
        first.waitFor("Section 0")
        openTab(server.url("/page/x").href, in: first)
        first.waitFor("Page x")
        first.waitFor("2:x")
        // Follow the link "a" in the second tab.
        first.press("Tab")
        first.waitFor("/page/a")
        first.press("Enter")
        first.waitFor("Page a")
        // Back to the first tab, scrolled three pages down.
        first.press("g", "t")
        first.waitFor("Section 0")
        first.press("Space", "Space", "Space")
        first.waitForScreen("the page scrolled") { !$0.contains("Section 0") && $0.contains("Section") }
        let scrolled = pageRows(first)
        waitForTheSave()
        XCTAssertTrue(FileManager.default.fileExists(atPath: sessionFile))

        let pid = try XCTUnwrap(first.programPID())
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        first.waitFor("tern exited with 137")

        let second = try browse(["--profile", profile])
        second.waitForWrapped("Restore the last session?")
        XCTAssertTrue(second.screen().contains("Large Page"), "the dialog names the tabs:\n\(second.screen())")
        second.press("y")
        second.waitFor("2:a")
        second.waitFor("[tab 1/2]")
        second.waitForScreen("the first tab where it was scrolled") { _ in self.pageRows(second) == scrolled }
        second.press("g", "t")
        second.waitFor("Page a")
        second.press("Left")
        second.waitFor("Page x")
        second.press("Right")
        second.waitFor("Page a")

        // Quit: the next start asks nothing.
        second.press("Q")
        XCTAssertEqual(second.exitStatus(), 0)
        let third = try browse(["--profile", profile])
        third.waitFor("Press ? for help")
        usleep(500_000)
        XCTAssertFalse(third.screen().contains("Restore the last session"), third.screen())
    }

    func testRestoreAfterAQuitBringsTheTabsBackWithoutAsking() throws {
        let first = try browse(["--profile", profile, server.url("/page/x").href])
        first.waitFor("Page x")
        first.press("Tab")
        first.waitFor("/page/a")
        first.press("Tab")
        first.waitFor("/page/b")
        first.press("Enter")
        first.waitFor("Page b")
        first.press("Q")
        XCTAssertEqual(first.exitStatus(), 0)

        let second = try browse(["--profile", profile, "--restore"])
        second.waitFor("Page b")
        XCTAssertFalse(second.screen().contains("Restore the last session"))
        second.waitFor("Restored 1 tab")
        second.press("Left")
        second.waitFor("Page x")
        second.press("Q")
        XCTAssertEqual(second.exitStatus(), 0)

        // --restore with a page: the restored tab, then the page in a tab of its own, shown.
        let third = try browse(["--profile", profile, "--restore", server.url("/page/y").href])
        third.waitFor("Page y")
        third.waitFor("1:x")
        third.waitFor("[tab 2/2]")
    }

    func testAfterACrashAPageGivenOpensAndTheStatusLineSaysHowToRestore() throws {
        let first = try browse(["--profile", profile, server.url("/page/x").href])
        first.waitFor("Page x")
        waitForTheSave()
        kill(try XCTUnwrap(first.programPID()), SIGKILL)
        first.waitFor("tern exited with 137")

        let second = try browse(["--profile", profile, server.url("/page/y").href])
        second.waitFor("Page y")
        second.waitFor("tern --restore")
        XCTAssertFalse(second.screen().contains("Restore the last session"))
    }

    func testASessionEndedBySignalIsOfferedAndNoMeansAFreshStart() throws {
        let first = try browse(["--profile", profile, server.url("/page/x").href])
        first.waitFor("Page x")
        // No wait for the debounced save: the way out saves.
        kill(try XCTUnwrap(first.programPID()), SIGTERM)
        first.waitFor("tern exited with 143")

        let second = try browse(["--profile", profile])
        second.waitForWrapped("Tern was ended by a signal last time")
        second.press("n")
        second.waitFor("Press ? for help")
        XCTAssertFalse(second.screen().contains("Page x"))
        second.press("Q")
        XCTAssertEqual(second.exitStatus(), 0)
        let third = try browse(["--profile", profile])
        third.waitFor("Press ? for help")
        usleep(500_000)
        XCTAssertFalse(third.screen().contains("Restore the last session"), "asked once")
    }

    func testTwoTernsOnOneProfileKeepTheirOwnSessions() throws {
        let one = try browse(["--profile", profile, server.url("/page/x").href])
        one.waitFor("Page x")
        waitForTheSave()
        // A second Tern while the first runs: the first's session is not a crash.
        let two = try browse(["--profile", profile, server.url("/page/y").href])
        two.waitFor("Page y")
        usleep(1_000_000)
        XCTAssertFalse(two.screen().contains("tern --restore"), two.screen())
        two.press("Tab", "Enter")
        two.waitFor("Page a")
        waitForTheSave()

        // The first is killed; a third offers its session (x), not the second's, still running.
        kill(try XCTUnwrap(one.programPID()), SIGKILL)
        one.waitFor("tern exited with 137")
        let three = try browse(["--profile", profile])
        three.waitForWrapped("Restore its 1 tab?")
        XCTAssertTrue(three.screen().contains("│ x "), three.screen())
        three.press("y")
        three.waitFor("Page x")
        XCTAssertTrue(two.screen().contains("Page a"), "the second Tern goes on")
        three.press("Q")
        XCTAssertEqual(three.exitStatus(), 0)

        // The second quits later: its own tabs are the last session now.
        two.press("Q")
        XCTAssertEqual(two.exitStatus(), 0)
        let four = try browse(["--profile", profile, "--restore"])
        four.waitFor("Page a")
        four.press("Left")
        four.waitFor("Page y")
    }

    func testPrivateBrowsingSavesNoSession() throws {
        let tern = try browse(["--private", "--profile", profile, server.url("/page/x").href])
        tern.waitFor("Page x")
        tern.press("Tab", "Enter")
        tern.waitFor("Page a")
        waitForTheSave()
        tern.press("Q")
        XCTAssertEqual(tern.exitStatus(), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sessionFile))
        let xdg = tern.directory.appendingPathComponent("profile").path
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: xdg + "/tern")) ?? [], [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: profile))
    }

    func testADamagedSessionFileGivesAMessageAndAFreshStart() throws {
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: sessionFile))
        let tern = try browse(["--profile", profile])
        tern.waitForWrapped("could not be read")
        XCTAssertTrue(FileManager.default.fileExists(atPath: sessionFile + ".broken"))
    }
}
