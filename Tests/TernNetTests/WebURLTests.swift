// Hand-written unit tests for WebURL: relative resolution cases a browser relies on.

import XCTest
@testable import TernNet

final class WebURLTests: XCTestCase {
    func testDotDotSegmentAgainstBase() throws {
        let base = try XCTUnwrap(WebURL("http://h/b/c/d"))
        XCTAssertEqual(base.resolve("../a")?.href, "http://h/b/a")
        XCTAssertEqual(base.resolve("./x")?.href, "http://h/b/c/x")
        XCTAssertEqual(base.resolve("../../../../a")?.href, "http://h/a")
        XCTAssertEqual(base.resolve("%2e%2E/a")?.href, "http://h/b/a")
    }

    func testQueryAndFragmentOnlyReferences() throws {
        let base = try XCTUnwrap(WebURL("https://example.com/dir/page.html?old=1#top"))
        let q = try XCTUnwrap(base.resolve("?q"))
        XCTAssertEqual(q.href, "https://example.com/dir/page.html?q")
        XCTAssertEqual(q.search, "?q")
        XCTAssertEqual(q.hash, "")
        let f = try XCTUnwrap(base.resolve("#f"))
        XCTAssertEqual(f.href, "https://example.com/dir/page.html?old=1#f")
        XCTAssertEqual(f.fragment, "f")
        XCTAssertEqual(f.withoutFragment.href, "https://example.com/dir/page.html?old=1")
        XCTAssertEqual(base.resolve("")?.href, "https://example.com/dir/page.html?old=1")
    }

    func testSchemeRelativeReferences() throws {
        let base = try XCTUnwrap(WebURL("https://example.com/a/b"))
        let other = try XCTUnwrap(base.resolve("//other/x"))
        XCTAssertEqual(other.href, "https://other/x")
        XCTAssertEqual(other.hostname, "other")
        let withPort = try XCTUnwrap(base.resolve("//other.example:8080/p?q"))
        XCTAssertEqual(withPort.href, "https://other.example:8080/p?q")
        XCTAssertEqual(withPort.host, "other.example:8080")
        XCTAssertEqual(withPort.port, "8080")
        XCTAssertEqual(withPort.portNumber, 8080)
        let defaultPort = try XCTUnwrap(base.resolve("//other:443/"))
        XCTAssertEqual(defaultPort.port, "")
        XCTAssertEqual(defaultPort.portNumber, 443)
        XCTAssertEqual(defaultPort.origin, "https://other")
    }

    func testFileURLWithDriveLetter() throws {
        let url = try XCTUnwrap(WebURL("file:///C|/Windows/../System32/x.dll"))
        XCTAssertEqual(url.href, "file:///C:/System32/x.dll")
        XCTAssertEqual(url.pathname, "/C:/System32/x.dll")
        XCTAssertEqual(url.host, "")
        XCTAssertEqual(url.resolve("../../..")?.href, "file:///C:/")
        XCTAssertEqual(url.resolve("/D:/y")?.href, "file:///D:/y")
        XCTAssertEqual(WebURL("file://localhost/etc/hosts")?.href, "file:///etc/hosts")
        XCTAssertEqual(url.origin, "null")
    }

    func testJavaScriptURLHasOpaquePath() throws {
        let url = try XCTUnwrap(WebURL("javascript:alert(1)"))
        XCTAssertTrue(url.hasOpaquePath)
        XCTAssertFalse(url.isSpecial)
        XCTAssertEqual(url.scheme, "javascript")
        XCTAssertEqual(url.pathname, "alert(1)")
        XCTAssertEqual(url.host, "")
        XCTAssertEqual(url.origin, "null")
        XCTAssertNil(url.resolve("x"), "relative references cannot resolve against an opaque-path URL")
        XCTAssertEqual(url.resolve("#frag")?.href, "javascript:alert(1)#frag")
    }

    func testHostsAndOrigins() throws {
        XCTAssertEqual(WebURL("http://0x7f.1/")?.hostname, "127.0.0.1")
        XCTAssertEqual(WebURL("http://[0:0:0:0:0:0:0:1]:80/")?.host, "[::1]")
        XCTAssertEqual(WebURL("http://EXAMPLE.com./")?.hostname, "example.com.")
        XCTAssertEqual(WebURL("https://b\u{FC}cher.de/")?.hostname, "xn--bcher-kva.de")
        XCTAssertEqual(WebURL("blob:https://example.com:443/uuid")?.origin, "https://example.com")
        XCTAssertNil(WebURL("http://exa mple.com/"))
        XCTAssertNil(WebURL("http://1.2.3.256/"))
        XCTAssertEqual(URLHost.ipv6([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]).serialized, "[2001:db8::1:0:0:1]")
    }

    func testEqualityAndHashing() throws {
        let a = try XCTUnwrap(WebURL("HTTP://Example.COM:80/a/./b/../c"))
        let b = try XCTUnwrap(WebURL("http://example.com/a/c"))
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set([a, b]).count, 1)
        XCTAssertEqual(a.description, "http://example.com/a/c")
        XCTAssertEqual(WebURL.parse("b", base: "http://x/a")?.href, "http://x/b")
        XCTAssertNil(WebURL.parse("b", base: "not a url"))
    }

    func testVeryLongPathParses() throws {
        let segment = String(repeating: "a", count: 99) + "/"
        let path = String(repeating: segment, count: 10_000)  // 1,000,000 characters
        XCTAssertEqual(path.utf8.count, 1_000_000)
        let url = try XCTUnwrap(WebURL("https://example.com/" + path + "?q#f"))
        XCTAssertEqual(url.pathname.utf8.count, 1_000_001)
        XCTAssertEqual(url.search, "?q")
        let resolved = try XCTUnwrap(url.resolve("../x"))
        XCTAssertTrue(resolved.href.hasSuffix("/x"))
        let longHost = try XCTUnwrap(WebURL("http://" + String(repeating: "a", count: 1_000_000) + ".com/"))
        XCTAssertEqual(longHost.hostname.utf8.count, 1_000_004)
    }
}
