/// How to lay a document out. A value; every property has a default.
public struct LayoutOptions {
    /// The width in display columns (default 80; at least 1 is used).
    public var width: Int
    /// Turns an `href` or `src` as written into the URL to record in `Link.url`.
    /// Default: identity. TernKit passes a resolver against the document URL.
    public var resolveURL: (String) -> String
    /// Resolves a reference against an absolute base URL, used when the page
    /// has `<base href>` (the base itself goes through `resolveURL` first).
    /// Default nil: a small RFC 3986 resolver built into TernLayout is used.
    public var resolveURLAgainstBase: ((_ reference: String, _ base: String) -> String)?
    /// Whether scripts run: `<noscript>` content is shown only when false (default false).
    public var scriptingEnabled: Bool
    /// Whether links are shown with their number, `[1]text` (default true).
    public var numberLinks: Bool

    public init(width: Int = 80, resolveURL: @escaping (String) -> String = { $0 },
                resolveURLAgainstBase: ((String, String) -> String)? = nil,
                scriptingEnabled: Bool = false, numberLinks: Bool = true) {
        self.width = width
        self.resolveURL = resolveURL
        self.resolveURLAgainstBase = resolveURLAgainstBase
        self.scriptingEnabled = scriptingEnabled
        self.numberLinks = numberLinks
    }
}
