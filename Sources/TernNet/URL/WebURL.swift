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
        if let base {
            if let fast = base.fastResolve(string) {
                self = fast
                return
            }
        } else if let fast = WebURL.fastParseAbsolute(string) {
            self = fast
            return
        }
        guard let record = URLParser.parse(string, base: base) else { return nil }
        self.init(record: record)
    }

    /// Parses with the full basic URL parser only, never the fast path (for tests that compare the two).
    init?(fullParse string: String, base: WebURL?) {
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

    /// `resolve(relative)?.href`, without building the URL when the fast path applies.
    public func resolveHref(_ relative: String) -> String? {
        if let fast = fastResolveHref(relative) { return fast }
        return WebURL(fullParse: relative, base: self)?.href
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

    private init(scheme: String, username: String, password: String, host: URLHost?, port: Int?,
                 path: [String], query: String?, fragment: String?, href: String) {
        self.scheme = scheme
        usernameStorage = username
        passwordStorage = password
        hostStorage = host
        portStorage = port
        pathStorage = path
        hasOpaquePath = false
        self.query = query
        self.fragment = fragment
        self.href = href
    }

    // MARK: - Fast relative resolution

    /// Resolves the common simple references against this URL without the full parser, by splicing
    /// onto `href`: fragment-only ("#x"), query-only ("?q"), absolute-path ("/a/b") and path-relative
    /// ("a/b.html") references of plain ASCII that the parser would copy verbatim — no percent signs,
    /// backslashes, whitespace, controls, colons, quotes, dot segments or characters it would
    /// percent-encode. Needs a special base with a host and a non-opaque path (for "file:" bases,
    /// none starting with a Windows drive letter). Returns nil whenever the fast path does not apply;
    /// the caller then runs the full parser, which gives the same result for every reference this accepts.
    func fastResolve(_ relative: String) -> WebURL? {
        guard !hasOpaquePath, hostStorage != nil, URLParser.isSpecialScheme(scheme) else { return nil }
        if scheme == "file", let first = pathStorage.first, URLParser.isNormalizedWindowsDriveLetter(first) {
            return nil
        }
        var bytes = relative
        return bytes.withUTF8 { input -> WebURL? in fastResolve(input, relative) }
    }

    /// The first `length` bytes of `head` followed by all of `tail`.
    private static func splice(_ head: String, _ length: Int, _ tail: String) -> String {
        var head = head, tail = tail
        return head.withUTF8 { h in
            tail.withUTF8 { t in
                String(unsafeUninitializedCapacity: length + t.count) { buffer in
                    if length > 0 { UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: h.baseAddress!, byteCount: length) }
                    if t.count > 0 { UnsafeMutableRawPointer(buffer.baseAddress! + length).copyMemory(from: t.baseAddress!, byteCount: t.count) }
                    return length + t.count
                }
            }
        }
    }

    /// What `fastResolve(relative)?.href` gives, without building the URL; nil when the fast path does not apply.
    func fastResolveHref(_ relative: String) -> String? {
        HrefResolver(base: self).fastResolveHref(relative)
    }

    /// Resolves many references against one base (a page's links): what the
    /// fast path needs to know of the base is worked out once, not per link.
    public struct HrefResolver {
        public let base: WebURL
        /// Whether the fast path applies to this base at all.
        private let eligible: Bool
        private let hrefCount: Int
        private let fragmentLength: Int
        /// The href up to the path ("https://host:port").
        private let prefixLength: Int
        private let pathLength: Int
        /// Bytes of each path segment.
        private let segmentLengths: [Int]

        public init(base: WebURL) {
            self.base = base
            hrefCount = base.href.utf8.count
            fragmentLength = base.fragment.map { $0.utf8.count + 1 } ?? 0
            let queryLength = base.query.map { $0.utf8.count + 1 } ?? 0
            segmentLengths = base.pathStorage.map { $0.utf8.count }
            pathLength = segmentLengths.reduce(0) { $0 + $1 + 1 }
            prefixLength = hrefCount - fragmentLength - queryLength - pathLength
            var eligible = !base.hasOpaquePath && base.hostStorage != nil && !base.pathStorage.isEmpty
                && URLParser.isSpecialScheme(base.scheme) && prefixLength > 0
            if eligible, base.scheme == "file", URLParser.isNormalizedWindowsDriveLetter(base.pathStorage[0]) { eligible = false }
            self.eligible = eligible
        }

        /// `base.resolveHref(relative)`.
        public func resolveHref(_ relative: String) -> String? {
            if let fast = fastResolveHref(relative) { return fast }
            return WebURL(fullParse: relative, base: base)?.href
        }

        /// The fast path: simple references (a path, "../" segments, a query,
        /// a fragment, an absolute URL of simple shape); nil for the rest.
        func fastResolveHref(_ relative: String) -> String? {
            guard eligible else { return nil }
            let href = base.href
            var bytes = relative
            return bytes.withUTF8 { input -> String? in
                let n = input.count
                guard n > 0 else { return nil }
                if input[0] | 0x20 >= UInt8(ascii: "a") && input[0] | 0x20 <= UInt8(ascii: "z"),
                   let shape = WebURL.fastAbsoluteShape(input) {
                    if shape.pathEnd > shape.hostEnd { return relative }
                    return WebURL.splice(WebURL.substring(input, 0, shape.hostEnd) + "/", shape.hostEnd + 1,
                                         WebURL.substring(input, shape.hostEnd, n))
                }
                // Leading "./" and "../" segments (documentation links "../library/x.html"):
                // each "../" takes one more segment off the base's directory.
                let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
                var skip = 0, up = 0
                while true {
                    if n - skip >= 3, input[skip] == dot, input[skip + 1] == dot, input[skip + 2] == slash {
                        up += 1
                        skip += 3
                    } else if n - skip >= 2, input[skip] == dot, input[skip + 1] == slash {
                        skip += 2
                    } else {
                        break
                    }
                }
                guard let (pathEnd, queryEnd) = WebURL.fastScan(input, from: skip) else { return nil }
                if skip > 0 {
                    // Only a plain path after the dot segments: the rest goes to the full parser.
                    guard pathEnd > skip, input[skip] != slash else { return nil }
                    let kept = max(0, segmentLengths.count - 1 - up)
                    var length = prefixLength + 1
                    for segment in segmentLengths[..<kept] { length += segment + 1 }
                    return WebURL.splice(href, length, WebURL.substring(input, skip, n))
                }
                if pathEnd == 0 {
                    if queryEnd == 0 { return WebURL.splice(href, hrefCount - fragmentLength, relative) }
                    return WebURL.splice(href, prefixLength + pathLength, relative)
                }
                if input[0] == UInt8(ascii: "/") {
                    if n > 1 && input[1] == UInt8(ascii: "/") { return nil }
                    return WebURL.splice(href, prefixLength, relative)
                }
                return WebURL.splice(href, prefixLength + pathLength - segmentLengths[segmentLengths.count - 1], relative)
            }
        }
    }

    /// `fastParseAbsolute` on a string.
    static func fastParseAbsolute(_ string: String) -> WebURL? {
        var bytes = string
        return bytes.withUTF8 { input -> WebURL? in fastParseAbsolute(input, string) }
    }

    /// Which characters a fast-path reference may hold: bit 0 in the path, bit 1 in the query,
    /// bit 2 in the fragment (ASCII only; everything else sends the reference to the full parser).
    private static let fastClasses: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 128)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(b)] = 7 }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(b)] = 7 }
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(b)] = 7 }
        for b in "-._~!$&()*+,;=@/".utf8 { table[Int(b)] = 7 }
        for b in "?:".utf8 { table[Int(b)] = 6 }
        return table
    }()

    /// Scans `input[from...]` as path, then "?" query, then "#" fragment, all of fast-path characters
    /// and without "." or ".." path segments. Returns where the path and the query end, or nil.
    private static func fastScan(_ input: UnsafeBufferPointer<UInt8>, from: Int) -> (pathEnd: Int, queryEnd: Int)? {
        let n = input.count
        let classes = WebURL.fastClasses
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var pathEnd = n, queryEnd = n
        var part: UInt8 = 1
        var segmentStart = from
        var i = from
        @inline(__always) func isDotSegment(_ start: Int, _ end: Int) -> Bool {
            let len = end - start
            return (len == 1 && input[start] == dot) || (len == 2 && input[start] == dot && input[start + 1] == dot)
        }
        while i < n {
            let c = input[i]
            if c == UInt8(ascii: "#") {
                if part == 4 { return nil }
                if part == 1 {
                    pathEnd = i
                    if isDotSegment(segmentStart, i) { return nil }
                }
                queryEnd = i
                part = 4
            } else if c == UInt8(ascii: "?") && part == 1 {
                pathEnd = i
                if isDotSegment(segmentStart, i) { return nil }
                part = 2
            } else {
                guard c < 128, classes[Int(c)] & part != 0 else { return nil }
                if part == 1 && c == slash {
                    if isDotSegment(segmentStart, i) { return nil }
                    segmentStart = i + 1
                }
            }
            i += 1
        }
        if part == 1 && isDotSegment(segmentStart, n) { return nil }
        return (pathEnd, queryEnd)
    }

    @inline(__always)
    private static func substring(_ input: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: input[from..<to]), as: UTF8.self)
    }

    /// Appends the segments of `input[from..<to]` (split at "/") to `path`.
    private static func appendSegments(_ input: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int,
                                       to path: inout [String]) {
        var start = from
        var j = from
        while j <= to {
            if j == to || input[j] == UInt8(ascii: "/") {
                path.append(substring(input, start, j))
                start = j + 1
            }
            j += 1
        }
    }

    private func fastResolve(_ input: UnsafeBufferPointer<UInt8>, _ string: String) -> WebURL? {
        let n = input.count
        guard n > 0 else { return nil }
        let slash = UInt8(ascii: "/")
        // A reference that starts with a letter may be an absolute URL (the fast path refuses ":" in
        // paths, so "scheme:" is never taken for a path); try the absolute fast path for those.
        if input[0] | 0x20 >= UInt8(ascii: "a") && input[0] | 0x20 <= UInt8(ascii: "z"),
           let absolute = WebURL.fastParseAbsolute(input, string) {
            return absolute
        }
        guard let (pathEnd, queryEnd) = WebURL.fastScan(input, from: 0) else { return nil }
        let newQuery: String? = pathEnd < queryEnd ? WebURL.substring(input, pathEnd + 1, queryEnd) : nil
        let newFragment: String? = queryEnd < n ? WebURL.substring(input, queryEnd + 1, n) : nil
        // The base's href is prefix + path + ("?" query) + ("#" fragment).
        let hrefBytes = href.utf8
        let fragmentLength = fragment.map { $0.utf8.count + 1 } ?? 0
        let queryLength = query.map { $0.utf8.count + 1 } ?? 0
        var pathLength = 0
        for segment in pathStorage { pathLength += segment.utf8.count + 1 }
        let prefixLength = hrefBytes.count - fragmentLength - queryLength - pathLength
        guard prefixLength > 0 else { return nil }
        func hrefPrefix(_ length: Int) -> String {
            var out = String(href.utf8.prefix(length))!
            out.reserveCapacity(length + n)
            return out
        }
        if pathEnd == 0 {
            if queryEnd == 0 {
                // "#fragment": the base with another fragment.
                var out = hrefPrefix(hrefBytes.count - fragmentLength)
                out += string
                return WebURL(scheme: scheme, username: usernameStorage, password: passwordStorage,
                              host: hostStorage, port: portStorage, path: pathStorage,
                              query: query, fragment: newFragment, href: out)
            }
            // "?query[#fragment]": the base's path with a new query.
            var out = hrefPrefix(prefixLength + pathLength)
            out += string
            return WebURL(scheme: scheme, username: usernameStorage, password: passwordStorage,
                          host: hostStorage, port: portStorage, path: pathStorage,
                          query: newQuery, fragment: newFragment, href: out)
        }
        var path: [String]
        var out: String
        if input[0] == slash {
            // "/absolute/path", but not "//host".
            if n > 1 && input[1] == slash { return nil }
            path = []
            out = hrefPrefix(prefixLength)
            WebURL.appendSegments(input, 1, pathEnd, to: &path)
        } else {
            // "relative/path": the base's directory followed by the reference.
            path = pathStorage
            var directoryLength = prefixLength + pathLength
            if let last = path.popLast() { directoryLength -= last.utf8.count }
            out = hrefPrefix(directoryLength)
            WebURL.appendSegments(input, 0, pathEnd, to: &path)
        }
        out += string
        return WebURL(scheme: scheme, username: usernameStorage, password: passwordStorage,
                      host: hostStorage, port: portStorage, path: path,
                      query: newQuery, fragment: newFragment, href: out)
    }

    /// Parses the common absolute URLs without the full parser: "http", "https", "ws", "wss" or "ftp"
    /// in lower case, "://", a host of lower-case ASCII letters, digits, "-" and "." (no empty label,
    /// no "xn--" label, the last label starting with a letter, so neither IDNA nor IPv4 changes it),
    /// no userinfo or port, then a path, query and fragment the parser would copy verbatim.
    /// Returns nil whenever that does not apply.
    private static func fastAbsoluteShape(_ input: UnsafeBufferPointer<UInt8>)
        -> (scheme: String, hostStart: Int, hostEnd: Int, pathEnd: Int, queryEnd: Int)? {
        let n = input.count
        var colon = 0
        while colon < n && colon < 6 && input[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon < n, colon >= 2, colon + 2 < n, input[colon + 1] == UInt8(ascii: "/"),
              input[colon + 2] == UInt8(ascii: "/") else { return nil }
        let scheme: String
        switch (colon, input[0], input[1], input[colon - 1]) {
        case (4, UInt8(ascii: "h"), UInt8(ascii: "t"), UInt8(ascii: "p")):
            guard input[2] == UInt8(ascii: "t") else { return nil }
            scheme = "http"
        case (5, UInt8(ascii: "h"), UInt8(ascii: "t"), UInt8(ascii: "s")):
            guard input[2] == UInt8(ascii: "t"), input[3] == UInt8(ascii: "p") else { return nil }
            scheme = "https"
        case (2, UInt8(ascii: "w"), UInt8(ascii: "s"), _): scheme = "ws"
        case (3, UInt8(ascii: "w"), UInt8(ascii: "s"), UInt8(ascii: "s")): scheme = "wss"
        case (3, UInt8(ascii: "f"), UInt8(ascii: "t"), UInt8(ascii: "p")): scheme = "ftp"
        default: return nil
        }
        // The host.
        let hostStart = colon + 3
        var i = hostStart
        var labelStart = hostStart
        while i < n {
            let c = input[i]
            if c == UInt8(ascii: "/") || c == UInt8(ascii: "?") || c == UInt8(ascii: "#") { break }
            if c == UInt8(ascii: ".") {
                guard i > labelStart else { return nil }
                if i - labelStart >= 4 && input[labelStart] == UInt8(ascii: "x")
                    && input[labelStart + 1] == UInt8(ascii: "n") && input[labelStart + 2] == UInt8(ascii: "-")
                    && input[labelStart + 3] == UInt8(ascii: "-") { return nil }
                labelStart = i + 1
            } else if !((c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
                        || c == UInt8(ascii: "-")) {
                return nil
            }
            i += 1
        }
        let hostEnd = i
        guard hostEnd > labelStart, input[labelStart] >= UInt8(ascii: "a"), input[labelStart] <= UInt8(ascii: "z"),
              !(hostEnd - labelStart >= 4 && input[labelStart] == UInt8(ascii: "x") && input[labelStart + 1] == UInt8(ascii: "n")
                && input[labelStart + 2] == UInt8(ascii: "-") && input[labelStart + 3] == UInt8(ascii: "-"))
        else { return nil }
        guard let (pathEnd, queryEnd) = fastScan(input, from: hostEnd) else { return nil }
        return (scheme, hostStart, hostEnd, pathEnd, queryEnd)
    }

    static func fastParseAbsolute(_ input: UnsafeBufferPointer<UInt8>, _ string: String) -> WebURL? {
        guard let (scheme, hostStart, hostEnd, pathEnd, queryEnd) = fastAbsoluteShape(input) else { return nil }
        let n = input.count
        var path: [String] = []
        var href: String
        if pathEnd > hostEnd {
            appendSegments(input, hostEnd + 1, pathEnd, to: &path)
            href = string
        } else {
            // No path: the serialisation gains "/" after the host.
            path = [""]
            href = substring(input, 0, hostEnd)
            href.reserveCapacity(n + 1)
            href += "/"
            href += substring(input, hostEnd, n)
        }
        let query: String? = pathEnd < queryEnd ? substring(input, pathEnd + 1, queryEnd) : nil
        let fragment: String? = queryEnd < n ? substring(input, queryEnd + 1, n) : nil
        return WebURL(scheme: scheme, username: "", password: "", host: .domain(substring(input, hostStart, hostEnd)),
                      port: nil, path: path, query: query, fragment: fragment, href: href)
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

    /// The serialised host followed by ":port" when the URL has an explicit
    /// non-default port; "" without a host. This is the URL Standard's
    /// `host` (https://url.spec.whatwg.org/#dom-url-host), as JavaScript's
    /// `location.host` gives it: "example.com:8080". Foundation's
    /// `URL.host` has no port; that is `hostname` here.
    public var host: String {
        guard let h = hostStorage else { return "" }
        if let port = portStorage { return h.serialized + ":" + String(port) }
        return h.serialized
    }

    /// The serialised host without port; "" without a host: the URL
    /// Standard's `hostname`, "example.com", what Foundation's `URL.host`
    /// gives, except that an IPv6 address keeps its brackets here ("[::1]").
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
