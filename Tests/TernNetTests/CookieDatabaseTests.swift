import XCTest
@testable import TernNet

/// Cookies kept in a real SQLite file.
final class CookieDatabaseTests: XCTestCase {
    var path: String!

    override func setUp() {
        super.setUp()
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cookies-\(UUID()).sqlite").path
    }

    override func tearDown() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        super.tearDown()
    }

    private let site = WebURL("https://shop.example.com/cart")!

    func testPersistentCookiesSurviveAReopenAndSessionCookiesDoNot() throws {
        do {
            let jar = CookieJar()
            let store = try CookieDatabase(path: path, jar: jar)
            jar.setCookie("login=alice; Max-Age=3600; Secure; HttpOnly", for: site)
            jar.setCookie("session=1", for: site)
            jar.setCookie("gone=1; Max-Age=3600", for: site)
            jar.setCookie("gone=1; Max-Age=0", for: site)
            XCTAssertNil(store.lastError)
        }
        let jar = CookieJar()
        _ = try CookieDatabase(path: path, jar: jar)
        let cookies = jar.allCookies
        XCTAssertEqual(cookies.map(\.name), ["login"])
        XCTAssertEqual(cookies.first?.isHTTPOnly, true)
        XCTAssertEqual(cookies.first?.isSecure, true)
        XCTAssertEqual(jar.cookieHeader(for: site), "login=alice")
    }

    func testSessionCookiesAreKeptWhenAsked() throws {
        do {
            let jar = CookieJar()
            let store = try CookieDatabase(path: path, jar: jar, keepSessionCookies: true)
            jar.setCookie("session=1", for: site)
            withExtendedLifetime(store) {}
        }
        let kept = CookieJar()
        _ = try CookieDatabase(path: path, jar: kept, keepSessionCookies: true)
        XCTAssertEqual(kept.allCookies.map(\.name), ["session"])
        let dropped = CookieJar()
        _ = try CookieDatabase(path: path, jar: dropped)
        XCTAssertTrue(dropped.allCookies.isEmpty, "a normal start forgets session cookies")
    }

    func testTwoConnectionsOnOneFileLoseNothing() throws {
        let first = CookieJar(), second = CookieJar()
        let a = try CookieDatabase(path: path, jar: first)
        let b = try CookieDatabase(path: path, jar: second)
        for i in 0..<50 {
            first.setCookie("a\(i)=1; Max-Age=3600", for: site)
            second.setCookie("b\(i)=1; Max-Age=3600", for: site)
        }
        XCTAssertNil(a.lastError)
        XCTAssertNil(b.lastError)
        let reopened = CookieJar()
        _ = try CookieDatabase(path: path, jar: reopened)
        XCTAssertEqual(reopened.allCookies.count, 100)
    }

    func testExpiredCookiesAreNotLoaded() throws {
        do {
            let jar = CookieJar()
            let store = try CookieDatabase(path: path, jar: jar)
            jar.setCookie("short=1; Max-Age=3600", for: site)
            withExtendedLifetime(store) {}
        }
        let later = CookieJar()
        later.clock = { Cookie.now() + 7200 }
        _ = try CookieDatabase(path: path, jar: later)
        XCTAssertTrue(later.allCookies.isEmpty)
    }

    func testAnUnwritableProfileIsAClearError() {
        XCTAssertThrowsError(try CookieDatabase(path: "/proc/tern-cannot-write-here/cookies.sqlite", jar: CookieJar())) { error in
            XCTAssertTrue("\(error)".contains("unable to open"), "\(error)")
        }
    }
}
