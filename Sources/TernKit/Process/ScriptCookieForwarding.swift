import TernNet

/// Answers `document.cookie` for a page whose cookies are kept elsewhere
/// (`WebPage.cookieForwarder`: a content process's browser).
protocol ScriptCookieForwarding: AnyObject {
    /// The `Cookie` header a script at `url` may read (no HttpOnly cookie).
    func scriptCookieHeader(for url: WebURL) -> String
    /// A script at `url` set `cookie` (a Set-Cookie line).
    func setScriptCookie(_ cookie: String, for url: WebURL)
}
