import XCTest
import TernKit
import TernTestSupport

/// The website data store and its cookie store, against the test server and a real SQLite file.
final class WebsiteDataStoreTests: WebViewTestCase {
    final class Watcher: HTTPCookieStoreObserver {
        var changes = 0
        func cookiesDidChange(in cookieStore: HTTPCookieStore) { changes += 1 }
    }

    private func sentCookie() -> String? {
        (echo()["headers"] as? [[String]] ?? []).first { $0.first?.lowercased() == "cookie" }?.last
    }

    func testACookieSetThroughTheStoreGoesWithTheNextLoad() {
        let store = WebsiteDataStore.nonPersistent()
        makeWebView { $0.websiteDataStore = store }
        let watcher = Watcher()
        store.httpCookieStore.add(watcher)
        store.httpCookieStore.setCookie(Cookie(name: "token", value: "injected", domain: "127.0.0.1"))
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "token=injected")
        loadAndWait("/set-cookie?c=second=2")
        var all: [Cookie] = []
        store.httpCookieStore.getAllCookies { all = $0 }
        wait { !all.isEmpty }
        XCTAssertEqual(all.map(\.name).sorted(), ["second", "token"])
        store.httpCookieStore.delete(all.first { $0.name == "token" }!)
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "second=2")
        XCTAssertEqual(watcher.changes, 3, "set, the server's cookie, delete")
    }

    /// Issue 14, item 8: WebKit calls a data store's completion handlers
    /// later, never inside the call; the change itself is made at once.
    func testCompletionHandlersRunOnALaterTurnOfTheLoop() {
        let store = WebsiteDataStore.nonPersistent()
        makeWebView { $0.websiteDataStore = store }
        var calls: [String] = []
        let cookie = Cookie(name: "a", value: "1", domain: "127.0.0.1")
        store.httpCookieStore.setCookie(cookie) { calls.append("set") }
        store.httpCookieStore.getAllCookies { calls.append("all \($0.count)") }
        store.httpCookieStore.delete(cookie) { calls.append("delete") }
        store.fetchDataRecords(ofTypes: [.cookies]) { calls.append("records \($0.count)") }
        store.removeData(ofTypes: [.cookies], modifiedSince: -.infinity) { calls.append("removed since") }
        store.removeData(ofTypes: [.cookies], for: []) { calls.append("removed for") }
        XCTAssertEqual(calls, [], "a completion handler ran inside its call")
        wait { calls.count == 6 }
        XCTAssertEqual(calls, ["set", "all 1", "delete", "records 0", "removed since", "removed for"])
    }

    /// HTTPCookieStorage's `cookies(for:)` on the cookie store: what a
    /// request to the URL would send, longest path first.
    func testCookiesForAURLAreTheOnesARequestWouldSend() {
        let store = WebsiteDataStore.nonPersistent()
        makeWebView { $0.websiteDataStore = store }
        let cookies = store.httpCookieStore
        cookies.setCookie(Cookie(name: "root", value: "1", domain: "127.0.0.1", createdAt: 1))
        cookies.setCookie(Cookie(name: "deep", value: "2", domain: "127.0.0.1", path: "/echo", createdAt: 2))
        cookies.setCookie(Cookie(name: "other", value: "3", domain: "127.0.0.1", path: "/elsewhere"))
        cookies.setCookie(Cookie(name: "secure", value: "4", domain: "127.0.0.1", isSecure: true))
        cookies.setCookie(Cookie(name: "hidden", value: "5", domain: "127.0.0.1", isHTTPOnly: true, createdAt: 3))
        cookies.setCookie(Cookie(name: "foreign", value: "6", domain: "example.com"))
        XCTAssertEqual(cookies.cookies(for: server.url("/echo")).map(\.name), ["deep", "root", "hidden"])
        XCTAssertEqual(cookies.cookies(for: server.url("/")).map(\.name), ["root", "hidden"])
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "deep=2; root=1; hidden=5", "the same cookies, in the same order, as the request sent")
    }

    func testWebViewsSharingAStoreShareCookies() {
        let store = WebsiteDataStore.nonPersistent()
        makeWebView { $0.websiteDataStore = store }
        loadAndWait("/set-cookie?c=shared=yes")
        makeWebView { $0.websiteDataStore = store }
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "shared=yes")
        makeWebView { $0.websiteDataStore = .nonPersistent() }
        loadAndWait("/echo")
        XCTAssertNil(sentCookie())
    }

    func testAPersistentStoreKeepsCookiesAcrossRestarts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-store-\(UUID())/profile").path
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        do {
            let store = WebsiteDataStore(directory: directory)
            XCTAssertNil(store.storageError)
            XCTAssertTrue(store.isPersistent)
            makeWebView { $0.websiteDataStore = store }
            loadAndWait("/set-cookie?c=login=alice;%20Max-Age=3600&c=session=1")
        }
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: directory) }
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "login=alice")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/cookies.sqlite"))
    }

    func testTheCookieDatabaseIsOpenedOnlyWhenCookiesAreUsed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-store-\(UUID())/profile").path
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        let store = WebsiteDataStore(directory: directory)
        makeWebView { $0.websiteDataStore = store }
        webView.loadHTMLString("<p>local</p>", baseURL: nil)
        _ = wait { !webView.isLoading }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/cookies.sqlite"), "a local page needs no cookies")
        loadAndWait("/echo")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/cookies.sqlite"), "a request reads the cookies")
        XCTAssertNil(store.storageError)
    }
}
