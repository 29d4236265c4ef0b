import XCTest
import Foundation
import TernTestSupport

/// Issue 13, item 5, the other way round: while the person reads and
/// presses no key, a page's timers keep running, its changes are drawn, and
/// its clock keeps time.
final class TimerProgressTests: TerminalPageTestCase {
    func testAChainOfShortTimersRunsWithNoKeyPressed() throws {
        // Only the body changes (a title change redraws the title bar anyway).
        let tern = try browse(html: """
            <title>Chain</title><p id=p>not started</p>
            <script>
            var n = 0, start = Date.now();
            function tick() {
              n++;
              document.getElementById('p').textContent = 'count ' + n + ' elapsed ' + (Date.now() - start);
              setTimeout(tick, 5);
            }
            setTimeout(tick, 5);
            </script>
            """)
        func numbers(_ screen: String) -> (count: Int, elapsed: Int)? {
            guard let line = screen.split(separator: "\n").first(where: { $0.contains("count ") }) else { return nil }
            let words = line.split(separator: " ")
            guard let c = words.firstIndex(of: "count"), let e = words.firstIndex(of: "elapsed"),
                  c + 1 < words.count, e + 1 < words.count,
                  let count = Int(words[c + 1]), let elapsed = Int(words[e + 1]) else { return nil }
            return (count, elapsed)
        }
        // No key is pressed: the screen alone must show the page going on.
        tern.waitForScreen("the counter past 100 and the page's clock past 2 s", timeout: 30) { screen in
            guard let shown = numbers(screen) else { return false }
            return shown.count > 100 && shown.elapsed > 2000
        }
    }
}
