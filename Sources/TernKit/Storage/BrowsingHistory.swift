import TernSystem
import TernNet

/// The global history of a website data store: every page its web views
/// visited (URL, title, each visit's time), in the profile's
/// `history.sqlite`, for the front end's history view and `about:history`.
/// A non-persistent store (private browsing) records nothing.
///
/// Web views record a visit when a GET navigation of an http, https or
/// file page commits (not for reloads or back/forward, which revisit a
/// page already counted) and store the title when it finishes, unless
/// their configuration's `recordsHistory` is false. Each write is its own
/// SQLite transaction; the database is opened when history is first used.
/// Not thread-safe.
public final class BrowsingHistory {
    /// The database file; nil when nothing is recorded.
    public let path: String?
    /// The time now, in seconds since 1970.
    public var clock: () -> Double = Cookie.now
    /// The last write that failed (a full disk, a read-only profile), or why
    /// the database could not be opened; nil when all is well.
    public var lastError: SQLiteDatabase.Failure? { store?.lastError }
    /// Told when a write fails.
    public var onWriteError: ((SQLiteDatabase.Failure) -> Void)? {
        get { store?.onError }
        set { store?.onError = newValue }
    }

    private let store: LazyDatabase?

    /// History in the SQLite file at `path` (made when first needed); with
    /// nil, a history that records nothing.
    public init(path: String?) {
        self.path = path
        store = path.map { LazyDatabase(path: $0, schema: ["""
            CREATE TABLE IF NOT EXISTS pages (
              url TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, visit_count INTEGER NOT NULL,
              first_visit REAL NOT NULL, last_visit REAL NOT NULL)
            """, "CREATE TABLE IF NOT EXISTS visits (url TEXT NOT NULL, time REAL NOT NULL)",
            "CREATE INDEX IF NOT EXISTS visits_by_url ON visits (url)",
            "CREATE INDEX IF NOT EXISTS pages_by_last_visit ON pages (last_visit)"]) }
    }

    /// Whether visits are recorded (false for private browsing).
    public var isRecording: Bool { path != nil }

    private var database: SQLiteDatabase? { store?.database }

    /// Checkpoints and closes the file, for the way out of the program; a later use opens it again.
    public func close() { store?.close() }

    // MARK: Recording

    /// Records a visit to `url` at `time` (now by default), keeping `title`
    /// when it is not empty.
    public func recordVisit(to url: WebURL, title: String = "", at time: Double? = nil) {
        let time = time ?? clock()
        let key = url.withoutFragment.href
        write { database in
            try database.execute("""
                INSERT INTO pages VALUES (?1, ?2, 1, ?3, ?3)
                ON CONFLICT (url) DO UPDATE SET visit_count = visit_count + 1, last_visit = MAX(last_visit, ?3),
                  title = CASE WHEN ?2 = '' THEN title ELSE ?2 END
                """, [.text(key), .text(title), .real(time)])
            try database.execute("INSERT INTO visits VALUES (?1, ?2)", [.text(key), .real(time)])
        }
    }

    /// Sets the title of a page already in the history (it is known only once the page has loaded).
    public func setTitle(_ title: String, for url: WebURL) {
        guard !title.isEmpty else { return }
        write { try $0.execute("UPDATE pages SET title = ?1 WHERE url = ?2", [.text(title), .text(url.withoutFragment.href)]) }
    }

    // MARK: Reading

    /// The pages whose URL or title contains `text` (ignoring ASCII case;
    /// every page when empty), most recently visited first, at most `limit`.
    public func entries(matching text: String = "", limit: Int = 1000) -> [HistoryEntry] {
        guard let database else { return [] }
        var pattern = "%"
        for character in text {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        pattern += "%"
        let rows = (try? database.execute("""
            SELECT url, title, visit_count, first_visit, last_visit FROM pages
            WHERE url LIKE ?1 ESCAPE '\\' OR title LIKE ?1 ESCAPE '\\'
            ORDER BY last_visit DESC, rowid DESC LIMIT ?2
            """, [.text(pattern), .integer(Int64(max(0, limit)))])) ?? []
        return rows.compactMap(BrowsingHistory.entry)
    }

    /// The times of every visit to `url`, oldest first.
    public func visitTimes(for url: WebURL) -> [Double] {
        guard let database, let rows = try? database.execute("SELECT time FROM visits WHERE url = ?1 ORDER BY time",
                                                             [.text(url.withoutFragment.href)]) else { return [] }
        return rows.compactMap { if case .real(let time) = $0[0] { return time } else { return nil } }
    }

    // MARK: Removing

    /// Forgets the visits made at or after `date` (seconds since 1970), and
    /// the pages left with none.
    public func removeAll(modifiedSince date: Double = -Double.greatestFiniteMagnitude) {
        write { database in
            try database.execute("DELETE FROM visits WHERE time >= ?1", [.real(date)])
            try database.execute("DELETE FROM pages WHERE url NOT IN (SELECT url FROM visits)")
            try database.execute("""
                UPDATE pages SET visit_count = (SELECT COUNT(*) FROM visits WHERE visits.url = pages.url),
                  first_visit = (SELECT MIN(time) FROM visits WHERE visits.url = pages.url),
                  last_visit = (SELECT MAX(time) FROM visits WHERE visits.url = pages.url)
                WHERE last_visit >= ?1
                """, [.real(date)])
        }
    }

    /// Forgets the pages `shouldRemove` picks, with all their visits.
    public func removeEntries(where shouldRemove: (HistoryEntry) -> Bool) {
        let doomed = entries(limit: Int(Int32.max)).filter(shouldRemove)
        guard !doomed.isEmpty else { return }
        write { database in
            for entry in doomed {
                try database.execute("DELETE FROM visits WHERE url = ?1", [.text(entry.url.href)])
                try database.execute("DELETE FROM pages WHERE url = ?1", [.text(entry.url.href)])
            }
        }
    }

    private func write(_ body: (SQLiteDatabase) throws -> Void) {
        store?.write(body)
    }

    private static func entry(from row: [SQLiteDatabase.Value]) -> HistoryEntry? {
        guard row.count == 5, case .text(let href) = row[0], let url = WebURL(href), case .text(let title) = row[1],
              case .integer(let count) = row[2], case .real(let first) = row[3], case .real(let last) = row[4] else { return nil }
        return HistoryEntry(url: url, title: title, visitCount: Int(count), firstVisitedAt: first, lastVisitedAt: last)
    }
}
