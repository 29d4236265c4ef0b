import XCTest
import TernKitFoundation
import TernTestSupport

/// HTTPCookieStore with HTTPCookies, against the test server and a real page.
final class HTTPCookieStoreFoundationTests: WebViewTestCase {
    private var store: HTTPCookieStore { webView.configuration.websiteDataStore.httpCookieStore }

    private func allCookies() -> [HTTPCookie] {
        var result: [HTTPCookie]?
        store.getAllCookies { cookies in result = cookies }
        wait { result != nil }
        return result ?? []
    }

    private func cookieHeaders() -> [String] {
        (echo()["headers"] as? [[String]] ?? []).filter { $0.first?.lowercased() == "cookie" }.compactMap { $0.last }
    }

    /// A cookie set natively before the first load goes with it, and the page
    /// reads it from `document.cookie` unless it is HttpOnly.
    func testHTTPCookieReachesTheServerAndThePage() throws {
        for (name, httpOnly) in [("visible", false), ("hidden", true)] {
            var properties: [HTTPCookiePropertyKey: Any] = [.name: name, .value: "1", .domain: "127.0.0.1", .path: "/"]
            if httpOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
            var done = false
            store.setCookie(try XCTUnwrap(HTTPCookie(properties: properties))) { done = true }
            wait { done }
        }
        loadAndWait("/echo")
        XCTAssertEqual(cookieHeaders(), ["visible=1; hidden=1"])
        loadAndWait("/plain")
        XCTAssertEqual(value("document.cookie"), .string("visible=1"))
    }

    /// WebKit's closure form compiles without naming a type, and gets
    /// HTTPCookies; one whose body needs `Cookie` gets TernKit's.
    func testGetAllCookiesInWebKitsClosureForm() throws {
        store.setCookie(try XCTUnwrap(HTTPCookie(properties: [.name: "a", .value: "1", .domain: ".example.com", .path: "/"])))
        var names: [String] = []
        var domains: [String] = []
        store.getAllCookies { cookies in
            for cookie in cookies {
                names.append(cookie.name)
                domains.append(cookie.domain)
            }
        }
        wait { !names.isEmpty }
        XCTAssertEqual(names, ["a"])
        XCTAssertEqual(domains, [".example.com"], "HTTPCookie's domain, with its dot")
        var hostOnly: [Bool] = []
        store.getAllCookies { cookies in hostOnly = cookies.map { $0.isHostOnly } }
        wait { !hostOnly.isEmpty }
        XCTAssertEqual(hostOnly, [false])
    }

    /// A cookie read back and deleted as an HTTPCookie is gone; read, changed
    /// and set again, it keeps its SameSite (which Linux's Foundation lacks).
    func testDeleteAndSetAgain() throws {
        store.setCookie(Cookie(name: "s", value: "1", domain: "example.com", isHostOnly: false, path: "/p",
                               isSecure: true, sameSite: .strict))
        store.setCookie(Cookie(name: "t", value: "2", domain: "example.com"))
        let cookies = allCookies()
        XCTAssertEqual(cookies.map(\.name), ["s", "t"])
        var done = false
        store.delete(cookies[1]) { done = true }
        wait { done }
        store.setCookie(cookies[0])
        let again = allCookies()
        XCTAssertEqual(again.map(\.name), ["s"])
        XCTAssertEqual(again.first?.sameSitePolicy, .sameSiteStrict)
        XCTAssertEqual(again.first?.domain, ".example.com")
        XCTAssertEqual(again.first?.path, "/p")
    }

    /// Response header fields go through TernKit's RFC 6265bis rules, where
    /// Foundation's parser keeps a cookie for a public suffix.
    func testSetCookiesFromResponseHeaderFields() throws {
        let url = try XCTUnwrap(URL(string: "http://www.example.com/a/b"))
        let fields = ["Set-Cookie": "bad=1; Domain=com, secure=1; Secure, b=2; Domain=example.com; HttpOnly; SameSite=Strict, "
                      + "c=3; Expires=Wed, 09 Jun 2038 10:18:14 GMT; Path=/p", "Content-Type": "text/html"]
        XCTAssertEqual(HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "bad=1; Domain=com"], for: url).map(\.domain),
                       [".com"], "Foundation's parser has no public-suffix check")
        var stored: [HTTPCookie]?
        store.setCookies(fromResponseHeaderFields: fields, for: url) { stored = $0 }
        XCTAssertNil(stored, "the completion runs on a later turn, as the store's others do")
        wait { stored != nil }
        XCTAssertEqual(stored?.map(\.name), ["b", "c"])
        let b = try XCTUnwrap(stored?.first)
        XCTAssertEqual(b.domain, ".example.com")
        XCTAssertTrue(b.isHTTPOnly)
        XCTAssertEqual(b.sameSitePolicy, .sameSiteStrict)
        XCTAssertEqual(stored?.last?.domain, "www.example.com")
        XCTAssertEqual(stored?.last?.path, "/p")
        let expires = try XCTUnwrap(stored?.last?.expiresDate?.timeIntervalSinceNow)
        XCTAssertTrue((399 * 86400...400 * 86400).contains(expires), "2038 capped at 400 days (6265bis): \(expires)")
        XCTAssertEqual(allCookies().map(\.name), ["b", "c"])
        XCTAssertEqual(store.cookies(for: try XCTUnwrap(URL(string: "http://www.example.com/a/x"))).map(\.name), ["b"],
                       "HttpOnly included; Path defaults to /a")
        XCTAssertEqual(store.cookies(for: try XCTUnwrap(URL(string: "http://www.example.com/p/x"))).map(\.name), ["c"])

        stored = nil
        store.setCookies(fromResponseHeaderFields: ["set-cookie": "b=; Max-Age=0; Domain=example.com"], for: url) { stored = $0 }
        wait { stored != nil }
        XCTAssertEqual(stored?.count, 0)
        XCTAssertEqual(allCookies().map(\.name), ["c"], "Max-Age=0 deleted b")
    }
}
