import TernNet

/// Key/value storage areas of `localStorage` or `sessionStorage`, one per
/// origin. A website data store keeps one for `localStorage`, persisted in
/// the profile's SQLite file (`storage.sqlite`) when it is persistent; each
/// web view keeps one in memory for `sessionStorage`.
///
/// Each origin may hold `quota` UTF-16 code units of keys and values (5 Mi,
/// as Firefox); a write beyond it, or one that cannot be saved (a full
/// disk), changes nothing and the page's `setItem` throws a
/// `QuotaExceededError` DOMException, as browsers do. Each write to the file
/// is one SQLite transaction. Not thread-safe.
public final class WebStorage {
    /// What `areas()` reports of one origin's area.
    public struct AreaInfo: Hashable {
        public let origin: String
        /// Characters of keys and values.
        public let size: Int
        /// When it was last written, in seconds since 1970.
        public let modifiedAt: Double
    }

    /// The default quota per origin, in UTF-16 code units of keys and values.
    public static let defaultQuota = 5 * 1024 * 1024

    /// The database file; nil for storage in memory.
    public let path: String?
    /// The most UTF-16 code units of keys and values one origin may store.
    public var quota: Int
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

    private struct Area {
        var items: [String: String] = [:]
        var size = 0
        var modifiedAt = 0.0
    }
    private var areas: [String: Area] = [:]
    private let store: LazyDatabase?

    /// Storage in the SQLite file at `path` (opened when first used), or in memory when nil.
    public init(path: String? = nil, quota: Int = WebStorage.defaultQuota) {
        self.path = path
        self.quota = quota
        store = path.map { LazyDatabase(path: $0, schema: ["""
            CREATE TABLE IF NOT EXISTS items (origin TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
              PRIMARY KEY (origin, key))
            """, "CREATE TABLE IF NOT EXISTS origins (origin TEXT PRIMARY KEY NOT NULL, modified REAL NOT NULL)"]) }
    }

    private var database: SQLiteDatabase? { store?.database }

    /// Checkpoints and closes the file, for the way out of the program; a later use opens it again.
    public func close() { store?.close() }

    /// `origin`'s area, read from the file the first time.
    private func area(for origin: String) -> Area {
        if let area = areas[origin] { return area }
        var area = Area()
        if let database, let rows = try? database.execute("SELECT key, value FROM items WHERE origin = ?1", [.text(origin)]) {
            for row in rows {
                guard case .text(let key) = row[0], case .text(let value) = row[1] else { continue }
                area.items[key] = value
                area.size += key.utf16.count + value.utf16.count
            }
            if case .real(let modified)? = try? database.execute("SELECT modified FROM origins WHERE origin = ?1", [.text(origin)]).first?.first {
                area.modifiedAt = modified
            }
        }
        areas[origin] = area
        return area
    }

    /// The items of `origin`'s area.
    public func items(for origin: String) -> [String: String] { area(for: origin).items }

    /// Sets (or with a nil value removes) `key` in `origin`'s area; a nil key
    /// clears the area. False, and nothing changed, when the value would
    /// exceed the quota or cannot be saved.
    @discardableResult
    public func write(_ key: String?, _ value: String?, for origin: String) -> Bool {
        var area = area(for: origin)
        let now = clock()
        guard let key else {
            guard persist({ database in
                try database.execute("DELETE FROM items WHERE origin = ?1", [.text(origin)])
                try database.execute("DELETE FROM origins WHERE origin = ?1", [.text(origin)])
            }) else { return false }
            areas[origin] = Area(modifiedAt: now)
            return true
        }
        let oldSize = area.items[key].map { key.utf16.count + $0.utf16.count } ?? 0
        let newSize = area.size - oldSize + (value.map { key.utf16.count + $0.utf16.count } ?? 0)
        if value != nil && newSize > quota && newSize > area.size { return false }
        let empty = value == nil && area.items.count == (area.items[key] == nil ? 0 : 1)
        guard persist({ database in
            if let value {
                try database.execute("INSERT OR REPLACE INTO items VALUES (?1, ?2, ?3)", [.text(origin), .text(key), .text(value)])
            } else {
                try database.execute("DELETE FROM items WHERE origin = ?1 AND key = ?2", [.text(origin), .text(key)])
            }
            if empty {
                try database.execute("DELETE FROM origins WHERE origin = ?1", [.text(origin)])
            } else {
                try database.execute("INSERT OR REPLACE INTO origins VALUES (?1, ?2)", [.text(origin), .real(now)])
            }
        }) else { return false }
        area.items[key] = value
        area.size = newSize
        area.modifiedAt = now
        areas[origin] = area
        return true
    }

    /// Every origin that has items stored, with its size and when it was last written.
    public func areaInfos() -> [AreaInfo] {
        if let database {
            let rows = (try? database.execute("""
                SELECT o.origin, o.modified, COALESCE(SUM(LENGTH(i.key) + LENGTH(i.value)), 0)
                FROM origins o LEFT JOIN items i ON i.origin = o.origin GROUP BY o.origin
                """)) ?? []
            return rows.compactMap { row in
                guard case .text(let origin) = row[0], case .real(let modified) = row[1], case .integer(let size) = row[2] else { return nil }
                return AreaInfo(origin: origin, size: Int(size), modifiedAt: modified)
            }
        }
        return areas.filter { !$0.value.items.isEmpty }.map { AreaInfo(origin: $0.key, size: $0.value.size, modifiedAt: $0.value.modifiedAt) }
    }

    /// Removes the areas of the origins `shouldRemove` picks.
    public func removeAreas(where shouldRemove: (String) -> Bool) {
        for info in areaInfos() where shouldRemove(info.origin) { write(nil, nil, for: info.origin) }
        for origin in areas.keys where shouldRemove(origin) { areas[origin] = nil }
    }

    /// Removes every area written at or after `date` (seconds since 1970);
    /// all of them by default (clearing browsing data).
    public func removeAll(modifiedSince date: Double = -Double.greatestFiniteMagnitude) {
        let doomed = Set(areaInfos().filter { $0.modifiedAt >= date }.map(\.origin))
        removeAreas { doomed.contains($0) }
    }

    /// Runs `body` in one transaction on the file (nothing to do in memory); false when it failed.
    private func persist(_ body: (SQLiteDatabase) throws -> Void) -> Bool {
        guard let store else { return true }
        return store.write(body)
    }
}
