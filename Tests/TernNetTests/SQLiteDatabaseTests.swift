import TernSystem
import XCTest
import Foundation
import TernNet

/// The SQLite wrapper with real files.
final class SQLiteDatabaseTests: XCTestCase {
    /// Two connections opening one new file at the same moment (as two tern
    /// processes starting on a new profile do) both open it in WAL mode and
    /// both write; neither gets "database is locked".
    func testTwoConnectionsOpeningOneNewFileAtOnceBothSucceed() throws {
        let folder = NSTemporaryDirectory() + "tern-sqlite-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for round in 0..<200 {
            let path = folder + "/race\(round).sqlite"
            let failures = Failures()
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for writer in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    start.wait()
                    do {
                        let database = try SQLiteDatabase(path: path)
                        try database.transaction { try database.execute("CREATE TABLE IF NOT EXISTS t (writer INTEGER)") }
                        for _ in 0..<5 {
                            try database.transaction { try database.execute("INSERT INTO t VALUES (?1)", [.integer(Int64(writer))]) }
                        }
                    } catch {
                        failures.add("\(error)")
                    }
                }
            }
            start.signal()
            start.signal()
            group.wait()
            XCTAssertEqual(failures.all, [], "round \(round)")
            let database = try SQLiteDatabase(path: path)
            XCTAssertEqual(try database.execute("PRAGMA journal_mode"), [[.text("wal")]])
            XCTAssertEqual(try database.execute("SELECT count(*) FROM t"), [[.integer(10)]])
        }
    }
}

/// Failure messages collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
}
