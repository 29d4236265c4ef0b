import XCTest
import TernKit
import TernNet

/// Issue #13, Fetch's request redirect mode (Fetch §2.2.5, HTTP fetch §4.4
/// step 4.x): "follow" follows, "error" makes any redirect a network error
/// (a TypeError to the script), "manual" hands the script an
/// opaque-redirect filtered response (§2.2.6: type "opaqueredirect",
/// status 0, no headers, no body) without following it.
final class FetchRedirectModeTests: SecurityTestCase {
    override func setUp() {
        super.setUp()
        loadAndWait(http("a.test", "/page/redirects"))
    }

    /// A same-origin `/cors` URL that logs under `key`, and a URL of a.test redirecting to it.
    private func redirecting(_ key: String) -> (target: WebURL, start: String) {
        let target = http("a.test", "/cors?key=\(key)")
        return (target, redirectOnA(to: target))
    }

    func testFollowIsTheDefaultAndFollows() {
        let (target, start) = redirecting(uniqueKey())
        let result = asyncValue("""
            Promise.all([fetch('\(start)'), fetch('\(start)', { redirect: 'follow' })]).then(function (rs) {
              done(rs.map(function (r) { return [r.type, r.status, r.redirected, r.url].join(' '); }).join('|'));
            }, function (e) { done('rejected ' + e); });
            """)
        let line = "basic 200 true \(target.href)"
        XCTAssertEqual(result, .string(line + "|" + line))
    }

    func testErrorModeMakesARedirectANetworkError() {
        let key = uniqueKey()
        let (_, start) = redirecting(key)
        let result = asyncValue("""
            fetch('\(start)', { redirect: 'error' }).then(function (r) { done('resolved ' + r.status + ' ' + r.url); },
                                                           function (e) { done('rejected ' + (e instanceof TypeError)); });
            """)
        XCTAssertEqual(result, .string("rejected true"))
        XCTAssertEqual(corsLog(key).count, 0, "the redirect was followed")
    }

    func testErrorModeWithoutARedirectIsAnOrdinaryResponse() {
        let result = asyncValue("""
            fetch('/page/plain', { redirect: 'error' }).then(function (r) { done(r.type + ' ' + r.status); },
                                                              function (e) { done('rejected ' + e); });
            """)
        XCTAssertEqual(result, .string("basic 200"))
    }

    func testManualModeGivesAnOpaqueRedirectAndDoesNotFollow() {
        let key = uniqueKey()
        let (_, start) = redirecting(key)
        let requestURL = http("a.test", start).href
        let result = asyncValue("""
            fetch('\(start)', { redirect: 'manual' }).then(function (r) {
              var names = []; r.headers.forEach(function (v, k) { names.push(k); });
              return r.text().then(function (t) {
                done([r.type, r.status, r.ok, JSON.stringify(r.statusText), r.url, names.length, JSON.stringify(t)].join(' '));
              });
            }, function (e) { done('rejected ' + e); });
            """)
        XCTAssertEqual(result, .string("opaqueredirect 0 false \"\" \(requestURL) 0 \"\""))
        XCTAssertEqual(corsLog(key).count, 0, "a manual redirect must not be followed")
    }

    func testManualModeWithoutARedirectIsAnOrdinaryResponse() {
        let result = asyncValue("""
            fetch('/page/plain', { redirect: 'manual' }).then(function (r) { done(r.type + ' ' + r.status); },
                                                               function (e) { done('rejected ' + e); });
            """)
        XCTAssertEqual(result, .string("basic 200"))
    }

    func testAnUnknownRedirectModeIsATypeError() {
        let result = asyncValue("""
            try { fetch('/page/plain', { redirect: 'nope' }).then(function () { done('resolved'); },
                  function (e) { done('rejected ' + (e instanceof TypeError)); }); } catch (e) { done('threw ' + e); }
            """)
        XCTAssertEqual(result, .string("rejected true"))
    }

    func testXHRAlwaysFollows() {
        let (target, start) = redirecting(uniqueKey())
        let result = asyncValue("""
            var x = new XMLHttpRequest(); x.open('GET', '\(start)#frag');
            x.onload = function () { done(x.status + ' ' + x.responseURL); }; x.onerror = function () { done('error'); };
            x.send();
            """)
        XCTAssertEqual(result, .string("200 \(target.href)"), "responseURL is the final URL without its fragment")
    }
}
