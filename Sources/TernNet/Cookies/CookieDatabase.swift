import TernSystem

/// Keeps a cookie jar's persistent cookies in SQLite (and, with
/// `keepSessionCookies`, its session cookies too): loaded when opened,
/// written through on every change, each change in its own transaction, so
/// two processes on one profile and a `kill -9` lose no stored cookie.
package final class CookieDatabase {
    package let database: SQLiteDatabase
    package let jar: CookieJar
    /// Store session cookies too ("continue where you left off").
    package let keepSessionCookies: Bool
    /// The last write that failed (a full disk, a read-only profile), for the
    /// front end to report; nil when writes succeed.
    package private(set) var lastError: SQLiteDatabase.Failure?
    /// Told when a write fails.
    package var onWriteError: ((SQLiteDatabase.Failure) -> Void)?

    /// Opens the database at `path`, loads its cookies into `jar`, and writes
    /// every later change of `jar` back for as long as this object lives.
    package init(path: String, jar: CookieJar, keepSessionCookies: Bool = false) throws {
        database = try SQLiteDatabase(path: path)
        self.jar = jar
        self.keepSessionCookies = keepSessionCookies
        try database.execute("""
            CREATE TABLE IF NOT EXISTS cookies (
              name TEXT NOT NULL, value TEXT NOT NULL, domain TEXT NOT NULL, host_only INTEGER NOT NULL,
              path TEXT NOT NULL, expires REAL, secure INTEGER NOT NULL, http_only INTEGER NOT NULL,
              same_site TEXT NOT NULL, created REAL NOT NULL, accessed REAL NOT NULL,
              PRIMARY KEY (name, domain, host_only, path))
            """)
        let now = jar.clock()
        try database.execute("DELETE FROM cookies WHERE expires IS NOT NULL AND expires <= ?1", [.real(now)])
        if !keepSessionCookies { try database.execute("DELETE FROM cookies WHERE expires IS NULL") }
        for row in try database.execute("SELECT name, value, domain, host_only, path, expires, secure, http_only, same_site, created, accessed FROM cookies") {
            if let cookie = CookieDatabase.cookie(from: row) { jar.insertWithoutNotifying(cookie) }
        }
        let previous = jar.onChange
        jar.onChange = { [weak self] cookie, removed in
            previous?(cookie, removed)
            self?.write(cookie, removed: removed)
        }
    }

    /// Set while `insertAll` holds one transaction open for many writes.
    private var isBatching = false
    /// The first write that failed inside that transaction.
    private var batchFailure: SQLiteDatabase.Failure?

    /// Stores `cookies` in the jar and the database as one transaction (an
    /// import): all of them, or, when the write fails (reported, and
    /// thrown), none, in the jar as on disk.
    package func insertAll(_ cookies: [Cookie]) throws {
        jar.prepareForUse()
        let before = jar.snapshot
        do {
            try database.execute("BEGIN IMMEDIATE")
            isBatching = true
            batchFailure = nil
            for cookie in cookies { jar.insert(cookie) }
            isBatching = false
            if let batchFailure { throw batchFailure }
            try database.execute("COMMIT")
            lastError = nil
        } catch let failure as SQLiteDatabase.Failure {
            isBatching = false
            _ = try? database.execute("ROLLBACK")
            jar.restore(before)
            lastError = failure
            onWriteError?(failure)
            throw failure
        }
    }

    /// Checkpoints and closes the file, for the way out of the program; a
    /// later change opens it again.
    package func close() { database.close() }

    private func write(_ cookie: Cookie, removed: Bool) {
        do {
            if isBatching {
                if batchFailure == nil { try store(cookie, removed: removed) }
            } else {
                try database.transaction { try store(cookie, removed: removed) }
                lastError = nil
            }
        } catch let failure as SQLiteDatabase.Failure {
            if isBatching {
                batchFailure = failure
            } else {
                lastError = failure
                onWriteError?(failure)
            }
        } catch {}
    }

    /// The statement that writes one change.
    private func store(_ cookie: Cookie, removed: Bool) throws {
        if removed || (!cookie.isPersistent && !keepSessionCookies) {
            try database.execute("DELETE FROM cookies WHERE name = ?1 AND domain = ?2 AND host_only = ?3 AND path = ?4",
                                 [.text(cookie.name), .text(cookie.domain), .integer(cookie.isHostOnly ? 1 : 0), .text(cookie.path)])
        } else {
            try database.execute("INSERT OR REPLACE INTO cookies VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)", [
                .text(cookie.name), .text(cookie.value), .text(cookie.domain), .integer(cookie.isHostOnly ? 1 : 0),
                .text(cookie.path), cookie.expiresAt.map(SQLiteDatabase.Value.real) ?? .null,
                .integer(cookie.isSecure ? 1 : 0), .integer(cookie.isHTTPOnly ? 1 : 0), .text("\(cookie.sameSite)"),
                .real(cookie.createdAt), .real(cookie.lastAccessedAt),
            ])
        }
    }

    private static func cookie(from row: [SQLiteDatabase.Value]) -> Cookie? {
        guard row.count == 11, case .text(let name) = row[0], case .text(let value) = row[1], case .text(let domain) = row[2],
              case .integer(let hostOnly) = row[3], case .text(let path) = row[4], case .integer(let secure) = row[6],
              case .integer(let httpOnly) = row[7], case .text(let sameSite) = row[8], case .real(let created) = row[9],
              case .real(let accessed) = row[10] else { return nil }
        var expires: Double?
        if case .real(let value) = row[5] { expires = value }
        let site: Cookie.SameSite = ["strict": .strict, "lax": .lax, "none": .none][sameSite] ?? .unspecified
        return Cookie(name: name, value: value, domain: domain, isHostOnly: hostOnly != 0, path: path, expiresAt: expires,
                      isSecure: secure != 0, isHTTPOnly: httpOnly != 0, sameSite: site, createdAt: created, lastAccessedAt: accessed)
    }
}
