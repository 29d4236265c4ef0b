import TernSystem
import TernNet

/// Key/value storage areas of `localStorage` or `sessionStorage`, one per
/// origin. A website data store keeps one for `localStorage`, persisted in
/// the profile's SQLite file (`storage.sqlite`) when it is persistent; each
/// web view keeps one in memory for `sessionStorage`.
///
/// Sizes are counted as browsers count them: keys and values in UTF-16,
/// two bytes a code unit. Each site (the registrable domain, as Firefox's
/// eTLD+1 group: all of `a.example`, `s1.a.example`, `s2.a.example`… and
/// their schemes and ports) may hold `quota` bytes (10 MiB, Chromium's quota
/// of one area), and all sites together `totalQuota` (100 MiB). A write
/// beyond either, or one that cannot be saved (a full disk), changes nothing
/// and the page's `setItem` throws a `QuotaExceededError` DOMException (HTML
/// "Web storage" § setItem). Each write to the file is one SQLite
/// transaction, which also keeps each origin's size (so a later run knows
/// the totals without reading every value). Not thread-safe.
package final class WebStorage {
    /// Where the areas are kept when not here: a web content process's
    /// `localStorage` is its browser's, read and written over the wire.
    package weak var backend: WebStorageBackend?

    /// What `areas()` reports of one origin's area.
    package struct AreaInfo: Hashable {
        package let origin: String
        /// UTF-16 code units of keys and values.
        package let size: Int
        /// When it was last written, in seconds since 1970.
        package let modifiedAt: Double
    }

    /// The default quota per site, in bytes (keys and values as UTF-16).
    package static let defaultQuota = 10 * 1024 * 1024
    /// The default quota of all sites together, in bytes.
    package static let defaultTotalQuota = 100 * 1024 * 1024

    /// The database file; nil for storage in memory.
    package let path: String?
    /// The most bytes of keys and values (UTF-16: two a code unit) one site may store.
    package var quota: Int
    /// The most bytes of keys and values all sites together may store.
    package var totalQuota: Int
    /// The time now, in seconds since 1970.
    package var clock: () -> Double = Cookie.now
    /// The last write that failed (a full disk, a read-only profile), or why
    /// the database could not be opened; nil when all is well.
    package var lastError: SQLiteDatabase.Failure? { store?.lastError }
    /// Told when a write fails.
    package var onWriteError: ((SQLiteDatabase.Failure) -> Void)? {
        get { store?.onError }
        set { store?.onError = newValue }
    }

    private struct Area {
        var items: [String: String] = [:]
        var size = 0
        var modifiedAt = 0.0
    }
    private var areas: [String: Area] = [:]
    /// UTF-16 code units stored per site, and in all, once first needed.
    private var usage: (sites: [String: Int], total: Int)?
    private let store: LazyDatabase?

    /// Storage in the SQLite file at `path` (opened when first used), or in memory when nil.
    package init(path: String? = nil, quota: Int = WebStorage.defaultQuota, totalQuota: Int = WebStorage.defaultTotalQuota) {
        self.path = path
        self.quota = quota
        self.totalQuota = totalQuota
        store = path.map { LazyDatabase(path: $0, schema: ["""
            CREATE TABLE IF NOT EXISTS items (origin TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
              PRIMARY KEY (origin, key))
            """, "CREATE TABLE IF NOT EXISTS origins (origin TEXT PRIMARY KEY NOT NULL, modified REAL NOT NULL)",
            "CREATE TABLE IF NOT EXISTS sizes (origin TEXT PRIMARY KEY NOT NULL, size INTEGER NOT NULL)"]) }
    }

    /// The site an origin's area counts against: its host's registrable
    /// domain (the host itself for an IP address or a host without one, such
    /// as `localhost`), whatever the scheme and port; the origin itself when
    /// it has no host.
    static func site(ofOrigin origin: String) -> String {
        guard let url = WebURL(origin), let host = url.urlHost else { return origin }
        switch host {
        case .domain(let name): return PublicSuffixList.registrableDomain(name) ?? name
        case .ipv4, .ipv6: return host.serialized
        case .opaque, .empty: return origin
        }
    }

    /// What is stored per site and in all (UTF-16 code units), from the
    /// sizes the file keeps (an area written before they were kept is
    /// measured once), or from the areas in memory.
    private func storedUsage() -> (sites: [String: Int], total: Int) {
        if let usage { return usage }
        var sizes: [String: Int] = [:]
        if let database {
            for row in (try? database.execute("SELECT origin, size FROM sizes")) ?? [] {
                guard case .text(let origin) = row[0], case .integer(let size) = row[1] else { continue }
                sizes[origin] = Int(clamping: size)
            }
            let unmeasured = (try? database.execute("SELECT origin FROM origins WHERE origin NOT IN (SELECT origin FROM sizes)")) ?? []
            for row in unmeasured {
                guard case .text(let origin) = row[0] else { continue }
                let size = area(for: origin).size
                sizes[origin] = size
                _ = persist { try $0.execute("INSERT OR REPLACE INTO sizes VALUES (?1, ?2)", [.text(origin), .integer(Int64(size))]) }
            }
        } else {
            for (origin, area) in areas { sizes[origin] = area.size }
        }
        var sites: [String: Int] = [:]
        for (origin, size) in sizes { sites[WebStorage.site(ofOrigin: origin), default: 0] += size }
        let found = (sites: sites, total: sizes.values.reduce(0, +))
        usage = found
        return found
    }

    /// Counts `change` UTF-16 code units more (or fewer) for `origin`'s site.
    private func recordUsage(_ change: Int, for origin: String) {
        guard change != 0, var current = usage else { return }
        current.sites[WebStorage.site(ofOrigin: origin), default: 0] += change
        current.total += change
        usage = current
    }

    private var database: SQLiteDatabase? { store?.database }

    /// Checkpoints and closes the file, for the way out of the program; a later use opens it again.
    package func close() { store?.close() }

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
    package func items(for origin: String) -> [String: String] {
        if let backend { return backend.items(for: origin) }
        return area(for: origin).items
    }

    /// Sets (or with a nil value removes) `key` in `origin`'s area; a nil key
    /// clears the area. False, and nothing changed, when the value would
    /// exceed the quota or cannot be saved.
    @discardableResult
    package func write(_ key: String?, _ value: String?, for origin: String) -> Bool {
        if let backend { return backend.write(key, value, for: origin) }
        var area = area(for: origin)
        let now = clock()
        guard let key else {
            guard persist({ database in
                try database.execute("DELETE FROM items WHERE origin = ?1", [.text(origin)])
                try database.execute("DELETE FROM origins WHERE origin = ?1", [.text(origin)])
                try database.execute("DELETE FROM sizes WHERE origin = ?1", [.text(origin)])
            }) else { return false }
            recordUsage(-area.size, for: origin)
            areas[origin] = Area(modifiedAt: now)
            return true
        }
        let oldSize = area.items[key].map { key.utf16.count + $0.utf16.count } ?? 0
        let newSize = area.size - oldSize + (value.map { key.utf16.count + $0.utf16.count } ?? 0)
        let growth = newSize - area.size
        // A write that grows the area must fit its site's quota and the total
        // (bytes: two a UTF-16 code unit); one that shrinks it always may.
        if growth > 0 {
            let stored = storedUsage()
            let site = stored.sites[WebStorage.site(ofOrigin: origin)] ?? 0
            guard (site + growth) * 2 <= quota, (stored.total + growth) * 2 <= totalQuota else { return false }
        }
        let empty = value == nil && area.items.count == (area.items[key] == nil ? 0 : 1)
        guard persist({ database in
            if let value {
                try database.execute("INSERT OR REPLACE INTO items VALUES (?1, ?2, ?3)", [.text(origin), .text(key), .text(value)])
            } else {
                try database.execute("DELETE FROM items WHERE origin = ?1 AND key = ?2", [.text(origin), .text(key)])
            }
            if empty {
                try database.execute("DELETE FROM origins WHERE origin = ?1", [.text(origin)])
                try database.execute("DELETE FROM sizes WHERE origin = ?1", [.text(origin)])
            } else {
                try database.execute("INSERT OR REPLACE INTO origins VALUES (?1, ?2)", [.text(origin), .real(now)])
                try database.execute("INSERT OR REPLACE INTO sizes VALUES (?1, ?2)", [.text(origin), .integer(Int64(newSize))])
            }
        }) else { return false }
        recordUsage(growth, for: origin)
        area.items[key] = value
        area.size = newSize
        area.modifiedAt = now
        areas[origin] = area
        return true
    }

    /// Every origin that has items stored, with its size and when it was last written.
    package func areaInfos() -> [AreaInfo] {
        if let database {
            _ = storedUsage()  // every area measured
            let rows = (try? database.execute("""
                SELECT o.origin, o.modified, COALESCE(s.size, 0) FROM origins o LEFT JOIN sizes s ON s.origin = o.origin
                """)) ?? []
            return rows.compactMap { row in
                guard case .text(let origin) = row[0], case .real(let modified) = row[1], case .integer(let size) = row[2] else { return nil }
                return AreaInfo(origin: origin, size: Int(size), modifiedAt: modified)
            }
        }
        return areas.filter { !$0.value.items.isEmpty }.map { AreaInfo(origin: $0.key, size: $0.value.size, modifiedAt: $0.value.modifiedAt) }
    }

    /// Removes the areas of the origins `shouldRemove` picks.
    package func removeAreas(where shouldRemove: (String) -> Bool) {
        for info in areaInfos() where shouldRemove(info.origin) { write(nil, nil, for: info.origin) }
        for origin in areas.keys where shouldRemove(origin) { areas[origin] = nil }
    }

    /// Removes every area written at or after `date` (seconds since 1970);
    /// all of them by default (clearing browsing data).
    package func removeAll(modifiedSince date: Double = -Double.greatestFiniteMagnitude) {
        let doomed = Set(areaInfos().filter { $0.modifiedAt >= date }.map(\.origin))
        removeAreas { doomed.contains($0) }
    }

    /// Runs `body` in one transaction on the file (nothing to do in memory); false when it failed.
    private func persist(_ body: (SQLiteDatabase) throws -> Void) -> Bool {
        guard let store else { return true }
        return store.write(body)
    }
}

/// Keeps a `WebStorage`'s areas elsewhere (`WebStorage.backend`), with the
/// same answers: an area's items; whether a write fit its quota.
package protocol WebStorageBackend: AnyObject {
    func items(for origin: String) -> [String: String]
    func write(_ key: String?, _ value: String?, for origin: String) -> Bool
}
