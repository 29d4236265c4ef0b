/// Limits and settings shared by every transfer of a `Loader`.
public struct LoaderConfiguration {
    /// Tern's name and version, as the default User-Agent names them.
    public static let productToken = "Tern/0.1"

    /// The User-Agent header value. Default: `Mozilla/5.0 (X11; Linux) Tern/0.1`.
    public var userAgent = "Mozilla/5.0 (X11; Linux) " + LoaderConfiguration.productToken
    /// The largest decoded body a transfer may deliver. Default 64 MB; a
    /// compression bomb stops here with `documentTooLarge`.
    public var maximumBodySize: Int64 = 64 * 1024 * 1024
    /// Seconds to establish a connection. Default 30.
    public var connectTimeout: Double = 30
    /// Seconds a transfer may go without receiving a byte. Default 30.
    public var lowSpeedTimeout: Double = 30
    /// Seconds a whole transfer may take when the request sets none. Default nil (no limit).
    public var overallTimeout: Double?
    /// At most this many redirects are followed. Default 20.
    public var maximumRedirects = 20
    /// `HOST:PORT:ADDRESS` entries pinning host names to addresses, as curl's `--resolve`.
    public var resolve: [String] = []
    /// A PEM file of trusted CA certificates; nil uses the system's.
    public var caBundlePath: String?
    /// `host:port` endpoints whose certificates are accepted unverified,
    /// because the user chose to proceed. Default empty: TLS is always verified.
    public var trustExceptions: Set<String> = []
    /// Where cookies are kept: sent with every request and taken from every
    /// response, redirects included. Default nil (no cookies); a web view
    /// uses its website data store's jar unless this names one.
    public var cookieJar: CookieJar?
    /// Where responses are cached and looked up, as each request's
    /// `cachePolicy` says. Default nil (no cache); a web view uses its
    /// website data store's cache unless this names one.
    public var httpCache: HTTPCache?

    public init() {}
}
