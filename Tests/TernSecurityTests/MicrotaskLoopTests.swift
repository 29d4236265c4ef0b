import XCTest
import Foundation
import TernKit
import TernTestSupport

/// Issue 27, item 3: a microtask callback that queues itself again (each run
/// a few microseconds, so the watchdog's clock, restarted by the engine at
/// each microtask, never reaches its limit) can still be stopped: by a key,
/// by `--timeout`, and by the script time limit, after which the page goes on.
final class MicrotaskLoopTests: TerminalPageTestCase {
    /// The loops, one per kind of microtask the page can queue.
    private static let loops = [
        "promise": "function f() { Promise.resolve().then(f); } f();",
        "queueMicrotask": "function f() { queueMicrotask(f); } f();",
        "MutationObserver": """
            var n = document.body, i = 0;
            new MutationObserver(function () { n.setAttribute('data-n', i++); }).observe(n, { attributes: true });
            n.setAttribute('data-n', 'start');
            """,
        "a caught promise": "function f() { try { Promise.resolve().then(f).catch(f); } catch (e) {} } f();",
    ]

    /// In the real terminal: the loop starts from a timer once the page is
    /// shown; q must still be answered while it runs.
    func testQIsAnsweredDuringAMicrotaskLoop() throws {
        let tern = try browse(html: """
            <title>Microtasks</title><p>looping soon</p>
            <script>setTimeout(function () { document.title = 'looping'; function f() { Promise.resolve().then(f); } f(); }, 300);</script>
            """)
        tern.waitFor("looping soon")
        usleep(1_000_000)  // the loop runs
        tern.press("q")
        // Well before the 10 s script limit would end the loop on its own.
        tern.waitFor("Quit Tern?", timeout: 5)
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(timeout: 15), 0, "the quit question was answered:\n\(tern.screen())")
        assertTerminalRestored(tern)
    }

    /// `tern --dump --timeout 2` ends on time whatever kind of microtask loops.
    func testDumpTimeoutEndsEachKindOfMicrotaskLoop() throws {
        for (kind, loop) in MicrotaskLoopTests.loops {
            let url = page("<title>Loop</title><body><p>loop</p><script>\(loop)</script>")
            XCTAssertNotNil(try runTern(["--dump", "--timeout", "2", url.href], limit: 8),
                            "a \(kind) loop held tern --dump --timeout 2 for 8 s")
        }
    }

    /// The script time limit ends the loop's task; the page's next task runs.
    func testTheTimeLimitEndsTheLoopAndThePageGoesOn() {
        makeSecureWebView { $0.scriptTimeLimit = 1 }
        for (kind, loop) in MicrotaskLoopTests.loops {
            loadAndWait(page("""
                <title>waiting</title><body><p id=p>waiting</p>
                <script>setTimeout(function () { document.title = 'next task ran'; }, 0); \(loop)</script>
                """))
            wait(timeout: 8) { webView.title == "next task ran" }
            XCTAssertEqual(webView.title, "next task ran", "after a \(kind) loop")
        }
    }
}
