import XCTest
import Foundation
import TernTestSupport

/// Issue 13, item 5: a page cannot lock the person in. Keys are read
/// between a page's tasks (a budget per turn of the event loop), nested
/// waits end when the person quits, and a script that never returns is
/// interrupted by its watchdog when a key asks to stop.
final class TimerFloodTests: TerminalPageTestCase {
    /// Each timer sets two more: the pending timers double at every step.
    func testQQuitsWhileTimersFlood() throws {
        let tern = try browse(html: """
            <title>Flood</title><p id=p>flooding</p>
            <script>var n = 0; function f() { n++; setTimeout(f, 0); setTimeout(f, 0); } f();</script>
            """)
        tern.waitFor("flooding")
        tern.press("Q")
        XCTAssertEqual(tern.exitStatus(timeout: 15), 0, "Q was answered while the timers flood:\n\(tern.screen())")
        assertTerminalRestored(tern)
    }

    /// A script that sends synchronous requests without end waits in nested
    /// turns of the loop: q asks, y quits, and the nested wait gives way.
    func testQuitAnsweredDuringALoopOfSynchronousRequests() throws {
        let tern = try browse(html: """
            <title>Sync loop</title><p>sync loop</p>
            <script>setTimeout(function () {
              document.title = 'looping';
              while (true) { try { var x = new XMLHttpRequest(); x.open('GET', '/plain', false); x.send(); } catch (e) {} }
            }, 100);</script>
            """)
        tern.waitFor("looping")
        tern.press("q")
        tern.waitFor("Quit Tern?")
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(timeout: 15), 0, "quitting ended the page's nested waits:\n\(tern.screen())")
        assertTerminalRestored(tern)
    }

    /// Three timers due together, each spinning for ever: the watchdog would
    /// end each after 10 s; C-c must not wait for them.
    func testControlCAnsweredDuringAnEndlessLoop() throws {
        let tern = try browse(html: """
            <title>Spin</title><p>spinning soon</p>
            <script>
            function spin() { while (true) {} }
            setTimeout(spin, 1500); setTimeout(spin, 1500); setTimeout(spin, 1500);
            </script>
            """)
        tern.waitFor("spinning soon")
        usleep(2_000_000)  // the spinning starts
        tern.press("C-c")
        tern.waitFor("Quit Tern?", timeout: 15)
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(timeout: 15), 0, "the quit question was answered:\n\(tern.screen())")
        assertTerminalRestored(tern)
    }
}
