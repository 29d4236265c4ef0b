import XCTest
import Foundation
import TernTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tern --content-process` in a real terminal (tmux): each tab's page runs
/// in a process of its own; when one dies — killed from outside, or by its
/// own fault — the terminal stays whole, the tab says so, `r` brings the
/// page back, and the other tabs go on.
final class ContentProcessScreenTests: TerminalTestCase {
    private func page(_ title: String, _ body: String) -> String {
        let html = "<title>\(title)</title>\(body)".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return server.url("/mime?type=text%2Fhtml&body=\(html)").href
    }

    /// Opens `url` in the shown tab (after `key`: o, or t for a new tab).
    private func open(_ url: String, in tern: TerminalSession, key: String = "o") {
        tern.press(key)
        XCTAssertTrue(tern.waitFor("Open:"))
        tern.press("C-u")
        tern.type(url)
        tern.press("Enter")
    }

    /// The content process of the shown tab, as its page information says.
    private func contentProcess(_ tern: TerminalSession) -> Int32? {
        tern.press("=")
        guard tern.waitFor("Process:") else { return nil }
        let line = tern.screen().split(separator: "\n").first { $0.contains("Process:") } ?? ""
        tern.press("Escape")
        let digits = line.drop { !$0.isNumber }.prefix { $0.isNumber }
        return Int32(digits)
    }

    func testAKilledPageSaysSoAndReloadsWhileTheOtherTabGoesOn() throws {
        let tern = try browse(["--content-process", page("First tab", "<p>Alpha text")])
        XCTAssertTrue(tern.waitFor("Alpha text"))
        // A second tab with its own page and process.
        open(page("Second tab", "<p>Beta text"), in: tern, key: "t")
        XCTAssertTrue(tern.waitFor("Beta text"))
        let second = try XCTUnwrap(contentProcess(tern))
        tern.press("gt")
        XCTAssertTrue(tern.waitFor("Alpha text"))
        let first = try XCTUnwrap(contentProcess(tern))
        XCTAssertNotEqual(first, second)
        XCTAssertNotEqual(first, tern.programPID())

        kill(first, SIGKILL)
        XCTAssertTrue(tern.waitFor("This page stopped working — r reloads"))
        XCTAssertTrue(tern.waitFor("This page stopped working"))
        XCTAssertNotNil(tern.programPID(), "the browser lives on")

        // The other tab was not touched.
        tern.press("gt")
        XCTAssertTrue(tern.waitFor("Beta text"))
        XCTAssertEqual(kill(second, 0), 0)

        // Back in the first tab, r brings its page back in a new process.
        tern.press("gt")
        XCTAssertTrue(tern.waitFor("This page stopped working"))
        tern.press("r")
        XCTAssertTrue(tern.waitFor("Alpha text"))
        let renewed = try XCTUnwrap(contentProcess(tern))
        XCTAssertNotEqual(renewed, first)
    }

    func testACrashInThePageEndsOnlyItsProcess() throws {
        // A page whose scripts grow without end: its process passes its cap.
        let tern = try browse(["--content-process", "--script-memory-limit", "64",
                               page("Greedy", "<p>Before<script>var a = []; for (;;) a.push(new Array(100000).fill(1))</script>")])
        XCTAssertTrue(tern.waitFor("This page stopped working — r reloads", timeout: 30))
        XCTAssertNotNil(tern.programPID(), "the browser lives on")
        // A crash of the page's process, as a failed assertion ends one (SIGABRT;
        // not SIGILL sent from outside: JavaScriptCore's handler takes that
        // one for its own JIT's and returns).
        open(page("Calm", "<p>Calm text"), in: tern)
        XCTAssertTrue(tern.waitFor("Calm text"))
        let process = try XCTUnwrap(contentProcess(tern))
        kill(process, SIGABRT)
        XCTAssertTrue(tern.waitFor("This page stopped working — r reloads"))
        tern.press("r")
        XCTAssertTrue(tern.waitFor("Calm text"))
        // No raw bytes of a dead page reached the terminal: the screen is whole.
        XCTAssertTrue(tern.screen().contains("Calm"))
    }
}
