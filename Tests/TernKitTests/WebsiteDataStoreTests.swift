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
        XCTAssertEqual(all.map(\.name).sorted(), ["second", "token"])
        store.httpCookieStore.delete(all.first { $0.name == "token" }!)
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "second=2")
        XCTAssertEqual(watcher.changes, 3, "set, the server's cookie, delete")
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
