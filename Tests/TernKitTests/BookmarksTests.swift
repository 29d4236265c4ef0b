import TernSystem
import XCTest
@testable import TernKit
import TernNet

/// The bookmarks store in a real SQLite file in a temporary profile:
/// adding, editing, moving, deleting, folders, search, reopening, and
/// hostile values.
final class BookmarksTests: XCTestCase {
    private var root = ""
    private var path: String { root + "/bookmarks.sqlite" }

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bookmarks-\(UUID())").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func url(_ text: String) -> WebURL { WebURL(text)! }

    func testAddEditMoveDeleteAndReopen() throws {
        let bookmarks = Bookmarks(path: path)
        bookmarks.clock = { 1_700_000_000 }
        let a = try bookmarks.add(url: url("https://a.example/"), title: "Alpha")
        let b = try bookmarks.add(url: url("https://b.example/"), title: "Beta", folder: " Work // Docs/ ")
        let c = try bookmarks.add(url: url("https://c.example/"), title: "Gamma", folder: "Work/Docs")
        XCTAssertEqual(b.folder, "Work/Docs", "folder names trimmed, empty ones dropped")
        XCTAssertEqual(a.addedAt, 1_700_000_000)
        XCTAssertEqual(bookmarks.bookmarks(in: "Work/Docs").map(\.id), [b.id, c.id])
        XCTAssertEqual(bookmarks.folders(), ["Work", "Work/Docs"], "a folder's parent is a folder too")

        try bookmarks.move(c.id, position: 0)
        XCTAssertEqual(bookmarks.bookmarks(in: "Work/Docs").map(\.title), ["Gamma", "Beta"])
        try bookmarks.move(a.id, to: "Work/Docs", position: 1)
        XCTAssertEqual(bookmarks.bookmarks(in: "Work/Docs").map(\.title), ["Gamma", "Alpha", "Beta"])
        XCTAssertEqual(bookmarks.bookmarks(in: ""), [])

        bookmarks.clock = { 1_700_000_100 }
        let edited = try bookmarks.update(b.id, title: "Beta two", url: url("https://beta.example/x"), folder: "Play")
        XCTAssertEqual(edited.title, "Beta two")
        XCTAssertEqual(edited.url.href, "https://beta.example/x")
        XCTAssertEqual(edited.folder, "Play")
        XCTAssertEqual(edited.addedAt, 1_700_000_000)
        XCTAssertEqual(edited.modifiedAt, 1_700_000_100)

        try bookmarks.addFolder("Empty/Inner")
        XCTAssertEqual(bookmarks.folders(), ["Empty", "Empty/Inner", "Play", "Work", "Work/Docs"])

        try bookmarks.delete(c.id)
        XCTAssertThrowsError(try bookmarks.delete(c.id)) { XCTAssertEqual($0 as? Bookmarks.Failure, .notFound(c.id)) }
        XCTAssertThrowsError(try bookmarks.update(c.id, title: "gone"))
        bookmarks.close()

        // Another run of the program.
        let reopened = Bookmarks(path: path)
        XCTAssertEqual(reopened.all().map(\.title), ["Beta two", "Alpha"], "folder by folder: Play, then Work/Docs")
        XCTAssertEqual(reopened.folders(), ["Empty", "Empty/Inner", "Play", "Work", "Work/Docs"])
        let again = try reopened.add(url: url("https://d.example/"), title: "Delta")
        XCTAssertGreaterThan(again.id, c.id, "ids are never reused")
        try reopened.deleteFolder("Work")
        XCTAssertEqual(reopened.all().map(\.title), ["Delta", "Beta two"])
        XCTAssertEqual(reopened.folders(), ["Empty", "Empty/Inner", "Play"])
        XCTAssertNotEqual(reopened.editToken, bookmarks.editToken, "a new secret for each run")
        XCTAssertEqual(reopened.editToken.count, 32)
    }

    func testSearchIgnoresCaseInURLsAndTitles() throws {
        let bookmarks = Bookmarks(path: path)
        try bookmarks.add(url: url("https://swift.org/documentation/"), title: "Swift Docs")
        try bookmarks.add(url: url("https://example.com/ecole"), title: "Über Schule", folder: "Zeug")
        try bookmarks.add(url: url("https://example.com/100%25"), title: "percent_under")
        XCTAssertEqual(bookmarks.entries(matching: "SWIFT").map(\.title), ["Swift Docs"])
        XCTAssertEqual(bookmarks.entries(matching: "documentation").map(\.title), ["Swift Docs"])
        XCTAssertEqual(bookmarks.entries(matching: "über").map(\.title), ["Über Schule"], "not only ASCII")
        XCTAssertEqual(bookmarks.entries(matching: "%").map(\.title), ["percent_under"], "% is text, not a pattern")
        XCTAssertEqual(bookmarks.entries(matching: "_").map(\.title), ["percent_under"])
        XCTAssertEqual(bookmarks.entries(matching: "").count, 3)
        XCTAssertEqual(bookmarks.entries(matching: "", limit: 2).count, 2)
        XCTAssertEqual(bookmarks.entries(matching: "nothing here"), [])
    }

    func testHostileValues() throws {
        let bookmarks = Bookmarks(path: path)
        let huge = String(repeating: "x", count: 100_000)
        let long = try bookmarks.add(url: url("https://a.example/"), title: huge, folder: String(repeating: "f", count: 1000))
        XCTAssertEqual(long.title.count, Bookmarks.maximumTitleLength)
        XCTAssertEqual(long.folder.count, Bookmarks.maximumFolderNameLength)
        let control = try bookmarks.add(url: url("https://b.example/"), title: "a\u{1B}[31mred\u{9B}\0end")
        XCTAssertEqual(control.title, "a\u{1B}[31mred\u{9B}\u{FFFD}end", "controls kept (drawing sanitizes), NUL replaced")
        let deep = try bookmarks.add(url: url("https://c.example/"), title: "deep",
                                     folder: (0..<100).map { "d\($0)" }.joined(separator: "/"))
        XCTAssertEqual(deep.folder.split(separator: "/").count, Bookmarks.maximumFolderDepth)
        XCTAssertThrowsError(try bookmarks.add(url: url("javascript:alert(1)"), title: "bookmarklet")) {
            guard case .unsupportedURL = $0 as? Bookmarks.Failure else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try bookmarks.add(url: url("data:text/plain," + String(repeating: "a", count: 70_000)), title: "big"))
        XCTAssertThrowsError(try bookmarks.update(control.id, url: url("javascript:void(0)")))
        XCTAssertThrowsError(try bookmarks.move(999, to: "x"))
        XCTAssertEqual(bookmarks.all().count, 3)

        // A damaged database: rows of the wrong type or with bad URLs are skipped.
        let database = try SQLiteDatabase(path: path)
        try database.execute("INSERT INTO bookmarks (url, title, folder, position, added, modified) VALUES ('not a url', 't', '', 0, 0, 0)")
        try database.execute("INSERT INTO bookmarks (url, title, folder, position, added, modified) VALUES (x'00ff', 't', '', 0, 0, 0)")
        try database.execute("INSERT INTO bookmarks (url, title, folder, position, added, modified) VALUES ('javascript:1', 't', '', 0, 0, 0)")
        try database.execute("INSERT INTO bookmarks (url, title, folder, position, added, modified) VALUES ('https://ok.example/', 5, '', 'x', 'y', 0)")
        database.close()
        XCTAssertEqual(Bookmarks(path: path).all().count, 3)
    }

    func testAFileThatIsNoDatabaseReportsAndChangesNothing() throws {
        try Data("this is not a database, it is text".utf8).write(to: URL(fileURLWithPath: path))
        let bookmarks = Bookmarks(path: path)
        var reported: [SQLiteDatabase.Failure] = []
        bookmarks.onWriteError = { reported.append($0) }
        XCTAssertThrowsError(try bookmarks.add(url: url("https://a.example/"), title: "A")) {
            guard case .storage = $0 as? Bookmarks.Failure else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(bookmarks.all(), [])
        XCTAssertFalse(reported.isEmpty)
        XCTAssertNotNil(bookmarks.lastError)
        XCTAssertEqual(try String(contentsOfFile: path), "this is not a database, it is text", "the file is left as it was")
    }

    func testAPrivateStoreKeepsBookmarksInMemoryOnly() throws {
        let store = WebsiteDataStore.nonPersistent()
        XCTAssertFalse(store.bookmarks.isPersistent)
        try store.bookmarks.add(url: url("https://a.example/"), title: "A", folder: "F")
        XCTAssertEqual(store.bookmarks.all().map(\.title), ["A"])
        store.close()
        XCTAssertEqual(store.bookmarks.all().map(\.title), ["A"], "closing keeps an in-memory database")
        XCTAssertEqual(WebsiteDataStore.nonPersistent().bookmarks.all(), [])

        let persistent = WebsiteDataStore(directory: root + "/profile")
        try persistent.bookmarks.add(url: url("https://b.example/"), title: "B")
        persistent.close()
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/profile/bookmarks.sqlite"))
        XCTAssertEqual(WebsiteDataStore(directory: root + "/profile").bookmarks.all().map(\.title), ["B"])
    }
}
