import XCTest
import TernKit
import TernNet
import TernTestSupport

/// The HTTP cache through a web view, against the test server's `/cache`
/// route (which counts the requests it sees) and real SQLite databases.
final class HTTPCacheTests: WebViewTestCase {
    private var store: WebsiteDataStore!
    private var profiles: [String] = []

    override func setUp() {
        super.setUp()
        store = .nonPersistent()
        makeWebView { $0.websiteDataStore = self.store }
    }

    override func tearDown() {
        store = nil
        for profile in profiles { try? FileManager.default.removeItem(atPath: profile) }
        super.tearDown()
    }

    private func uniqueKey() -> String { UUID().uuidString }

    private func temporaryProfile() -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-cache-\(UUID())").path
        profiles.append(root)
        return root + "/profile"
    }

    /// Loads `path` of `server` with `policy` and waits for the navigation to end.
    private func load(_ path: String, _ policy: Request.CachePolicy = .useProtocolCachePolicy, headers: HTTPHeaders = [:],
                      from server: TestServer? = nil, file: StaticString = #filePath, line: UInt = #line) {
        recorder.clear()
        webView.load(Request(url: (server ?? self.server).url(path), headers: headers, cachePolicy: policy))
        wait(file: file, line: line) { recorder.ended }
    }

    private var pageText: String { String(decoding: webView.sourceBytes, as: UTF8.self) }

    /// Collects one load's body.
    private final class BodyCollector: ResourceLoadDelegate {
        var body: [UInt8] = []
        var done = false
        func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {}
        func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) { body.append(contentsOf: data) }
        func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) { done = true }
    }

    /// `/cache`'s counters for `key`, read past the web view and its cache.
    private func stats(_ key: String) -> [String: Any] {
        let collector = BodyCollector()
        Loader(loop: loop).load(server.request("/cache-stats?key=\(key)"), delegate: collector)
        wait { collector.done }
        return (try? JSONSerialization.jsonObject(with: Data(collector.body))) as? [String: Any] ?? [:]
    }

    private func requests(_ key: String) -> Int { stats(key)["requests"] as? Int ?? -1 }

    // MARK: Freshness

    func testAFreshResponseIsUsedWithoutAskingTheServer() {
        let key = uniqueKey()
        load("/cache?key=\(key)&cc=max-age=3600")
        XCTAssertTrue(pageText.contains("Served 1"))
        load("/cache?key=\(key)&cc=max-age=3600")
        XCTAssertTrue(pageText.contains("Served 1"), "from the cache")
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(requests(key), 1)
        XCTAssertEqual(webView.response?.statusCode, 200)
        XCTAssertEqual(webView.response?.mimeType, "text/html")
    }

    func testExpiresInTheFutureIsFreshAndAnAgeBeyondMaxAgeIsStale() {
        let fresh = uniqueKey()
        load("/cache?key=\(fresh)&expires=3600")
        load("/cache?key=\(fresh)&expires=3600")
        XCTAssertEqual(requests(fresh), 1)
        let old = uniqueKey()
        // max-age 60, but the response is already 120 s old (Age): stale, and no validator to revalidate with.
        load("/cache?key=\(old)&cc=max-age=60&age=120")
        load("/cache?key=\(old)&cc=max-age=60&age=120")
        XCTAssertTrue(pageText.contains("Served 2"))
        let invalid = uniqueKey()
        load("/cache?key=\(invalid)&expires=0")
        load("/cache?key=\(invalid)&expires=0")
        XCTAssertEqual(requests(invalid), 2, "an invalid Expires means already expired")
    }

    func testNoStoreIsNeverStored() {
        let key = uniqueKey()
        load("/cache?key=\(key)&cc=no-store&etag=%22a%22")
        load("/cache?key=\(key)&cc=no-store&etag=%22a%22")
        XCTAssertTrue(pageText.contains("Served 2"))
        XCTAssertEqual(stats(key)["conditional"] as? Int, 0)
        XCTAssertFalse(store.httpCache.entries().contains { $0.url.contains(key) })
        load("/cache?key=\(key)&cc=no-store", .returnCacheDataDontLoad)
        XCTAssertEqual(recorder.errors.first, .resourceUnavailable(server.url("/cache?key=\(key)&cc=no-store").href))
    }

    // MARK: Revalidation

    func testNoCacheRevalidatesWithTheETagAndShowsTheStoredBodyWithTheNewHeaders() {
        let key = uniqueKey()
        load("/cache?key=\(key)&cc=no-cache&etag=%22v1%22")
        XCTAssertEqual(webView.response?.headers["X-Served"], "1")
        load("/cache?key=\(key)&cc=no-cache&etag=%22v1%22")
        let counters = stats(key)
        XCTAssertEqual(counters["requests"] as? Int, 2)
        XCTAssertEqual(counters["not_modified"] as? Int, 1)
        XCTAssertEqual(counters["if_none_match"] as? String, "\"v1\"")
        XCTAssertTrue(pageText.contains("Served 1"), "the stored body: \(pageText)")
        XCTAssertEqual(webView.response?.statusCode, 200)
        XCTAssertEqual(webView.response?.headers["X-Served"], "2", "the 304's headers replace the stored ones")
        // The updated headers were stored, not only shown.
        load("/cache?key=\(key)&cc=no-cache&etag=%22v1%22", .returnCacheDataDontLoad)
        XCTAssertEqual(webView.response?.headers["X-Served"], "2")
    }

    func testAnExpiredResponseIsRevalidatedWithLastModified() {
        let key = uniqueKey()
        load("/cache?key=\(key)&expires=-60&lm=3600")
        load("/cache?key=\(key)&expires=-60&lm=3600")
        let counters = stats(key)
        XCTAssertEqual(counters["not_modified"] as? Int, 1)
        XCTAssertNotNil(counters["if_modified_since"] as? String)
        XCTAssertTrue(pageText.contains("Served 1"))
    }

    func testAChangedResponseReplacesTheStoredOne() {
        let key = uniqueKey()
        load("/cache?key=\(key)&cc=no-cache&etag=%22v1%22&changed=1")
        load("/cache?key=\(key)&cc=no-cache&etag=%22v1%22&changed=1")
        XCTAssertEqual(stats(key)["conditional"] as? Int, 1)
        XCTAssertTrue(pageText.contains("Served 2"))
        load("/cache?key=\(key)&cc=no-cache&etag=%22v1%22&changed=1", .returnCacheDataDontLoad)
        XCTAssertTrue(pageText.contains("Served 2"))
    }

    func testReloadRevalidatesAndReloadFromOriginBypassesTheCache() {
        let key = uniqueKey()
        load("/cache?key=\(key)&cc=max-age=3600&etag=%22r%22")
        recorder.clear()
        webView.reload()
        wait { recorder.ended }
        XCTAssertEqual(stats(key)["not_modified"] as? Int, 1, "reload asks the server even about a fresh response")
        XCTAssertTrue(pageText.contains("Served 1"))
        recorder.clear()
        webView.reloadFromOrigin()
        wait { recorder.ended }
        let counters = stats(key)
        XCTAssertEqual(counters["conditional"] as? Int, 1, "reloadFromOrigin sends no validator")
        XCTAssertEqual(counters["requests"] as? Int, 3)
        XCTAssertTrue(pageText.contains("Served 3"))
        load("/cache?key=\(key)&cc=max-age=3600&etag=%22r%22")
        XCTAssertTrue(pageText.contains("Served 3"), "what came from the origin was stored")
    }

    func testReloadIgnoringLocalCacheDataAsksTheServerAndReturnCacheDataElseLoadUsesAStaleResponse() {
        let key = uniqueKey()
        load("/cache?key=\(key)&cc=max-age=3600")
        load("/cache?key=\(key)&cc=max-age=3600", .reloadIgnoringLocalCacheData)
        XCTAssertTrue(pageText.contains("Served 2"))
        let stale = uniqueKey()
        load("/cache?key=\(stale)")
        load("/cache?key=\(stale)", .returnCacheDataElseLoad)
        XCTAssertTrue(pageText.contains("Served 1"), "stale, but used")
        load("/cache?key=\(stale)")
        XCTAssertTrue(pageText.contains("Served 2"), "no freshness, no validator: fetched again")
        let unseen = uniqueKey()
        load("/cache?key=\(unseen)", .returnCacheDataElseLoad)
        XCTAssertTrue(pageText.contains("Served 1"))
    }

    // MARK: What is stored

    func testOnlyGETResponsesWithStatus200AreStoredAndAnUnsafeRequestMakesThemObsolete() {
        let missing = uniqueKey()
        load("/cache?key=\(missing)&cc=max-age=3600&gone=1")
        load("/cache?key=\(missing)&cc=max-age=3600&gone=1")
        XCTAssertEqual(requests(missing), 2, "a 404 is not stored")
        let posted = uniqueKey()
        recorder.clear()
        webView.load(Request(url: server.url("/cache?key=\(posted)&cc=max-age=3600"), method: "POST", body: Array("a=1".utf8)))
        wait { recorder.ended }
        load("/cache?key=\(posted)&cc=max-age=3600")
        XCTAssertEqual(requests(posted), 2, "a POST response is not stored")
        load("/cache?key=\(posted)&cc=max-age=3600")
        XCTAssertEqual(requests(posted), 2, "the GET response is")
        recorder.clear()
        webView.load(Request(url: server.url("/cache?key=\(posted)&cc=max-age=3600"), method: "POST", body: Array("a=2".utf8)))
        wait { recorder.ended }
        load("/cache?key=\(posted)&cc=max-age=3600")
        XCTAssertEqual(requests(posted), 4, "the POST to its URL made it obsolete")
    }

    func testVaryIsRespected() {
        let key = uniqueKey()
        let path = "/cache?key=\(key)&cc=max-age=3600&vary=Accept-Language"
        load(path, headers: ["Accept-Language": "fr"])
        XCTAssertTrue(pageText.contains("Varied on fr"))
        load(path, headers: ["Accept-Language": "fr"])
        XCTAssertEqual(requests(key), 1, "the same language: from the cache")
        load(path, headers: ["Accept-Language": "de"])
        XCTAssertTrue(pageText.contains("Varied on de"))
        XCTAssertEqual(requests(key), 2, "another language: from the server")
        let star = uniqueKey()
        load("/cache?key=\(star)&cc=max-age=3600&vary=*")
        load("/cache?key=\(star)&cc=max-age=3600&vary=*")
        XCTAssertEqual(requests(star), 2, "Vary: * is never stored")
    }

    func testSetCookieIsTakenWhenFetchedAndNeverReplayedFromTheCache() {
        let key = uniqueKey()
        let path = "/cache?key=\(key)&cc=max-age=3600&cookie=flavour%3Doat"
        load(path)
        var cookies: [Cookie] = []
        store.httpCookieStore.getAllCookies { cookies = $0 }
        wait { !cookies.isEmpty }
        XCTAssertEqual(cookies.map(\.name), ["flavour"])
        store.httpCookieStore.delete(cookies[0])
        load(path)
        XCTAssertEqual(requests(key), 1, "from the cache")
        var answered = false
        store.httpCookieStore.getAllCookies { cookies = $0; answered = true }
        wait { answered }
        XCTAssertEqual(cookies, [], "the cached response sets no cookie")
        XCTAssertNil(webView.response?.headers["Set-Cookie"])
    }

    func testBackAndForwardUseTheCacheHoweverOld() {
        makeWebView {
            $0.websiteDataStore = self.store
            $0.pageCacheCapacity = 0
        }
        let key = uniqueKey()
        load("/cache?key=\(key)")  // no freshness at all
        load("/plain")
        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertTrue(pageText.contains("Served 1"))
        XCTAssertEqual(requests(key), 1)
    }

    // MARK: Size and storage

    func testTheLeastRecentlyUsedResponsesAreEvictedBeyondTheCapacity() {
        store.httpCache.capacity = 9000
        store.httpCache.maximumEntrySize = 9000
        let keys = (0..<4).map { _ in uniqueKey() }
        func path(_ index: Int) -> String { "/cache?key=\(keys[index])&cc=max-age=3600&pad=2500" }
        for index in 0..<3 { load(path(index)) }
        XCTAssertEqual(store.httpCache.entries().count, 3)
        load(path(0))  // used again: now the most recent
        XCTAssertEqual(requests(keys[0]), 1)
        load(path(3))
        let kept = store.httpCache.entries().map(\.url)
        XCTAssertEqual(kept.count, 3)
        XCTAssertFalse(kept.contains { $0.contains(keys[1]) }, "the least recently used went: \(kept)")
        XCTAssertTrue(kept.contains { $0.contains(keys[0]) })
        XCTAssertLessThanOrEqual(store.httpCache.currentSize, 9000)
        let big = uniqueKey()
        load("/cache?key=\(big)&cc=max-age=3600&pad=20000")
        XCTAssertFalse(store.httpCache.entries().contains { $0.url.contains(big) }, "larger than an entry may be")
        XCTAssertEqual(store.httpCache.entries().count, 3)
    }

    func testPagesSeenBeforeCanBeReadOfflineAfterARestart() throws {
        let directory = temporaryProfile()
        var ownServer: TestServer? = try TestServer()
        let key = uniqueKey()
        let seen = ownServer!.url("/cache?key=\(key)")
        let unseen = ownServer!.url("/cache?key=\(uniqueKey())")
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: directory) }
        load("/cache?key=\(key)", from: ownServer)
        XCTAssertTrue(pageText.contains("Served 1"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/cache.sqlite"))
        // The server goes away; the process starts again on the same profile.
        ownServer = nil
        Thread.sleep(forTimeInterval: 0.2)
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: directory) }
        recorder.clear()
        webView.load(Request(url: seen, cachePolicy: .returnCacheDataDontLoad))
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertTrue(pageText.contains("Served 1"))
        XCTAssertEqual(webView.title, "Cache \(key)")
        recorder.clear()
        webView.load(Request(url: unseen, cachePolicy: .returnCacheDataDontLoad))
        wait { recorder.ended }
        XCTAssertEqual(recorder.errors, [.resourceUnavailable(unseen.href)])
        recorder.clear()
        webView.load(Request(url: seen))
        wait { recorder.ended }
        XCTAssertEqual(recorder.errors.count, 1, "the server is unreachable: \(recorder.events)")
    }

    func testAFullDiskLeavesTheStoredResponsesIntact() throws {
        let directory = temporaryProfile()
        let profile = WebsiteDataStore(directory: directory)
        makeWebView { $0.websiteDataStore = profile }
        let kept = uniqueKey()
        load("/cache?key=\(kept)&cc=max-age=3600")
        let database = try XCTUnwrap(profile.httpCache.database)
        guard case .integer(let pages)? = try database.execute("PRAGMA page_count").first?.first else { return XCTFail("no page count") }
        // The database may not grow: as a full disk, SQLite answers SQLITE_FULL.
        try database.execute("PRAGMA max_page_count = \(pages)")
        let big = uniqueKey()
        load("/cache?key=\(big)&cc=max-age=3600&pad=400000")
        XCTAssertEqual(recorder.events.last, "finish", "the page is shown even though it cannot be stored")
        XCTAssertTrue(profile.httpCache.lastError?.isDiskFull ?? false, "\(String(describing: profile.httpCache.lastError))")
        XCTAssertTrue(profile.storageError?.contains("disk is full") ?? false)
        XCTAssertEqual(try database.execute("PRAGMA integrity_check").first?.first, .text("ok"))
        XCTAssertEqual(profile.httpCache.entries().map(\.url), [server.url("/cache?key=\(kept)&cc=max-age=3600").href])
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: directory) }
        load("/cache?key=\(kept)&cc=max-age=3600", .returnCacheDataDontLoad)
        XCTAssertTrue(pageText.contains("Served 1"))
    }
}
