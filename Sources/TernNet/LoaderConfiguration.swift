#if canImport(Glibc)
import Glibc
#endif

/// Limits and settings shared by every transfer of a `Loader`.
public struct LoaderConfiguration {
    /// Tern's version: the one place it is written (`tern --version` and
    /// the User-Agent read it).
    public static let version = "0.1"
    /// Tern's name and version, as the default User-Agent names them.
    public static let productToken = "Tern/" + version

    /// The User-Agent header value. Default: `Mozilla/5.0 (X11; Linux) Tern/0.1`.
    public var userAgent = "Mozilla/5.0 (X11; Linux) " + LoaderConfiguration.productToken
    /// The largest decoded body a transfer may deliver to memory (a page, a
    /// script, XHR/fetch). Default 64 MB; a compression bomb stops here with
    /// `documentTooLarge`. A download streams to disk without it
    /// (`ResourceLoad.removeBodySizeLimit()`), limited by the free space only.
    public var maximumBodySize: Int64 = 64 * 1024 * 1024
    /// The largest response header block (status line and fields, in
    /// bytes) a transfer accepts. Default 256 KiB, Chrome's limit; a larger
    /// one fails with `responseHeaderTooLarge`. libcurl's own limits lie
    /// beyond it (100 KiB for one field line, 300 KiB in all) and are
    /// reported the same way.
    public var maximumHeaderSize = 256 * 1024
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
    /// Skip TLS verification for every server (`tern --insecure`). Named so
    /// that a front end can show it: no page is secure content then.
    public var isInsecure = false
    /// The proxy every request goes through ("http://host:port", as curl's
    /// `--proxy`); nil uses the `http_proxy`, `https_proxy`, `all_proxy` and
    /// `no_proxy` environment variables as libcurl reads them; "" uses none.
    public var proxy: String?
    /// Hosts reached without the proxy (comma-separated, as `no_proxy`); nil
    /// leaves it to the `no_proxy` environment variable.
    public var noProxy: String?
    /// `host:port` endpoints whose certificates are accepted unverified,
    /// because the user chose to proceed. Default empty: TLS is always verified.
    public var trustExceptions: Set<String> = []
    /// For a trust exception, the public key it was granted for
    /// (`CertificateSummary.publicKeyPin`): another certificate at that
    /// endpoint is untrusted again (`ServerTrust.Failure.changedSinceAccepted`).
    public var trustExceptionPins: [String: String] = [:]
    /// Where cookies are kept: sent with every request and taken from every
    /// response, redirects included. Default nil (no cookies); a web view
    /// uses its website data store's jar unless this names one.
    package var cookieJar: CookieJar?
    /// Where responses are cached and looked up, as each request's
    /// `cachePolicy` says. Default nil (no cache); a web view uses its
    /// website data store's cache unless this names one.
    package var httpCache: HTTPCache?

    public init() {}

    /// The proxy requests for `url` go through as far as this configuration
    /// and the environment say (ignoring `no_proxy`): where a 407 came from.
    public func proxyURL(for url: WebURL) -> WebURL? {
        func environment(_ name: String) -> String? {
            guard let value = getenv(name) else { return nil }
            let text = String(cString: value)
            return text.isEmpty ? nil : text
        }
        var candidates: [String?] = [proxy]
        if proxy == nil {
            // libcurl reads only the lowercase http_proxy (HTTP_PROXY could come from a CGI request header).
            candidates += url.scheme == "https" ? [environment("https_proxy"), environment("HTTPS_PROXY")] : [environment("http_proxy")]
            candidates += [environment("all_proxy"), environment("ALL_PROXY")]
        }
        guard let text = candidates.compactMap({ $0 }).first, !text.isEmpty else { return nil }
        return WebURL(text.contains("://") ? text : "http://" + text)
    }
}
