import TernKit

/// A `[site PATTERN]` section of the settings file: what it sets for the
/// hosts of its pattern (nil: not set there).
public struct SiteSettings: Equatable {
    public var pattern: SitePattern
    /// The line of the section's header.
    public var line: Int
    public var values = Values()

    /// The keys a site section takes.
    public struct Values: Equatable {
        /// `javascript = on|off`: whether the pages' own scripts run.
        public var javaScript: Bool?
        /// `cookies = allow|block|session-only`.
        public var cookies: CookieSitePolicy?
        /// `user-agent = STRING`, for the pages and their subresources.
        public var userAgent: String?

        public init(javaScript: Bool? = nil, cookies: CookieSitePolicy? = nil, userAgent: String? = nil) {
            self.javaScript = javaScript
            self.cookies = cookies
            self.userAgent = userAgent
        }

        /// `other`'s values where it sets them, else these.
        func overlaid(by other: Values) -> Values {
            Values(javaScript: other.javaScript ?? javaScript, cookies: other.cookies ?? cookies,
                   userAgent: other.userAgent ?? userAgent)
        }
    }

    public init(pattern: SitePattern, line: Int, values: Values = Values()) {
        self.pattern = pattern
        self.line = line
        self.values = values
    }
}

extension Array where Element == SiteSettings {
    /// The values for `host`, each key from the most specific section that
    /// sets it and matches: an exact host over any domain, a longer domain
    /// over a shorter one, and of equal ones the later in the file.
    public func values(forHost host: String) -> SiteSettings.Values {
        enumerated()
            .filter { $0.element.pattern.matches(host: host) }
            .sorted { ($0.element.pattern.specificity, $0.offset) < ($1.element.pattern.specificity, $1.offset) }
            .reduce(SiteSettings.Values()) { $0.overlaid(by: $1.element.values) }
    }
}
