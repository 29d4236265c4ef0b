import TernKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Lets `HTTPCookie(cookie)` hand out a subclass where needed: an
/// initializer in a protocol extension may assign `self`, one in a class
/// extension may not. swift-corelibs-foundation's HTTPCookie has no SameSite,
/// so on Linux the cookie made is a `SameSiteHTTPCookie` that keeps it.
public protocol _HTTPCookieFromCookie {}

extension HTTPCookie: _HTTPCookieFromCookie {}

extension _HTTPCookieFromCookie where Self: HTTPCookie {
    /// `cookie` as a Foundation cookie, every attribute kept: a domain cookie's
    /// `domain` starts with a dot, a host-only cookie's does not (Foundation's
    /// rule); a session cookie has no `expiresDate` and `isSessionOnly`;
    /// `isSecure`, `isHTTPOnly`; `sameSitePolicy` `.sameSiteLax`,
    /// `.sameSiteStrict`, `"none"`, or nil when unspecified. Not kept:
    /// `createdAt` and `lastAccessedAt` (HTTPCookie has no such fields).
    public init?(_ cookie: Cookie) {
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: cookie.name, .value: cookie.value, .path: cookie.path,
            .domain: cookie.isHostOnly ? cookie.domain : "." + cookie.domain,
        ]
        if let expiresAt = cookie.expiresAt {
            properties[.expires] = Date(timeIntervalSince1970: expiresAt)
        } else {
            properties[.discard] = "TRUE"
        }
        // Foundation reads any value of `.secure` as true, so it is left out when false.
        if cookie.isSecure { properties[.secure] = "TRUE" }
        if cookie.isHTTPOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        let policy = HTTPCookieStringPolicy(cookie.sameSite)
        #if canImport(FoundationNetworking)
        let made = SameSiteHTTPCookie(properties: properties, sameSitePolicy: policy)
        #else
        properties[.sameSitePolicy] = policy
        let made = HTTPCookie(properties: properties)
        #endif
        guard let made = made as? Self else { return nil }
        self = made
    }
}

extension HTTPCookieStringPolicy {
    /// SameSite=None has no constant in Foundation; its value is "none".
    init?(_ sameSite: Cookie.SameSite) {
        switch sameSite {
        case .strict: self = .sameSiteStrict
        case .lax: self = .sameSiteLax
        case .none: self.init(rawValue: "none")
        case .unspecified: return nil
        }
    }
}

extension Cookie {
    /// `httpCookie` as a TernKit cookie: a `domain` with a leading dot is a
    /// domain cookie (the dot dropped), one without is host-only; the domain
    /// is lower-cased and a Unicode one put in punycode, as the cookie jar
    /// keeps hosts; no `expiresDate` (or `isSessionOnly`, or a NaN date) makes
    /// a session cookie; an empty path is "/"; a `sameSitePolicy` other than
    /// lax, strict or none is unspecified. `createdAt` is now.
    public init(_ httpCookie: HTTPCookie) {
        var domain = httpCookie.domain.lowercased()
        let isHostOnly = !domain.hasPrefix(".")
        if !isHostOnly { domain.removeFirst() }
        let expiresAt = httpCookie.isSessionOnly ? nil : httpCookie.expiresDate?.timeIntervalSince1970
        let sameSite: SameSite
        switch httpCookie.sameSitePolicy?.rawValue.lowercased() {
        case "strict": sameSite = .strict
        case "lax": sameSite = .lax
        case "none": sameSite = .none
        default: sameSite = .unspecified
        }
        self.init(name: httpCookie.name, value: httpCookie.value,
                  domain: WebURL.domainToASCII(domain) ?? domain, isHostOnly: isHostOnly,
                  path: httpCookie.path.isEmpty ? "/" : httpCookie.path,
                  expiresAt: expiresAt.flatMap { $0.isNaN ? nil : $0 },
                  isSecure: httpCookie.isSecure, isHTTPOnly: httpCookie.isHTTPOnly, sameSite: sameSite)
    }
}
