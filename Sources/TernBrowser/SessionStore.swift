import TernSystem
import TernKit
#if canImport(Glibc)
import Glibc
#endif

/// The browser's sessions: the profile's `session.sqlite` keeps, for each
/// run of Tern (a session), its tabs in order, which one is shown, and each
/// tab's back/forward list with its scroll positions
/// (`WebView.InteractionState`), saved as the person browses and at quit.
///
/// A run marks its session `running` with its process id (and the
/// process's start time, so that a reused id does not pass for it) and
/// `closed` when it quits, or `interrupted` when a signal ended it. A
/// session left `running` by a process that no longer exists crashed (or
/// was killed). Each run writes only its own rows, so two Tern processes on
/// one profile never overwrite each other's sessions. The "last session"
/// is the most recently saved (or ended) one whose process is not running.
///
/// Every write is one SQLite transaction (WAL); a damaged file is moved
/// aside (`session.sqlite.broken`) and a new one started; write failures
/// (a full disk) go to `onWriteError`. Not thread-safe.
final class SessionStore {
    /// A session as saved: its tabs' states, oldest tab first.
    struct Saved: Equatable {
        let id: Int64
        /// Each tab's back/forward list; nil for a tab that had none (a new tab).
        let tabs: [WebView.InteractionState?]
        /// The tab shown, within `tabs`.
        let currentTab: Int
        /// How it ended: `closed` (a quit), `interrupted` (a signal), `crashed` (its process is gone).
        let ending: Ending
        /// When it was last saved, in seconds since 1970.
        let savedAt: Double
        /// Tabs whose saved state could not be read (left out of `tabs`).
        let unreadableTabs: Int
    }

    enum Ending: String {
        case closed, interrupted, crashed
    }

    /// The database file.
    let path: String
    /// This run's session, once `begin()` made (or `restore` took over) it.
    private(set) var sessionID: Int64?
    /// The time now, in seconds since 1970.
    var clock: () -> Double = Cookie.now
    /// This process, as the sessions table names a process.
    var processID: Int32 = getpid()
    /// Told of each failed write (a full disk, a read-only profile); not of
    /// what `begin()` finds wrong with the file (see `notice`).
    var onWriteError: ((SQLiteDatabase.Failure) -> Void)? {
        didSet { store.onError = onWriteError }
    }
    /// What `begin()` had to do about a damaged file, for the person; nil when nothing.
    private(set) var notice: String?
    /// Sessions not running that are kept (the most recently saved).
    static let keptSessions = 10
    /// Most tabs restored from one session.
    static let maximumTabs = 200

    private var store: LazyDatabase
    /// The last state written, so that an unchanged session is not written again.
    private var lastSaved: (tabs: [String], current: Int)?

    init(path: String) {
        self.path = path
        store = SessionStore.makeStore(path: path)
    }

    private static func makeStore(path: String) -> LazyDatabase {
        LazyDatabase(path: path, schema: ["""
            CREATE TABLE IF NOT EXISTS sessions (
              id INTEGER PRIMARY KEY, pid INTEGER NOT NULL, process_start TEXT NOT NULL, state TEXT NOT NULL,
              started REAL NOT NULL, saved REAL NOT NULL, current_tab INTEGER NOT NULL)
            """, """
            CREATE TABLE IF NOT EXISTS tabs (
              session INTEGER NOT NULL, position INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (session, position))
            """])
    }

    // MARK: Starting

    /// Starts this run's session: forgets old sessions past `keptSessions`,
    /// finds the last session (see the type's description), then marks a
    /// new one running. Returns the last session, nil when there is none.
    /// A file that is not a database, or is damaged, is moved aside first
    /// (`notice` says so); nil, and nothing saved, when the file cannot be
    /// used at all (the reason went to `onWriteError`).
    @discardableResult
    func begin() -> Saved? {
        store.onError = nil
        defer { store.onError = onWriteError }
        do {
            return try beginSession()
        } catch let failure as SQLiteDatabase.Failure where SessionStore.isDamage(failure) {
            moveAside(failure)
            store.onError = nil
            return try? beginSession()
        } catch {
            notice = "The session cannot be saved: \(error)"
            return nil
        }
    }

    private func beginSession() throws -> Saved? {
        guard let database = store.database else {
            throw store.lastError ?? SQLiteDatabase.Failure(code: 1, message: "cannot open \(path)")
        }
        var last: Saved?
        try database.transaction {
            let rows = try database.execute("SELECT id, pid, process_start, state, saved, current_tab FROM sessions ORDER BY saved DESC, id DESC")
            var kept = 0
            for row in rows {
                guard row.count == 6, case .integer(let id) = row[0] else { continue }
                let ending = SessionStore.ending(of: row)
                guard let ending else { continue }  // running in a live process
                kept += 1
                if kept > SessionStore.keptSessions {
                    try database.execute("DELETE FROM tabs WHERE session = ?1", [.integer(id)])
                    try database.execute("DELETE FROM sessions WHERE id = ?1", [.integer(id)])
                } else if last == nil {
                    last = try SessionStore.saved(id: id, row: row, ending: ending, in: database)
                }
            }
            let now = clock()
            try database.execute("INSERT INTO sessions (pid, process_start, state, started, saved, current_tab) VALUES (?1, ?2, 'running', ?3, ?3, 0)",
                                 [.integer(Int64(processID)), .text(SessionStore.startTime(of: processID) ?? ""), .real(now)])
            let id = try database.execute("SELECT last_insert_rowid()")
            if case .integer(let value)? = id.first?.first { sessionID = value }
        }
        return last
    }

    /// How a saved session ended; nil while its process still runs.
    private static func ending(of row: [SQLiteDatabase.Value]) -> Ending? {
        guard case .text(let state) = row[3] else { return .crashed }
        switch state {
        case "closed": return .closed
        case "interrupted": return .interrupted
        default:
            guard case .integer(let pid) = row[1], let processID = Int32(exactly: pid) else { return .crashed }
            let start: String
            if case .text(let text) = row[2] { start = text } else { start = "" }
            return isAlive(processID, startedAt: start) ? nil : .crashed
        }
    }

    private static func saved(id: Int64, row: [SQLiteDatabase.Value], ending: Ending, in database: SQLiteDatabase) throws -> Saved {
        var savedAt = 0.0
        if case .real(let time) = row[4] { savedAt = time }
        var current = 0
        if case .integer(let index) = row[5], let value = Int(exactly: index) { current = value }
        // A file written by something else may hold any number of tabs: the first `maximumTabs` are read.
        let tabRows = try database.execute("SELECT state FROM tabs WHERE session = ?1 ORDER BY position LIMIT ?2",
                                           [.integer(id), .integer(Int64(maximumTabs))])
        var tabs: [WebView.InteractionState?] = []
        var unreadable = 0
        for tabRow in tabRows {
            guard case .text(let text)? = tabRow.first else {
                unreadable += 1
                continue
            }
            if text.isEmpty {
                tabs.append(nil)
            } else if let state = WebView.InteractionState(encoded: text) {
                tabs.append(state)
            } else {
                unreadable += 1
            }
        }
        return Saved(id: id, tabs: tabs, currentTab: tabs.indices.contains(current) ? current : 0, ending: ending,
                     savedAt: savedAt, unreadableTabs: unreadable)
    }

    /// SQLite says the file is not a database or is damaged.
    private static func isDamage(_ failure: SQLiteDatabase.Failure) -> Bool {
        [11, 26].contains(failure.code & 0xFF)  // SQLITE_CORRUPT, SQLITE_NOTADB
    }

    /// Keeps a damaged file as `session.sqlite.broken` (with its log) and starts a new one.
    private func moveAside(_ failure: SQLiteDatabase.Failure) {
        store.close()
        for suffix in ["", "-wal", "-shm"] {
            let from = path + suffix
            if access(from, F_OK) == 0 { _ = rename(from, path + ".broken" + suffix) }
        }
        store = SessionStore.makeStore(path: path)
        notice = "The saved session could not be read (\(failure)): it was moved to \(path).broken and a new one started"
    }

    // MARK: Restoring

    /// Makes `saved` this run's session (its process id now this one's), in
    /// place of the one `begin()` started: saving goes on in it. false
    /// (nothing changed) when another process took it meanwhile.
    func takeOver(_ saved: Saved) -> Bool {
        guard let own = sessionID else { return false }
        var taken = false
        let written = store.write { database in
            let rows = try database.execute("SELECT id, pid, process_start, state, saved, current_tab FROM sessions WHERE id = ?1",
                                            [.integer(saved.id)])
            guard let row = rows.first, row.count == 6, SessionStore.ending(of: row) != nil else { return }
            try database.execute("DELETE FROM tabs WHERE session = ?1", [.integer(own)])
            try database.execute("DELETE FROM sessions WHERE id = ?1", [.integer(own)])
            try database.execute("UPDATE sessions SET pid = ?2, process_start = ?3, state = 'running', saved = ?4 WHERE id = ?1",
                                 [.integer(saved.id), .integer(Int64(processID)), .text(SessionStore.startTime(of: processID) ?? ""),
                                  .real(clock())])
            taken = true
        }
        guard written, taken else { return false }
        sessionID = saved.id
        lastSaved = nil
        return true
    }

    /// The person chose not to restore `saved`: it is no longer offered
    /// (it stays the last session for `--restore` until this one is saved).
    func decline(_ saved: Saved) {
        store.write { database in
            let rows = try database.execute("SELECT id, pid, process_start, state, saved, current_tab FROM sessions WHERE id = ?1",
                                            [.integer(saved.id)])
            guard let row = rows.first, row.count == 6, SessionStore.ending(of: row) != nil else { return }
            try database.execute("UPDATE sessions SET state = 'closed' WHERE id = ?1", [.integer(saved.id)])
        }
    }

    // MARK: Saving

    /// Saves this run's tabs (each one's `InteractionState.encoded`, "" for
    /// a tab without history) and the tab shown, in one transaction;
    /// nothing is written when they are as last saved. false when the write failed.
    @discardableResult
    func save(tabs: [String], currentTab: Int) -> Bool {
        guard let id = sessionID else { return false }
        if let lastSaved, lastSaved.tabs == tabs, lastSaved.current == currentTab { return true }
        let written = store.write { database in
            try database.execute("DELETE FROM tabs WHERE session = ?1", [.integer(id)])
            for (position, state) in tabs.enumerated() {
                try database.execute("INSERT INTO tabs VALUES (?1, ?2, ?3)", [.integer(id), .integer(Int64(position)), .text(state)])
            }
            try database.execute("UPDATE sessions SET saved = ?2, current_tab = ?3 WHERE id = ?1",
                                 [.integer(id), .real(clock()), .integer(Int64(currentTab))])
        }
        if written { lastSaved = (tabs, currentTab) }
        return written
    }

    /// Marks this run's session ended (`closed` for a quit, `interrupted`
    /// for a signal) at this time, and closes the file. The caller saves the tabs first.
    func end(_ ending: Ending) {
        if let id = sessionID {
            // The time it ended counts as its last save: the Tern that quit last has the last session.
            store.write {
                try $0.execute("UPDATE sessions SET state = ?2, saved = ?3 WHERE id = ?1", [.integer(id), .text(ending.rawValue), .real(clock())])
            }
        }
        sessionID = nil
        store.close()
    }

    /// The file's database, opened (tests limit its size to stand for a full disk).
    var openDatabase: SQLiteDatabase? { store.database }

    // MARK: Processes

    /// Whether process `pid` runs (not a zombie), and, when `start` is
    /// given, started at that time (a reused id is another process).
    static func isAlive(_ pid: Int32, startedAt start: String) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let fields = statFields(of: pid) else { return true }  // no /proc: the id alone
        if fields.first == "Z" || fields.first == "X" { return false }
        return start.isEmpty || (fields.count > 19 && fields[19] == start)
    }

    /// The process's start time (/proc/PID/stat's 22nd field), nil without /proc.
    static func startTime(of pid: Int32) -> String? {
        guard let fields = statFields(of: pid), fields.count > 19 else { return nil }
        return fields[19]
    }

    /// /proc/PID/stat's fields after the command name: state first.
    private static func statFields(of pid: Int32) -> [String]? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        // The command name is in parentheses and may hold spaces and parentheses itself.
        guard let end = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: end)...].split(separator: " ").map(String.init)
    }
}
