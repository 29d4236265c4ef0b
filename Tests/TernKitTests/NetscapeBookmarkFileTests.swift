import XCTest
@testable import TernKit
import TernNet

/// Netscape bookmark HTML: Tern's export read back into a fresh profile,
/// and a file written by hand in the style other browsers export.
final class NetscapeBookmarkFileTests: XCTestCase {
    private var root = ""

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-netscape-\(UUID())").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func url(_ text: String) -> WebURL { WebURL(text)! }

    func testExportThenImportIntoAFreshProfileGivesTheSameBookmarksAndFolders() throws {
        let first = WebsiteDataStore(directory: root + "/one").bookmarks
        try first.add(url: url("https://top.example/?a=1&b=2"), title: "Top & \"quoted\" <b>not bold</b>", at: 1_600_000_000)
        try first.add(url: url("https://work.example/"), title: "Work page", folder: "Work", at: 1_600_000_100)
        try first.add(url: url("https://docs.example/x#frag"), title: "Docs ✓ ünïcödé", folder: "Work/Docs", at: 1_600_000_200)
        try first.add(url: url("https://second.example/"), title: "", folder: "Work/Docs", at: 1_600_000_300)
        try first.add(url: url("file:///tmp/local.html"), title: "Local", folder: "Play", at: 1_600_000_400)
        try first.addFolder("Empty")
        let text = NetscapeBookmarkFile.format(first.all(), folders: first.folders())
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n"))
        XCTAssertTrue(text.contains("<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=UTF-8\">"))
        XCTAssertTrue(text.contains("<TITLE>Bookmarks</TITLE>"))
        XCTAssertTrue(text.contains("<H1>Bookmarks</H1>"))
        XCTAssertTrue(text.contains("<DT><H3>Work</H3>"))
        XCTAssertTrue(text.contains("<DT><A HREF=\"https://top.example/?a=1&amp;b=2\" ADD_DATE=\"1600000000\" LAST_MODIFIED=\"1600000000\">"
                                    + "Top &amp; &quot;quoted&quot; &lt;b&gt;not bold&lt;/b&gt;</A>"))

        let file = NetscapeBookmarkFile.parse(Array(text.utf8))
        XCTAssertEqual(file.skipped, [])
        let second = WebsiteDataStore(directory: root + "/two").bookmarks
        XCTAssertEqual(try second.add(contentsOf: file.items, folders: file.folders), 5)
        func summary(_ bookmarks: Bookmarks) -> [String] {
            bookmarks.all().map { "\($0.folder)|\($0.title)|\($0.url.href)|\($0.addedAt)|\($0.position)" }
        }
        XCTAssertEqual(summary(second), summary(first))
        XCTAssertEqual(second.folders(), ["Empty", "Play", "Work", "Work/Docs"])
        XCTAssertEqual(second.folders(), first.folders())

        XCTAssertEqual(try second.add(contentsOf: file.items, folders: file.folders), 0, "an import again adds nothing twice")
        XCTAssertEqual(second.all().count, 5)
    }

    /// Written from the format's description (as Firefox, Chrome and
    /// Netscape write it): upper-case tags, `<DT>` and `<p>` never closed,
    /// nested folders, ADD_DATE, ICON data, the toolbar folder, entities,
    /// `<DD>` descriptions, a bookmarklet, a Firefox `place:` query.
    static let foreignFile = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <!-- This is an automatically generated file.
             It will be read and overwritten.
             DO NOT EDIT! -->
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks Menu</H1>

        <DL><p>
            <DT><A HREF="https://www.mozilla.org/en-US/firefox/central/" ADD_DATE="1396986311" LAST_MODIFIED="1396986315" ICON_URI="https://www.mozilla.org/favicon.ico" ICON="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA">Getting Started</A>
            <DT><A HREF="place:sort=8&maxResults=10" ADD_DATE="1396986311">Recently Bookmarked</A>
            <DT><A HREF="javascript:(function(){alert('hi')})()" ADD_DATE="1396986311">A bookmarklet</A>
            <DT><H3 ADD_DATE="1396986311" LAST_MODIFIED="1396986400" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
            <DD>Add bookmarks to this folder to see them displayed on the Bookmarks Toolbar
            <DL><p>
                <DT><A HREF="https://news.example/?a=1&amp;b=2" ADD_DATE="1500000000" LAST_MODIFIED="1500000001" TAGS="news,daily">News &amp; Views &#8212; &quot;daily&quot; &eacute;dition</A>
                <DD>A description of the news site
                <DT><H3 ADD_DATE="1500000000">Rust/Swift</H3>
                <DL><p>
                    <DT><A HREF="https://doc.rust-lang.org/book/" ADD_DATE="1500000100">The Book</A>
                    <DT><H3>Deeper</H3>
                    <DL><p>
                        <DT><a href="https://deep.example/" add_date="1500000200000000">lower case, microseconds</a>
                    </DL><p>
                </DL><p>
                <DT><H3>Nothing in here</H3>
                <DL><p>
                </DL><p>
            </DL><p>
            <HR>
            <DT><A HREF="https://after.example/" ADD_DATE="nonsense">After the toolbar</A>
            <DT><A HREF="/relative">Relative</A>
        </DL>
        """

    func testAnExportWrittenByAnotherBrowserIsRead() throws {
        let file = NetscapeBookmarkFile.parse(Array(NetscapeBookmarkFileTests.foreignFile.utf8))
        XCTAssertEqual(file.items.map(\.title), ["Getting Started", "News & Views — \"daily\" édition", "The Book",
                                                 "lower case, microseconds", "After the toolbar"])
        XCTAssertEqual(file.items.map(\.folder), ["", "Bookmarks Toolbar", "Bookmarks Toolbar/Rust∕Swift",
                                                  "Bookmarks Toolbar/Rust∕Swift/Deeper", ""])
        XCTAssertEqual(file.items.map(\.url.href), ["https://www.mozilla.org/en-US/firefox/central/", "https://news.example/?a=1&b=2",
                                                    "https://doc.rust-lang.org/book/", "https://deep.example/", "https://after.example/"])
        XCTAssertEqual(file.items.map(\.addedAt), [1396986311, 1500000000, 1500000100, 1500000200, nil])
        XCTAssertEqual(file.items.first?.modifiedAt, 1396986315)
        XCTAssertEqual(file.folders, ["Bookmarks Toolbar", "Bookmarks Toolbar/Rust∕Swift", "Bookmarks Toolbar/Rust∕Swift/Deeper",
                                      "Bookmarks Toolbar/Nothing in here"])
        XCTAssertEqual(file.skipped.count, 3, "place:, javascript: and a relative HREF: \(file.skipped)")

        let bookmarks = WebsiteDataStore(directory: root + "/profile").bookmarks
        bookmarks.clock = { 1_700_000_000 }
        XCTAssertEqual(try bookmarks.add(contentsOf: file.items, folders: file.folders), 5)
        XCTAssertEqual(bookmarks.folders(), ["Bookmarks Toolbar", "Bookmarks Toolbar/Nothing in here", "Bookmarks Toolbar/Rust∕Swift",
                                             "Bookmarks Toolbar/Rust∕Swift/Deeper"])
        XCTAssertEqual(bookmarks.entries(matching: "after").first?.addedAt, 1_700_000_000, "no usable ADD_DATE: now")
    }

    func testHostileFilesGiveWhatTheyCanAndNeverTrap() {
        XCTAssertEqual(NetscapeBookmarkFile.parse([]), NetscapeBookmarkFile())
        XCTAssertEqual(NetscapeBookmarkFile.parse(Array("\u{0}\u{1}\u{FF}garbage<<<>>>".utf8)).items, [])
        // Deep nesting: no recursion to overflow.
        let deep = String(repeating: "<DL><p><DT><H3>f</H3>", count: 5000) + "<DT><A HREF=\"https://x.example/\">x</A>"
        let file = NetscapeBookmarkFile.parse(Array(deep.utf8))
        XCTAssertEqual(file.items.count, 1)
        // Many bookmarks.
        let many = "<DL><p>" + (0..<20_000).map { "<DT><A HREF=\"https://e.example/\($0)\">\($0)</A>" }.joined()
        XCTAssertEqual(NetscapeBookmarkFile.parse(Array(many.utf8)).items.count, 20_000)
        // Latin-1 by its META charset.
        let latin1: [UInt8] = Array("<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=ISO-8859-1\"><DL><p><DT><A HREF=\"https://l.example/\">caf".utf8)
            + [0xE9] + Array("</A></DL>".utf8)
        XCTAssertEqual(NetscapeBookmarkFile.parse(latin1).items.first?.title, "café")
        XCTAssertNil(NetscapeBookmarkFile.date("-5"))
        XCTAssertNil(NetscapeBookmarkFile.date("1e300"))
        XCTAssertNil(NetscapeBookmarkFile.date("nan"))
    }
}
