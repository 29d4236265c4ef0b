import XCTest
import Foundation
import TernTestSupport

/// Issue #13 item 9: a page's script launched the external handler of a
/// non-web scheme 30 times in 1.5 s without a question. Launching needs the
/// person's activation (a key) and a confirmation naming the program and the
/// URL; one question per page at a time, the page's other requests dropped.
/// The handler here is a harmless shell script that appends its URL to a file.
final class ExternalSchemeTests: XCTestCase {
    private var sessions: [TerminalSession] = []
    private var work: URL!
    private var launches: URL { work.appendingPathComponent("launches.txt") }
    private var handler: URL { work.appendingPathComponent("mail-handler.sh") }

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("tern-external-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("tern"), withIntermediateDirectories: true)
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(launches.path)'\n".write(to: handler, atomically: true, encoding: .utf8)
        chmod(handler.path, 0o755)
        try "handler.mailto = \(handler.path)\n".write(to: work.appendingPathComponent("tern/config"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        try? FileManager.default.removeItem(at: work)
        super.tearDown()
    }

    private func browse(_ page: String) throws -> TerminalSession {
        let url = TestServer.shared.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let session = try TerminalSession([url.href], environment: ["XDG_CONFIG_HOME": work.path])
        sessions.append(session)
        return session
    }

    private var launched: [String] {
        ((try? String(contentsOf: launches, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private let flood = """
        function flood() {
          for (var i = 0; i < 30; i++) location = 'mailto:victim@b.test?subject=loop' + i;
          var n = 0, timer = setInterval(function () {
            location = 'mailto:victim@b.test?subject=timer' + n;
            if (++n === 30) { clearInterval(timer); document.title = 'flood over'; }
          }, 50);
        }
        """

    func testAScriptAloneLaunchesNothingAndAsksNothing() throws {
        let tern = try browse("<title>Mailer</title><p>Hello<script>\(flood) setTimeout(flood, 10);</script>")
        tern.waitFor("flood over")
        tern.waitFor("Blocked without a key press: mailto:")
        usleep(500_000)
        let screen = tern.screen()
        XCTAssertFalse(screen.contains("Open in another program?"), "no question without a key:\n\(screen)")
        XCTAssertTrue(launched.isEmpty, "nothing ran unasked: \(launched)")
    }

    func testOneKeyGetsOneQuestionNamingTheProgramAndTheURL() throws {
        let tern = try browse("<title>Mailer</title><p><button onclick=\"flood()\">send</button><script>\(flood)</script>")
        tern.waitFor("[send]")
        tern.press("Tab")
        tern.waitFor("Enter to press send")
        tern.press("Enter")
        tern.waitFor("Open in another program?")
        tern.waitForWrapped("mailto:victim@b.test?subject=loop29")
        tern.waitForWrapped(handler.path)
        // The page goes on asking while the question is open: dropped, no second question.
        tern.waitFor("flood over")
        usleep(300_000)
        XCTAssertTrue(launched.isEmpty, "nothing runs before the answer")
        tern.press("n")
        tern.waitFor("Did not open")
        usleep(500_000)
        XCTAssertFalse(tern.screen().contains("Open in another program?"), "one question only:\n\(tern.screen())")
        XCTAssertTrue(launched.isEmpty, "refused: nothing ran: \(launched)")

        // Asked again with a key, and accepted: the program runs once, with that URL.
        tern.press("Enter")
        tern.waitFor("Open in another program?")
        tern.press("y")
        // (The status line's "Opened …" may give way at once to the timer flood's "Blocked …".)
        tern.waitForScreen("the handler ran") { _ in !self.launched.isEmpty }
        usleep(1_000_000)
        XCTAssertEqual(launched, ["mailto:victim@b.test?subject=loop29"])
    }
}
