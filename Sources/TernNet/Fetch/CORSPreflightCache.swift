/// Fetch §4.9 "CORS-preflight cache": what successful preflights allowed, for
/// their max-age. Entries are keyed by the serialized request origin, the
/// URL and whether credentials were included, each holding one method or one
/// header name. https://fetch.spec.whatwg.org/#concept-cache
package final class CORSPreflightCache {
    struct Key: Hashable {
        var origin: String
        var url: String
        var credentials: Bool
    }

    private struct Entry {
        var key: Key
        /// A method (case-sensitive) or a header name (lower-cased).
        var item: String
        var isMethod: Bool
        var expiry: Double
    }

    private var entries: [Entry] = []
    /// The clock, in seconds (monotonic; a test may set it).
    package var now: () -> Double

    package init(now: @escaping () -> Double = EventLoop.now) {
        self.now = now
    }

    /// Whether the cache must be asked again: a CORS `request` needs a
    /// preflight unless a fresh entry covers its method (when not
    /// CORS-safelisted) and every CORS-unsafe header name (HTTP fetch step 4.1).
    package func needsPreflight(url: WebURL, method: String, headers: HTTPHeaders, serializedOrigin: String,
                               credentials: FetchCredentialsMode) -> Bool {
        let key = Key(origin: serializedOrigin, url: url.href, credentials: credentials == .include)
        let time = now()
        entries.removeAll { $0.expiry <= time }
        let live = entries.filter { $0.key == key }
        let include = credentials == .include
        // "Method cache entry match": the method, or `*` without credentials.
        if !FetchHeaderRules.isCORSSafelistedMethod(method)
            && !live.contains(where: { $0.isMethod && ($0.item == method || ($0.item == "*" && !include)) }) {
            return true
        }
        // "Header-name cache entry match": the name, or `*` without credentials (never for Authorization).
        for name in FetchHeaderRules.corsUnsafeRequestHeaderNames(headers) {
            let covered = live.contains {
                !$0.isMethod && ($0.item == name
                    || ($0.item == "*" && !include && !FetchHeaderRules.isCORSNonWildcardRequestHeaderName(name)))
            }
            if !covered { return true }
        }
        return false
    }

    /// Steps 7.10-7.11 of the CORS-preflight fetch: each method and header
    /// name the preflight allowed is kept (or its max-age renewed).
    package func store(_ grant: CORSPreflight.Grant, url: WebURL, serializedOrigin: String, credentials: FetchCredentialsMode) {
        guard grant.maxAge > 0 else { return }
        let key = Key(origin: serializedOrigin, url: url.href, credentials: credentials == .include)
        let expiry = now() + grant.maxAge
        let items = grant.methods.map { ($0, true) } + grant.headerNames.map { (FetchHeaderRules.asciiLowercased($0), false) }
        for (item, isMethod) in items {
            if let index = entries.firstIndex(where: { $0.key == key && $0.item == item && $0.isMethod == isMethod }) {
                entries[index].expiry = expiry
            } else {
                entries.append(Entry(key: key, item: item, isMethod: isMethod, expiry: expiry))
            }
        }
        // A page cannot grow the cache without bound.
        if entries.count > 1000 { entries.removeFirst(entries.count - 1000) }
    }
}
