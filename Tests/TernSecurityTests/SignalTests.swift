import XCTest
import Foundation
import TernTestSupport

/// Issue 13, item 5: SIGHUP and SIGTERM end tern cleanly, whatever the page
/// does: the terminal is given back (cooked mode, normal screen) and the
/// exit status is 128 + the signal's number.
final class SignalTests: TerminalPageTestCase {
    func testSIGTERMWhileTimersFlood() throws {
        let tern = try browse(html: """
            <title>Flood</title><p>flooding</p>
            <script>function f() { setTimeout(f, 0); setTimeout(f, 0); } f();</script>
            """)
        tern.waitFor("flooding")
        let pid = try XCTUnwrap(ternProcess(in: tern))
        kill(pid, SIGTERM)
        XCTAssertEqual(tern.exitStatus(timeout: 15), 128 + SIGTERM)
        assertTerminalRestored(tern)
    }

    func testSIGHUPDuringAnEndlessLoop() throws {
        let tern = try browse(html: """
            <title>Spin</title><p>spinning soon</p>
            <script>setTimeout(function () { while (true) {} }, 1500);</script>
            """)
        tern.waitFor("spinning soon")
        usleep(2_000_000)  // the spinning starts
        let pid = try XCTUnwrap(ternProcess(in: tern))
        kill(pid, SIGHUP)
        XCTAssertEqual(tern.exitStatus(timeout: 15), 128 + SIGHUP)
        assertTerminalRestored(tern)
    }
}
