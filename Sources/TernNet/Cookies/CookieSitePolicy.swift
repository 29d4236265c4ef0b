/// What a site may do with cookies: a browser's per-site cookie setting,
/// which `CookieJar.cookiePolicy` gives for a host.
public enum CookieSitePolicy: String, Sendable, CaseIterable {
    /// Cookies are stored and sent as RFC 6265 says (the default).
    case allow
    /// No cookie is stored from this host and none is sent to it (by HTTP
    /// or `document.cookie`); cookies already stored stay in the jar.
    case block
    /// Cookies are stored and sent, but a persistent one is kept as a
    /// session cookie: it ends with the session, whatever its
    /// `Expires`/`Max-Age` says (a `Max-Age=0` still deletes).
    case sessionOnly = "session-only"
}
