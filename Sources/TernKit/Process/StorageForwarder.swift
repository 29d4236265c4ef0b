import TernScript

/// A content process page's `localStorage` or `sessionStorage`
/// (`WebStorage.backend`): the areas are the browser's, read and written
/// over the wire, and each area read is kept here as the page writes it,
/// until the browser says areas were removed (website data cleared).
final class StorageForwarder: WebStorageBackend {
    /// The browser's answer to a question, waited for.
    private let request: ((UInt64) -> WebContentMessage.FromContent) -> BrowserAnswer?
    /// `sessionStorage` (the view's), else `localStorage` (the data store's).
    private let session: Bool
    private var areas: [String: [String: String]] = [:]

    init(session: Bool, request: @escaping ((UInt64) -> WebContentMessage.FromContent) -> BrowserAnswer?) {
        self.session = session
        self.request = request
    }

    func items(for origin: String) -> [String: String] {
        if let items = areas[origin] { return items }
        guard case .items(let items)? = request({ [session] in .storageItems(request: $0, origin: origin, session: session) }) else {
            return [:]
        }
        areas[origin] = items
        return items
    }

    func write(_ key: String?, _ value: String?, for origin: String) -> Bool {
        guard case .written(true)? = request({ [session] in
            .storageWrite(request: $0, origin: origin, session: session, key: key, value: value)
        }) else { return false }
        if let key {
            areas[origin]?[key] = value
        } else {
            areas[origin] = [:]
        }
        return true
    }

    /// The browser removed areas: each is read again when next used.
    func forget() { areas = [:] }
}
