import XCTest
import TernNet

/// An event loop with nothing to do sleeps: `run(until:timeout:)` of a
/// headless program (a WebView with no timers, a wait for a condition that
/// never comes) must block in poll(2), not wake up to look again.
final class EventLoopIdleTests: XCTestCase {
    /// Context switches of the calling thread so far (voluntary and not).
    private func contextSwitches() -> Int {
        let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n")
            .filter { $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:") }
            .compactMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") }
            .reduce(0, +)
    }

    func testAWaitWithNothingToDoDoesNotWakeUp() {
        let loop = EventLoop()
        let before = contextSwitches()
        XCTAssertFalse(loop.run(until: { false }, timeout: 1))
        let switches = contextSwitches() - before
        // One sleep in poll(2) until the timeout; a few more for the machine's
        // other work preempting this thread. Polling every 50 ms made 20.
        XCTAssertLessThanOrEqual(switches, 4, "context switches in 1 s of waiting")
    }

    func testAWaitEndsAtTheTimerThatMeetsItsCondition() {
        let loop = EventLoop()
        var fired = false
        loop.schedule(after: 0.3) { fired = true }
        let before = contextSwitches()
        XCTAssertTrue(loop.run(until: { fired }, timeout: 30))
        XCTAssertLessThanOrEqual(contextSwitches() - before, 4, "context switches while waiting for the timer")
    }
}
