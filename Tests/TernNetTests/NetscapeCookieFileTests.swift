import XCTest
@testable import TernNet

/// The Netscape cookies.txt format, as curl reads and writes it.
final class NetscapeCookieFileTests: XCTestCase {
    func testFlagsSurviveARoundTrip() {
        let now = 1_700_000_000.0
        let cookies = [
            Cookie(name: "host", value: "1", domain: "example.com", isHostOnly: true, path: "/", expiresAt: now + 60, createdAt: now),
            Cookie(name: "wide", value: "2", domain: "example.com", isHostOnly: false, path: "/app", expiresAt: now + 60,
                   isSecure: true, createdAt: now + 1),
            Cookie(name: "secret", value: "3", domain: "example.com", expiresAt: now + 60, isHTTPOnly: true, createdAt: now + 2),
            Cookie(name: "session", value: "", domain: "example.com", createdAt: now + 3),
        ]
        let text = NetscapeCookieFile.format(cookies)
        XCTAssertTrue(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        XCTAssertTrue(text.contains("\nexample.com\tFALSE\t/\tFALSE\t1700000060\thost\t1\n"))
        XCTAssertTrue(text.contains("\n.example.com\tTRUE\t/app\tTRUE\t1700000060\twide\t2\n"), "include-subdomains from host-only")
        XCTAssertTrue(text.contains("\n#HttpOnly_example.com\tFALSE\t/\tFALSE\t1700000060\tsecret\t3\n"))
        XCTAssertTrue(text.contains("\nexample.com\tFALSE\t/\tFALSE\t0\tsession\t\n"), "a session cookie has expiry 0")

        let (parsed, problems) = NetscapeCookieFile.parse(text, now: now)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(parsed.map(\.name), ["host", "wide", "secret", "session"])
        XCTAssertEqual(parsed.map(\.isHostOnly), [true, false, true, true])
        XCTAssertEqual(parsed.map(\.isSecure), [false, true, false, false])
        XCTAssertEqual(parsed.map(\.isHTTPOnly), [false, false, true, false])
        XCTAssertEqual(parsed.map(\.expiresAt), [now + 60, now + 60, now + 60, nil])
        XCTAssertEqual(parsed.map(\.domain), Array(repeating: "example.com", count: 4))
    }

    func testSixFieldsMeanAnEmptyValueAndExpiredCookiesAreLeftOut() {
        let (parsed, problems) = NetscapeCookieFile.parse("a.test\tFALSE\t/\tFALSE\t0\tempty\r\na.test\tFALSE\t/\tFALSE\t5\told\tx\n", now: 100)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(parsed.map(\.name), ["empty"])
        XCTAssertEqual(parsed.first?.value, "")
    }

    func testBadLinesAreNamedByNumber() {
        let text = "# comment\n\nx\ta.test\tFALSE\n.com\tTRUE\t/\tFALSE\t0\tn\tv\na.test\tFALSE\t/\tFALSE\t-1\tn\tv\na.test\tFALSE\t/\tFALSE\t0\tn\tv\u{7}\n"
        let (parsed, problems) = NetscapeCookieFile.parse(text, now: 0)
        XCTAssertEqual(parsed, [])
        XCTAssertEqual(problems.map(\.line), [3, 4, 5, 6])
        XCTAssertTrue(problems[1].reason.contains("public suffix"), problems[1].reason)
    }
}
