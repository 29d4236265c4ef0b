import XCTest
import Foundation
import TernTestSupport

/// `tern --dump` waits for the load event (scripts inserted by deferred
/// scripts included), then lets timers due within 100 ms run before printing.
final class DumpTimerTests: XCTestCase {
    private var server: TestServer { TestServer.shared }

    private func dump(_ html: String) throws -> String {
        let encoded = html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tern-dump-timer-profile").path
        return try ProcessRun.run(ProcessRun.tern, ["--dump", "--no-list", server.url("/mime?type=text/html&body=\(encoded)").href],
                                  environment: ["XDG_DATA_HOME": profile]).stdout
    }

    func testDumpPrintsWhatATenMillisecondTimerWroteAfterLoad() throws {
        let output = try dump("""
            <p id=p>before</p>
            <script>addEventListener('load', () => setTimeout(() => document.getElementById('p').textContent = 'after the timer', 10))</script>
            """)
        XCTAssertTrue(output.contains("after the timer"), output)
    }

    func testDumpDoesNotWaitForALongTimer() throws {
        let started = Date()
        let output = try dump("<p id=p>before</p><script>setTimeout(() => document.getElementById('p').textContent = 'late', 5000)</script>")
        XCTAssertTrue(output.contains("before"), output)
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
    }
}
