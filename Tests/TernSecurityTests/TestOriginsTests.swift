import XCTest
import TernKit
import TernNet

/// The security suite's two origins are real: each test host name reaches
/// the test server, over http and over https with the test CA.
final class TestOriginsTests: SecurityTestCase {
    func testEachTestHostReachesTheServerUnderItsOwnName() {
        for url in [http("a.test", "/echo"), http("b.test", "/echo"), https("a.test", "/echo")] {
            loadAndWait(url)
            XCTAssertEqual(recorder.events.last, "finish", "\(url.href): \(recorder.events)")
            let host = (echo()["headers"] as? [[String]])?.first { $0.first?.lowercased() == "host" }?.last
            XCTAssertEqual(host, "\(url.hostname):\(url.port)")
        }
    }

    func testAsyncValueWaitsForTheScript() {
        loadAndWait(http("a.test", "/page/x"))
        XCTAssertEqual(asyncValue("setTimeout(function () { done(6 * 7); }, 10);"), .number(42))
    }
}
