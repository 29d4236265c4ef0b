import XCTest
import TernKitFoundation

/// URL ⇄ WebURL with inputs where Foundation (RFC 3986) and the URL Standard differ.
final class URLConversionTests: XCTestCase {
    /// WebURL → URL: an href Foundation takes as it is comes back unchanged.
    func testHrefsFoundationTakesAsTheyAre() throws {
        for href in ["http://127.0.0.1:8080/a/b?q=1#f", "http://[::1]:8080/x", "http://[fe80::1]/",
                     "http://xn--mnchen-3ya.de/", "file:///tmp/a%20b", "about:blank", "mailto:a@b.example",
                     "https://user:pa%20ss@example.com/%C3%A4?q=%C3%BC"] {
            let webURL = try XCTUnwrap(WebURL(href), href)
            XCTAssertEqual(URL(webURL)?.absoluteString, href)
            XCTAssertEqual(URL(webURL).flatMap(WebURL.init), webURL, href)
        }
    }

    /// The URL Standard leaves `|` in paths, `{`, `}`, `^`, `` ` `` in queries,
    /// a `<` in an opaque path and a lone `%` unescaped; Foundation escapes them.
    func testCharactersRFC3986ForbidsAreEscaped() throws {
        let cases = [
            "http://a.example/b|c?q={x}^`|#a|b": "http://a.example/b%7Cc?q=%7Bx%7D%5E%60%7C#a%7Cb",
            "data:text/html,<p>hi</p>": "data:text/html,%3Cp%3Ehi%3C/p%3E",
            "http://a.example/%zz": "http://a.example/%25zz",
        ]
        for (input, expected) in cases {
            let webURL = try XCTUnwrap(WebURL(input), input)
            XCTAssertEqual(webURL.href, input, "the URL Standard keeps it")
            XCTAssertEqual(URL(webURL)?.absoluteString, expected)
        }
    }

    /// URL → WebURL: the URL Standard's serialization of Foundation's string.
    func testFoundationURLsAreParsedAgainByTheURLStandard() throws {
        let cases: [(String, String)] = [
            ("HTTP://EXAMPLE.com/a/./b/../c", "http://example.com/a/c"),
            ("http://münchen.de/ä?q=ü", "http://xn--mnchen-3ya.de/%C3%A4?q=%C3%BC"),  // Foundation: IDNA and UTF-8 escapes
            ("http://a.example/b c?q=a b#frag ment", "http://a.example/b%20c?q=a%20b#frag%20ment"),
            ("http://a.example/b\\c", "http://a.example/b%5Cc"),  // Foundation escaped the backslash first
            ("http://[::1]:8080/x", "http://[::1]:8080/x"),
            ("http://ex%61mple.com/", "http://example.com/"),
        ]
        for (input, expected) in cases {
            let url = try XCTUnwrap(URL(string: input), input)
            XCTAssertEqual(WebURL(url)?.href, expected, input)
        }
        let relative = try XCTUnwrap(URL(string: "c/d?x", relativeTo: URL(string: "http://a.example/b/")))
        XCTAssertEqual(WebURL(relative)?.href, "http://a.example/b/c/d?x")
    }

    /// What Foundation accepts and the URL Standard refuses gives nil.
    func testURLsTheURLStandardRefusesGiveNil() throws {
        for input in ["c/d", "http://256.256.256.256/", "http://a.example:99999/", "http://[::1/", "http://a%00b/"] {
            guard let url = URL(string: input) else { continue }  // Foundation refused it too
            XCTAssertNil(WebURL(url), input)
        }
        XCTAssertNotNil(URL(string: "http://a.example:99999/"), "Foundation takes a port above 65535")
    }
}
