import TernSystem
import TernNet
import TernScript
#if canImport(Glibc)
import Glibc
#endif

/// Where a web view keeps what sites store and what the person saw:
/// cookies, the HTTP cache, history and localStorage. Web views sharing a
/// data store share all of it.
public final class WebsiteDataStore {
    /// Whether the data lives on disk (SQLite in WAL mode) or only in memory.
    public let isPersistent: Bool
    /// The profile folder, for a persistent store.
    public let directory: String?
    /// The cookies, as the WKHTTPCookieStore API sees them.
    public let httpCookieStore: HTTPCookieStore
    /// The jar behind `httpCookieStore`, used by the network.
    package let cookieJar: CookieJar
    /// The HTTP cache every web view of this store loads through: the
    /// profile's `cache.sqlite`, or in memory for a non-persistent store.
    package let httpCache: HTTPCache
    /// The pages visited in web views of this store, for the history view
    /// and `about:history`: the profile's `history.sqlite`; a
    /// non-persistent store records none.
    public let history: BrowsingHistory
    /// The person's bookmarks, for `about:bookmarks` and the bookmark
    /// commands: the profile's `bookmarks.sqlite`, or in memory for a
    /// non-persistent store (forgotten when the program ends).
    public let bookmarks: Bookmarks
    /// The pages' `localStorage`, per origin: the profile's `storage.sqlite`,
    /// or in memory for a non-persistent store.
    package let localStorage: WebStorage
    /// The `sessionStorage` of each web view made with this store (held weakly).
    private var sessionStorages: [WeakStorage] = []
    private struct WeakStorage { weak var storage: WebStorage? }
    /// Pages in content processes, whose processes keep copies of the
    /// storage areas they read: told when areas are removed.
    private var contentPages: [WeakPage] = []
    private struct WeakPage { weak var page: WebPageProxy? }
    private var cookieDatabase: CookieDatabase?
    /// Why the profile could not be opened or written, for the front end to
    /// show (the store then keeps working in memory); nil when all is well.
    /// The cookie database is opened when cookies are first read or stored
    /// (a run that shows only local pages never opens it), so an unusable
    /// database is reported from then on.
    /// Each distinct problem is kept (a full disk may stop cookies and the
    /// cache alike), joined with "; ".
    public private(set) var storageError: String?
    /// The loop whose later turn runs the completion handlers of this store
    /// and of its `httpCookieStore` (WebKit calls them later, on the main
    /// thread; never inside the call). A web view made with this store sets
    /// it to its configuration's loop; set it yourself before then if your
    /// program runs a loop other than `EventLoop.main`.
    public var eventLoop: EventLoop = .main {
        didSet { httpCookieStore.eventLoop = eventLoop }
    }

    /// Adds `problem` to `storageError` unless it is already there.
    private func report(_ problem: String) {
        guard let current = storageError else { return storageError = problem }
        if !current.contains(problem) { storageError = current + "; " + problem }
    }

    private func reportWriteError(_ failure: SQLiteDatabase.Failure, what: String) {
        report(failure.isDiskFull ? "The disk is full: \(what) cannot be saved (\(failure))" : "Cannot save \(what): \(failure)")
    }

    private static var defaultStore: WebsiteDataStore?

    /// The persistent store of the default profile, `$XDG_DATA_HOME/tern`
    /// (`~/.local/share/tern`), shared by every web view that names none.
    public static func `default`() -> WebsiteDataStore {
        if let defaultStore { return defaultStore }
        let store = WebsiteDataStore(directory: WebsiteDataStore.defaultDirectory())
        defaultStore = store
        return store
    }

    /// A store that keeps everything in memory and forgets it (private browsing).
    public static func nonPersistent() -> WebsiteDataStore {
        WebsiteDataStore(directory: nil)
    }

    /// A persistent store in `directory` (created if missing); with
    /// `keepSessionCookies`, session cookies survive a restart too.
    public init(directory: String?, keepSessionCookies: Bool = false) {
        self.directory = directory
        isPersistent = directory != nil
        cookieJar = CookieJar()
        httpCookieStore = HTTPCookieStore(jar: cookieJar)
        var usableDirectory: String?
        var directoryError: String?
        if let directory {
            do {
                try WebsiteDataStore.makeDirectory(directory)
                usableDirectory = directory
            } catch {
                directoryError = "The profile \(directory) cannot be used: \(error)"
            }
        }
        httpCache = HTTPCache(path: usableDirectory.map { $0 + "/cache.sqlite" })
        history = BrowsingHistory(path: usableDirectory.map { $0 + "/history.sqlite" })
        localStorage = WebStorage(path: usableDirectory.map { $0 + "/storage.sqlite" })
        bookmarks = Bookmarks(path: usableDirectory.map { $0 + "/bookmarks.sqlite" })
        bookmarks.onWriteError = { [weak self] in self?.reportWriteError($0, what: "bookmarks") }
        localStorage.onWriteError = { [weak self] in self?.reportWriteError($0, what: "site data") }
        history.onWriteError = { [weak self] in self?.reportWriteError($0, what: "history") }
        httpCache.onWriteError = { [weak self] in self?.reportWriteError($0, what: "the cache") }
        guard let directory = usableDirectory else {
            storageError = directoryError
            return
        }
        cookieJar.willFirstUse = { [weak self] in
            self?.openCookieDatabase(in: directory, keepSessionCookies: keepSessionCookies)
        }
    }

    /// A web view made with this store keeps its `sessionStorage` here too,
    /// so that data records cover it.
    func register(sessionStorage: WebStorage) {
        sessionStorages.removeAll { $0.storage == nil }
        sessionStorages.append(WeakStorage(storage: sessionStorage))
    }

    /// The `sessionStorage` of the web views of this store that still exist.
    var liveSessionStorages: [WebStorage] { sessionStorages.compactMap(\.storage) }

    /// A page in a content process reads this store's storage areas (and keeps copies).
    func register(contentPage: WebPageProxy) {
        contentPages.removeAll { $0.page == nil }
        contentPages.append(WeakPage(page: contentPage))
    }

    /// Storage areas were removed: the copies content processes keep go too.
    func storageAreasRemoved() {
        for page in contentPages.compactMap(\.page) { page.storageAreasRemoved() }
    }

    /// Loads the profile's cookies into the jar and keeps writing its changes back.
    private func openCookieDatabase(in directory: String, keepSessionCookies: Bool) {
        do {
            let database = try CookieDatabase(path: directory + "/cookies.sqlite", jar: cookieJar, keepSessionCookies: keepSessionCookies)
            database.onWriteError = { [weak self] in self?.reportWriteError($0, what: "cookies") }
            cookieDatabase = database
        } catch let failure as SQLiteDatabase.Failure where failure.isDiskFull {
            reportWriteError(failure, what: "cookies")
        } catch {
            report("The profile \(directory) cannot be used: \(error)")
        }
    }

    /// Checkpoints every database of the store into its file (truncating
    /// its write-ahead log) and closes it: cookies, the HTTP cache, history,
    /// localStorage and bookmarks. Every way out of a program that used the store
    /// calls it (quitting, `--dump`, an error, a signal that ends the
    /// program), so no `-wal` log is left behind to grow or be replayed.
    /// Idempotent; a later use of the store opens its files again. Nothing
    /// to do for a non-persistent store.
    public func close() {
        cookieDatabase?.close()
        httpCache.close()
        history.close()
        localStorage.close()
        bookmarks.close()
    }

    /// Why the store could not keep what it was given.
    public struct StorageError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Adds `cookies` (an import, e.g. from `NetscapeCookieFile.parse`) as
    /// one change: a persistent store writes all of them in one transaction,
    /// or, when the profile cannot be written (a full disk), none, and
    /// throws (the reason is also in `storageError`). Nothing is half-imported.
    public func importCookies(_ cookies: [Cookie]) throws {
        cookieJar.prepareForUse()  // opens the database of a persistent store
        if let cookieDatabase {
            do {
                try cookieDatabase.insertAll(cookies)
            } catch {
                throw StorageError(description: storageError ?? "\(error)")
            }
        } else if isPersistent {
            throw StorageError(description: storageError ?? "the profile cannot be used")
        } else {
            for cookie in cookies { cookieJar.insert(cookie) }
        }
    }

    /// The default profile folder: `$XDG_DATA_HOME/tern`, else `~/.local/share/tern`.
    public static func defaultDirectory() -> String { HomeDirectory.dataFolder }

    /// `mkdir -p` with owner-only permissions for new folders.
    static func makeDirectory(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw NavigationError.other(reason: "cannot create \(current): \(String(cString: strerror(errno)))")
            }
        }
    }
}
