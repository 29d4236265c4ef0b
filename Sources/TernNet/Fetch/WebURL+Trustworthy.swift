/// W3C Secure Contexts §3 and HTML's "same origin", as the Referrer Policy
/// and Mixed Content algorithms ask them of URLs.
extension WebURL {
    /// Secure Contexts §3.2 "Is url potentially trustworthy?": about:blank,
    /// about:srcdoc and data: URLs are; otherwise the URL's origin decides.
    package var isPotentiallyTrustworthy: Bool {
        if href == "about:blank" || href == "about:srcdoc" || scheme == "data" { return true }
        return hasPotentiallyTrustworthyOrigin
    }

    /// Secure Contexts §3.1 "Is origin potentially trustworthy?" for this
    /// URL's origin: https and wss, loopback addresses (127.0.0.0/8, ::1),
    /// `localhost` and `*.localhost`; never an opaque origin.
    package var hasPotentiallyTrustworthyOrigin: Bool {
        guard origin != "null" else { return false }
        let url = scheme == "blob" ? (WebURL(pathname) ?? self) : self
        if url.scheme == "https" || url.scheme == "wss" { return true }
        switch url.urlHost {
        case .ipv4(let address)?:
            return address >> 24 == 127
        case .ipv6(let pieces)?:
            return pieces == [0, 0, 0, 0, 0, 0, 0, 1]
        case .domain(let name)?:
            return name == "localhost" || name.hasSuffix(".localhost")
        default:
            return false
        }
    }

    /// HTML "same origin": both origins are tuples (scheme, host, port) and
    /// equal. An opaque origin is same origin with no other URL's.
    package static func isSameOrigin(_ a: WebURL, _ b: WebURL) -> Bool {
        a.origin != "null" && a.origin == b.origin
    }
}
