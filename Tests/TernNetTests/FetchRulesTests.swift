import XCTest
@testable import TernNet

/// The Fetch standard's rules as pure functions: header and method
/// validity, forbidden and safelisted headers, the CORS check, preflight
/// checks and the preflight cache, and the tainted origin across redirects.
final class FetchRulesTests: XCTestCase {
    func testMethodsAndHeaderNamesAreTokensAndValuesHaveNoNewlines() {
        XCTAssertTrue(FetchHeaderRules.isToken("X-Custom_1.a!"))
        for bad in ["", "X A", "X:A", "X\r\nY", "X\0", "é", "(x)", "a/b"] { XCTAssertFalse(FetchHeaderRules.isToken(bad), bad) }
        XCTAssertEqual(FetchHeaderRules.normalizeValue(" \t\r\n v a \n\t"), "v a")
        XCTAssertTrue(FetchHeaderRules.isValidValue("a b\tc\u{FF}"))
        for bad in ["a\rb", "a\nb", "a\0b", " a", "a\t", "\u{100}"] { XCTAssertFalse(FetchHeaderRules.isValidValue(bad), bad) }
        XCTAssertEqual(["CONNECT", "trace", "TrAcK"].map(FetchHeaderRules.isForbiddenMethod), [true, true, true])
        XCTAssertFalse(FetchHeaderRules.isForbiddenMethod("CONNECTX"))
        XCTAssertEqual(["get", "Post", "delete", "options", "put", "head", "patch", "Custom"].map(FetchHeaderRules.normalizeMethod),
                       ["GET", "POST", "DELETE", "OPTIONS", "PUT", "HEAD", "patch", "Custom"])
    }

    func testForbiddenRequestHeaders() {
        for name in ["Host", "cookie", "Content-Length", "Transfer-Encoding", "Connection", "Origin", "Referer",
                     "Proxy-Authorization", "proxy-anything", "Sec-Fetch-Mode", "sec-", "Keep-Alive", "TE", "Via", "DNT"] {
            XCTAssertTrue(FetchHeaderRules.isForbiddenRequestHeader(name: name, value: "x"), name)
        }
        XCTAssertTrue(FetchHeaderRules.isForbiddenRequestHeader(name: "X-HTTP-Method-Override", value: "GET, trace"))
        XCTAssertTrue(FetchHeaderRules.isForbiddenRequestHeader(name: "x-method-override", value: "CONNECT"))
        XCTAssertFalse(FetchHeaderRules.isForbiddenRequestHeader(name: "X-HTTP-Method", value: "PUT"))
        XCTAssertFalse(FetchHeaderRules.isForbiddenRequestHeader(name: "Authorization", value: "x"))
        XCTAssertFalse(FetchHeaderRules.isForbiddenRequestHeader(name: "X-Proxy-Thing", value: "x"))
    }

    func testCORSSafelistedRequestHeaders() {
        typealias R = FetchHeaderRules
        XCTAssertTrue(R.isCORSSafelistedRequestHeader(name: "Content-Type", value: "text/plain;charset=UTF-8"))
        XCTAssertTrue(R.isCORSSafelistedRequestHeader(name: "content-type", value: "multipart/form-data; boundary=x"))
        XCTAssertFalse(R.isCORSSafelistedRequestHeader(name: "Content-Type", value: "application/json"))
        XCTAssertFalse(R.isCORSSafelistedRequestHeader(name: "Content-Type", value: "text/plain; a=\"b\""), "a quote is unsafe")
        XCTAssertTrue(R.isCORSSafelistedRequestHeader(name: "Accept-Language", value: "en-GB, fr;q=0.5"))
        XCTAssertFalse(R.isCORSSafelistedRequestHeader(name: "Accept-Language", value: "en_GB"))
        XCTAssertFalse(R.isCORSSafelistedRequestHeader(name: "Accept", value: String(repeating: "a", count: 129)))
        XCTAssertTrue(R.isCORSSafelistedRequestHeader(name: "Range", value: "bytes=0-"))
        XCTAssertTrue(R.isCORSSafelistedRequestHeader(name: "Range", value: "bytes=5-10"))
        XCTAssertFalse(R.isCORSSafelistedRequestHeader(name: "Range", value: "bytes=10-5"))
        XCTAssertFalse(R.isCORSSafelistedRequestHeader(name: "Range", value: "bytes=-5"))
        XCTAssertFalse(R.isCORSSafelistedRequestHeader(name: "X-Custom", value: "1"))
        var headers = HTTPHeaders()
        headers.add("X-B", "1"); headers.add("Accept", "*/*"); headers.add("x-a", "2"); headers.add("X-B", "3")
        XCTAssertEqual(R.corsUnsafeRequestHeaderNames(headers), ["x-a", "x-b"])
        var big = HTTPHeaders()
        for _ in 0..<9 { big.add("Accept", String(repeating: "a", count: 120)) }
        XCTAssertEqual(R.corsUnsafeRequestHeaderNames(big), ["accept"], "more than 1024 bytes of safelisted values")
    }

    func testTheCORSCheck() {
        let origin = "http://a.test"
        func check(_ fields: [(String, String)], _ credentials: FetchCredentialsMode, origin: String = "http://a.test") -> Bool {
            var headers = HTTPHeaders()
            for (name, value) in fields { headers.add(name, value) }
            return CORSCheck.passes(headers, serializedOrigin: origin, credentials: credentials)
        }
        XCTAssertTrue(check([("Access-Control-Allow-Origin", "*")], .sameOrigin))
        XCTAssertFalse(check([("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Credentials", "true")], .include))
        XCTAssertTrue(check([("Access-Control-Allow-Origin", origin)], .omit))
        XCTAssertFalse(check([("Access-Control-Allow-Origin", origin + "/")], .omit))
        XCTAssertFalse(check([("Access-Control-Allow-Origin", "HTTP://A.TEST")], .omit))
        XCTAssertFalse(check([("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Origin", origin)], .omit))
        XCTAssertFalse(check([], .omit))
        XCTAssertFalse(check([("Access-Control-Allow-Origin", origin)], .include))
        XCTAssertFalse(check([("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Credentials", "TRUE")], .include))
        XCTAssertTrue(check([("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Credentials", "true")], .include))
        XCTAssertTrue(check([("Access-Control-Allow-Origin", "null")], .omit, origin: "null"))
    }

    func testThePreflightRequestAndItsCheck() throws {
        let url = try XCTUnwrap(WebURL("http://b.test/x"))
        var headers = HTTPHeaders()
        headers.add("X-Zeta", "1"); headers.add("Content-Type", "application/json"); headers.add("Accept", "*/*")
        let preflight = CORSPreflight.request(for: url, method: "PUT", headers: headers, origin: "http://a.test")
        XCTAssertEqual(preflight.method, "OPTIONS")
        XCTAssertEqual(preflight.headers["Access-Control-Request-Method"], "PUT")
        XCTAssertEqual(preflight.headers["Access-Control-Request-Headers"], "content-type,x-zeta")
        XCTAssertFalse(preflight.handlesCookies)
        XCTAssertNil(preflight.body)

        func response(_ fields: [(String, String)], status: Int = 200) -> Response {
            var h: HTTPHeaders = ["Access-Control-Allow-Origin": "http://a.test"]
            for (name, value) in fields { h.add(name, value) }
            return Response(url: url, statusCode: status, headers: h)
        }
        func allows(_ r: Response, method: String = "PUT", credentials: FetchCredentialsMode = .sameOrigin) -> Bool {
            if case .success = CORSPreflight.check(r, method: method, headers: headers, serializedOrigin: "http://a.test",
                                                   credentials: credentials) { return true }
            return false
        }
        let names = ("Access-Control-Allow-Headers", "x-zeta, Content-Type")
        XCTAssertTrue(allows(response([("Access-Control-Allow-Methods", "PUT"), names])))
        XCTAssertFalse(allows(response([("Access-Control-Allow-Methods", "put"), names])), "methods compare case-sensitively")
        XCTAssertFalse(allows(response([("Access-Control-Allow-Methods", "PUT"), names], status: 204 + 100)))
        XCTAssertFalse(allows(response([("Access-Control-Allow-Methods", "PUT"), ("Access-Control-Allow-Headers", "x-zeta")])))
        XCTAssertFalse(allows(response([("Access-Control-Allow-Methods", "PUT,"), ("Access-Control-Allow-Headers", "x-zeta, (bad)")])))
        XCTAssertTrue(allows(response([("Access-Control-Allow-Methods", "*"), ("Access-Control-Allow-Headers", "*")])))
        XCTAssertFalse(allows(response([("Access-Control-Allow-Methods", "*"), ("Access-Control-Allow-Headers", "*"),
                                        ("Access-Control-Allow-Credentials", "true")]), credentials: .include))
        XCTAssertTrue(allows(response([names]), method: "POST"), "a safelisted method needs no Allow-Methods")
        var withAuth = headers
        withAuth.add("Authorization", "Bearer x")
        if case .success = CORSPreflight.check(response([("Access-Control-Allow-Methods", "*"), ("Access-Control-Allow-Headers", "*")]),
                                               method: "PUT", headers: withAuth, serializedOrigin: "http://a.test", credentials: .omit) {
            XCTFail("`*` never covers Authorization")
        }
        XCTAssertEqual(CORSPreflight.maxAge(["Access-Control-Max-Age": "600"]), 600)
        XCTAssertEqual(CORSPreflight.maxAge(["Access-Control-Max-Age": String(repeating: "9", count: 400)]), CORSPreflight.maximumMaxAge)
        XCTAssertEqual(CORSPreflight.maxAge(["Access-Control-Max-Age": "-1"]), 5)
        XCTAssertEqual(CORSPreflight.maxAge(["Access-Control-Max-Age": "1e9"]), 5)
        XCTAssertEqual(CORSPreflight.maxAge([:]), 5)
    }

    func testThePreflightCacheMatchesPerOriginURLAndCredentialsUntilMaxAge() throws {
        var clock = 1000.0
        let cache = CORSPreflightCache(now: { clock })
        let url = try XCTUnwrap(WebURL("http://b.test/x"))
        let headers: HTTPHeaders = ["X-A": "1"]
        func needs(_ method: String = "PUT", origin: String = "http://a.test", _ credentials: FetchCredentialsMode = .sameOrigin,
                   url: WebURL = url) -> Bool {
            cache.needsPreflight(url: url, method: method, headers: headers, serializedOrigin: origin, credentials: credentials)
        }
        XCTAssertTrue(needs())
        cache.store(.init(methods: ["PUT"], headerNames: ["X-A"], maxAge: 10), url: url, serializedOrigin: "http://a.test",
                    credentials: .sameOrigin)
        XCTAssertFalse(needs())
        XCTAssertTrue(needs("DELETE"))
        XCTAssertTrue(needs(origin: "null"))
        XCTAssertTrue(needs("PUT", origin: "http://a.test", .include))
        XCTAssertTrue(needs(url: try XCTUnwrap(WebURL("http://b.test/y"))))
        clock += 10
        XCTAssertTrue(needs(), "expired after max-age")
        cache.store(.init(methods: ["*"], headerNames: ["*"], maxAge: 10), url: url, serializedOrigin: "http://a.test",
                    credentials: .include)
        XCTAssertTrue(needs("PUT", origin: "http://a.test", .include), "`*` entries never match a request with credentials")
    }

    func testTheOriginIsTaintedBySecondCrossOriginHop() throws {
        let a = try XCTUnwrap(WebURL("http://a.test/1")), a2 = try XCTUnwrap(WebURL("http://a.test/2"))
        let b = try XCTUnwrap(WebURL("http://b.test/")), c = try XCTUnwrap(WebURL("http://c.test/"))
        var state = FetchRequestState(mode: .cors, credentials: .sameOrigin, origin: "http://a.test")
        XCTAssertEqual(state.mainFetch(url: a, method: "GET", headers: [:]), .basic)
        XCTAssertTrue(state.includesCredentials)
        XCTAssertNil(state.redirect(from: a, to: a2))
        XCTAssertNil(state.redirect(from: a2, to: b))
        XCTAssertEqual(state.serializedOrigin, "http://a.test", "a hop from the request's own origin does not taint")
        XCTAssertEqual(state.mainFetch(url: b, method: "GET", headers: [:]), .cors(preflight: false))
        XCTAssertFalse(state.includesCredentials, "same-origin credentials stop at another origin")
        XCTAssertNil(state.redirect(from: b, to: c))
        XCTAssertEqual(state.serializedOrigin, "null")
        XCTAssertEqual(state.mainFetch(url: a, method: "GET", headers: [:]), .cors(preflight: false), "once CORS, always CORS")
        XCTAssertEqual(state.originHeader(method: "GET", url: a), "null")
        XCTAssertNotNil(state.redirect(from: c, to: try XCTUnwrap(WebURL("http://u:p@c.test/"))), "credentials in a CORS redirect")

        var noCORS = FetchRequestState(mode: .noCORS, credentials: .include, origin: "http://a.test")
        XCTAssertEqual(noCORS.mainFetch(url: b, method: "GET", headers: [:]), .opaque)
        XCTAssertTrue(noCORS.exposedHeaders(of: ["X-A": "1"]).isEmpty)
        var sameOrigin = FetchRequestState(mode: .sameOrigin, credentials: .omit, origin: "http://a.test")
        if case .networkError = sameOrigin.mainFetch(url: b, method: "GET", headers: [:]) {} else { XCTFail("same-origin mode") }
        XCTAssertFalse(sameOrigin.includesCredentials)
    }

    func testTheOriginHeaderAndExposedHeaders() throws {
        let b = try XCTUnwrap(WebURL("http://b.test/")), a = try XCTUnwrap(WebURL("https://a.test/"))
        var state = FetchRequestState(mode: .cors, credentials: .sameOrigin, origin: "https://a.test")
        _ = state.mainFetch(url: a, method: "POST", headers: [:])
        XCTAssertNil(state.originHeader(method: "GET", url: a))
        XCTAssertEqual(state.originHeader(method: "POST", url: a), "https://a.test")
        var noCORS = FetchRequestState(mode: .noCORS, credentials: .sameOrigin, origin: "https://a.test")
        _ = noCORS.mainFetch(url: b, method: "POST", headers: [:])
        XCTAssertEqual(noCORS.originHeader(method: "POST", url: b), "null", "https → http says nothing (default referrer policy)")
        _ = state.mainFetch(url: b, method: "GET", headers: [:])
        let headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Secret": "1", "X-Shown": "2", "Set-Cookie": "a=1",
                                    "Access-Control-Expose-Headers": "X-Shown, Set-Cookie"]
        XCTAssertEqual(state.exposedHeaders(of: headers).map(\.name), ["Content-Type", "X-Shown"])
    }
}
