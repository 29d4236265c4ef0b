import TernKit

/// Which hosts a `[site PATTERN]` section of the settings file is for:
///
/// - `example.com`: that host only (not `www.example.com`);
/// - `*.example.com`: `example.com` and every host under it
///   (`www.example.com`, `a.b.example.com`).
///
/// Hosts are compared in the form a URL gives them: ASCII-lowercased, an
/// international name in its IDNA (`xn--`) form (the pattern may be
/// written either way), an IPv4 address as four decimal numbers, an IPv6
/// address in brackets (`[::1]`). IP addresses take no `*.`. No port, no
/// scheme, no path: a pattern names a host.
public struct SitePattern: Equatable, CustomStringConvertible {
    /// The host, or the domain of a `*.` pattern, normalized.
    public let host: String
    /// A `*.` pattern: the domain and every host under it.
    public let includesSubdomains: Bool

    /// The pattern `text` (`example.com`, `*.example.com`); throws
    /// `SettingsFile.InvalidValue` saying why it is not one.
    public init(_ text: String) throws {
        var name = text
        let wildcard = name.hasPrefix("*.")
        if wildcard { name.removeFirst(2) }
        guard !name.isEmpty else { throw SettingsFile.InvalidValue("a site pattern needs a host name (example.com or *.example.com)") }
        if name.contains("*") {
            throw SettingsFile.InvalidValue("\"*\" only begins a pattern, as in *.example.com")
        }
        let isIPv6 = name.hasPrefix("[") && name.hasSuffix("]")
        let forbidden: Set<Character> = isIPv6 ? ["/", "?", "#", "@", "\\", " "] : ["/", "?", "#", "@", "\\", ":", " ", "[", "]"]
        if let bad = name.first(where: { forbidden.contains($0) || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) {
            throw SettingsFile.InvalidValue("a site pattern is a host name alone, without \"\(bad)\" (no scheme, port or path)")
        }
        guard let url = WebURL("http://" + name + "/"), !url.hostname.isEmpty else {
            throw SettingsFile.InvalidValue("\(text) is not a host name")
        }
        let host = SitePattern.canonical(url.hostname)
        let isIP = host.hasPrefix("[") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        if wildcard && isIP { throw SettingsFile.InvalidValue("an IP address takes no \"*.\": write \(host)") }
        self.host = host
        includesSubdomains = wildcard
    }

    /// Whether `host` (as a URL gives it: `url.hostname`) is one of the pattern's.
    public func matches(host: String) -> Bool {
        let host = SitePattern.canonical(host.lowercased())
        if host == self.host { return true }
        return includesSubdomains && host.hasSuffix("." + self.host)
    }

    /// The host as DNS names it: `example.com.` (the fully qualified form,
    /// with the root's empty label) is `example.com`, so a trailing dot
    /// cannot step around a site's settings.
    static func canonical(_ host: String) -> String {
        host.count > 1 && host.hasSuffix(".") ? String(host.dropLast()) : host
    }

    /// Bigger is more specific: an exact host beats every domain, a longer domain a shorter one.
    var specificity: Int {
        includesSubdomains ? host.utf8.count : Int.max
    }

    public var description: String {
        includesSubdomains ? "*." + host : host
    }
}
