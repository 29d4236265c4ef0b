import TernSystem
import XCTest
import Foundation
import TernKit
@testable import TernBrowser

/// SessionStore on a real SQLite file in a temporary folder: sessions saved
/// and read back, their endings, two processes at once, damaged files.
final class SessionStoreTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/session.sqlite" }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-session-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func state(_ paths: [String], current: Int, scroll: Int = 0) -> WebView.InteractionState {
        let items = paths.map { WebView.InteractionState.Item(url: WebURL("http://127.0.0.1:9/\($0)")!, title: $0, scrollPosition: scroll) }
        return WebView.InteractionState(items: items, currentIndex: current)!
    }

    /// A store whose "process" is `pid` (a dead one unless it is this test's).
    private func store(pid: Int32 = getpid(), clock: Double = 1000) -> SessionStore {
        let store = SessionStore(path: path)
        store.processID = pid
        store.clock = { clock }
        return store
    }

    /// A process id that is not running: a child that has exited and was reaped.
    private func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func testASessionSavedAndClosedIsTheLastOneNextTime() throws {
        let first = store()
        XCTAssertNil(first.begin(), "no session before the first")
        let tabs = [state(["a", "b", "c"], current: 1, scroll: 5), state(["x"], current: 0)]
        XCTAssertTrue(first.save(tabs: tabs.map(\.encoded) + [""], currentTab: 1))
        first.end(.closed)

        let second = store(clock: 2000)
        let last = try XCTUnwrap(second.begin())
        XCTAssertEqual(last.ending, .closed)
        XCTAssertEqual(last.tabs, tabs + [nil])
        XCTAssertEqual(last.currentTab, 1)
        XCTAssertEqual(last.savedAt, 1000)
        XCTAssertEqual(last.tabs.first??.currentItem.scrollPosition, 5)
        XCTAssertEqual(last.unreadableTabs, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testASessionWhoseProcessIsGoneCrashedAndOneStillRunningIsNotTheLast() throws {
        let crashed = store(pid: try deadPID(), clock: 1000)
        crashed.begin()
        crashed.save(tabs: [state(["crashed"], current: 0).encoded], currentTab: 0)
        // (no end: killed)
        let running = store(pid: getpid(), clock: 2000)  // this process: alive
        XCTAssertEqual(running.begin()?.ending, .crashed)
        running.save(tabs: [state(["running"], current: 0).encoded], currentTab: 0)

        // A third process sees the crashed one as last, not the one running (saved later).
        let third = store(pid: try deadPID(), clock: 3000)
        let last = try XCTUnwrap(third.begin())
        XCTAssertEqual(last.ending, .crashed)
        XCTAssertEqual(last.tabs.first??.currentItem.title, "crashed")

        // A signal's end is "interrupted"; a later closed one is the last.
        third.save(tabs: [state(["third"], current: 0).encoded], currentTab: 0)
        third.end(.interrupted)
        XCTAssertEqual(store(pid: try deadPID(), clock: 4000).begin()?.ending, .interrupted)
    }

    func testTwoSessionsAtOnceKeepTheirOwnTabs() throws {
        let one = store(pid: getpid(), clock: 1000)
        let two = store(pid: getpid(), clock: 1001)
        one.begin()
        two.begin()
        XCTAssertNotEqual(one.sessionID, two.sessionID)
        one.save(tabs: [state(["one"], current: 0).encoded], currentTab: 0)
        two.save(tabs: [state(["two-a"], current: 0).encoded, state(["two-b"], current: 0).encoded], currentTab: 1)
        one.save(tabs: [state(["one", "one-more"], current: 1).encoded], currentTab: 0)
        two.end(.closed)
        one.end(.closed)

        let database = try SQLiteDatabase(path: path)
        let rows = try database.execute("SELECT session, position, state FROM tabs ORDER BY session, position")
        XCTAssertEqual(rows.count, 3)
        let reader = store(pid: getpid(), clock: 5000)
        // Both closed: the one saved last (two, at 1001) is the last session.
        let last = try XCTUnwrap(reader.begin())
        XCTAssertEqual(last.tabs.compactMap { $0?.currentItem.title }, ["two-a", "two-b"])
        XCTAssertEqual(last.currentTab, 1)
    }

    func testTakingOverASessionGoesOnSavingIntoIt() throws {
        let old = store(pid: try deadPID(), clock: 1000)
        old.begin()
        old.save(tabs: [state(["a"], current: 0).encoded], currentTab: 0)
        let new = store(pid: getpid(), clock: 2000)
        let last = try XCTUnwrap(new.begin())
        let ownID = new.sessionID
        XCTAssertTrue(new.takeOver(last))
        XCTAssertEqual(new.sessionID, last.id)
        XCTAssertNotEqual(new.sessionID, ownID)
        XCTAssertFalse(store(pid: getpid(), clock: 2500).takeOver(last), "it runs in a live process now")
        new.save(tabs: [state(["a", "b"], current: 1).encoded], currentTab: 0)
        new.end(.closed)
        let database = try SQLiteDatabase(path: path)
        XCTAssertEqual(try database.execute("SELECT COUNT(*) FROM sessions WHERE id = ?1", [.integer(ownID ?? -1)]).first?.first,
                       .integer(0), "the session begun for nothing is gone")
        let next = try XCTUnwrap(store(pid: getpid(), clock: 3000).begin())
        XCTAssertEqual(next.id, last.id)
        XCTAssertEqual(next.tabs.first??.currentItem.title, "b")
    }

    func testADeclinedCrashIsNoLongerACrash() throws {
        let old = store(pid: try deadPID(), clock: 1000)
        old.begin()
        old.save(tabs: [state(["a"], current: 0).encoded], currentTab: 0)
        let new = store(pid: getpid(), clock: 900)  // saved earlier than the crashed one
        let last = try XCTUnwrap(new.begin())
        XCTAssertEqual(last.ending, .crashed)
        new.decline(last)
        XCTAssertEqual(store(pid: getpid(), clock: 950).begin()?.ending, .closed)
    }

    func testOnlyTheLatestSessionsAreKept() throws {
        for index in 0..<15 {
            let run = store(pid: try deadPID(), clock: Double(index))
            run.begin()
            run.save(tabs: [state(["p\(index)"], current: 0).encoded], currentTab: 0)
            run.end(.closed)
        }
        store(pid: getpid(), clock: 100).begin()
        let database = try SQLiteDatabase(path: path)
        // The 10 kept, and the one just begun.
        XCTAssertEqual(try database.execute("SELECT COUNT(*) FROM sessions").first?.first, .integer(11))
        XCTAssertEqual(try database.execute("SELECT COUNT(DISTINCT session) FROM tabs").first?.first, .integer(10))
    }

    func testAFileThatIsNotADatabaseIsMovedAsideAndANewOneStarted() throws {
        let junk = Data("This is not SQLite at all, just words in a file.\n".utf8) + Data(repeating: 0xA5, count: 8192)
        try junk.write(to: URL(fileURLWithPath: path))
        var failures: [String] = []
        let run = store()
        run.onWriteError = { failures.append("\($0)") }
        XCTAssertNil(run.begin())
        XCTAssertNotNil(run.notice)
        XCTAssertTrue(run.notice?.contains("session.sqlite.broken") ?? false, run.notice ?? "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + ".broken")), junk, "the damaged file is kept")
        XCTAssertTrue(run.save(tabs: [state(["a"], current: 0).encoded], currentTab: 0))
        run.end(.closed)
        XCTAssertEqual(failures, [])
        XCTAssertEqual(store(clock: 2000).begin()?.tabs.first??.currentItem.title, "a")
    }

    func testADamagedDatabaseAndBadRowsGiveAFreshStartOrAreSkipped() throws {
        let run = store(pid: try deadPID())
        run.begin()
        run.save(tabs: [state(["good"], current: 0).encoded, state(["other"], current: 0).encoded], currentTab: 1)
        run.end(.closed)
        // A tab row a hostile or broken writer left: text that is no state, a number, a blob.
        let database = try SQLiteDatabase(path: path)
        try database.execute("INSERT INTO tabs SELECT session, 5, 'tern-interaction-state 1\ncurrent 9\n' FROM tabs LIMIT 1")
        try database.execute("INSERT INTO tabs SELECT session, 6, 42 FROM tabs LIMIT 1")
        try database.execute("INSERT INTO tabs SELECT session, 7, x'00ff' FROM tabs LIMIT 1")
        try database.execute("UPDATE sessions SET current_tab = 99, saved = 'soon', state = 42")
        database.close()
        let last = try XCTUnwrap(store(pid: getpid(), clock: 2000).begin())
        XCTAssertEqual(last.tabs.compactMap { $0?.currentItem.title }, ["good", "other"])
        XCTAssertEqual(last.unreadableTabs, 3)
        XCTAssertEqual(last.currentTab, 0, "a tab index out of range is the first")
        XCTAssertEqual(last.ending, .crashed, "a state that is no state is a crash")

        // Damage inside the file (past the header): moved aside, a fresh start.
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        var damaged = bytes
        for index in stride(from: 100, to: damaged.count, by: 7) { damaged[index] = 0xFF }
        try damaged.write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        let fresh = store(pid: getpid(), clock: 3000)
        _ = fresh.begin()
        XCTAssertNotNil(fresh.notice)
        XCTAssertTrue(fresh.save(tabs: [""], currentTab: 0))
    }

    func testAFullDiskIsReportedToTheHandlerAndTheLastSaveKept() throws {
        var failures: [SQLiteDatabase.Failure] = []
        let run = store()
        run.onWriteError = { failures.append($0) }
        run.begin()
        XCTAssertTrue(run.save(tabs: [state(["small"], current: 0).encoded], currentTab: 0))
        // SQLite's page limit stands for a full disk: a write that needs a new page fails with SQLITE_FULL.
        let database = try XCTUnwrap(run.openDatabase)
        let pages = try database.execute("PRAGMA page_count").first?.first
        guard case .integer(let count)? = pages else { return XCTFail("no page count") }
        try database.execute("PRAGMA max_page_count = \(count)")
        let big = (0..<200).map { "page-\($0)-" + String(repeating: "x", count: 500) }
        XCTAssertFalse(run.save(tabs: [state(big, current: 0).encoded], currentTab: 0))
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.isDiskFull, true, "\(failures)")
        run.end(.interrupted)
        let last = try XCTUnwrap(store(clock: 2000).begin())
        XCTAssertEqual(last.tabs.first??.currentItem.title, "small", "the last save is whole")
    }
}
