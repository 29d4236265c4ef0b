import XCTest
import TernKit
import TernTestSupport

/// HTML's timer initialisation steps (https://html.spec.whatwg.org/#timer-initialisation-steps):
/// the timeout is a WebIDL `long`, and a timer set from a timer task nested
/// more than 5 deep waits at least 4 ms. Only lower bounds on time are
/// checked (a slow machine only makes the waits longer).
final class TimerNestingTests: WebViewTestCase {
    private func times(_ script: String) -> [Double] {
        _ = value("window.times = []; \(script); 0")
        wait { value("times.length") == .number(26) }
        guard case .array(let values)? = value("times") else { return [] }
        return values.compactMap { if case .number(let n) = $0 { return n } else { return nil } }
    }

    func testAChainOfZeroDelayTimersIsClampedAfterFiveLevels() {
        loadAndWait("/plain")
        // times[k] is taken in the timer task of nesting level k; the timer
        // it sets is clamped from level 6 on: 19 waits of at least 4 ms.
        let t = times("(function step() { times.push(Date.now()); if (times.length < 26) setTimeout(step, 0); })()")
        XCTAssertEqual(t.count, 26)
        guard t.count == 26 else { return }
        XCTAssertGreaterThanOrEqual(t[25] - t[6], 19 * 4 - 1, "\(t)")
    }

    func testAnIntervalIsClampedAfterFiveRepeats() {
        loadAndWait("/plain")
        let t = times("var id = setInterval(function () { times.push(Date.now()); if (times.length === 26) clearInterval(id); }, 0)")
        XCTAssertEqual(t.count, 26)
        guard t.count == 26 else { return }
        XCTAssertGreaterThanOrEqual(t[25] - t[6], 19 * 4 - 1, "\(t)")
    }

    /// The timeout is a `long`: 2^32 + 1 ms wraps to 1 ms, and 2^31 to a
    /// negative number, which is 0.
    func testTheTimeoutIsConvertedAsALong() {
        loadAndWait("/plain")
        _ = value("window.fired = []; setTimeout(function () { fired.push('wrapped'); }, 4294967297);"
                  + " setTimeout(function () { fired.push('negative'); }, 2147483648); 0")
        wait { value("fired.length") == .number(2) }
    }
}
