/// A SQLite file opened on first use, its schema made then, whose writes are
/// transactions and whose failures (a full disk, a read-only profile, a file
/// that cannot be opened) are kept and reported. Shared by the HTTP cache,
/// the history and web storage, so a run that never needs one never opens it.
public final class LazyDatabase {
    /// The file (":memory:" for a database in memory).
    public let path: String
    /// The last write that failed, or why the file could not be opened; nil when all is well.
    public private(set) var lastError: SQLiteDatabase.Failure?
    /// Told of each failure.
    public var onError: ((SQLiteDatabase.Failure) -> Void)?

    private let schema: [String]
    private var opened: SQLiteDatabase?
    private var openFailed = false

    /// `schema`: the statements that make the tables (`CREATE … IF NOT EXISTS`), run in one transaction.
    public init(path: String, schema: [String]) {
        self.path = path
        self.schema = schema
    }

    /// Whether the file has been opened (nothing to remove from one never opened).
    public var isOpen: Bool { opened != nil }

    /// The database, opened and its schema made on first use; nil when it cannot be.
    public var database: SQLiteDatabase? {
        if let opened { return opened }
        guard !openFailed else { return nil }
        do {
            let database = try SQLiteDatabase(path: path)
            try database.transaction { for statement in schema { try database.execute(statement) } }
            opened = database
            return database
        } catch {
            openFailed = true
            report(error)
            return nil
        }
    }

    /// Checkpoints and closes the file (`SQLiteDatabase.close()`), for the
    /// way out of the program; a later use opens it again.
    public func close() {
        opened?.close()
    }

    /// Runs `body` in one transaction; false (and the failure reported) when it failed.
    @discardableResult
    public func write(_ body: (SQLiteDatabase) throws -> Void) -> Bool {
        guard let database else { return false }
        do {
            try database.transaction { try body(database) }
            lastError = nil
            return true
        } catch {
            report(error)
            return false
        }
    }

    private func report(_ error: Error) {
        let failure = error as? SQLiteDatabase.Failure ?? SQLiteDatabase.Failure(code: 1, message: "\(error)")
        lastError = failure
        onError?(failure)
    }
}
