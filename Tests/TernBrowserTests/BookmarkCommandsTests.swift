import XCTest
import Foundation
import TernKit
import TernTerminal
import TernTestSupport
@testable import TernBrowser

/// The browser's bookmark commands through the in-memory terminal: the
/// title and folder prompts, bookmarking the focused link, and the
/// bookmarks page opening a bookmark with Tab and Enter.
final class BookmarkCommandsTests: BrowserTestCase {
    private var bookmarks: Bookmarks { browser.configuration.websiteDataStore.bookmarks }

    override func makeDataStore() throws -> WebsiteDataStore {
        persistentDataStore()
    }

    private func type(_ text: String) {
        for character in text { terminal.press(.character(character)) }
    }

    func testBookmarkThePageAndTheFocusedLinkThenOpenOneFromTheBookmarksPage() throws {
        try browser.start(opening: server.url("/page/one").href)
        waitForScreen("page one") { terminal.text.contains("Page one") && !terminal.line(0).contains("[loading]") }

        browser.addBookmark()
        waitForScreen("the title prompt, with the page's title") { terminal.text.contains("Bookmark this page") && terminal.text.contains("one___") }
        terminal.press(.control("u"))
        type("My page")
        terminal.press(.enter)
        waitForScreen("the folder prompt") { terminal.text.contains("Folder:") }
        type("Work/Docs")
        terminal.press(.enter)
        waitForScreen("the message") { statusLine.hasPrefix("Bookmarked: My page (in Work/Docs)") }
        XCTAssertEqual(bookmarks.all().map { "\($0.folder)|\($0.title)|\($0.url.href)" }, ["Work/Docs|My page|\(server.url("/page/one").href)"])

        terminal.press(.tab)
        waitForScreen("the first link focused") { statusLine.hasSuffix("/page/a") }
        browser.bookmarkFocusedLink()
        waitForScreen("the link's title") { terminal.text.contains("Bookmark this link") && terminal.text.contains("a___") }
        terminal.press(.enter)
        waitForScreen("the last folder offered") { terminal.text.contains("Work/Docs___") }
        terminal.press(.control("u"))
        type("work/d")
        terminal.press(.tab)
        waitForScreen("the folder completed") { terminal.text.contains("Work/Docs___") }
        terminal.press(.enter)
        waitForScreen("the message") { statusLine.hasPrefix("Bookmarked: a (in Work/Docs)") }

        // Esc at either prompt bookmarks nothing.
        browser.addBookmark()
        waitForScreen("the title prompt") { terminal.text.contains("Bookmark this page") }
        terminal.press(.escape)
        XCTAssertTrue(loop.run(until: { !terminal.text.contains("Bookmark this page") }, timeout: 5))
        XCTAssertEqual(bookmarks.all().count, 2)

        browser.showBookmarks()
        waitForScreen("the bookmarks page") { terminal.text.contains("Work / Docs") && terminal.text.contains("My page") }
        // My page, its edit link, then a.
        terminal.press(.tab, .tab, .tab)
        waitForScreen("a focused") { statusLine.hasSuffix("/page/a") }
        terminal.press(.enter)
        waitForScreen("page a") { terminal.text.contains("Page a") && browser.tab.webView.url == server.url("/page/a") }
    }

    func testFolderCompletion() {
        let folders = ["Work", "Work/Docs", "Work/Drafts", "Play"]
        XCTAssertEqual(Browser.completeFolder("w", among: folders), "Work")
        XCTAssertEqual(Browser.completeFolder("Work/D", among: folders), "Work/D")
        XCTAssertEqual(Browser.completeFolder("Work/Do", among: folders), "Work/Docs")
        XCTAssertEqual(Browser.completeFolder("p", among: folders), "Play")
        XCTAssertEqual(Browser.completeFolder("Nothing", among: folders), "Nothing")
        XCTAssertEqual(Browser.completeFolder("", among: []), "")
    }

    func testNothingToBookmarkIsSaid() throws {
        try browser.start(opening: "about:blank")
        waitForScreen("the blank page") { !browser.tab.webView.isLoading }
        browser.addBookmark()
        waitForScreen("why") { statusLine.hasPrefix("No page to bookmark") }
        browser.bookmarkFocusedLink()
        waitForScreen("why") { statusLine.hasPrefix("No link is focused") }
        XCTAssertEqual(bookmarks.all(), [])
    }
}
