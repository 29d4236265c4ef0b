/// One stored cookie (RFC 6265 §5.3's cookie record).
public struct Cookie: Hashable {
    public enum SameSite: Hashable { case strict, lax, none, unspecified }

    public var name: String
    public var value: String
    /// The domain, lower-case, without a leading dot.
    public var domain: String
    /// Sent only to exactly `domain` (no Domain attribute was given).
    public var isHostOnly: Bool
    public var path: String
    /// Seconds since 1970; nil for a session cookie.
    public var expiresAt: Double?
    public var isSecure: Bool
    public var isHTTPOnly: Bool
    public var sameSite: SameSite
    public var createdAt: Double
    public var lastAccessedAt: Double

    public init(name: String, value: String, domain: String, isHostOnly: Bool = true, path: String = "/",
                expiresAt: Double? = nil, isSecure: Bool = false, isHTTPOnly: Bool = false, sameSite: SameSite = .unspecified,
                createdAt: Double = Cookie.now(), lastAccessedAt: Double? = nil) {
        self.name = name
        self.value = value
        self.domain = domain
        self.isHostOnly = isHostOnly
        self.path = path
        self.expiresAt = expiresAt
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
        self.createdAt = createdAt
        self.lastAccessedAt = lastAccessedAt ?? createdAt
    }

    /// A persistent cookie survives the session; a session cookie does not.
    public var isPersistent: Bool { expiresAt != nil }

    /// Whether the cookie has expired at `time`.
    public func isExpired(at time: Double) -> Bool {
        expiresAt.map { $0 <= time } ?? false
    }

    /// The cookie's identity in the store: a new one with the same name,
    /// domain, host-only flag and path replaces it.
    var key: String { "\(name)\u{0}\(domain)\u{0}\(isHostOnly)\u{0}\(path)" }

    /// Wall-clock seconds since 1970.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

#if canImport(Glibc)
import Glibc
#endif
