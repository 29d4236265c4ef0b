import TernKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// WKHTTPCookieStore's calls with Foundation's HTTPCookie (see
/// `HTTPCookie.init(_: Cookie)` and `Cookie.init(_: HTTPCookie)` for how the
/// attributes map).
extension HTTPCookieStore {
    /// Every stored cookie that has not expired, as HTTPCookies.
    public func getAllCookies(_ completionHandler: @escaping ([HTTPCookie]) -> Void) {
        getAllCookies { (cookies: [Cookie]) in completionHandler(cookies.compactMap { HTTPCookie($0) }) }
    }

    /// The cookies a same-site request to `url` would send, as HTTPCookies
    /// (HTTPCookieStorage's `cookies(for:)`, answered at once; none for a URL
    /// the URL Standard refuses).
    public func cookies(for url: URL) -> [HTTPCookie] {
        WebURL(url).map { cookies(for: $0).compactMap { HTTPCookie($0) } } ?? []
    }

    /// Stores `cookie` as it is (replacing one with the same name, domain,
    /// host-only flag and path), as WebKit's `setCookie` does: no
    /// public-suffix or Secure-origin check, which `setCookies(fromResponseHeaderFields:for:)` makes.
    public func setCookie(_ cookie: HTTPCookie, completionHandler: (() -> Void)? = nil) {
        setCookie(Cookie(cookie), completionHandler: completionHandler)
    }

    /// Removes `cookie` (the one with its name, domain, host-only flag and path).
    public func delete(_ cookie: HTTPCookie, completionHandler: (() -> Void)? = nil) {
        delete(Cookie(cookie), completionHandler: completionHandler)
    }

    /// Takes the `Set-Cookie` fields of a response received from `url` as if
    /// a web view of this store had loaded it: TernKit's RFC 6265bis rules
    /// (public-suffix and domain-match checks on Domain, Secure only from
    /// https, cookie prefixes, HttpOnly cookies kept, `Max-Age=0` or a past
    /// Expires deletes), unlike Foundation's
    /// `HTTPCookie.cookies(withResponseHeaderFields:for:)`, which keeps
    /// `Domain=com`. Several Set-Cookie fields joined with commas (as
    /// `HTTPURLResponse.allHeaderFields` gives them) are split again. The
    /// completion gets the cookies stored; nothing is stored for a `url` the
    /// URL Standard refuses. The cookies are stored at once; the completion
    /// runs on a later turn of the store's event loop, as the store's others do.
    public func setCookies(fromResponseHeaderFields headerFields: [String: String], for url: URL,
                           completionHandler: (([HTTPCookie]) -> Void)? = nil) {
        let stored = WebURL(url).map { pageURL in
            SetCookieFields.values(in: headerFields).compactMap { cookieJar.setCookie($0, for: pageURL) }
        } ?? []
        if let completionHandler { eventLoop.post { completionHandler(stored.compactMap { HTTPCookie($0) }) } }
    }
}
