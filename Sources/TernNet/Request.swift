/// What to load: the URL, method, headers, body and how to use the cache.
public struct Request: Hashable {
    /// How a request may use the loader's HTTP cache (URLRequest's names).
    /// Only GET requests use it; responses fetched are stored whatever the policy.
    public enum CachePolicy: Hashable {
        /// RFC 9111: a fresh response is used as it is, a stale one after the
        /// server confirmed it (304 to If-None-Match / If-Modified-Since).
        case useProtocolCachePolicy
        /// Every stored response is confirmed with the server first (`reload()`).
        case reloadRevalidatingCacheData
        /// The cache is not read: the server sends the whole response (`reloadFromOrigin()`).
        case reloadIgnoringLocalCacheData
        /// A stored response is used however old it is; the network only
        /// when there is none (back and forward).
        case returnCacheDataElseLoad
        /// Only stored responses, however old: no network at all (reading
        /// offline); without one the load fails with `resourceUnavailable`.
        case returnCacheDataDontLoad
    }

    public var url: WebURL
    public var method: String
    public var headers: HTTPHeaders
    public var body: [UInt8]?
    public var cachePolicy: CachePolicy
    /// Seconds the whole transfer may take; nil uses the loader's default.
    public var timeoutInterval: Double?
    /// Whether the loader's cookie jar adds cookies and takes Set-Cookie
    /// (false for cross-origin script requests). Default true.
    public var handlesCookies = true
    /// The URL of the document whose link, form, script or subresource made
    /// this request; nil when the person or the embedding app made it (the
    /// address bar, `WebView.load`), which counts as same-site. SameSite
    /// cookies are sent or withheld by it (`SameSiteContext`).
    public var initiator: WebURL?
    /// The serialized origin of that document where it is not its URL's
    /// (Fetch "request's origin" is the client's, set when the document was
    /// made): "null" for a frame sandboxed without `allow-same-origin`, the
    /// parent's for `about:srcdoc`. nil: `initiator`'s origin.
    public var initiatorOrigin: String?
    /// Whether the request loads a page into the top-level browsing context
    /// (a navigation) rather than a subresource, XHR or fetch: cross-site,
    /// only navigations carry Lax cookies. Default false.
    public var isTopLevelNavigation = false
    /// The referrer policy its `Referer` was determined with
    /// (`ReferrerPolicy.apply`); a redirect determines it again with it, or
    /// with the default when nil. A redirect's `Referrer-Policy` replaces it.
    package var referrerPolicy: ReferrerPolicy?
    /// Whether its header values are Fetch byte sequences held one scalar
    /// per byte (a script's ByteStrings, Fetch §2.2 "header value"): each
    /// U+0080-U+00FF then goes on the wire as that one byte (isomorphic
    /// encoding), not as UTF-8. The `Cookie` the cookie jar adds is text and
    /// stays UTF-8. Default false (values are UTF-8 text).
    public var headerValuesAreBytes = false
    /// The URLs this request was redirected through, first first (the loader
    /// adds each hop): a redirect through another site makes it cross-site.
    public internal(set) var redirectedFrom: [WebURL] = []

    public init(url: WebURL, method: String = "GET", headers: HTTPHeaders = [:], body: [UInt8]? = nil,
                cachePolicy: CachePolicy = .useProtocolCachePolicy, timeoutInterval: Double? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.cachePolicy = cachePolicy
        self.timeoutInterval = timeoutInterval
    }

    /// A GET request for `string`, or nil when it is not a valid absolute URL.
    public init?(_ string: String) {
        guard let url = WebURL(string) else { return nil }
        self.init(url: url)
    }
}
