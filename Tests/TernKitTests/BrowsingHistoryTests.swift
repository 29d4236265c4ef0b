import XCTest
@testable import TernKit
import TernNet
import TernTestSupport

/// The global history in a real profile's SQLite file, through web views
/// loading the test server's pages, and `about:history`.
final class BrowsingHistoryTests: WebViewTestCase {
    private var root = ""
    private var directory: String { root + "/profile" }

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-history-\(UUID())").path
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: self.directory) }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var history: BrowsingHistory { webView.configuration.websiteDataStore.history }

    private func navigateAndWait(_ start: () -> Void) {
        recorder.clear()
        start()
        wait { recorder.ended }
    }

    func testEachVisitIsRecordedWithItsTitleMostRecentFirst() {
        loadAndWait("/page/alpha")
        loadAndWait("/page/beta")
        loadAndWait("/page/alpha")
        let entries = history.entries()
        XCTAssertEqual(entries.map(\.url), [server.url("/page/alpha"), server.url("/page/beta")])
        XCTAssertEqual(entries.map(\.title), ["alpha", "beta"])
        XCTAssertEqual(entries.map(\.visitCount), [2, 1])
        let times = history.visitTimes(for: server.url("/page/alpha"))
        XCTAssertEqual(times.count, 2)
        XCTAssertEqual(entries[0].firstVisitedAt, times[0])
        XCTAssertEqual(entries[0].lastVisitedAt, times[1])
        XCTAssertLessThan(times[0], times[1])
        navigateAndWait { webView.reload() }
        navigateAndWait { webView.goBack() }
        XCTAssertEqual(history.entries().map(\.visitCount), [2, 1], "a reload or a move back revisits, it is not a new visit")
        loadAndWait("/redirect/302/0")
        XCTAssertEqual(history.entries().first?.url, server.url("/echo"), "the page shown after redirects")
        webView.loadHTMLString("<title>Local</title>", baseURL: server.url("/page/local"))
        wait { !webView.isLoading }
        XCTAssertFalse(history.entries().contains { $0.url.pathname == "/page/local" }, "HTML handed to the web view is no visit")
    }

    func testHistoryOutlivesTheProcessAndIsSearchedInURLsAndTitles() {
        loadAndWait("/page/Alpha%20Centauri")
        loadAndWait("/page/beta")
        loadAndWait("/plain")
        // Another process on the same profile.
        let reopened = WebsiteDataStore(directory: directory).history
        XCTAssertEqual(reopened.entries().count, 3)
        XCTAssertEqual(reopened.entries(matching: "centauri").map(\.title), ["Alpha Centauri"], "the title, in any case")
        XCTAssertEqual(reopened.entries(matching: "page/b").map(\.title), ["beta"], "the URL")
        XCTAssertEqual(reopened.entries(matching: "plain page").map(\.url.pathname), ["/plain"])
        XCTAssertEqual(reopened.entries(matching: "%").count, 1, "% is a character, not a wildcard (only the escaped URL has one)")
        XCTAssertEqual(reopened.entries(limit: 2).map(\.title), ["Plain Page", "beta"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/history.sqlite"))
    }

    func testPrivateBrowsingAndWebViewsThatRecordNoHistory() {
        let privateStore = WebsiteDataStore.nonPersistent()
        makeWebView { $0.websiteDataStore = privateStore }
        loadAndWait("/page/secret")
        XCTAssertFalse(privateStore.history.isRecording)
        XCTAssertEqual(privateStore.history.entries(), [])
        navigateAndWait { _ = try? webView.load(urlString: "about:history") }
        XCTAssertTrue(webView.pageLayout(width: 80)?.plainText(references: false).contains("private browsing") ?? false)

        makeWebView {
            $0.websiteDataStore = WebsiteDataStore(directory: self.directory)
            $0.recordsHistory = false
        }
        loadAndWait("/page/unrecorded")
        XCTAssertEqual(history.entries(), [])
    }

    func testAboutHistoryListsThePagesAsLinksAndSearches() throws {
        loadAndWait("/page/first")
        loadAndWait("/page/%3Cb%3Ebold%3C%2Fb%3E")
        navigateAndWait { _ = try? webView.load(urlString: "about:history") }
        XCTAssertEqual(webView.title, "History")
        let page = try layout(width: 100)
        XCTAssertEqual(page.links.map(\.url).filter { $0.hasPrefix("http") },
                       [server.url("/page/%3Cb%3Ebold%3C%2Fb%3E").href, server.url("/page/first").href])
        XCTAssertTrue(page.plainText(references: false).contains("<b>bold</b>"), "a title is text, not markup")
        XCTAssertEqual(value("document.querySelectorAll('b').length"), .number(0))
        XCTAssertEqual(history.entries().count, 2, "about:history is not itself a visit")

        navigateAndWait { _ = try? webView.load(urlString: "about:history?q=fir") }
        let found = try layout(width: 100)
        XCTAssertEqual(found.links.map(\.url).filter { $0.hasPrefix("http") }, [server.url("/page/first").href])

        // The page's own search form.
        let field = try control("input[name=q]", width: 100).element
        XCTAssertTrue(webView.setValue("bold", for: field))
        var started: Navigation?
        if case .navigation(let navigation) = webView.pressEnter(in: field) { started = navigation }
        XCTAssertNotNil(started)
        wait { recorder.ended && !webView.isLoading }
        XCTAssertEqual(webView.url?.href, "about:history?q=bold")
        XCTAssertEqual(webView.pageLayout(width: 100)?.links.map(\.url).filter { $0.hasPrefix("http") },
                       [server.url("/page/%3Cb%3Ebold%3C%2Fb%3E").href])
    }
}
