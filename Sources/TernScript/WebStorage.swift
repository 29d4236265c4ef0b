/// Key/value storage areas of `localStorage` and `sessionStorage`, one per
/// origin. `localStorage` areas are shared by every web view of the process
/// (kept in memory until the website data store persists them);
/// `sessionStorage` areas belong to one web view.
public final class WebStorage {
    /// The process-wide `localStorage` areas.
    public static let local = WebStorage()

    private var areas: [String: [String: String]] = [:]

    public init() {}

    /// The items of `origin`'s area.
    public func items(for origin: String) -> [String: String] { areas[origin] ?? [:] }

    /// Sets (or with nil removes) `key` in `origin`'s area; a nil key clears the area.
    public func write(_ key: String?, _ value: String?, for origin: String) {
        guard let key else { areas[origin] = nil; return }
        areas[origin, default: [:]][key] = value
    }

    /// Removes every area (clearing browsing data).
    public func removeAll() { areas.removeAll() }
}
