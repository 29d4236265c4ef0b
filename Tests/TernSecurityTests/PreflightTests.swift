import XCTest
import TernKit
import TernNet

/// Issue #13 item 3 (second half): a cross-origin request that is not
/// "simple" is preceded by a CORS preflight (`OPTIONS` with
/// Access-Control-Request-Method/-Headers, no cookies) and sent only when
/// the preflight allows it; what a preflight allowed is cached for its
/// Access-Control-Max-Age (Fetch §4.8, §4.9).
final class PreflightTests: SecurityTestCase {
    override func setUp() {
        super.setUp()
        loadAndWait(http("a.test", "/page/attacker"))
    }

    /// `/cors` on b.test with the given response headers, logging under `key`.
    private func corsOnB(_ key: String, _ headers: [(String, String)]) -> String {
        http("b.test", "/cors?key=\(key)" + headers.map { "&\(q($0.0))=\(q($0.1))" }.joined()).href
    }

    /// fetch(url, init) → "resolved STATUS" or "rejected".
    private func fetchResult(_ url: String, _ initJS: String) -> String {
        asyncValue("fetch('\(url)', \(initJS)).then(function (r) { done('resolved ' + r.status); }, function (e) { done('rejected'); });")?
            .stringValue ?? "(no value)"
    }

    private func methods(_ log: [[String: Any]]) -> [String] { log.map { $0["method"] as? String ?? "?" } }

    func testAPUTIsPreflightedAndNotSentWhenThePreflightDoesNotAllowIt() throws {
        let key = uniqueKey()
        XCTAssertEqual(fetchResult(corsOnB(key, [("Access-Control-Allow-Origin", originA)]), "{ method: 'PUT', body: 'x' }"), "rejected")
        let log = corsLog(key)
        XCTAssertEqual(methods(log), ["OPTIONS"], "the PUT itself must not be sent")
        let preflight = try XCTUnwrap(log.first)
        XCTAssertEqual(header("Access-Control-Request-Method", of: preflight), "PUT")
        XCTAssertEqual(header("Origin", of: preflight), originA)
        XCTAssertNil(header("Access-Control-Request-Headers", of: preflight))
    }

    func testTheRequestIsSentAfterAPreflightThatAllowsIt() {
        let key = uniqueKey()
        let url = corsOnB(key, [("Access-Control-Allow-Origin", originA), ("Access-Control-Allow-Methods", "PUT, DELETE")])
        XCTAssertEqual(fetchResult(url, "{ method: 'PUT', body: 'x' }"), "resolved 200")
        XCTAssertEqual(methods(corsLog(key)), ["OPTIONS", "PUT"])
    }

    func testUnsafeHeadersAreNamedSortedAndLowerCasedAndMustBeAllowed() throws {
        let key = uniqueKey()
        let headers = "{ headers: { 'X-Zeta': '1', 'Content-Type': 'application/json', 'X-Alpha': '2', 'Accept': 'text/plain' } }"
        let partial = corsOnB(key, [("Access-Control-Allow-Origin", originA), ("Access-Control-Allow-Headers", "X-Alpha, X-Zeta")])
        XCTAssertEqual(fetchResult(partial, headers), "rejected", "Content-Type: application/json was not allowed")
        let first = try XCTUnwrap(corsLog(key).first)
        XCTAssertEqual(header("Access-Control-Request-Headers", of: first), "content-type,x-alpha,x-zeta")
        XCTAssertEqual(header("Access-Control-Request-Method", of: first), "GET")

        let key2 = uniqueKey()
        let full = corsOnB(key2, [("Access-Control-Allow-Origin", originA),
                                  ("Access-Control-Allow-Headers", "x-alpha, X-ZETA, content-type")])
        XCTAssertEqual(fetchResult(full, headers), "resolved 200")
        let log = corsLog(key2)
        XCTAssertEqual(methods(log), ["OPTIONS", "GET"])
        XCTAssertEqual(log.last.flatMap { header("X-Zeta", of: $0) }, "1")
    }

    func testSimpleRequestsAreNotPreflighted() {
        let key = uniqueKey()
        let url = corsOnB(key, [("Access-Control-Allow-Origin", originA)])
        XCTAssertEqual(fetchResult(url, "{}"), "resolved 200")
        XCTAssertEqual(fetchResult(url, "{ method: 'POST', body: 'a=b', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }"),
                       "resolved 200")
        XCTAssertEqual(fetchResult(url, "{ method: 'POST', body: 't', headers: { 'Accept-Language': 'en-GB' } }"), "resolved 200")
        XCTAssertEqual(methods(corsLog(key)), ["GET", "POST", "POST"])
    }

    func testAnXHRWithAnUnsafeHeaderIsPreflighted() {
        let key = uniqueKey()
        let url = corsOnB(key, [("Access-Control-Allow-Origin", originA)])
        let result = asyncValue("""
            var x = new XMLHttpRequest(); x.open('GET', '\(url)'); x.setRequestHeader('X-Token', 'abc');
            x.onload = function () { done('load'); }; x.onerror = function () { done('error ' + x.status); }; x.send();
            """)
        XCTAssertEqual(result, .string("error 0"))
        XCTAssertEqual(methods(corsLog(key)), ["OPTIONS"])
    }

    func testThePreflightCarriesNoCookieAndWildcardsDoNotCoverCredentials() throws {
        setCookieOnB()
        loadAndWait(http("a.test", "/page/attacker"))
        let key = uniqueKey()
        let url = corsOnB(key, [("Access-Control-Allow-Origin", originA), ("Access-Control-Allow-Credentials", "true"),
                                ("Access-Control-Allow-Methods", "PUT")])
        XCTAssertEqual(fetchResult(url, "{ method: 'PUT', body: 'x', credentials: 'include' }"), "resolved 200")
        let log = corsLog(key)
        XCTAssertEqual(methods(log), ["OPTIONS", "PUT"])
        XCTAssertNil(header("Cookie", of: try XCTUnwrap(log.first)), "a preflight never carries credentials")
        XCTAssertEqual(header("Cookie", of: try XCTUnwrap(log.last)), "sid=secret")

        let key2 = uniqueKey()
        let wildcard = corsOnB(key2, [("Access-Control-Allow-Origin", originA), ("Access-Control-Allow-Credentials", "true"),
                                      ("Access-Control-Allow-Methods", "*")])
        XCTAssertEqual(fetchResult(wildcard, "{ method: 'PUT', body: 'x', credentials: 'include' }"), "rejected")
        XCTAssertEqual(fetchResult(wildcard, "{ method: 'PUT', body: 'x' }"), "resolved 200", "without credentials `*` allows it")
    }

    func testAPreflightIsCachedForItsMaxAge() {
        let key = uniqueKey()
        let cached = corsOnB(key, [("Access-Control-Allow-Origin", originA), ("Access-Control-Allow-Methods", "PUT"),
                                   ("Access-Control-Max-Age", "600")])
        for _ in 0..<3 { XCTAssertEqual(fetchResult(cached, "{ method: 'PUT', body: 'x' }"), "resolved 200") }
        XCTAssertEqual(methods(corsLog(key)), ["OPTIONS", "PUT", "PUT", "PUT"])

        let key2 = uniqueKey()
        let shortLived = corsOnB(key2, [("Access-Control-Allow-Origin", originA), ("Access-Control-Allow-Methods", "PUT"),
                                        ("Access-Control-Max-Age", "1")])
        XCTAssertEqual(fetchResult(shortLived, "{ method: 'PUT', body: 'x' }"), "resolved 200")
        XCTAssertEqual(fetchResult(shortLived, "{ method: 'PUT', body: 'x' }"), "resolved 200")
        spin(2.2)
        XCTAssertEqual(fetchResult(shortLived, "{ method: 'PUT', body: 'x' }"), "resolved 200")
        XCTAssertEqual(methods(corsLog(key2)), ["OPTIONS", "PUT", "PUT", "OPTIONS", "PUT"], "a second preflight after max-age")
    }

    func testAFailedPreflightIsNotFollowedNorCached() {
        let key = uniqueKey()
        let redirected = http("a.test", "/redirect-to?url=" + q(corsOnB(key, [("Access-Control-Allow-Origin", originA),
                                                                                ("Access-Control-Allow-Methods", "PUT")])))
        // A preflight that is redirected fails (a 3xx is not an ok status).
        let viaB = http("b.test", "/redirect-to?code=307&url=" + q(redirected.href) + "&Access-Control-Allow-Origin=" + q(originA))
        XCTAssertEqual(fetchResult(viaB.href, "{ method: 'PUT', body: 'x' }"), "rejected")
        XCTAssertEqual(corsLog(key).count, 0)
    }
}
