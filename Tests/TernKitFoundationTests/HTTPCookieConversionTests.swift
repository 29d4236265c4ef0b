import XCTest
@testable import TernKitFoundation

/// Cookie ⇄ HTTPCookie with every attribute.
final class HTTPCookieConversionTests: XCTestCase {
    /// The attributes that make up a cookie (not its creation and access times).
    private func attributes(_ cookie: Cookie) -> [String] {
        [cookie.name, cookie.value, cookie.domain, "\(cookie.isHostOnly)", cookie.path, "\(String(describing: cookie.expiresAt))",
         "\(cookie.isSecure)", "\(cookie.isHTTPOnly)", "\(cookie.sameSite)"]
    }

    func testEveryAttributeSurvivesARoundTrip() throws {
        let cookies = [
            Cookie(name: "host", value: "1", domain: "127.0.0.1"),
            Cookie(name: "dom", value: "a b", domain: "example.com", isHostOnly: false, path: "/p/q",
                   expiresAt: 2_000_000_000, isSecure: true, isHTTPOnly: true, sameSite: .strict),
            Cookie(name: "lax", value: "", domain: "www.example.com", expiresAt: 1_900_000_000.5, sameSite: .lax),
            Cookie(name: "none", value: "x", domain: "example.com", isHostOnly: false, isSecure: true, sameSite: .none),
        ]
        for cookie in cookies {
            let httpCookie = try XCTUnwrap(HTTPCookie(cookie), cookie.name)
            XCTAssertEqual(attributes(Cookie(httpCookie)), attributes(cookie))
        }
    }

    /// Foundation's spellings of each attribute.
    func testFoundationSpellings() throws {
        let domainCookie = try XCTUnwrap(HTTPCookie(Cookie(name: "a", value: "b", domain: "example.com", isHostOnly: false,
                                                           path: "/p", expiresAt: 2_000_000_000, isSecure: true,
                                                           isHTTPOnly: true, sameSite: .strict)))
        XCTAssertEqual(domainCookie.domain, ".example.com", "a domain cookie's domain starts with a dot")
        XCTAssertEqual(domainCookie.path, "/p")
        XCTAssertEqual(domainCookie.expiresDate, Date(timeIntervalSince1970: 2_000_000_000))
        XCTAssertFalse(domainCookie.isSessionOnly)
        XCTAssertTrue(domainCookie.isSecure)
        XCTAssertTrue(domainCookie.isHTTPOnly)
        XCTAssertEqual(domainCookie.sameSitePolicy, .sameSiteStrict)

        let hostCookie = try XCTUnwrap(HTTPCookie(Cookie(name: "a", value: "b", domain: "www.example.com", sameSite: .lax)))
        XCTAssertEqual(hostCookie.domain, "www.example.com", "a host-only cookie's has none")
        XCTAssertNil(hostCookie.expiresDate)
        XCTAssertTrue(hostCookie.isSessionOnly)
        XCTAssertFalse(hostCookie.isSecure)
        XCTAssertFalse(hostCookie.isHTTPOnly)
        XCTAssertEqual(hostCookie.sameSitePolicy, .sameSiteLax)
        XCTAssertNil(try XCTUnwrap(HTTPCookie(Cookie(name: "a", value: "b", domain: "x.example"))).sameSitePolicy)
    }

    /// A cookie made with Foundation's own initializer.
    func testCookieFromFoundationProperties() throws {
        let httpCookie = try XCTUnwrap(HTTPCookie(properties: [
            .name: "n", .value: "v", .domain: ".MÜNCHEN.de", .path: "", .secure: "TRUE",
            HTTPCookiePropertyKey("HttpOnly"): "TRUE", .expires: Date(timeIntervalSince1970: 1_800_000_000),
        ]))
        let cookie = Cookie(httpCookie)
        XCTAssertEqual(cookie.domain, "xn--mnchen-3ya.de", "lower-cased and in punycode, as the jar keeps hosts")
        XCTAssertFalse(cookie.isHostOnly)
        XCTAssertEqual(cookie.path, "/")
        XCTAssertEqual(cookie.expiresAt, 1_800_000_000)
        XCTAssertTrue(cookie.isSecure)
        XCTAssertTrue(cookie.isHTTPOnly)
        XCTAssertEqual(cookie.sameSite, .unspecified)

        let session = Cookie(try XCTUnwrap(HTTPCookie(properties: [.name: "s", .value: "", .domain: "a.example", .path: "/",
                                                                  .expires: Date(timeIntervalSince1970: .nan)])))
        XCTAssertNil(session.expiresAt, "a NaN date makes a session cookie")
        XCTAssertTrue(session.isHostOnly)
    }

    /// Several Set-Cookie fields joined with commas, as Foundation joins them.
    func testJoinedSetCookieFieldsAreSplitAgain() {
        XCTAssertEqual(SetCookieFields.split("a=1; Expires=Wed, 09 Jun 2038 10:18:14 GMT; Path=/, b=2,c=3; HttpOnly"),
                       ["a=1; Expires=Wed, 09 Jun 2038 10:18:14 GMT; Path=/", "b=2", "c=3; HttpOnly"])
        XCTAssertEqual(SetCookieFields.split("a=x,y; Path=/"), ["a=x,y; Path=/"], "a comma in a value")
        XCTAssertEqual(SetCookieFields.values(in: ["set-COOKIE": "a=1", "Content-Type": "text/html"]), ["a=1"])
    }
}
