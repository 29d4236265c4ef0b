/// What to load: the URL, method, headers, body and how to use the cache.
public struct Request: Hashable {
    /// How a request may use cached responses (the names of URLRequest's).
    public enum CachePolicy: Hashable {
        case useProtocolCachePolicy
        case reloadRevalidatingCacheData
        case reloadIgnoringLocalCacheData
        case returnCacheDataElseLoad
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
