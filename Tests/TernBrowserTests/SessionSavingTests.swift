import XCTest
import Foundation
import TernKit
import TernTerminal
import TernTestSupport
@testable import TernBrowser

/// When the browser saves its session: one debounced timer after changes
/// (none while idle), each failed write shown once; on a terminal in
/// memory with a real profile folder and the test server.
final class SessionSavingTests: BrowserTestCase {
    override func makeDataStore() throws -> WebsiteDataStore {
        let store = persistentDataStore()
        store.eventLoop = loop
        return store
    }

    /// The tabs saved in the profile, as a new run would find them.
    private func savedTitles() -> [String] {
        let reader = SessionStore(path: folder + "/session.sqlite")
        reader.processID = 1  // not this process: its own session is "running"
        defer { reader.end(.closed) }
        guard let database = reader.openDatabase,
              let rows = try? database.execute("SELECT state FROM tabs ORDER BY session, position") else { return [] }
        return rows.compactMap { row -> String? in
            guard case .text(let text)? = row.first else { return nil }
            return WebView.InteractionState(encoded: text)?.currentItem.title
        }
    }

    func testChangesAreSavedOnceASecondAfterAndAnIdleBrowserHasNoTimer() throws {
        try browser.start(opening: server.url("/page/one").href)
        waitForScreen { terminal.text.contains("Page one") && !browser.tab.webView.isLoading }
        XCTAssertEqual(browser.session.timer?.isPending, true, "the load's end is to be saved")
        XCTAssertEqual(savedTitles(), [], "not at once")
        waitForScreen { browser.session.timer?.isPending != true }
        XCTAssertEqual(savedTitles(), ["one"])
        XCTAssertNil(browser.session.timer, "idle: no timer")

        // A scroll is a change; an unchanged position is none.
        browser.scroll(by: 0)
        XCTAssertNil(browser.session.timer)
        _ = browser.openTab(with: browser.configuration)
        browser.open(server.url("/page/two").href)
        waitForScreen { terminal.text.contains("Page two") && browser.session.timer?.isPending != true }
        XCTAssertEqual(savedTitles(), ["one", "two"])
    }

    func testAFailedWriteIsShownOnceUntilASaveSucceeds() throws {
        try browser.start(opening: server.url("/page/one").href)
        waitForScreen { terminal.text.contains("Page one") && browser.session.timer?.isPending != true }
        let store = try XCTUnwrap(browser.session.store)
        let database = try XCTUnwrap(store.openDatabase)
        guard case .integer(let pages)? = try database.execute("PRAGMA page_count").first?.first else { return XCTFail("no page count") }
        // SQLite's page limit stands for a full disk: a write that needs a new page fails with SQLITE_FULL.
        try database.execute("PRAGMA max_page_count = \(pages)")
        let huge = String(repeating: "x", count: 200_000)
        XCTAssertFalse(store.save(tabs: [huge], currentTab: 0))
        XCTAssertEqual(browser.message?.isError, true)
        XCTAssertTrue(browser.message?.text.hasPrefix("The disk is full: the session cannot be saved") ?? false, browser.message?.text ?? "")
        browser.clearMessage()
        XCTAssertFalse(store.save(tabs: [huge, huge], currentTab: 0))
        XCTAssertNil(browser.message, "shown once")
        // The tabs still fit: saved; a later failure is shown again.
        browser.saveSession()
        XCTAssertNil(browser.message)
        XCTAssertFalse(store.save(tabs: [huge], currentTab: 0))
        XCTAssertEqual(browser.message?.isError, true)
    }
}
