import XCTest
@testable import TernKit  // WebPage.pageMayOpen, a static rule
import TernNet
import TernTestSupport

/// `about:bookmarks`: the list, search, and changes through its own forms;
/// and that nothing else (a typed URL, a web page's link, form, script,
/// fetch or redirect) can read it or change bookmarks.
final class BookmarksPageTests: WebViewTestCase {
    private var root = ""
    private var bookmarks: Bookmarks { webView.configuration.websiteDataStore.bookmarks }

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bookmarks-page-\(UUID())").path
        makeWebView { $0.websiteDataStore = WebsiteDataStore(directory: self.root + "/profile") }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func navigateAndWait(_ start: () -> Void) {
        recorder.clear()
        start()
        wait { recorder.ended && !webView.isLoading }
    }

    private func open(_ address: String) {
        navigateAndWait { _ = try? webView.load(urlString: address) }
    }

    /// Activates the element (found in the layout) and waits for the navigation it starts.
    private func click(_ selector: String) throws {
        let found = try element(selector)
        navigateAndWait { webView.activate(found) }
    }

    private var text: String { webView.pageLayout(width: 120)?.plainText(references: false) ?? "" }

    @discardableResult
    private func addSamples() throws -> [Bookmark] {
        [try bookmarks.add(url: server.url("/page/alpha"), title: "Alpha <i>page</i>"),
         try bookmarks.add(url: server.url("/page/beta"), title: "Beta", folder: "Work"),
         try bookmarks.add(url: server.url("/page/gamma"), title: "Gamma", folder: "Work/Docs"),
         try bookmarks.add(url: server.url("/page/delta"), title: "Delta", folder: "Work")]
    }

    func testTheListShowsFoldersAndLinksAndSearches() throws {
        try addSamples()
        open("about:bookmarks")
        XCTAssertEqual(webView.title, "Bookmarks")
        let page = try layout(width: 120)
        XCTAssertEqual(page.links.map(\.url).filter { $0.hasPrefix("http") },
                       ["/page/alpha", "/page/beta", "/page/delta", "/page/gamma"].map { server.url($0).href })
        XCTAssertEqual(value("Array.prototype.map.call(document.querySelectorAll('h2, h3'), function (e) { return e.textContent; })"),
                       .array(["Work", "Work / Docs", "New folder", "Search"].map { .string($0) }))
        XCTAssertTrue(text.contains("Alpha <i>page</i>"), "a title is text, not markup")
        XCTAssertEqual(value("document.querySelectorAll('i').length"), .number(0))

        open("about:bookmarks?q=GAM")
        XCTAssertEqual(webView.pageLayout(width: 120)?.links.map(\.url).filter { $0.hasPrefix("http") }, [server.url("/page/gamma").href])
        XCTAssertTrue(text.contains("(in Work/Docs)"))

        // A link opens its page.
        open("about:bookmarks")
        try click("a[href$='/page/beta']")
        XCTAssertEqual(webView.url, server.url("/page/beta"))
    }

    func testEditMoveDeleteAndNewFolderThroughThePagesForms() throws {
        let samples = try addSamples()
        let beta = samples[1], delta = samples[3]
        open("about:bookmarks")
        try click("a[href='about:bookmarks?edit=\(beta.id)']")
        XCTAssertEqual(webView.title, "Edit bookmark")
        XCTAssertTrue(webView.setValue("Beta renamed", for: try element("input[name=title]")))
        XCTAssertTrue(webView.setValue(server.url("/page/beta2").href, for: try element("input[name=url]")))
        XCTAssertTrue(webView.setValue("Play", for: try element("input[name=folder]")))
        try click("input[value=Save]")
        XCTAssertEqual(webView.url?.href, "about:bookmarks", "the token is not left in the address, a reload repeats nothing")
        XCTAssertTrue(text.contains("Saved “Beta renamed”."), text)
        var stored = try XCTUnwrap(bookmarks.bookmark(id: beta.id))
        XCTAssertEqual(stored.title, "Beta renamed")
        XCTAssertEqual(stored.url, server.url("/page/beta2"))
        XCTAssertEqual(stored.folder, "Play")

        // Move Delta up: it was alone in Work after Beta left; move it into Play, then up.
        try click("a[href='about:bookmarks?edit=\(delta.id)']")
        XCTAssertTrue(webView.setValue("Play", for: try element("input[name=folder]")))
        try click("input[value=Save]")
        XCTAssertEqual(bookmarks.bookmarks(in: "Play").map(\.title), ["Beta renamed", "Delta"])
        try click("a[href='about:bookmarks?edit=\(delta.id)']")
        try click("input[value='Move up']")
        XCTAssertEqual(bookmarks.bookmarks(in: "Play").map(\.title), ["Delta", "Beta renamed"])
        navigateAndWait { webView.reload() }
        XCTAssertEqual(bookmarks.bookmarks(in: "Play").map(\.title), ["Delta", "Beta renamed"])

        try click("a[href='about:bookmarks?edit=\(beta.id)']")
        try click("input[value=Delete]")
        XCTAssertNil(bookmarks.bookmark(id: beta.id))
        XCTAssertTrue(text.contains("Deleted “Beta renamed”."))
        navigateAndWait { webView.goBack() }
        navigateAndWait { webView.goForward() }
        XCTAssertEqual(bookmarks.all().count, 3)

        XCTAssertTrue(webView.setValue("Reading/Later", for: try element("input[name=folder]")))
        try click("input[value='Make folder']")
        XCTAssertTrue(bookmarks.folders().contains("Reading/Later"))
        XCTAssertTrue(text.contains("Reading / Later"))
        stored = try XCTUnwrap(bookmarks.bookmark(id: delta.id))
        XCTAssertEqual(stored.folder, "Play")

        // A bad URL in the form changes nothing and says why.
        try click("a[href='about:bookmarks?edit=\(delta.id)']")
        XCTAssertTrue(webView.setValue("javascript:alert(1)", for: try element("input[name=url]")))
        try click("input[value=Save]")
        XCTAssertEqual(bookmarks.bookmark(id: delta.id)?.url, server.url("/page/delta"))
        XCTAssertTrue(text.contains("Nothing was changed"), text)
    }

    func testATypedURLOrAStaleTokenChangesNothing() throws {
        let samples = try addSamples()
        let token = bookmarks.editToken
        open("about:bookmarks?action=Delete&id=\(samples[0].id)&token=\(token)")
        XCTAssertEqual(bookmarks.all().count, 4, "not a form of the page")
        XCTAssertTrue(text.contains("Nothing was changed"))

        // The page's own form with a wrong token (a page saved from an earlier run).
        open("about:bookmarks?edit=\(samples[0].id)")
        XCTAssertEqual(value("document.querySelector('input[name=token]').getAttribute('value')"), .string(token))
        _ = value("document.querySelector('input[name=token]').setAttribute('value', '0123456789abcdef0123456789abcdef')")
        try click("input[value=Delete]")
        XCTAssertEqual(bookmarks.all().count, 4)
        XCTAssertTrue(text.contains("Nothing was changed"))
    }

    func testAWebPageCanNeitherOpenNorChangeAboutPages() throws {
        let samples = try addSamples()
        let token = bookmarks.editToken  // even a page that knew the secret
        let id = samples[0].id
        recorder.clear()
        webView.loadHTMLString("""
            <title>Web</title>
            <a id="delete" href="about:bookmarks?action=Delete&amp;id=\(id)&amp;token=\(token)">delete</a>
            <a id="history" href="about:history">history</a>
            <form id="form" action="about:bookmarks" method="get">
              <input type="hidden" name="token" value="\(token)"><input type="hidden" name="id" value="\(id)">
              <input id="submit" type="submit" name="action" value="Delete">
            </form>
            <script>
              window.results = [];
              fetch('about:bookmarks').then(function (r) { return r.text(); })
                .then(function (t) { results.push('fetch read ' + t.length); }, function () { results.push('fetch refused'); });
              var x = new XMLHttpRequest();
              x.open('GET', 'about:bookmarks');
              x.onload = function () { results.push('xhr read'); };
              x.onerror = function () { results.push('xhr refused'); };
              try { x.send(); } catch (e) { results.push('xhr refused'); }
            </script>
            """, baseURL: server.url("/page/web"))
        wait { recorder.ended && !webView.isLoading }
        wait { self.value("results.length") == .number(2) }
        XCTAssertEqual(value("results.slice().sort()"), .array([.string("fetch refused"), .string("xhr refused")]))
        let web = server.url("/page/web")
        for selector in ["#delete", "#history", "#submit"] {
            recorder.clear()
            webView.activate(try element(selector))
            spin(0.2)
            XCTAssertTrue(recorder.events.isEmpty, "\(selector): no navigation starts: \(recorder.events)")
            XCTAssertEqual(webView.url, web)
        }
        _ = value("location.href = 'about:bookmarks?action=Delete&id=\(id)&token=\(token)'; 1")
        _ = value("document.getElementById('form').submit(); 1")
        spin(0.3)
        XCTAssertEqual(webView.url, web)
        XCTAssertEqual(bookmarks.all().count, 4)

        // A server's redirect to an about: page is refused too.
        recorder.clear()
        _ = webView.load(Request(url: server.url("/redirect-to?url=about:bookmarks")))
        wait { recorder.ended }
        XCTAssertNotEqual(webView.url?.scheme, "about")

        XCTAssertTrue(WebPage.pageMayOpen(WebURL("about:blank")!, from: web))
        XCTAssertFalse(WebPage.pageMayOpen(WebURL("about:bookmarks")!, from: WebURL("file:///tmp/x.html")))
        XCTAssertFalse(WebPage.pageMayOpen(WebURL("about:bookmarks")!, from: WebURL("data:text/html,x")))
        XCTAssertTrue(WebPage.pageMayOpen(WebURL("about:bookmarks")!, from: WebURL("about:start")))
        XCTAssertFalse(WebPage.pageMayOpen(WebURL("about:bookmarks")!, from: WebURL("about:blank")), "a popup a web page filled")
        XCTAssertFalse(WebPage.pageMayOpen(WebURL("about:history")!, from: nil))
    }

    func testAPrivateStoreSaysItsBookmarksAreForgotten() throws {
        makeWebView { $0.websiteDataStore = .nonPersistent() }
        try bookmarks.add(url: server.url("/page/alpha"), title: "Alpha")
        open("about:bookmarks")
        XCTAssertTrue(text.contains("Private browsing"))
        XCTAssertTrue(text.contains("Alpha"))
    }
}
