import TernSystem

/// A private browser cache of HTTP responses (RFC 9111) in one SQLite
/// database: headers, times and body of each response in one row, written
/// in one transaction, so a full disk or a crash mid-write leaves the
/// previous state intact. Kept to `capacity` bytes by evicting the least
/// recently used responses. A cache made without a path lives in memory.
///
/// Only GET responses with status 200 are stored, never with `no-store` or
/// `Vary: *`; one response per URL (without its fragment), used only for a
/// request whose headers named by Vary match. The `Loader` consults it for
/// each request as the request's `cachePolicy` says (see `Request.CachePolicy`).
///
/// The database is opened on first use, so a run that never makes an HTTP
/// request never touches it. Not thread-safe.
package final class HTTPCache {
    /// What `entries()` reports of a stored response.
    package struct Entry: Hashable {
        /// The response's URL, without its fragment.
        package let url: String
        /// Bytes of body and headers.
        package let size: Int
        /// When it was stored or last revalidated, in seconds since 1970.
        package let storedAt: Double
        /// When it was last stored or used.
        package let lastUsedAt: Double
    }

    /// The database file; nil for a cache in memory.
    package let path: String?
    /// The most bytes (bodies and headers) kept; storing more evicts the least recently used.
    /// Default 64 MiB.
    package var capacity: Int
    /// The largest response stored. Default an eighth of the capacity (as Chrome does).
    package var maximumEntrySize: Int
    /// The time now, in seconds since 1970.
    package var clock: () -> Double = Cookie.now
    /// The last write that failed (a full disk, a read-only profile), or why
    /// the database could not be opened; nil when all is well.
    package var lastError: SQLiteDatabase.Failure? { store.lastError }
    /// Told when a write fails or the database cannot be opened.
    package var onWriteError: ((SQLiteDatabase.Failure) -> Void)? {
        get { store.onError }
        set { store.onError = newValue }
    }

    private let store: LazyDatabase

    /// A cache in the SQLite file at `path` (made when first needed), or in memory when nil.
    package init(path: String?, capacity: Int = 64 * 1024 * 1024) {
        self.path = path
        self.capacity = capacity
        maximumEntrySize = capacity / 8
        store = LazyDatabase(path: path ?? ":memory:", schema: ["""
            CREATE TABLE IF NOT EXISTS responses (
              url TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL, headers TEXT NOT NULL,
              http_version TEXT, vary_key TEXT NOT NULL, body BLOB NOT NULL, size INTEGER NOT NULL,
              request_time REAL NOT NULL, response_time REAL NOT NULL, stored_at REAL NOT NULL, last_used REAL NOT NULL)
            """, "CREATE INDEX IF NOT EXISTS responses_by_use ON responses (last_used)"])
    }

    /// The database, opened (and its table made) on first use; nil when it cannot be.
    package var database: SQLiteDatabase? { store.database }

    /// Checkpoints and closes the file, for the way out of the program; a later use opens it again.
    package func close() { store.close() }

    // MARK: Reading

    /// The stored response for `request` (a GET whose Vary-named headers
    /// match, as `sentValue` gives them), marked as just used.
    func cachedResponse(for request: Request, sentValue: (String) -> String?) -> CachedResponse? {
        guard request.method.uppercased() == "GET", let database else { return nil }
        let key = HTTPCache.key(request.url)
        guard let row = try? database.execute("""
            SELECT status, headers, http_version, vary_key, body, request_time, response_time FROM responses WHERE url = ?1
            """, [.text(key)]).first, row.count == 7,
              case .integer(let status) = row[0], case .text(let headerText) = row[1], case .text(let varyKey) = row[3],
              case .blob(let body) = row[4], case .real(let requestTime) = row[5], case .real(let responseTime) = row[6]
        else { return nil }
        let headers = HTTPCache.parseHeaders(headerText)
        guard HTTPCache.varyKey(for: headers, sentValue: sentValue) == varyKey else { return nil }
        var response = Response(url: request.url.withoutFragment, statusCode: Int(status), headers: headers,
                                expectedContentLength: Int64(body.count))
        if case .text(let version) = row[2] { response.httpVersion = version }
        _ = try? database.execute("UPDATE responses SET last_used = ?1 WHERE url = ?2", [.real(clock()), .text(key)])
        return CachedResponse(response: response, body: body, requestTime: requestTime, responseTime: responseTime, varyKey: varyKey)
    }

    /// Every stored response, least recently used first.
    package func entries() -> [Entry] {
        guard let database, let rows = try? database.execute("SELECT url, size, stored_at, last_used FROM responses ORDER BY last_used")
        else { return [] }
        return rows.compactMap { row in
            guard case .text(let url) = row[0], case .integer(let size) = row[1], case .real(let stored) = row[2],
                  case .real(let used) = row[3] else { return nil }
            return Entry(url: url, size: Int(size), storedAt: stored, lastUsedAt: used)
        }
    }

    /// Bytes stored (bodies and headers).
    package var currentSize: Int {
        guard let database, let row = try? database.execute("SELECT COALESCE(SUM(size), 0) FROM responses").first,
              case .integer(let total) = row[0] else { return 0 }
        return Int(total)
    }

    // MARK: Writing

    /// Whether a response to `request` may be stored (RFC 9111 §3).
    static func mayStore(_ response: Response, for request: Request) -> Bool {
        request.method.uppercased() == "GET" && response.statusCode == 200
            && !CacheControl(request.headers).noStore && !CacheControl(response.headers).noStore
            && !response.headers.values(for: "Vary").contains { $0.contains("*") }
            && request.headers["Range"] == nil
    }

    /// Stores `response` with `body` for `request`, replacing the URL's
    /// previous response and evicting the least recently used beyond the capacity.
    func store(_ response: Response, body: [UInt8], for request: Request, requestTime: Double, responseTime: Double,
               sentValue: (String) -> String?) {
        guard HTTPCache.mayStore(response, for: request), body.count <= maximumEntrySize else { return }
        var headers = HTTPHeaders()
        for field in response.headers {
            // Cookies are never replayed; the body is stored decoded, so its framing no longer applies.
            let name = field.name.lowercased()
            if ["set-cookie", "set-cookie2", "content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"].contains(name) { continue }
            headers.add(field.name, field.value)
        }
        headers["Content-Length"] = String(body.count)
        let headerText = headers.map { "\($0.name): \($0.value)\n" }.joined()
        let varyKey = HTTPCache.varyKey(for: headers, sentValue: sentValue)
        let size = body.count + headerText.utf8.count + varyKey.utf8.count
        let key = HTTPCache.key(request.url)
        let now = clock()
        write { database in
            try database.execute("INSERT OR REPLACE INTO responses VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)", [
                .text(key), .integer(Int64(response.statusCode)), .text(headerText),
                response.httpVersion.map(SQLiteDatabase.Value.text) ?? .null, .text(varyKey), .blob(body),
                .integer(Int64(size)), .real(requestTime), .real(responseTime), .real(now),
            ])
            try evict(in: database, keeping: key)
        }
    }

    /// Stores the headers of a 304 that confirmed `cached` (RFC 9111 §4.3.4).
    func update(_ cached: CachedResponse, for request: Request) {
        let headerText = cached.response.headers.map { "\($0.name): \($0.value)\n" }.joined()
        let now = clock()
        write { database in
            try database.execute("""
                UPDATE responses SET headers = ?1, request_time = ?2, response_time = ?3, stored_at = ?4, last_used = ?4 WHERE url = ?5
                """, [.text(headerText), .real(cached.requestTime), .real(cached.responseTime), .real(now), .text(HTTPCache.key(request.url))])
        }
    }

    /// Forgets the response stored for `url` (an unsafe request to it, or a
    /// response that may not be stored, makes the old one obsolete).
    package func removeCachedResponse(for url: WebURL) {
        guard store.isOpen || path != nil else { return }
        write { try $0.execute("DELETE FROM responses WHERE url = ?1", [.text(HTTPCache.key(url))]) }
    }

    /// Forgets the stored responses `shouldRemove` picks.
    package func removeEntries(where shouldRemove: (Entry) -> Bool) {
        let doomed = entries().filter(shouldRemove)
        guard !doomed.isEmpty else { return }
        write { database in
            for entry in doomed { try database.execute("DELETE FROM responses WHERE url = ?1", [.text(entry.url)]) }
        }
    }

    /// Forgets every response stored or revalidated at or after `date` (seconds since 1970).
    package func removeAll(modifiedSince date: Double = -Double.greatestFiniteMagnitude) {
        write { try $0.execute("DELETE FROM responses WHERE stored_at >= ?1", [.real(date)]) }
    }

    private func evict(in database: SQLiteDatabase, keeping key: String) throws {
        guard case .integer(var total)? = try database.execute("SELECT COALESCE(SUM(size), 0) FROM responses").first?.first,
              total > Int64(capacity) else { return }
        for row in try database.execute("SELECT url, size FROM responses WHERE url != ?1 ORDER BY last_used", [.text(key)]) {
            guard total > Int64(capacity) else { break }
            guard case .text(let url) = row[0], case .integer(let size) = row[1] else { continue }
            try database.execute("DELETE FROM responses WHERE url = ?1", [.text(url)])
            total -= size
        }
    }

    private func write(_ body: (SQLiteDatabase) throws -> Void) {
        store.write(body)
    }

    // MARK: Keys

    static func key(_ url: WebURL) -> String { url.withoutFragment.href }

    /// The request's values of the headers `headers`' Vary names, one `name: value` line each.
    static func varyKey(for headers: HTTPHeaders, sentValue: (String) -> String?) -> String {
        let names = headers.values(for: "Vary").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces().lowercased() }
        return Set(names).filter { !$0.isEmpty }.sorted().map { "\($0): \(sentValue($0) ?? "")\n" }.joined()
    }

    static func parseHeaders(_ text: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces())
        }
        return headers
    }
}
