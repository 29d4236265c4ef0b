import TernNet
#if canImport(Glibc)
import Glibc
#endif

/// Where a web view keeps what sites store: cookies now (HTTP cache,
/// history and localStorage follow). Web views sharing a data store share
/// its cookies.
public final class WebsiteDataStore {
    /// Whether the data lives on disk (SQLite in WAL mode) or only in memory.
    public let isPersistent: Bool
    /// The profile folder, for a persistent store.
    public let directory: String?
    /// The cookies, as the WKHTTPCookieStore API sees them.
    public let httpCookieStore: HTTPCookieStore
    /// The jar behind `httpCookieStore`, used by the network.
    public let cookieJar: CookieJar
    private var cookieDatabase: CookieDatabase?
    /// Why the profile could not be opened or written, for the front end to
    /// show (the store then keeps working in memory); nil when all is well.
    /// The cookie database is opened when cookies are first read or stored
    /// (a run that shows only local pages never opens it), so an unusable
    /// database is reported from then on.
    public private(set) var storageError: String?

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
        guard let directory else { return }
        do {
            try WebsiteDataStore.makeDirectory(directory)
        } catch {
            storageError = "The profile \(directory) cannot be used: \(error)"
            return
        }
        cookieJar.willFirstUse = { [weak self] in
            self?.openCookieDatabase(in: directory, keepSessionCookies: keepSessionCookies)
        }
    }

    /// Loads the profile's cookies into the jar and keeps writing its changes back.
    private func openCookieDatabase(in directory: String, keepSessionCookies: Bool) {
        do {
            let database = try CookieDatabase(path: directory + "/cookies.sqlite", jar: cookieJar, keepSessionCookies: keepSessionCookies)
            database.onWriteError = { [weak self] failure in
                self?.storageError = failure.isDiskFull ? "The disk is full: cookies cannot be saved (\(failure))" : "Cookies cannot be saved: \(failure)"
            }
            cookieDatabase = database
        } catch {
            storageError = "The profile \(directory) cannot be used: \(error)"
        }
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
    public static func defaultDirectory() -> String {
        if let xdg = getenv("XDG_DATA_HOME"), xdg.pointee != 0 { return String(cString: xdg) + "/tern" }
        let home = getenv("HOME").map { String(cString: $0) } ?? "/tmp"
        return home + "/.local/share/tern"
    }

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
