import XCTest
import TernKit
import TernNet
import TernTestSupport

/// `fetchDataRecords` and `removeData` over real data: cookies, the HTTP
/// cache, local and session storage and history, made by loading the test
/// server's pages (as 127.0.0.1 and as localhost) in a persistent profile.
final class WebsiteDataRecordsTests: WebViewTestCase {
    private var root = ""
    private var store: WebsiteDataStore!

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-records-\(UUID())").path
        store = WebsiteDataStore(directory: root + "/profile")
        makeWebView { $0.websiteDataStore = self.store }
    }

    override func tearDown() {
        store = nil
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func load(_ url: WebURL, _ policy: Request.CachePolicy = .useProtocolCachePolicy) {
        recorder.clear()
        webView.load(Request(url: url, cachePolicy: policy))
        wait { recorder.ended }
    }

    private func records(_ types: Set<WebsiteDataType> = WebsiteDataStore.allWebsiteDataTypes()) -> [String: Set<WebsiteDataType>] {
        Dictionary(uniqueKeysWithValues: fetch(types).map { ($0.displayName, $0.dataTypes) })
    }

    /// The records, once the store's completion handler (on a later turn) has them.
    private func fetch(_ types: Set<WebsiteDataType>, from store: WebsiteDataStore? = nil) -> [WebsiteDataRecord] {
        var found: [WebsiteDataRecord]?
        (store ?? self.store).fetchDataRecords(ofTypes: types) { found = $0 }
        wait { found != nil }
        return found ?? []
    }

    /// Cookies, cache, localStorage and history for 127.0.0.1; cache,
    /// sessionStorage and history for localhost; cookies set for two
    /// hosts of example.co.uk and one of github.io.
    private func makeData() {
        load(server.url("/set-cookie?c=id=1;%20Max-Age=3600"))
        load(server.url("/cache?key=\(UUID())&cc=max-age=3600"))
        _ = value("localStorage.note = 'kept'")
        load(server.url("/cache?key=\(UUID())&cc=max-age=3600", host: "localhost"))
        _ = value("sessionStorage.tab = '1'")
        store.httpCookieStore.setCookie(Cookie(name: "a", value: "1", domain: "www.example.co.uk"))
        store.httpCookieStore.setCookie(Cookie(name: "b", value: "2", domain: "shop.example.co.uk"))
        store.httpCookieStore.setCookie(Cookie(name: "c", value: "3", domain: "me.github.io"))
    }

    func testRecordsGroupEachSitesDataByRegistrableDomain() {
        XCTAssertEqual(WebsiteDataStore.allWebsiteDataTypes(), [.cookies, .diskCache, .localStorage, .sessionStorage, .history])
        XCTAssertEqual(records(), [:])
        makeData()
        XCTAssertEqual(records(), [
            "127.0.0.1": [.cookies, .diskCache, .localStorage, .history],
            "localhost": [.diskCache, .sessionStorage, .history],
            "example.co.uk": [.cookies],
            "me.github.io": [.cookies],
        ])
        XCTAssertEqual(records([.localStorage, .sessionStorage]), ["127.0.0.1": [.localStorage], "localhost": [.sessionStorage]])
        XCTAssertEqual(fetch([.cookies]).map(\.displayName), ["127.0.0.1", "example.co.uk", "me.github.io"], "sorted by name")
    }

    func testRemovingDataForRecordsClearsOnlyThoseSites() {
        makeData()
        var chosen = fetch(WebsiteDataStore.allWebsiteDataTypes()).filter { $0.displayName != "127.0.0.1" }
        var done = false
        store.removeData(ofTypes: WebsiteDataStore.allWebsiteDataTypes(), for: chosen) { done = true }
        wait { done }
        XCTAssertEqual(records(), ["127.0.0.1": [.cookies, .diskCache, .localStorage, .history]])
        load(server.url("/page/next", host: "localhost"))
        XCTAssertEqual(value("sessionStorage.getItem('tab')"), .null, "the web view's sessionStorage area went too")

        // Only cookies of 127.0.0.1 now.
        chosen = fetch([.cookies])
        store.removeData(ofTypes: [.cookies], for: chosen) {}
        XCTAssertEqual(records(), ["127.0.0.1": [.diskCache, .localStorage, .history], "localhost": [.diskCache, .history]],
                       "localhost's page loaded since")
    }

    func testRemovingDataModifiedSinceADateKeepsOlderData() {
        let past = Cookie.now() - 3600
        // Made an hour ago: a cookie, a cached response, a localStorage item, a visit.
        store.httpCookieStore.setCookie(Cookie(name: "old", value: "1", domain: "old.example.com", createdAt: past))
        store.httpCache.clock = { past }
        store.localStorage.clock = { past }
        store.history.clock = { past }
        let oldPage = server.url("/cache?key=\(UUID())&cc=max-age=36000", host: "localhost")
        load(oldPage)
        _ = value("localStorage.old = '1'")
        store.httpCache.clock = Cookie.now
        store.localStorage.clock = Cookie.now
        store.history.clock = Cookie.now
        makeData()

        var done = false
        store.removeData(ofTypes: WebsiteDataStore.allWebsiteDataTypes(), modifiedSince: Cookie.now() - 60) { done = true }
        wait { done }
        XCTAssertEqual(records(), ["example.com": [.cookies], "localhost": [.diskCache, .localStorage, .history]])
        load(oldPage, .returnCacheDataDontLoad)
        XCTAssertEqual(recorder.events.last, "finish", "the older cached response is still there")
        XCTAssertEqual(store.history.entries().map(\.url), [oldPage])

        store.removeData(ofTypes: WebsiteDataStore.allWebsiteDataTypes(), modifiedSince: -.infinity) {}
        XCTAssertEqual(records(), [:])
        load(oldPage, .returnCacheDataDontLoad)
        XCTAssertEqual(recorder.errors, [.resourceUnavailable(oldPage.href)])
        // A restart sees the same: nothing.
        let reopened = WebsiteDataStore(directory: root + "/profile")
        reopened.eventLoop = loop
        XCTAssertEqual(fetch(WebsiteDataStore.allWebsiteDataTypes(), from: reopened), [])
    }
}
