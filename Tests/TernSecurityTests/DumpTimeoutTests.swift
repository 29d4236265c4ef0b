import XCTest
import Foundation
import TernKit
import TernNet
import TernTestSupport

/// Issue 13, item 5: `--timeout` bounds the whole of `tern --dump`, the
/// page's scripts included: past it a running script is interrupted and tern
/// exits with status 1 ("took too long").
final class DumpTimeoutTests: TerminalPageTestCase {
    /// Runs `tern arguments`; nil when it was still running after `limit` seconds (then killed).
    private func dump(_ arguments: [String], limit: Double = 20) throws -> (status: Int32, stderr: String)? {
        try runTern(arguments, limit: limit).map { ($0.status, $0.stderr) }
    }

    /// Three scripts that never end: the watchdog alone would allow 10 s each.
    func testEndlessScriptsAreBoundedByTheTimeout() throws {
        let spin = "<script>while (true) {}</script>"
        let url = page("<title>Spin</title><p>spin</p>" + spin + spin + spin)
        let run = try XCTUnwrap(try dump(["--dump", "--timeout", "2", url.href]), "tern --dump --timeout 2 was still running after 20 s")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("took too long"), run.stderr)
    }

    /// An endless chain of timers that each spin, and a condition never met.
    func testAnEndlessTimerChainIsBoundedByTheTimeout() throws {
        let url = page("""
            <title>Chain</title><p>chain</p>
            <script>function spin() { setTimeout(spin, 0); setTimeout(spin, 0); var t = Date.now(); while (Date.now() - t < 3000) {} }
            setTimeout(spin, 0);</script>
            """)
        let run = try XCTUnwrap(try dump(["--dump", "--timeout", "2", "--wait-for", "false", url.href]),
                                "tern --dump --timeout 2 was still running after 20 s")
        XCTAssertEqual(run.status, 1, run.stderr)
    }
}
