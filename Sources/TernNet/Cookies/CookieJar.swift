/// Cookies by RFC 6265 (with 6265bis where current browsers follow it):
/// `Set-Cookie` parsed by §5.2, stored by §5.3 with public-suffix checks,
/// sent by §5.4. In memory; persistence belongs to the website data store.
///
/// Not thread-safe: use it on the event loop's thread.
package final class CookieJar {
    /// Limits of RFC 6265bis (and the issue's): name+value bytes, attribute
    /// value bytes, cookies per domain, cookies in all, lifetime in days.
    package static let maximumNameValueSize = 4096
    package static let maximumAttributeValueSize = 1024
    package static let maximumCookiesPerDomain = 180
    package static let maximumCookies = 3000
    package static let maximumLifetime: Double = 400 * 86400

    private var cookies: [String: Cookie] = [:]
    /// The last creation time handed out: each new cookie gets a later one,
    /// so the "earlier creation first" order never ties.
    private var lastCreation = -Double.greatestFiniteMagnitude
    /// The clock; tests fix it.
    package var clock: () -> Double = Cookie.now
    /// Told of every change (after it happened).
    package var onChange: ((Cookie, _ removed: Bool) -> Void)?

    /// Called once, before the jar is first read or changed, then cleared:
    /// a persistent store opens its database there, so that a run that
    /// never uses cookies (a local page) never opens it.
    package var willFirstUse: (() -> Void)?

    /// The cookie setting of each host (per-site settings); nil allows
    /// every host. Asked with the host of the URL a cookie comes from or is
    /// sent to (`Set-Cookie` of a response, `document.cookie` of a page),
    /// lowercased, in the URL's ASCII (IDNA) form: `.block` stores and
    /// sends nothing for that host, whatever the cookie's `Domain`;
    /// `.sessionOnly` stores its persistent cookies as session cookies.
    /// `insert` (the cookie store API, imports) is not asked.
    package var cookiePolicy: ((_ host: String) -> CookieSitePolicy)?

    package init() {}

    /// Runs `willFirstUse` now if it has not run (a persistent store then
    /// opens its database); every read and change does it anyway.
    @inline(__always)
    package func prepareForUse() {
        guard let hook = willFirstUse else { return }
        willFirstUse = nil
        hook()
    }

    /// Every cookie that has not expired.
    package var allCookies: [Cookie] {
        prepareForUse()
        let now = clock()
        return cookies.values.filter { !$0.isExpired(at: now) }.sorted { $0.createdAt < $1.createdAt }
    }

    // MARK: Receiving (§5.2, §5.3)

    /// Takes a `Set-Cookie` header value received for `url` (or, with
    /// `fromScript`, a `document.cookie` assignment) from a request in
    /// `context` (a cross-site subresource cannot set Strict or Lax cookies).
    /// Returns the stored cookie, or nil when the cookie was ignored.
    @discardableResult
    package func setCookie(_ header: String, for url: WebURL, context: SameSiteContext = .sameSite,
                          fromScript: Bool = false) -> Cookie? {
        prepareForUse()
        guard let parsed = SetCookie(header) else { return nil }
        let now = clock()
        lastCreation = max(now, lastCreation.nextUp)
        guard let host = CookieJar.canonicalHost(url) else { return nil }
        let policy = cookiePolicy?(host) ?? .allow
        if policy == .block { return nil }
        let secureOrigin = url.scheme == "https" || url.scheme == "wss"
        // 6265bis: a cookie from a non-HTTP API never sets or changes HttpOnly cookies.
        if fromScript && parsed.httpOnly { return nil }
        // 6265bis: Secure cookies only from secure origins.
        if parsed.secure && !secureOrigin { return nil }
        // 6265bis §5.7: SameSite=None only with Secure; Strict and Lax not from cross-site subresources.
        if parsed.sameSite == .none && !parsed.secure { return nil }
        if !context.allowsSetting(parsed.sameSite) { return nil }

        var cookie = Cookie(name: parsed.name, value: parsed.value, domain: host, path: CookieJar.defaultPath(url),
                            isSecure: parsed.secure, isHTTPOnly: parsed.httpOnly, sameSite: parsed.sameSite, createdAt: lastCreation)
        // §5.3 step 3: Max-Age wins over Expires; lifetimes capped at 400 days.
        if let maxAge = parsed.maxAge {
            cookie.expiresAt = maxAge <= 0 ? -Double.greatestFiniteMagnitude : now + min(Double(maxAge), CookieJar.maximumLifetime)
        } else if let expires = parsed.expires {
            cookie.expiresAt = min(expires, now + CookieJar.maximumLifetime)
        }
        // Steps 4–6: the Domain attribute, checked against the public suffix list.
        if var domain = parsed.domain, !domain.isEmpty {
            domain = domain.lowercased()
            if PublicSuffixList.isPublicSuffix(domain) {
                guard domain == host else { return nil }
                domain = host  // a public suffix may set a host-only cookie for itself
            } else {
                guard CookieJar.domainMatches(host, domain) else { return nil }
                cookie.isHostOnly = false
            }
            cookie.domain = domain
        }
        // Step 7: Path.
        if let path = parsed.path, path.hasPrefix("/") { cookie.path = path }
        // 6265bis cookie prefixes.
        if parsed.name.hasPrefix("__Secure-") && !(parsed.secure && secureOrigin) { return nil }
        if parsed.name.hasPrefix("__Host-") && !(parsed.secure && secureOrigin && cookie.isHostOnly && parsed.path == "/") { return nil }
        // Step 11: an existing cookie of the same identity.
        if let old = cookies[cookie.key] {
            if fromScript && old.isHTTPOnly { return nil }
            cookie.createdAt = old.createdAt
        }
        // 6265bis "leave Secure cookies alone": an insecure origin cannot overlay a Secure cookie.
        if !secureOrigin, cookies.values.contains(where: { $0.isSecure && $0.name == cookie.name
            && (CookieJar.domainMatches(cookie.domain, $0.domain) || CookieJar.domainMatches($0.domain, cookie.domain))
            && CookieJar.pathMatches(cookie.path, $0.path) }) {
            return nil
        }
        if cookie.isExpired(at: now) {
            if let removed = cookies.removeValue(forKey: cookie.key) { onChange?(removed, true) }
            return nil
        }
        if policy == .sessionOnly { cookie.expiresAt = nil }
        cookies[cookie.key] = cookie
        onChange?(cookie, false)
        evict(now: now, domain: cookie.domain)
        return cookie
    }

    /// Stores `cookie` as it is (for the cookie store API and imports).
    package func insert(_ cookie: Cookie) {
        prepareForUse()
        cookies[cookie.key] = cookie
        onChange?(cookie, false)
        evict(now: clock(), domain: cookie.domain)
    }

    /// Every cookie by its key, expired ones included, for a store that
    /// must put them back when a transaction fails (`restore`).
    var snapshot: [String: Cookie] { cookies }

    /// Puts back what `snapshot` returned, reporting no change.
    func restore(_ snapshot: [String: Cookie]) { cookies = snapshot }

    /// Stores a cookie loaded from storage (no change is reported).
    func insertWithoutNotifying(_ cookie: Cookie) {
        cookies[cookie.key] = cookie
        lastCreation = max(lastCreation, cookie.createdAt)
    }

    /// Removes `cookie` (matched by name, domain, host-only and path).
    package func delete(_ cookie: Cookie) {
        prepareForUse()
        if let removed = cookies.removeValue(forKey: cookie.key) { onChange?(removed, true) }
    }

    /// Removes every cookie, or those modified since `date`.
    package func removeAll(modifiedSince date: Double = -Double.greatestFiniteMagnitude) {
        prepareForUse()
        for (key, cookie) in cookies where cookie.createdAt >= date || cookie.lastAccessedAt >= date {
            cookies[key] = nil
            onChange?(cookie, true)
        }
    }

    /// Expired cookies go; then the oldest beyond the per-domain and total
    /// limits. Each removal is reported, so that a store forgets it too.
    private func evict(now: Double, domain: String) {
        var evicted: [Cookie] = []
        for (key, cookie) in cookies where cookie.isExpired(at: now) {
            cookies[key] = nil
            evicted.append(cookie)
        }
        let inDomain = cookies.values.filter { $0.domain == domain }
        if inDomain.count > CookieJar.maximumCookiesPerDomain {
            for cookie in inDomain.sorted(by: { $0.lastAccessedAt < $1.lastAccessedAt }).prefix(inDomain.count - CookieJar.maximumCookiesPerDomain) {
                cookies[cookie.key] = nil
                evicted.append(cookie)
            }
        }
        if cookies.count > CookieJar.maximumCookies {
            for cookie in cookies.values.sorted(by: { $0.lastAccessedAt < $1.lastAccessedAt }).prefix(cookies.count - CookieJar.maximumCookies) {
                cookies[cookie.key] = nil
                evicted.append(cookie)
            }
        }
        for cookie in evicted { onChange?(cookie, true) }
    }

    // MARK: Sending (§5.4)

    /// The cookies to send to `url` by a request in `context`, in the order
    /// of §5.4 step 2: longer paths first, then earlier creation. A
    /// cross-site request leaves out Strict cookies, and Lax ones unless it
    /// is a top-level navigation by GET. `forScript` leaves out HttpOnly.
    package func cookies(for url: WebURL, context: SameSiteContext = .sameSite, forScript: Bool = false) -> [Cookie] {
        prepareForUse()
        guard let host = CookieJar.canonicalHost(url), cookiePolicy?(host) != .block else { return [] }
        let now = clock()
        let secure = url.scheme == "https" || url.scheme == "wss"
        let path = url.pathname.isEmpty ? "/" : url.pathname
        var matching = cookies.values.filter { cookie in
            !cookie.isExpired(at: now)
                && (cookie.isHostOnly ? host == cookie.domain : CookieJar.domainMatches(host, cookie.domain))
                && CookieJar.pathMatches(path, cookie.path)
                && (!cookie.isSecure || secure)
                && !(forScript && cookie.isHTTPOnly)
                && context.allowsSending(cookie.sameSite)
        }
        matching.sort { $0.path.utf8.count != $1.path.utf8.count ? $0.path.utf8.count > $1.path.utf8.count : $0.createdAt < $1.createdAt }
        for cookie in matching { cookies[cookie.key]?.lastAccessedAt = now }
        return matching
    }

    /// The `Cookie` header value for a request to `url`, or nil when none apply.
    package func cookieHeader(for url: WebURL, context: SameSiteContext = .sameSite, forScript: Bool = false) -> String? {
        let list = cookies(for: url, context: context, forScript: forScript)
        guard !list.isEmpty else { return nil }
        return list.map { $0.name.isEmpty ? $0.value : "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    // MARK: Matching (§5.1.3, §5.1.4)

    static func canonicalHost(_ url: WebURL) -> String? {
        let host = url.hostname.lowercased()
        guard !host.isEmpty else { return nil }
        // An IPv6 literal is kept in brackets as the URL serialises it.
        return host
    }

    /// §5.1.3: `host` equals `domain`, or ends with "." + domain and is not an IP address.
    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        guard host.hasSuffix("." + domain) else { return false }
        let isIPv4 = host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        return !isIPv4 && !host.hasPrefix("[")
    }

    /// §5.1.4.
    static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return cookiePath.hasSuffix("/") || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// §5.1.4's default-path: the URL's path up to its last "/", or "/".
    static func defaultPath(_ url: WebURL) -> String {
        let path = url.pathname
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
