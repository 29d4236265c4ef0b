import XCTest
import Foundation
import TernTestSupport

/// The project's rule "an idle browser uses no CPU": `tern` showing a static
/// page, with nothing to do, neither burns clock ticks nor wakes up (no
/// thread of it polls: the event loop waits in poll(2) and the heap
/// prefaulter sleeps until the loop's next turn). Bounds, not timings.
final class IdleCPUTests: XCTestCase {
    private var session: TerminalSession?

    override func tearDown() {
        session?.close()
        session = nil
        super.tearDown()
    }

    /// utime + stime (clock ticks) and voluntary context switches of every thread of `pid`.
    private func usage(of pid: Int32) -> (ticks: Int, wakeups: Int) {
        var ticks = 0, wakeups = 0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")") {
                // Fields after "pid (comm) " start at field 3: utime and stime are fields 14 and 15.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 12 { ticks += (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) }
            }
            if let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }) {
                wakeups += Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            }
        }
        return (ticks, wakeups)
    }

    func testAnIdleBrowserUsesNoCPU() throws {
        let url = TestServer.shared.url("/mime?type=text/html&body=%3Ctitle%3EStill%3C%2Ftitle%3E%3Cp%3ENothing%20moves%20here.")
        let tern = try TerminalSession([url.href])
        session = tern
        tern.waitFor("Nothing moves here.")
        let pid = try XCTUnwrap(tern.programPID())
        sleep(1)  // what the load started settles
        let before = usage(of: pid)
        sleep(5)
        let after = usage(of: pid)
        XCTAssertLessThan(after.ticks - before.ticks, 2, "CPU ticks while idle for 5 s (\(before.ticks) → \(after.ticks))")
        XCTAssertLessThanOrEqual(after.wakeups - before.wakeups, 10, "threads woke while idle for 5 s (\(before.wakeups) → \(after.wakeups))")
        XCTAssertTrue(tern.screen().contains("Nothing moves here."))
    }
}
