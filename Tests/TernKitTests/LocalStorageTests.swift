import XCTest
import TernKit
import TernNet
import TernTestSupport

/// localStorage kept per origin in the website data store (a real SQLite
/// file for a persistent profile), sessionStorage per web view in memory,
/// and the quota error browsers give.
final class LocalStorageTests: WebViewTestCase {
    private var root = ""
    private var directory: String { root + "/profile" }

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-storage-\(UUID())").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func testLocalStorageIsKeptInTheProfileAndSessionStorageIsNot() {
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: self.directory) }
        loadAndWait("/page/one")
        _ = value("localStorage.setItem('token', 'é中😀'); localStorage.theme = 'dark'; localStorage.removeItem('theme'); sessionStorage.tab = '1'")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/storage.sqlite"))

        // A new data store on the same profile, as after a restart.
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: self.directory) }
        loadAndWait("/page/two")
        XCTAssertEqual(value("[localStorage.getItem('token'), localStorage.length, localStorage.getItem('theme'), sessionStorage.getItem('tab')]"),
                       .array([.string("é中😀"), .number(1), .null, .null]))
        _ = value("localStorage.clear()")
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: self.directory) }
        loadAndWait("/page/three")
        XCTAssertEqual(value("localStorage.length"), .number(0), "clear() was saved too")

        // Another origin of the same profile sees nothing.
        _ = value("localStorage.mine = 'yes'")
        recorder.clear()
        webView.load(Request(url: server.url("/page/four", host: "localhost")))
        wait { recorder.ended }
        XCTAssertEqual(value("localStorage.getItem('mine')"), .null)
    }

    func testAPrivateStoreKeepsLocalStorageInMemoryOnly() {
        let store = WebsiteDataStore.nonPersistent()
        makeWebView { $0.websiteDataStore = store }
        loadAndWait("/page/one")
        _ = value("localStorage.kept = 'for now'")
        XCTAssertNil(store.localStorage.path)
        XCTAssertEqual(store.localStorage.items(for: server.url("/").origin), ["kept": "for now"])
    }

    func testAWriteOverTheQuotaThrowsQuotaExceededErrorAndChangesNothing() {
        let store = WebsiteDataStore(directory: directory)
        store.localStorage.quota = 2000  // bytes: 1000 UTF-16 code units
        makeWebView { $0.websiteDataStore = store }
        loadAndWait("/page/quota")
        let result = value("""
            (function () {
              localStorage.setItem('small', 'x'.repeat(400));
              var error = null;
              try { localStorage.setItem('big', 'y'.repeat(700)); } catch (e) { error = e; }
              var replaced = null;
              try { localStorage.small = 'z'.repeat(996); } catch (e) { replaced = e.name; }
              return [error instanceof DOMException, error && error.name, error && error.code, localStorage.getItem('big'),
                      localStorage.length, replaced, localStorage.getItem('small').charAt(0),
                      (function () { try { sessionStorage.setItem('big', 'y'.repeat(700)); return 'ok'; } catch (e) { return e.name; } })()];
            })()
            """)
        XCTAssertEqual(result, .array([.bool(true), .string("QuotaExceededError"), .number(22), .null, .number(1), .string("QuotaExceededError"),
                                       .string("x"), .string("ok")]))
        // Nothing over the quota reached the file either.
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: self.directory) }
        loadAndWait("/page/again")
        XCTAssertEqual(value("[localStorage.length, localStorage.getItem('small').length]"), .array([.number(1), .number(400)]))
    }

    func testPagesOfOpaqueOriginsDoNotShareOneArea() {
        let store = WebsiteDataStore(directory: directory)
        makeWebView { $0.websiteDataStore = store }
        webView.loadHTMLString("<p>a</p>", baseURL: WebURL("data:text/html,a"))
        wait { !webView.isLoading }
        _ = value("localStorage.secret = 'a'")
        webView.loadHTMLString("<p>b</p>", baseURL: WebURL("data:text/html,b"))
        wait { !webView.isLoading }
        XCTAssertEqual(value("localStorage.getItem('secret')"), .null)
        XCTAssertEqual(store.localStorage.areaInfos(), [], "nothing of an opaque origin is saved")
    }
}
