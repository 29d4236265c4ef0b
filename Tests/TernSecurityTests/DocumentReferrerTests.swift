import XCTest
import TernKit
import TernNet

/// Issue #13, `document.referrer` (HTML §3.1.2 "the document's referrer"):
/// the referrer its navigation request sent (the `Referer` as the referrer
/// policy made it, after redirects), "" when it sent none.
final class DocumentReferrerTests: SecurityTestCase {
    private func navigate(_ script: String) {
        recorder.clear()
        _ = value(script + "; 0")
        wait { recorder.ended }
    }

    func testALoadTypedByThePersonHasNoReferrer() {
        loadAndWait(http("a.test", "/page/start"))
        XCTAssertEqual(value("document.referrer"), .string(""))
    }

    func testASameOriginNavigationGivesTheFullURL() {
        loadAndWait(http("a.test", "/page/start?q=1"))
        navigate("location.href = '/page/next'")
        XCTAssertEqual(value("location.pathname"), .string("/page/next"))
        XCTAssertEqual(value("document.referrer"), .string(http("a.test", "/page/start?q=1").href))
    }

    func testACrossOriginNavigationGivesTheOriginOnly() {
        loadAndWait(http("a.test", "/page/start?secret=1"))
        navigate("location.href = '\(http("b.test", "/page/next").href)'")
        XCTAssertEqual(value("location.host"), .string("b.test:\(server.port)"))
        XCTAssertEqual(value("document.referrer"), .string("http://a.test:\(server.port)/"))
    }

    func testANoReferrerPolicyGivesNone() {
        loadAndWait(http("a.test", "/headers?Referrer-Policy=no-referrer"))
        navigate("location.href = '/page/next'")
        XCTAssertEqual(value("document.referrer"), .string(""))
    }

    func testARedirectDeterminesItAgain() {
        loadAndWait(http("a.test", "/page/start?secret=1"))
        navigate("location.href = '\(redirectOnA(to: http("b.test", "/page/next")))'")
        XCTAssertEqual(value("location.host"), .string("b.test:\(server.port)"))
        XCTAssertEqual(value("document.referrer"), .string("http://a.test:\(server.port)/"),
                       "the referrer sent to the URL that answered")
    }
}
