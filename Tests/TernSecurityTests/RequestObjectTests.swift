import XCTest
import TernKit
import TernNet

/// Issue #13, the `Request` class (Fetch §5.4) and `fetch(request[, init])`:
/// the URL parsed against the document (credentials are a TypeError),
/// the method validated and normalized, headers under the "request" or
/// "request-no-cors" guard, the enums, the referrer and referrer policy
/// (which reach the wire), the body read once, clone().
final class RequestObjectTests: SecurityTestCase {
    override func setUp() {
        super.setUp()
        loadAndWait(http("a.test", "/page/requests"))
    }

    private func cors(_ host: String, _ key: String) -> WebURL {
        http(host, "/cors?key=\(key)&Access-Control-Allow-Origin=*")
    }

    func testTheConstructorParsesAgainstTheDocumentAndHasTheDefaults() {
        let result = value("""
            var r = new Request('/x/y?z#f');
            [r.url, r.method, r.mode, r.credentials, r.redirect, r.referrer, r.referrerPolicy, r.bodyUsed, r.body,
             r.headers instanceof Headers, r.cache].join('|')
            """)
        XCTAssertEqual(result, .string("\(http("a.test", "/x/y?z#f").href)|GET|cors|same-origin|follow|about:client||false||true|default"))
    }

    func testInvalidInputsAreTypeErrors() {
        let cases = [
            "new Request('http://user:pass@a.test/')", "new Request('http://[bad')",
            "new Request('/', { method: 'GET\\r\\nX: y' })", "new Request('/', { method: 'CONNECT' })",
            "new Request('/', { method: 'trace' })", "new Request('/', { mode: 'navigate' })",
            "new Request('/', { mode: 'bogus' })", "new Request('/', { credentials: 'bogus' })",
            "new Request('/', { redirect: 'bogus' })", "new Request('/', { referrerPolicy: 'bogus' })",
            "new Request('/', { method: 'GET', body: 'x' })", "new Request('/', { method: 'HEAD', body: 'x' })",
            "new Request('/', { mode: 'no-cors', method: 'PUT' })", "new Request('/', { referrer: 'http://[bad' })",
            "new Request('/', { headers: { 'Bad Name': 'v' } })", "new Request('/', { headers: { 'X-A': 'a\\u0000b' } })",
        ]
        for expression in cases {
            XCTAssertEqual(value("(function () { try { \(expression); return 'no error'; } catch (e) { return e instanceof TypeError ? 'TypeError' : String(e); } })()"),
                           .string("TypeError"), expression)
        }
    }

    func testFetchRejectsAURLWithCredentialsAndANavigateMode() {
        let result = asyncValue("""
            var out = [];
            fetch('http://user:pass@a.test:\(server.port)/page/plain').then(function () { out.push('resolved'); },
              function (e) { out.push(e instanceof TypeError); })
            .then(function () { return fetch('/page/plain', { mode: 'navigate' }); })
            .then(function () { out.push('resolved'); }, function (e) { out.push(e instanceof TypeError); })
            .then(function () { done(out.join(' ')); });
            """)
        XCTAssertEqual(result, .string("true true"))
    }

    func testMethodsAreNormalizedAndHeadersGuarded() {
        let result = value("""
            var r = new Request('/', { method: 'post', headers: { 'X-A': ' 1 ', 'Cookie': 'a=b', 'Sec-X': '1', 'Host': 'evil' } });
            var n = new Request('/', { mode: 'no-cors', headers: { 'X-A': '1', 'Accept': 'text/html' } });
            var p = new Request('/', { method: 'patch' });
            [r.method, p.method, r.headers.get('x-a'), r.headers.has('cookie'), r.headers.has('sec-x'), r.headers.has('host'),
             n.headers.has('x-a'), n.headers.get('accept')].join('|')
            """)
        XCTAssertEqual(result, .string("POST|patch|1|false|false|false|false|text/html"))
    }

    func testTheBodyIsReadOnceAndCloneCopiesIt() {
        let result = asyncValue("""
            var r = new Request('/', { method: 'POST', body: '{"a":1}' });
            var c = r.clone();
            var ct = r.headers.get('content-type');
            r.json().then(function (j) {
              var again = r.text().then(function () { return 'read twice'; }, function (e) { return e instanceof TypeError; });
              var cloneAfter; try { r.clone(); cloneAfter = 'cloned'; } catch (e) { cloneAfter = e instanceof TypeError; }
              return again.then(function (a) {
                return c.arrayBuffer().then(function (b) { done([j.a, r.bodyUsed, a, cloneAfter, c.bodyUsed, b.byteLength, ct].join('|')); });
              });
            }).catch(function (e) { done('failed ' + e); });
            """)
        XCTAssertEqual(result, .string("1|true|true|true|true|7|text/plain;charset=UTF-8"))
    }

    func testARequestWithAUsedBodyCannotBeFetchedNorCopied() {
        let result = asyncValue("""
            var r = new Request('/echo', { method: 'POST', body: 'x' });
            r.text().then(function () {
              var copy; try { new Request(r); copy = 'copied'; } catch (e) { copy = e instanceof TypeError; }
              return fetch(r).then(function () { return 'fetched'; }, function (e) { return e instanceof TypeError; })
                .then(function (f) { done(copy + ' ' + f); });
            });
            """)
        XCTAssertEqual(result, .string("true true"))
    }

    func testFetchOfARequestSendsItsMethodHeadersAndBody() throws {
        let key = uniqueKey()
        let result = asyncValue("""
            var r = new Request('/cors?key=\(key)', { method: 'PUT', headers: { 'X-Token': 'abc' }, body: 'payload' });
            fetch(r).then(function (res) { return res.json(); }).then(function (j) {
              done([j.method, r.bodyUsed].join(' '));
            }, function (e) { done('failed ' + e); });
            """)
        XCTAssertEqual(result, .string("PUT true"))
        let entry = try XCTUnwrap(corsLog(key).last)
        XCTAssertEqual(header("X-Token", of: entry), "abc")
    }

    func testFetchOfARequestAndInitTakesTheInit() throws {
        let key = uniqueKey()
        let result = asyncValue("""
            var r = new Request('/cors?key=\(key)', { method: 'POST', headers: { 'X-Old': '1' }, body: 'a' });
            fetch(r, { method: 'DELETE', headers: { 'X-New': '2' } }).then(function (res) { return res.json(); })
              .then(function (j) { done(j.method); }, function (e) { done('failed ' + e); });
            """)
        XCTAssertEqual(result, .string("DELETE"))
        let entry = try XCTUnwrap(corsLog(key).last)
        XCTAssertEqual(header("X-New", of: entry), "2")
        XCTAssertNil(header("X-Old", of: entry))
    }

    func testARequestsModeAndCredentialsGoWithIt() throws {
        setCookieOnB()
        loadAndWait(http("a.test", "/page/requests"))
        let key = uniqueKey()
        let result = asyncValue("""
            fetch(new Request('\(cors("b.test", key).href)', { mode: 'no-cors', credentials: 'omit' }))
              .then(function (r) { done(r.type + ' ' + r.status); }, function (e) { done('failed ' + e); });
            """)
        XCTAssertEqual(result, .string("opaque 0"))
        let entry = try XCTUnwrap(corsLog(key).last)
        XCTAssertNil(header("Cookie", of: entry), "credentials 'omit' sends no cookie")
    }

    // MARK: referrer and referrerPolicy (§5.4 steps 28-29), on the wire

    private func sentReferer(_ options: String, to host: String = "a.test", path: String = "/page/requests?secret=1") throws -> String? {
        loadAndWait(http("a.test", path))
        let key = uniqueKey()
        let target = host == "a.test" ? "/cors?key=\(key)" : cors(host, key).href
        let result = asyncValue("""
            fetch('\(target)', \(options)).then(function () { done('ok'); }, function (e) { done('failed ' + e); });
            """)
        XCTAssertEqual(result, .string("ok"), options)
        let entry = try XCTUnwrap(corsLog(key).last)
        return header("Referer", of: entry)
    }

    func testTheReferrerAndItsPolicyReachTheWire() throws {
        let page = http("a.test", "/page/requests?secret=1").href
        XCTAssertEqual(try sentReferer("{}"), page, "same-origin: the full URL by default")
        XCTAssertEqual(try sentReferer("{}", to: "b.test"), "http://a.test:\(server.port)/", "cross-origin: the origin by default")
        XCTAssertNil(try sentReferer("{ referrer: '' }"), "the empty referrer is no referrer")
        XCTAssertNil(try sentReferer("{ referrerPolicy: 'no-referrer' }"))
        XCTAssertEqual(try sentReferer("{ referrerPolicy: 'origin' }"), "http://a.test:\(server.port)/")
        XCTAssertEqual(try sentReferer("{ referrerPolicy: 'unsafe-url' }", to: "b.test"), page)
        XCTAssertEqual(try sentReferer("{ referrer: '/some/where?x' }"), http("a.test", "/some/where?x").href,
                       "a same-origin referrer URL is sent")
        XCTAssertEqual(try sentReferer("{ referrer: '/some/where?x' }", to: "b.test"), "http://a.test:\(server.port)/",
                       "stripped to its origin across origins")
        XCTAssertEqual(try sentReferer("{ referrer: 'http://b.test:\(server.port)/forged' }"), page,
                       "a referrer of another origin is the client")
        XCTAssertEqual(try sentReferer("{ referrer: 'about:client' }"), page)
    }

    func testTheReferrerGetter() {
        let result = value("""
            [new Request('/', { referrer: '' }).referrer, new Request('/', { referrer: 'about:client' }).referrer,
             new Request('/', { referrer: '/r?1' }).referrer, new Request('/', { referrer: 'http://b.test/' }).referrer,
             new Request('/', { referrerPolicy: 'origin' }).referrerPolicy].join('|')
            """)
        XCTAssertEqual(result, .string("|about:client|\(http("a.test", "/r?1").href)|about:client|origin"))
    }
}
