import TernSystem
import TernNet

/// The bookmarks of a website data store, in the profile's
/// `bookmarks.sqlite`, for `about:bookmarks`, the browser's bookmark
/// commands and Netscape bookmark files. A non-persistent store (private
/// browsing) keeps its bookmarks in memory: they work while the program
/// runs and are gone when it ends.
///
/// Folders are paths of names joined by "/" (`Work/Docs`; "" is the top
/// level). A folder exists while a bookmark is in it or below it, or once
/// `addFolder` made it (so an empty folder can wait for bookmarks). Folders
/// are listed by name; bookmarks in a folder by `position`.
///
/// Every value is hostile: titles longer than `maximumTitleLength`
/// characters are cut, a NUL becomes U+FFFD (other control characters are
/// kept: whoever draws a title sanitizes it, as every text Tern draws),
/// URLs are parsed (`javascript:` URLs are refused: Tern never runs a
/// bookmarklet), and rows of a damaged database that do not read back are
/// skipped. Ids come from AUTOINCREMENT and are never reused, so a stale
/// edit form cannot change another bookmark.
///
/// Each change is one SQLite transaction (WAL); a change that cannot be
/// stored throws and is reported to `onWriteError`, as history's writes
/// are. The database is opened when bookmarks are first used. Not
/// thread-safe.
public final class Bookmarks {
    /// The database file; nil for bookmarks kept in memory.
    public let path: String?
    /// The time now, in seconds since 1970.
    public var clock: () -> Double = Cookie.now
    /// A secret made afresh for each store (each run of the program): the
    /// forms of `about:bookmarks` carry it, and a change asked for without
    /// it is refused, so a page that guesses the page's URLs cannot change bookmarks.
    public let editToken: String
    /// The last write that failed, or why the database could not be opened; nil when all is well.
    public var lastError: SQLiteDatabase.Failure? { store.lastError }
    /// Told when a write fails.
    public var onWriteError: ((SQLiteDatabase.Failure) -> Void)? {
        get { store.onError }
        set { store.onError = newValue }
    }

    /// Titles are cut to this many characters.
    public static let maximumTitleLength = 2000
    /// A URL longer than this many bytes is refused.
    public static let maximumURLLength = 65536
    /// Folder names are cut to this many characters.
    public static let maximumFolderNameLength = 200
    /// Folders nest at most this deep (deeper names are dropped).
    public static let maximumFolderDepth = 32

    /// Why a change was refused.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No bookmark has this id (any more).
        case notFound(Int64)
        /// Not a URL Tern can keep (a `javascript:` URL, or too long).
        case unsupportedURL(String)
        /// The database could not store it (SQLite's message).
        case storage(String)

        public var description: String {
            switch self {
            case .notFound(let id): return "there is no bookmark \(id)"
            case .unsupportedURL(let reason): return reason
            case .storage(let message): return "the bookmarks cannot be saved: \(message)"
            }
        }
    }

    private let store: LazyDatabase

    /// Bookmarks in the SQLite file at `path` (made when first needed);
    /// with nil, bookmarks kept in memory.
    public init(path: String?) {
        self.path = path
        store = LazyDatabase(path: path ?? ":memory:", schema: ["""
            CREATE TABLE IF NOT EXISTS bookmarks (
              id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL, title TEXT NOT NULL, folder TEXT NOT NULL,
              position INTEGER NOT NULL, added REAL NOT NULL, modified REAL NOT NULL)
            """, "CREATE INDEX IF NOT EXISTS bookmarks_by_folder ON bookmarks (folder, position)",
            "CREATE TABLE IF NOT EXISTS folders (path TEXT PRIMARY KEY NOT NULL)"])
        var generator = SystemRandomNumberGenerator()  // getrandom(2): a cryptographic source
        editToken = (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Whether the bookmarks outlive the program (false for private browsing).
    public var isPersistent: Bool { path != nil }

    /// Checkpoints and closes the file, for the way out of the program; a later use opens it again.
    public func close() { store.close() }

    // MARK: Values

    /// `title` as stored: cut to `maximumTitleLength` characters, NUL made U+FFFD.
    public static func cleanTitle(_ title: String) -> String {
        let cut = title.count > maximumTitleLength ? String(title.prefix(maximumTitleLength)) : title
        return cut.contains("\0") ? cut.replacingNUL() : cut
    }

    /// `folder` as stored: its names trimmed of spaces, empty ones dropped,
    /// each cut to `maximumFolderNameLength` characters, at most
    /// `maximumFolderDepth` of them, joined by "/" (`" Work// Docs/"` is `Work/Docs`).
    public static func normalizedFolder(_ folder: String) -> String {
        folder.split(separator: "/").lazy
            .map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty }
            .prefix(maximumFolderDepth)
            .map { name in
                let cut = name.count > maximumFolderNameLength ? String(name.prefix(maximumFolderNameLength)) : name
                return cut.contains("\0") ? cut.replacingNUL() : cut
            }
            .joined(separator: "/")
    }

    /// Why `url` cannot be a bookmark, or nil when it can.
    public static func problem(with url: WebURL) -> String? {
        if url.scheme == "javascript" { return "a javascript: URL (a bookmarklet) cannot be a bookmark in Tern" }
        if url.href.utf8.count > maximumURLLength { return "the URL is longer than \(maximumURLLength) bytes" }
        return nil
    }

    // MARK: Changing

    /// Adds a bookmark at the end of `folder` (made if missing) and returns it.
    @discardableResult
    public func add(url: WebURL, title: String, folder: String = "", at time: Double? = nil) throws -> Bookmark {
        if let problem = Bookmarks.problem(with: url) { throw Failure.unsupportedURL(problem) }
        let time = time ?? clock()
        let folder = Bookmarks.normalizedFolder(folder)
        var id: Int64 = 0
        try write { database in
            id = try insert(into: database, url: url, title: title, folder: folder, added: time, modified: time)
        }
        guard let bookmark = bookmark(id: id) else { throw Failure.notFound(id) }
        return bookmark
    }

    /// Changes a bookmark's title, URL or folder (those given); one moved
    /// to another folder goes to its end. Returns the bookmark as stored.
    @discardableResult
    public func update(_ id: Int64, title: String? = nil, url: WebURL? = nil, folder: String? = nil) throws -> Bookmark {
        if let url, let problem = Bookmarks.problem(with: url) { throw Failure.unsupportedURL(problem) }
        guard let old = bookmark(id: id) else { throw Failure.notFound(id) }
        let time = clock()
        try write { database in
            try database.execute("UPDATE bookmarks SET title = ?1, url = ?2, modified = ?3 WHERE id = ?4",
                                 [.text(Bookmarks.cleanTitle(title ?? old.title)), .text((url ?? old.url).href), .real(time), .integer(id)])
            if let folder {
                let folder = Bookmarks.normalizedFolder(folder)
                if folder != old.folder { try place(id, in: folder, at: nil, database: database, time: time) }
            }
        }
        guard let bookmark = bookmark(id: id) else { throw Failure.notFound(id) }
        return bookmark
    }

    /// Moves a bookmark to `folder` (its own when nil), at `position` (0 is
    /// the first place; the end when nil or past it).
    public func move(_ id: Int64, to folder: String? = nil, position: Int? = nil) throws {
        guard let old = bookmark(id: id) else { throw Failure.notFound(id) }
        let time = clock()
        try write { database in
            try place(id, in: folder.map(Bookmarks.normalizedFolder) ?? old.folder, at: position, database: database, time: time)
        }
    }

    /// Removes a bookmark.
    public func delete(_ id: Int64) throws {
        guard bookmark(id: id) != nil else { throw Failure.notFound(id) }
        try write { try $0.execute("DELETE FROM bookmarks WHERE id = ?1", [.integer(id)]) }
    }

    /// Makes an empty folder (and the folders it is in); returns its path as stored.
    @discardableResult
    public func addFolder(_ folder: String) throws -> String {
        let folder = Bookmarks.normalizedFolder(folder)
        guard !folder.isEmpty else { return folder }
        try write { try $0.execute("INSERT OR IGNORE INTO folders VALUES (?1)", [.text(folder)]) }
        return folder
    }

    /// Removes a folder with everything in it: its bookmarks and its folders.
    public func deleteFolder(_ folder: String) throws {
        let folder = Bookmarks.normalizedFolder(folder)
        guard !folder.isEmpty else { return }
        let below = Bookmarks.likePattern(prefix: folder + "/")
        try write { database in
            try database.execute("DELETE FROM bookmarks WHERE folder = ?1 OR folder LIKE ?2 ESCAPE '\\'", [.text(folder), .text(below)])
            try database.execute("DELETE FROM folders WHERE path = ?1 OR path LIKE ?2 ESCAPE '\\'", [.text(folder), .text(below)])
        }
    }

    /// Adds many bookmarks (an import) in one transaction, skipping any
    /// whose URL is already a bookmark in the same folder (or earlier in
    /// `items`) and any `problem(with:)` refuses; `folders` are made even
    /// when empty. All of it is stored or, when it cannot be, none, and it
    /// throws. Returns how many bookmarks were added.
    @discardableResult
    public func add(contentsOf items: [NetscapeBookmarkFile.Item], folders: [String] = []) throws -> Int {
        var seen = Set(all().map { "\($0.folder)\n\($0.url.href)" })
        var added = 0
        let now = clock()
        try write { database in
            for folder in folders.map(Bookmarks.normalizedFolder) where !folder.isEmpty {
                try database.execute("INSERT OR IGNORE INTO folders VALUES (?1)", [.text(folder)])
            }
            for item in items where Bookmarks.problem(with: item.url) == nil {
                let folder = Bookmarks.normalizedFolder(item.folder)
                guard seen.insert("\(folder)\n\(item.url.href)").inserted else { continue }
                let addedAt = item.addedAt ?? now
                _ = try insert(into: database, url: item.url, title: item.title, folder: folder, added: addedAt,
                               modified: item.modifiedAt ?? addedAt)
                added += 1
            }
        }
        return added
    }

    // MARK: Reading

    /// The bookmark with this id, if there is one.
    public func bookmark(id: Int64) -> Bookmark? {
        read("SELECT \(Bookmarks.columns) FROM bookmarks WHERE id = ?1", [.integer(id)]).first
    }

    /// Every bookmark, folder by folder (by name, the top level first), in
    /// each by position.
    public func all() -> [Bookmark] {
        read("SELECT \(Bookmarks.columns) FROM bookmarks ORDER BY position, id").sorted { a, b in
            a.folder == b.folder ? false : Bookmarks.folderOrder(a.folder, b.folder)
        }
    }

    /// The folder of the bookmark added last ("" when there is none): where
    /// the next one probably goes.
    public var lastUsedFolder: String {
        guard let row = try? store.database?.execute("SELECT folder FROM bookmarks ORDER BY id DESC LIMIT 1").first,
              case .text(let folder)? = row.first else { return "" }
        return Bookmarks.normalizedFolder(folder)
    }

    /// The bookmarks directly in `folder` (not in its folders), by position.
    public func bookmarks(in folder: String) -> [Bookmark] {
        read("SELECT \(Bookmarks.columns) FROM bookmarks WHERE folder = ?1 ORDER BY position, id",
             [.text(Bookmarks.normalizedFolder(folder))])
    }

    /// Every folder, by name, each after the folder it is in ("" is not listed).
    public func folders() -> [String] {
        guard let database = store.database else { return [] }
        let rows = (try? database.execute("SELECT path FROM folders UNION SELECT DISTINCT folder FROM bookmarks")) ?? []
        var paths = Set<String>()
        for row in rows {
            guard case .text(let path) = row.first else { continue }
            var components = path.split(separator: "/").map(String.init)
            while !components.isEmpty {
                paths.insert(components.joined(separator: "/"))
                components.removeLast()
            }
        }
        return paths.sorted(by: Bookmarks.folderOrder)
    }

    /// The bookmarks whose URL or title contains `text`, ignoring case
    /// (every bookmark when empty), in `all()` order, at most `limit`: for
    /// the bookmarks page's search and completing a URL being typed.
    public func entries(matching text: String = "", limit: Int = 1000) -> [Bookmark] {
        let needle = text.lowercased()
        let everything = all()
        guard !needle.isEmpty else { return Array(everything.prefix(max(0, limit))) }
        return Array(everything.lazy.filter {
            $0.title.lowercased().contains(needle) || $0.url.href.lowercased().contains(needle)
        }.prefix(max(0, limit)))
    }

    // MARK: Inside

    private static let columns = "id, url, title, folder, position, added, modified"

    /// Folders in the order they are listed: name by name, ignoring case, a folder before those in it.
    static func folderOrder(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: "/"), right = b.split(separator: "/")
        for (x, y) in zip(left, right) where x != y {
            let lx = x.lowercased(), ly = y.lowercased()
            return lx == ly ? x < y : lx < ly
        }
        return left.count < right.count
    }

    /// A LIKE pattern for text starting with `prefix`.
    private static func likePattern(prefix: String) -> String {
        var pattern = ""
        for character in prefix {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }

    private func insert(into database: SQLiteDatabase, url: WebURL, title: String, folder: String, added: Double,
                        modified: Double) throws -> Int64 {
        let position = try nextPosition(in: folder, database: database)
        try database.execute("INSERT INTO bookmarks (url, title, folder, position, added, modified) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                             [.text(url.href), .text(Bookmarks.cleanTitle(title)), .text(folder), .integer(Int64(position)),
                              .real(added), .real(modified)])
        guard case .integer(let id)? = try database.execute("SELECT last_insert_rowid()").first?.first else {
            throw Failure.storage("no id for the new bookmark")
        }
        return id
    }

    private func nextPosition(in folder: String, database: SQLiteDatabase) throws -> Int {
        let row = try database.execute("SELECT MAX(position) FROM bookmarks WHERE folder = ?1", [.text(folder)]).first
        guard case .integer(let last)? = row?.first, last < Int64(Int32.max) else { return 0 }
        return Int(last) + 1
    }

    /// Puts bookmark `id` in `folder` at `position` and numbers that folder's bookmarks 0, 1, 2…
    private func place(_ id: Int64, in folder: String, at position: Int?, database: SQLiteDatabase, time: Double) throws {
        var ids = try database.execute("SELECT id FROM bookmarks WHERE folder = ?1 AND id != ?2 ORDER BY position, id",
                                       [.text(folder), .integer(id)]).compactMap { row -> Int64? in
            if case .integer(let other)? = row.first { return other } else { return nil }
        }
        ids.insert(id, at: min(max(0, position ?? ids.count), ids.count))
        for (index, each) in ids.enumerated() {
            try database.execute("UPDATE bookmarks SET position = ?1 WHERE id = ?2", [.integer(Int64(index)), .integer(each)])
        }
        try database.execute("UPDATE bookmarks SET folder = ?1, modified = ?2 WHERE id = ?3", [.text(folder), .real(time), .integer(id)])
    }

    private func write(_ body: (SQLiteDatabase) throws -> Void) throws {
        var thrown: Error?
        let stored = store.write { database in
            do {
                try body(database)
            } catch {
                thrown = error
                throw error
            }
        }
        if stored { return }
        if let failure = thrown as? Failure { throw failure }
        throw Failure.storage(lastError?.message ?? "the database cannot be opened")
    }

    private func read(_ sql: String, _ parameters: [SQLiteDatabase.Value] = []) -> [Bookmark] {
        guard let database = store.database, let rows = try? database.execute(sql, parameters) else { return [] }
        return rows.compactMap(Bookmarks.bookmark)
    }

    private static func bookmark(from row: [SQLiteDatabase.Value]) -> Bookmark? {
        guard row.count == 7, case .integer(let id) = row[0], case .text(let href) = row[1], let url = WebURL(href),
              problem(with: url) == nil, case .text(let title) = row[2], case .text(let folder) = row[3],
              case .integer(let position) = row[4] else { return nil }
        func time(_ value: SQLiteDatabase.Value) -> Double {
            switch value {
            case .real(let time): return time
            case .integer(let time): return Double(time)
            default: return 0
            }
        }
        return Bookmark(id: id, url: url, title: cleanTitle(title), folder: normalizedFolder(folder),
                        position: Int(clamping: position), addedAt: time(row[5]), modifiedAt: time(row[6]))
    }
}

private extension String {
    /// The text with each NUL made U+FFFD (SQLite's text binding would end it there).
    func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
