import XCTest
import TernKit
import TernNet

/// Issue #13 item 1 (and item 11 for script requests): a page of a.test asks
/// for a same-origin URL that 302-redirects to b.test. Per Fetch, the
/// redirect makes it a CORS request: b.test's response is a network error to
/// the script unless it allows a.test, b.test's cookies go only when the
/// credentials mode says so, and after a second cross-origin hop the origin
/// sent is "null".
final class CORSRedirectTests: SecurityTestCase {
    override func setUp() {
        super.setUp()
        setCookieOnB()
        loadAndWait(http("a.test", "/page/attacker"))
    }

    /// `/cors` on `host` with the given response headers, logging under `key`.
    private func cors(_ host: String, _ key: String, _ headers: [(String, String)] = []) -> WebURL {
        http(host, "/cors?key=\(key)" + headers.map { "&\(q($0.0))=\(q($0.1))" }.joined())
    }

    func testAFetchRedirectedToAnotherOriginIsANetworkErrorAndCarriesNoCookie() throws {
        let key = uniqueKey()
        let url = redirectOnA(to: cors("b.test", key, [("X-Secret", "b-only")]))
        let result = asyncValue("""
            fetch('\(url)').then(function (r) { return r.text().then(function (t) { done('read ' + r.status + ' ' + t); }); },
                                 function (e) { done('rejected ' + (e instanceof TypeError)); });
            """)
        XCTAssertEqual(result, .string("rejected true"), "b.test's response must not reach the page")
        let log = corsLog(key)
        XCTAssertEqual(log.count, 1, "the simple GET reaches b.test once")
        let entry = try XCTUnwrap(log.first)
        XCTAssertNil(header("Cookie", of: entry), "b.test's HttpOnly cookie went with a.test's request")
        XCTAssertEqual(header("Origin", of: entry), originA, "a CORS request names its origin")
    }

    func testAnXHRRedirectedToAnotherOriginExposesNothing() {
        let url = redirectOnA(to: cors("b.test", uniqueKey(), [("X-Secret", "b-only")]))
        let result = asyncValue("""
            var x = new XMLHttpRequest();
            x.open('GET', '\(url)');
            x.onerror = function () {
              done([x.readyState, x.status, x.statusText, x.responseText, x.responseURL, x.getAllResponseHeaders(),
                    x.getResponseHeader('x-secret')].join('|'));
            };
            x.onload = function () { done('load ' + x.status + ' ' + x.responseText); };
            x.send();
            """)
        XCTAssertEqual(result, .string("4|0|||||"), "readyState 4, status 0, nothing of b.test")
    }

    func testAllowedByACAOItIsReadableAsCORSWithoutCookiesAndOnlySafelistedHeaders() {
        let key = uniqueKey()
        let url = redirectOnA(to: cors("b.test", key, [("Access-Control-Allow-Origin", originA), ("X-Secret", "hidden"),
                                                       ("X-Shown", "yes"), ("Access-Control-Expose-Headers", "X-Shown")]))
        let result = asyncValue("""
            fetch('\(url)').then(function (r) {
              return r.json().then(function (e) {
                var cookie = e.headers.filter(function (h) { return h[0].toLowerCase() === 'cookie'; }).length;
                done([r.type, r.redirected, r.url.indexOf('http://b.test:') === 0, r.status, cookie,
                      r.headers.get('x-secret'), r.headers.get('x-shown'), r.headers.get('content-type')].join('|'));
              });
            }, function (e) { done('rejected ' + e); });
            """)
        XCTAssertEqual(result, .string("cors|true|true|200|0||yes|application/json"))
    }

    func testCredentialsIncludeNeedsAllowCredentialsAndAnExactOrigin() {
        let allowed = redirectOnA(to: cors("b.test", uniqueKey(), [("Access-Control-Allow-Origin", originA),
                                                                   ("Access-Control-Allow-Credentials", "true")]))
        let noACAC = redirectOnA(to: cors("b.test", uniqueKey(), [("Access-Control-Allow-Origin", originA)]))
        let star = redirectOnA(to: cors("b.test", uniqueKey(), [("Access-Control-Allow-Origin", "*"),
                                                                ("Access-Control-Allow-Credentials", "true")]))
        func cookieSeen(_ url: String) -> ScriptValue? {
            asyncValue("""
                fetch('\(url)', { credentials: 'include' }).then(function (r) { return r.json(); }).then(function (e) {
                  var c = e.headers.filter(function (h) { return h[0].toLowerCase() === 'cookie'; })[0];
                  done(c ? c[1] : 'no cookie');
                }, function (e) { done('rejected'); });
                """)
        }
        XCTAssertEqual(cookieSeen(allowed), .string("sid=secret"))
        XCTAssertEqual(cookieSeen(noACAC), .string("rejected"), "credentials need Access-Control-Allow-Credentials: true")
        XCTAssertEqual(cookieSeen(star), .string("rejected"), "`*` never allows a request with credentials")
        let xhr = asyncValue("""
            var x = new XMLHttpRequest();
            x.open('GET', '\(allowed)');
            x.withCredentials = true;
            x.onload = function () { var e = JSON.parse(x.responseText);
              done(e.headers.filter(function (h) { return h[0] === 'Cookie'; }).map(function (h) { return h[1]; }).join()); };
            x.onerror = function () { done('error'); };
            x.send();
            """)
        XCTAssertEqual(xhr, .string("sid=secret"), "withCredentials is credentials mode include")
    }

    func testOmitSendsNoCookieEvenToTheSameOrigin() {
        loadAndWait(http("a.test", "/set-cookie?c=" + q("mine=1")))
        let result = asyncValue("""
            function cookie(e) { var c = e.headers.filter(function (h) { return h[0] === 'Cookie'; })[0]; return c ? c[1] : 'none'; }
            fetch('/echo', { credentials: 'omit' }).then(function (r) { return r.json(); }).then(function (a) {
              return fetch('/echo').then(function (r) { return r.json(); }).then(function (b) { done(cookie(a) + '|' + cookie(b)); });
            }, function (e) { done('rejected ' + e); });
            """)
        XCTAssertEqual(result, .string("none|mine=1"))
    }

    func testSameOriginModeRejectsARedirectToAnotherOrigin() {
        let url = redirectOnA(to: cors("b.test", uniqueKey(), [("Access-Control-Allow-Origin", "*")]))
        let result = asyncValue("""
            fetch('\(url)', { mode: 'same-origin' }).then(function (r) { done('resolved ' + r.type); },
                                                       function (e) { done('rejected ' + (e instanceof TypeError)); });
            """)
        XCTAssertEqual(result, .string("rejected true"))
    }

    func testNoCORSGivesAnOpaqueResponse() {
        let url = cors("b.test", uniqueKey(), [("X-Secret", "b-only")]).href
        let result = asyncValue("""
            fetch('\(url)', { mode: 'no-cors' }).then(function (r) {
              var names = []; r.headers.forEach(function (v, k) { names.push(k); });
              return r.text().then(function (t) { done([r.type, r.status, r.ok, r.url, names.length, t.length].join('|')); });
            }, function (e) { done('rejected ' + e); });
            """)
        XCTAssertEqual(result, .string("opaque|0|false||0|0"))
    }

    func testTheOriginIsNullAfterASecondCrossOriginHop() throws {
        let key = uniqueKey()
        // a.test -> b.test -> c.test: the hop from b.test (not the request's origin) to c.test taints it.
        // b.test's redirect allows a.test (a redirect of a CORS request passes the CORS check too).
        func viaB(to target: WebURL) -> WebURL {
            http("b.test", "/cors?Access-Control-Allow-Origin=\(q(originA))&redirect=" + q(target.href))
        }
        let result = asyncValue("""
            fetch('\(redirectOnA(to: viaB(to: cors("c.test", key, [("Access-Control-Allow-Origin", originA)]))))')
              .then(function (r) { done('resolved'); }, function (e) { done('rejected'); });
            """)
        XCTAssertEqual(result, .string("rejected"), "c.test allowed a.test, but the request's origin is now null")
        let entry = try XCTUnwrap(corsLog(key).first)
        XCTAssertEqual(header("Origin", of: entry), "null")

        let allowsNull = viaB(to: cors("c.test", uniqueKey(), [("Access-Control-Allow-Origin", "null")]))
        XCTAssertEqual(asyncValue("fetch('\(redirectOnA(to: allowsNull))').then(function (r) { done(r.type); }, function (e) { done('rejected'); });"),
                       .string("cors"))

        // A redirect that does not allow the origin stops the request before the next hop.
        let blockedKey = uniqueKey()
        let closed = http("b.test", "/redirect-to?url=" + q(cors("c.test", blockedKey, [("Access-Control-Allow-Origin", "*")]).href))
        XCTAssertEqual(asyncValue("fetch('\(redirectOnA(to: closed))').then(function (r) { done('resolved'); }, function (e) { done('rejected'); });"),
                       .string("rejected"))
        XCTAssertEqual(corsLog(blockedKey).count, 0)
    }

    func testARedirectToAURLWithCredentialsIsANetworkError() {
        let target = WebURL("http://user:pass@b.test:\(server.port)/cors?Access-Control-Allow-Origin=*")!
        let result = asyncValue("""
            fetch('\(redirectOnA(to: target))').then(function (r) { done('resolved'); }, function (e) { done('rejected'); });
            """)
        XCTAssertEqual(result, .string("rejected"))
    }

    func testTheOriginHeaderGoesWithCORSRequestsAndUnsafeMethodsOnly() {
        let key = uniqueKey()
        _ = asyncValue("""
            var log = '/cors?key=\(key)';
            fetch(log).then(function () { return fetch(log, { method: 'POST', body: 'x' }); })
              .then(function () { return fetch('\(cors("b.test", key, [("Access-Control-Allow-Origin", "*")]).href)'); })
              .then(function () { done(1); }, function (e) { done('rejected ' + e); });
            """)
        let origins = corsLog(key).map { "\($0["method"] ?? "")=\(header("Origin", of: $0) ?? "none")" }
        XCTAssertEqual(origins, ["GET=none", "POST=\(originA)", "GET=\(originA)"])
    }
}
