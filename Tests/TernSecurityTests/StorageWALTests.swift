import TernSystem
import XCTest
import Foundation
import TernNet
import TernTestSupport

/// Issue #13 item 14: the profile's SQLite write-ahead logs stay bounded
/// while tern runs, and every way out of `tern` checkpoints and closes its
/// databases, so no log is left behind to grow (365 MB was seen with six
/// writers) or to be replayed by the next run.
final class StorageWALTests: XCTestCase {
    private var server: TestServer { TestServer.shared }
    private var folder: String!
    private var profile: String { folder + "/profile" }

    override func setUp() {
        super.setUp()
        folder = try! ProcessRun.temporaryFolder("wal")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// The size of `path` in bytes, 0 when there is no such file.
    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// `http://HOST:PORT/set-cookie?…`: one response setting `count` persistent
    /// cookies named `<prefix><n>` with 500-byte values.
    private func cookiePage(host: String, prefix: String, count: Int) -> String {
        let value = String(repeating: "v", count: 500)
        let query = (0..<count).map { "c=\(prefix)\($0)%3D\(value)%3B%20Max-Age%3D3600" }.joined(separator: "&")
        return "http://\(host):\(server.port)/set-cookie?" + query
    }

    /// The cookie names in the profile, after `PRAGMA integrity_check` passed.
    private func storedNames(file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        let db = try SQLiteDatabase(path: profile + "/cookies.sqlite")
        defer { db.close() }
        XCTAssertEqual(try db.execute("PRAGMA integrity_check"), [[.text("ok")]], "the store is not corrupt", file: file, line: line)
        return Set(try db.execute("SELECT name FROM cookies").compactMap { row -> String? in
            if case .text(let name) = row.first { return name } else { return nil }
        })
    }

    /// Six `tern --dump` processes at once on one profile, each storing 50
    /// cookies (for a host of its own, under the per-domain limit): every
    /// cookie is kept, the store is sound, and once they have all exited
    /// the cookie database's log is checkpointed away (empty or gone).
    func testSixConcurrentDumpRunsLeaveNoLogAndLoseNoCookie() throws {
        let writers = 6, perWriter = 50
        let runs = try (0..<writers).map { n in
            try ProcessRun.start(ProcessRun.tern, ["--profile", profile, "--resolve", "w\(n).test:\(server.port):127.0.0.1",
                                                   "--dump", "--timeout", "60",
                                                   cookiePage(host: "w\(n).test", prefix: "w\(n)_", count: perWriter)],
                                 stderr: folder + "/\(n).err")
        }
        runs.forEach { $0.waitUntilExit() }
        for (n, run) in runs.enumerated() {
            let stderr = (try? String(contentsOfFile: folder + "/\(n).err")) ?? ""
            XCTAssertEqual(run.terminationStatus, 0, stderr)
            XCTAssertEqual(stderr, "", "no storage error")
        }
        let wal = profile + "/cookies.sqlite-wal"
        XCTAssertEqual(size(wal), 0, "every run checkpoints the log as it closes the database: \(size(wal)) bytes left")
        XCTAssertLessThan(size(wal), SQLiteDatabaseLimits.bound, "the log is bounded")
        let expected = Set((0..<writers).flatMap { n in (0..<perWriter).map { "w\(n)_\($0)" } })
        let stored = try storedNames()
        XCTAssertEqual(expected.subtracting(stored).count, 0, "cookies lost: \(expected.subtracting(stored).sorted().prefix(10))")
    }

    /// One `--dump` run alone: when it has exited, none of the profile's
    /// databases has a `-wal` or `-shm` file left (SQLite removes them when
    /// the last connection closes).
    func testADumpRunClosesEveryDatabaseOnItsWayOut() throws {
        let run = try ProcessRun.run(ProcessRun.tern, ["--profile", profile, "--resolve", "w.test:\(server.port):127.0.0.1",
                                                       "--dump", cookiePage(host: "w.test", prefix: "c", count: 20)])
        XCTAssertEqual(run.status, 0, run.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: profile)
        XCTAssertTrue(files.contains("cookies.sqlite"), "\(files)")
        let logs = files.filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }
        XCTAssertEqual(logs.map { "\($0) (\(size(profile + "/" + $0)) bytes)" }, [], "logs left behind")
        XCTAssertEqual(try storedNames().count, 20)
    }

    /// The same with `--export-cookies` and with a page that fails: every
    /// exit path of `--dump` closes the databases.
    func testADumpRunThatFailsClosesItsDatabasesToo() throws {
        let run = try ProcessRun.run(ProcessRun.tern, ["--profile", profile, "--resolve", "w.test:\(server.port):127.0.0.1",
                                                       "--dump", "--timeout", "1", "--export-cookies", folder + "/out.txt",
                                                       "http://w.test:\(server.port)/set-cookie?c=a%3D1%3B%20Max-Age%3D60&redirect=/hang"])
        XCTAssertEqual(run.status, 1, "the page timed out: \(run.stderr)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: profile).filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }
        XCTAssertEqual(logs, [], "logs left behind")
        XCTAssertEqual(try storedNames(), ["a"])
    }

    /// Quitting the interactive browser closes the databases too.
    func testQuittingTheBrowserClosesEveryDatabase() throws {
        let tern = try TerminalSession([server.url("/set-cookie?c=a%3D1%3B%20Max-Age%3D60").href],
                                       environment: ["XDG_DATA_HOME": folder])
        defer { tern.close() }
        tern.waitFor("1 cookies set")
        tern.press("q")
        tern.waitFor("Quit Tern?")
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(), 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/tern")
        XCTAssertTrue(files.contains("cookies.sqlite"), "\(files)")
        XCTAssertEqual(files.filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }, [], "logs left behind")
    }

    /// Within a run, a large transaction (a big cached body) does not leave
    /// a log of its size: once checkpointed, the log is cut back to the
    /// journal size limit at the next commit, and `close()` truncates it.
    func testALargeTransactionDoesNotLeaveALargeLog() throws {
        let path = folder + "/big.sqlite"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = try SQLiteDatabase(path: path)
        try db.execute("CREATE TABLE t (body BLOB)")
        try db.transaction { try db.execute("INSERT INTO t VALUES (?1)", [.blob([UInt8](repeating: 7, count: 20 << 20))]) }
        XCTAssertGreaterThan(size(path + "-wal"), 20 << 20, "the transaction went through the log")
        for n in 0..<3 { try db.transaction { try db.execute("INSERT INTO t VALUES (?1)", [.blob([UInt8(n)])]) } }
        XCTAssertLessThanOrEqual(size(path + "-wal"), SQLiteDatabaseLimits.bound, "the log was cut back")
        db.close()
        XCTAssertEqual(size(path + "-wal"), 0, "closing checkpoints and truncates the log")
        XCTAssertEqual(try db.execute("SELECT count(*) FROM t"), [[.integer(4)]], "a statement after close opens the file again")
        db.close()
    }
}

private enum SQLiteDatabaseLimits {
    /// The journal size limit (4 MiB) and a little room for the last commit.
    static let bound = 4 * 1024 * 1024 + 64 * 1024
}
