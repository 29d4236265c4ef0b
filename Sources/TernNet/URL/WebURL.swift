// A URL as defined by the WHATWG URL Standard (https://url.spec.whatwg.org/).

/// A parsed URL, following the WHATWG URL Standard (the same parser browsers use).
///
/// Create one with `WebURL("https://example.com/a?b#c")` or resolve a relative reference
/// against a base with `WebURL("../x", base: base)`. The getters mirror the JavaScript `URL`
/// interface (`href`, `protocol`, `host`, `pathname`, …). Two URLs are equal when their
/// serialisations (`href`) are equal.
public struct WebURL: Hashable, CustomStringConvertible, Sendable {
    /// The scheme, lowercased, without ":" (e.g. "https").
    public let scheme: String
    private let usernameStorage: String
    private let passwordStorage: String
    private let hostStorage: URLHost?
    private let portStorage: Int?
    /// Path segments, or the opaque path as a single element when `hasOpaquePath` is true.
    private let pathStorage: [String]
    /// Whether the URL has an opaque path (e.g. "mailto:", "javascript:", "data:").
    public let hasOpaquePath: Bool
    /// The query, without the leading "?", or nil when the URL has none.
    public let query: String?
    /// The fragment, without the leading "#", or nil when the URL has none.
    public let fragment: String?
    /// The serialisation of the URL.
    public let href: String

    // MARK: - Parsing

    /// Parses `string` with the basic URL parser, relative to `base` if given. Returns nil on failure.
    public init?(_ string: String, base: WebURL? = nil) {
        guard let record = URLParser.parse(string, base: base) else { return nil }
        self.init(record: record)
    }

    /// Parses `string` against an optional base URL string, like `new URL(string, base)` in JavaScript.
    /// Returns nil if the base is given but invalid, or if `string` cannot be parsed.
    public static func parse(_ string: String, base: String?) -> WebURL? {
        if let base = base {
            guard let baseURL = WebURL(base) else { return nil }
            return WebURL(string, base: baseURL)
        }
        return WebURL(string)
    }

    /// Resolves a relative reference against this URL (`WebURL(relative, base: self)`).
    public func resolve(_ relative: String) -> WebURL? {
        WebURL(relative, base: self)
    }

    init(record: URLRecord) {
        scheme = record.scheme
        usernameStorage = String(decoding: record.username, as: UTF8.self)
        passwordStorage = String(decoding: record.password, as: UTF8.self)
        hostStorage = record.host
        portStorage = record.port
        if let opaque = record.opaquePath {
            hasOpaquePath = true
            pathStorage = [String(decoding: opaque, as: UTF8.self)]
        } else {
            hasOpaquePath = false
            pathStorage = record.path
        }
        query = record.query.map { String(decoding: $0, as: UTF8.self) }
        fragment = record.fragment.map { String(decoding: $0, as: UTF8.self) }
        href = WebURL.serialize(scheme: scheme, username: usernameStorage, password: passwordStorage,
                                host: hostStorage, port: portStorage, path: pathStorage,
                                hasOpaquePath: hasOpaquePath, query: query, fragment: fragment)
    }

    private init(copying url: WebURL, fragment: String?) {
        scheme = url.scheme
        usernameStorage = url.usernameStorage
        passwordStorage = url.passwordStorage
        hostStorage = url.hostStorage
        portStorage = url.portStorage
        pathStorage = url.pathStorage
        hasOpaquePath = url.hasOpaquePath
        query = url.query
        self.fragment = fragment
        href = WebURL.serialize(scheme: scheme, username: usernameStorage, password: passwordStorage,
                                host: hostStorage, port: portStorage, path: pathStorage,
                                hasOpaquePath: hasOpaquePath, query: query, fragment: fragment)
    }

    /// The URL serialiser.
    private static func serialize(scheme: String, username: String, password: String, host: URLHost?,
                                  port: Int?, path: [String], hasOpaquePath: Bool,
                                  query: String?, fragment: String?) -> String {
        var out = scheme
        out += ":"
        if let host = host {
            out += "//"
            if !username.isEmpty || !password.isEmpty {
                out += username
                if !password.isEmpty {
                    out += ":"
                    out += password
                }
                out += "@"
            }
            out += host.serialized
            if let port = port {
                out += ":"
                out += String(port)
            }
        } else if !hasOpaquePath && path.count > 1 && path[0].isEmpty {
            out += "/."
        }
        out += serializePath(path, opaque: hasOpaquePath)
        if let query = query {
            out += "?"
            out += query
        }
        if let fragment = fragment {
            out += "#"
            out += fragment
        }
        return out
    }

    private static func serializePath(_ path: [String], opaque: Bool) -> String {
        if opaque { return path.first ?? "" }
        var out = ""
        out.reserveCapacity(path.reduce(0) { $0 + $1.utf8.count + 1 })
        for segment in path {
            out += "/"
            out += segment
        }
        return out
    }

    // MARK: - Getters (as in the JavaScript URL interface)

    /// The scheme followed by ":" (e.g. "https:").
    public var `protocol`: String { scheme + ":" }

    /// The percent-encoded username, or "".
    public var username: String { usernameStorage }

    /// The percent-encoded password, or "".
    public var password: String { passwordStorage }

    /// The serialised host followed by ":port" when the URL has an explicit non-default port; "" without a host.
    public var host: String {
        guard let h = hostStorage else { return "" }
        if let port = portStorage { return h.serialized + ":" + String(port) }
        return h.serialized
    }

    /// The serialised host without port; "" without a host.
    public var hostname: String { hostStorage?.serialized ?? "" }

    /// The explicit port as a string; "" when absent or equal to the scheme's default port.
    public var port: String { portStorage.map { String($0) } ?? "" }

    /// The explicit port, else the default port of a special scheme, else nil.
    public var portNumber: Int? { portStorage ?? URLParser.defaultPort(forScheme: scheme) }

    /// The serialised path ("/a/b", or the opaque path such as "alert(1)" for "javascript:alert(1)").
    public var pathname: String { WebURL.serializePath(pathStorage, opaque: hasOpaquePath) }

    /// "?" followed by the query, or "" when the query is absent or empty.
    public var search: String {
        guard let q = query, !q.isEmpty else { return "" }
        return "?" + q
    }

    /// "#" followed by the fragment, or "" when the fragment is absent or empty.
    public var hash: String {
        guard let f = fragment, !f.isEmpty else { return "" }
        return "#" + f
    }

    /// Whether the scheme is special (http, https, ws, wss, ftp, file).
    public var isSpecial: Bool { URLParser.isSpecialScheme(scheme) }

    /// The parsed host, or nil when the URL has none.
    public var urlHost: URLHost? { hostStorage }

    /// The explicit port stored in the URL (nil when absent or equal to the default port).
    public var explicitPort: Int? { portStorage }

    /// The path segments (empty for URLs with an opaque path).
    public var pathSegments: [String] { hasOpaquePath ? [] : pathStorage }

    /// The URL without its fragment.
    public var withoutFragment: WebURL {
        fragment == nil ? self : WebURL(copying: self, fragment: nil)
    }

    /// The ASCII serialisation of the URL's origin: "scheme://host[:port]" for http(s), ws(s) and ftp,
    /// the inner URL's origin for "blob:" URLs wrapping an http(s) URL, and "null" (opaque) otherwise.
    public var origin: String {
        switch scheme {
        case "http", "https", "ws", "wss", "ftp":
            var out = scheme + "://" + hostname
            if let port = portStorage { out += ":" + String(port) }
            return out
        case "blob":
            if let inner = WebURL(pathname), inner.scheme == "http" || inner.scheme == "https" {
                return inner.origin
            }
            return "null"
        default:
            return "null"
        }
    }

    /// The serialisation (same as `href`).
    public var description: String { href }

    // MARK: - Hashable

    public static func == (lhs: WebURL, rhs: WebURL) -> Bool { lhs.href == rhs.href }

    public func hash(into hasher: inout Hasher) { hasher.combine(href) }

    // MARK: - IDNA

    /// The URL Standard's "domain to ASCII" (see `IDNA.domainToASCII`). Returns nil on failure.
    public static func domainToASCII(_ domain: String, beStrict: Bool = false) -> String? {
        IDNA.domainToASCII(domain, beStrict: beStrict)
    }
}
