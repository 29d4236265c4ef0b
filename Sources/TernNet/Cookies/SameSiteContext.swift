/// How a request stands to the site that caused it, which decides whether
/// `SameSite=Strict` and `Lax` cookies go with it and may be set by its
/// response (RFC 6265bis §5.2, §5.6.7.1, §5.7). Without it a page on any site
/// could make the person's browser send their session cookie to yours (CSRF).
/// Sites are schemeful: the scheme plus the registrable domain (libpsl).
package struct SameSiteContext: Hashable {
    /// The request's initiator and every URL of its redirect chain are of the
    /// target's site (a request the person made has no initiator).
    package var isSameSite: Bool
    /// The request loads a page into the top-level browsing context, rather
    /// than a subresource, XHR or fetch: Lax cookies go with cross-site ones.
    package var isTopLevelNavigation: Bool
    /// GET, HEAD, OPTIONS or TRACE: a cross-site navigation carries Lax
    /// cookies only with one of these (no cross-site POST with them).
    package var isSafeMethod: Bool

    /// Same-site: every cookie goes, every cookie may be set (the default
    /// for `CookieJar` calls that give no context).
    package static let sameSite = SameSiteContext(isSameSite: true, isTopLevelNavigation: true, isSafeMethod: true)

    package init(isSameSite: Bool, isTopLevelNavigation: Bool, isSafeMethod: Bool) {
        self.isSameSite = isSameSite
        self.isTopLevelNavigation = isTopLevelNavigation
        self.isSafeMethod = isSafeMethod
    }

    /// The context of `request`'s current hop: same-site when its initiator
    /// (if any) and each URL it was redirected through share the target's site.
    package init(_ request: Request) {
        let target = SameSiteContext.site(of: request.url)
        // The initiator's site is its origin's (an opaque one is no site: cross-site to all).
        let initiatorSite: [String?] = request.initiatorOrigin.map { [WebURL($0).flatMap(SameSiteContext.site(of:))] }
            ?? request.initiator.map { [SameSiteContext.site(of: $0)] } ?? []
        isSameSite = target != nil && (initiatorSite + request.redirectedFrom.map(SameSiteContext.site(of:))).allSatisfy { $0 == target }
        isTopLevelNavigation = request.isTopLevelNavigation
        isSafeMethod = ["GET", "HEAD", "OPTIONS", "TRACE"].contains(request.method.uppercased())
    }

    /// Whether a cookie with this SameSite attribute goes with the request.
    /// A cookie without the attribute goes everywhere (as in Firefox and
    /// Safari; Chrome treats it as Lax).
    package func allowsSending(_ sameSite: Cookie.SameSite) -> Bool {
        switch sameSite {
        case .strict: return isSameSite
        case .lax: return isSameSite || (isTopLevelNavigation && isSafeMethod)
        case .none, .unspecified: return true
        }
    }

    /// Whether the response may set a cookie with this SameSite attribute
    /// (§5.7): Strict and Lax cookies only from same-site requests and
    /// top-level navigations, not from a cross-site subresource.
    package func allowsSetting(_ sameSite: Cookie.SameSite) -> Bool {
        switch sameSite {
        case .strict, .lax: return isSameSite || isTopLevelNavigation
        case .none, .unspecified: return true
        }
    }

    /// `url`'s site, "scheme://registrable-domain" (the host itself for IP
    /// addresses and hosts without one, such as `localhost`); nil for URLs
    /// without a host (`data:`, `file:`, `about:`), which are cross-site to all.
    package static func site(of url: WebURL) -> String? {
        let scheme = url.scheme == "wss" ? "https" : url.scheme == "ws" ? "http" : url.scheme
        guard scheme == "http" || scheme == "https", let host = url.urlHost else { return nil }
        switch host {
        case .domain(let name):
            return "\(scheme)://\(PublicSuffixList.registrableDomain(name) ?? name)"
        case .ipv4, .ipv6:
            return "\(scheme)://\(host.serialized)"
        case .opaque, .empty:
            return nil
        }
    }
}
