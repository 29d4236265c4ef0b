import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// A SQLite database file in WAL mode, so that two processes can share it and
/// a crash loses nothing that was committed. Every write runs in a
/// transaction; a failed write is reported, never half-applied.
///
/// The write-ahead log stays bounded: SQLite checkpoints it into the file
/// every `walAutocheckpointPages` pages, every statement is stepped to its
/// end and finalized inside `execute` (so no reader of ours holds an old
/// snapshot that would stop a checkpoint), a log longer than
/// `journalSizeLimit` is cut back once checkpointed, and `close()` ends
/// with a truncating checkpoint (https://sqlite.org/wal.html).
///
/// Not thread-safe: one connection per thread.
public final class SQLiteDatabase {
    /// A SQLite failure with SQLite's own message.
    public struct Failure: Error, CustomStringConvertible {
        public let code: Int32
        public let message: String
        public var description: String { message }
        public init(code: Int32, message: String) {
            self.code = code
            self.message = message
        }
        /// The disk (or the file system's quota) is full: SQLITE_FULL, or the
        /// shared-memory file of the write-ahead log could not be made or
        /// grown (SQLITE_IOERR_SHMSIZE), as when a database closed cleanly
        /// (its `-shm` file removed) is opened again on a full disk. (SQLite's
        /// macro for that code does not reach Swift: it is written out.)
        public var isDiskFull: Bool { code & 0xFF == SQLITE_FULL || code == SQLITE_IOERR | (19 << 8) }
    }

    /// A value for or from a statement.
    public enum Value: Hashable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        /// Bytes stored as they are (an HTTP cache body).
        case blob([UInt8])
    }

    private var handle: OpaquePointer?
    public let path: String

    /// Pages in the log after which a commit checkpoints it (SQLite's default, set explicitly).
    static let walAutocheckpointPages = 1000
    /// Bytes a log is cut back to after a checkpoint reset it; it never
    /// stays larger than the largest single transaction needed.
    static let journalSizeLimit = 4 * 1024 * 1024

    /// Opens (creating) the database at `path`; ":memory:" keeps it in memory.
    public init(path: String) throws {
        self.path = path
        try open()
    }

    /// Opens the connection (again, after `close()`).
    private func open() throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close(db)
            throw Failure(code: status, message: message)
        }
        handle = db
        sqlite3_busy_timeout(db, Int32(SQLiteDatabase.busyTimeout * 1000))
        if path != ":memory:" {
            try retryingWhileBusy { try execute("PRAGMA journal_mode=WAL") }
            try execute("PRAGMA wal_autocheckpoint=\(SQLiteDatabase.walAutocheckpointPages)")
            try execute("PRAGMA journal_size_limit=\(SQLiteDatabase.journalSizeLimit)")
        }
        try execute("PRAGMA synchronous=NORMAL")
    }

    /// Whether the connection is open (false after `close()`, until the next statement opens it again).
    public var isOpen: Bool { handle != nil }

    /// Checkpoints the write-ahead log into the file, truncating the log to
    /// zero bytes, and closes the connection; the last connection to close
    /// also removes the `-wal` and `-shm` files. Call it on every way out
    /// of the program: a process that exits without it leaves its log for
    /// the next one to replay. A later statement opens the file again.
    /// Idempotent; a checkpoint that another connection's lock stops (past
    /// the busy timeout) is left to the next one. A database in memory
    /// stays open (closing would lose it).
    public func close() {
        guard let db = handle, path != ":memory:" else { return }
        _ = try? execute("PRAGMA wal_checkpoint(TRUNCATE)")
        sqlite3_close_v2(db)
        handle = nil
    }

    /// How long a statement waits for another connection's lock before it fails.
    private static let busyTimeout = 5.0

    /// Runs `body` again while it fails with SQLITE_BUSY, for up to the busy
    /// timeout. Switching a new file to WAL takes an exclusive lock and fails
    /// at once, without SQLite's busy handler, when another process is
    /// opening the same new file at that moment.
    private func retryingWhileBusy(_ body: () throws -> Void) throws {
        // Wall-clock time: an attempt may itself wait in SQLite's busy handler.
        let deadline = MonotonicClock.now() + SQLiteDatabase.busyTimeout
        while true {
            do {
                return try body()
            } catch let failure as Failure where failure.code & 0xFF == SQLITE_BUSY && MonotonicClock.now() < deadline {
                usleep(10_000)
            }
        }
    }

    deinit {
        close()
        sqlite3_close_v2(handle)
    }

    /// The failure, with SQLite's extended code when there is one (`code & 0xFF` is the primary code).
    private func failure(_ code: Int32) -> Failure {
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        return Failure(code: extended & 0xFF == code & 0xFF ? extended : code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs `sql` with `parameters` bound to `?1`, `?2`…, returning the rows.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
        if handle == nil { try open() }
        var statement: OpaquePointer?
        var status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK else { throw failure(status) }
        defer { sqlite3_finalize(statement) }
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            switch parameter {
            case .null: status = sqlite3_bind_null(statement, position)
            case .integer(let value): status = sqlite3_bind_int64(statement, position, value)
            case .real(let value): status = sqlite3_bind_double(statement, position, value)
            case .text(let value):
                status = sqlite3_bind_text(statement, position, value, -1, SQLiteDatabase.transient)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { buffer in
                    guard let base = buffer.baseAddress, !buffer.isEmpty else { return sqlite3_bind_zeroblob(statement, position, 0) }
                    return sqlite3_bind_blob64(statement, position, base, sqlite3_uint64(buffer.count), SQLiteDatabase.transient)
                }
            }
            guard status == SQLITE_OK else { throw failure(status) }
        }
        var rows: [[Value]] = []
        while true {
            status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(status) }
            let columns = sqlite3_column_count(statement)
            rows.append((0..<columns).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
                case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
                    return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
                default: return .null
                }
            })
        }
    }

    /// SQLITE_TRANSIENT: SQLite copies bound text and bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Runs `body` in one IMMEDIATE transaction: all of it is stored, or none.
    public func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }
}
