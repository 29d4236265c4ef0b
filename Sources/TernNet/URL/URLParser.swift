// The basic URL parser of the WHATWG URL Standard (https://url.spec.whatwg.org/#concept-basic-url-parser),
// implemented as the spec's state machine over the UTF-8 bytes of the input.

/// The URL record being built by the parser.
struct URLRecord {
    var scheme: String = ""
    var username: [UInt8] = []
    var password: [UInt8] = []
    var host: URLHost? = nil
    var port: Int? = nil
    /// Path segments (used when `opaquePath` is nil).
    var path: [String] = []
    /// The opaque path, for URLs such as "mailto:x" or "javascript:…".
    var opaquePath: [UInt8]? = nil
    var query: [UInt8]? = nil
    var fragment: [UInt8]? = nil
    var isSpecial = false
}

/// The basic URL parser (without state override).
struct URLParser {
    private enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative
        case relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host
        case port, file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
    }

    // ASCII constants (as Int so that -1 can stand for EOF).
    private static let eof = -1
    private static let slash = 0x2F, backslash = 0x5C, question = 0x3F, hashSign = 0x23, colon = 0x3A
    private static let at = 0x40, lbracket = 0x5B, rbracket = 0x5D, space = 0x20

    /// Special schemes and their default ports (file has none).
    static func defaultPort(forScheme scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": return 80
        case "https", "wss": return 443
        case "ftp": return 21
        default: return nil
        }
    }

    /// Whether `scheme` is a special scheme.
    static func isSpecialScheme(_ scheme: String) -> Bool {
        switch scheme {
        case "http", "https", "ws", "wss", "ftp", "file": return true
        default: return false
        }
    }

    @inline(__always) private static func isAlpha(_ c: Int) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }

    @inline(__always) private static func isDigit(_ c: Int) -> Bool { c >= 0x30 && c <= 0x39 }

    /// A Windows drive letter: an ASCII alpha followed by ":" or "|".
    static func isWindowsDriveLetter<C: Collection>(_ s: C) -> Bool where C.Element == UInt8 {
        guard s.count == 2 else { return false }
        let a = Int(s[s.startIndex]), b = Int(s[s.index(after: s.startIndex)])
        return isAlpha(a) && (b == colon || b == 0x7C)
    }

    /// A normalized Windows drive letter: an ASCII alpha followed by ":".
    static func isNormalizedWindowsDriveLetter(_ s: String) -> Bool {
        let u = s.utf8
        guard u.count == 2 else { return false }
        let a = Int(u[u.startIndex]), b = Int(u[u.index(after: u.startIndex)])
        return isAlpha(a) && b == colon
    }

    /// Whether `input[from...]` starts with a Windows drive letter.
    private static func startsWithWindowsDriveLetter(_ input: [UInt8], from p: Int) -> Bool {
        let n = input.count
        guard p >= 0, n - p >= 2 else { return false }
        guard isAlpha(Int(input[p])), input[p + 1] == UInt8(ascii: ":") || input[p + 1] == UInt8(ascii: "|") else {
            return false
        }
        if n - p == 2 { return true }
        let c = Int(input[p + 2])
        return c == slash || c == backslash || c == question || c == hashSign
    }

    /// "." or "%2e" (ASCII case-insensitive).
    private static func isSingleDot(_ b: [UInt8]) -> Bool {
        switch b.count {
        case 1: return b[0] == 0x2E
        case 3: return b[0] == 0x25 && b[1] == 0x32 && (b[2] | 0x20) == 0x65
        default: return false
        }
    }

    /// "..", ".%2e", "%2e." or "%2e%2e" (ASCII case-insensitive).
    private static func isDoubleDot(_ b: [UInt8]) -> Bool {
        func isEncodedDot(_ i: Int) -> Bool { b[i] == 0x25 && b[i + 1] == 0x32 && (b[i + 2] | 0x20) == 0x65 }
        switch b.count {
        case 2: return b[0] == 0x2E && b[1] == 0x2E
        case 4: return (b[0] == 0x2E && isEncodedDot(1)) || (isEncodedDot(0) && b[3] == 0x2E)
        case 6: return isEncodedDot(0) && isEncodedDot(3)
        default: return false
        }
    }

    /// Shortens a URL's path, keeping a lone normalized Windows drive letter of a file URL.
    private static func shortenPath(_ url: inout URLRecord) {
        if url.scheme == "file", url.path.count == 1, isNormalizedWindowsDriveLetter(url.path[0]) { return }
        if !url.path.isEmpty { url.path.removeLast() }
    }

    /// Removes leading/trailing C0 control or space and all ASCII tab or newline.
    private static func preprocess(_ string: String) -> [UInt8] {
        var bytes = Array(string.utf8)
        var start = 0, end = bytes.count
        while start < end && bytes[start] <= 0x20 { start += 1 }
        while end > start && bytes[end - 1] <= 0x20 { end -= 1 }
        if start > 0 || end < bytes.count { bytes = Array(bytes[start..<end]) }
        if bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            bytes.removeAll(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        }
        return bytes
    }

    /// Runs the basic URL parser. Returns nil on failure.
    static func parse(_ string: String, base: WebURL?) -> URLRecord? {
        let input = preprocess(string)
        let n = input.count
        var url = URLRecord()
        var state = State.schemeStart
        var buffer: [UInt8] = []
        var atSignSeen = false, insideBrackets = false, passwordTokenSeen = false
        var p = 0

        @inline(__always) func char(_ i: Int) -> Int { i >= 0 && i < n ? Int(input[i]) : eof }

        while true {
            let c = char(p)
            switch state {
            case .schemeStart:
                if isAlpha(c) {
                    buffer.append(UInt8(c) | 0x20)
                    state = .scheme
                } else {
                    state = .noScheme
                    p -= 1
                }

            case .scheme:
                if isAlpha(c) || isDigit(c) || c == 0x2B || c == 0x2D || c == 0x2E {
                    buffer.append(isAlpha(c) ? UInt8(c) | 0x20 : UInt8(c))
                } else if c == colon {
                    url.scheme = String(decoding: buffer, as: UTF8.self)
                    url.isSpecial = isSpecialScheme(url.scheme)
                    buffer.removeAll(keepingCapacity: true)
                    if url.scheme == "file" {
                        state = .file
                    } else if url.isSpecial, let base = base, base.scheme == url.scheme {
                        state = .specialRelativeOrAuthority
                    } else if url.isSpecial {
                        state = .specialAuthoritySlashes
                    } else if char(p + 1) == slash {
                        state = .pathOrAuthority
                        p += 1
                    } else {
                        url.opaquePath = []
                        state = .opaquePath
                    }
                } else {
                    buffer.removeAll(keepingCapacity: true)
                    state = .noScheme
                    p = -1
                }

            case .noScheme:
                guard let base = base else { return nil }
                if base.hasOpaquePath {
                    guard c == hashSign else { return nil }
                    url.scheme = base.scheme
                    url.isSpecial = base.isSpecial
                    url.opaquePath = Array(base.pathname.utf8)
                    url.query = base.query.map { Array($0.utf8) }
                    url.fragment = []
                    state = .fragment
                } else if base.scheme != "file" {
                    state = .relative
                    p -= 1
                } else {
                    state = .file
                    p -= 1
                }

            case .specialRelativeOrAuthority:
                if c == slash && char(p + 1) == slash {
                    state = .specialAuthorityIgnoreSlashes
                    p += 1
                } else {
                    state = .relative
                    p -= 1
                }

            case .pathOrAuthority:
                if c == slash {
                    state = .authority
                } else {
                    state = .path
                    p -= 1
                }

            case .relative:
                let base = base!
                url.scheme = base.scheme
                url.isSpecial = base.isSpecial
                if c == slash || (url.isSpecial && c == backslash) {
                    state = .relativeSlash
                } else {
                    url.username = Array(base.username.utf8)
                    url.password = Array(base.password.utf8)
                    url.host = base.urlHost
                    url.port = base.explicitPort
                    url.path = base.pathSegments
                    url.query = base.query.map { Array($0.utf8) }
                    if c == question {
                        url.query = []
                        state = .query
                    } else if c == hashSign {
                        url.fragment = []
                        state = .fragment
                    } else if c != eof {
                        url.query = nil
                        shortenPath(&url)
                        state = .path
                        p -= 1
                    }
                }

            case .relativeSlash:
                if url.isSpecial && (c == slash || c == backslash) {
                    state = .specialAuthorityIgnoreSlashes
                } else if c == slash {
                    state = .authority
                } else {
                    let base = base!
                    url.username = Array(base.username.utf8)
                    url.password = Array(base.password.utf8)
                    url.host = base.urlHost
                    url.port = base.explicitPort
                    state = .path
                    p -= 1
                }

            case .specialAuthoritySlashes:
                if c == slash && char(p + 1) == slash {
                    state = .specialAuthorityIgnoreSlashes
                    p += 1
                } else {
                    state = .specialAuthorityIgnoreSlashes
                    p -= 1
                }

            case .specialAuthorityIgnoreSlashes:
                if c != slash && c != backslash {
                    state = .authority
                    p -= 1
                }

            case .authority:
                if c == at {
                    if atSignSeen { buffer.insert(contentsOf: [0x25, 0x34, 0x30], at: 0) }
                    atSignSeen = true
                    for b in buffer {
                        if b == UInt8(colon) && !passwordTokenSeen {
                            passwordTokenSeen = true
                            continue
                        }
                        if passwordTokenSeen {
                            PercentEncoding.append(b, to: &url.password, set: .userinfo)
                        } else {
                            PercentEncoding.append(b, to: &url.username, set: .userinfo)
                        }
                    }
                    buffer.removeAll(keepingCapacity: true)
                } else if c == eof || c == slash || c == question || c == hashSign || (url.isSpecial && c == backslash) {
                    if atSignSeen && buffer.isEmpty { return nil }
                    p -= buffer.count + 1
                    buffer.removeAll(keepingCapacity: true)
                    state = .host
                } else {
                    buffer.append(UInt8(c))
                }

            case .host:
                if c == colon && !insideBrackets {
                    if buffer.isEmpty { return nil }
                    guard let host = URLHost.parse(buffer, isOpaque: !url.isSpecial) else { return nil }
                    url.host = host
                    buffer.removeAll(keepingCapacity: true)
                    state = .port
                } else if c == eof || c == slash || c == question || c == hashSign || (url.isSpecial && c == backslash) {
                    p -= 1
                    if url.isSpecial && buffer.isEmpty { return nil }
                    guard let host = URLHost.parse(buffer, isOpaque: !url.isSpecial) else { return nil }
                    url.host = host
                    buffer.removeAll(keepingCapacity: true)
                    state = .pathStart
                } else {
                    if c == lbracket { insideBrackets = true }
                    if c == rbracket { insideBrackets = false }
                    buffer.append(UInt8(c))
                }

            case .port:
                if isDigit(c) {
                    buffer.append(UInt8(c))
                } else if c == eof || c == slash || c == question || c == hashSign || (url.isSpecial && c == backslash) {
                    if !buffer.isEmpty {
                        var port = 0
                        for d in buffer {
                            port = port * 10 + Int(d - 0x30)
                            if port > 65535 { return nil }
                        }
                        url.port = port == defaultPort(forScheme: url.scheme) ? nil : port
                        buffer.removeAll(keepingCapacity: true)
                    }
                    state = .pathStart
                    p -= 1
                } else {
                    return nil
                }

            case .file:
                url.scheme = "file"
                url.isSpecial = true
                url.host = .empty
                if c == slash || c == backslash {
                    state = .fileSlash
                } else if let base = base, base.scheme == "file" {
                    url.host = base.urlHost
                    url.path = base.pathSegments
                    url.query = base.query.map { Array($0.utf8) }
                    if c == question {
                        url.query = []
                        state = .query
                    } else if c == hashSign {
                        url.fragment = []
                        state = .fragment
                    } else if c != eof {
                        url.query = nil
                        if !startsWithWindowsDriveLetter(input, from: p) {
                            shortenPath(&url)
                        } else {
                            url.path = []
                        }
                        state = .path
                        p -= 1
                    }
                } else {
                    state = .path
                    p -= 1
                }

            case .fileSlash:
                if c == slash || c == backslash {
                    state = .fileHost
                } else {
                    if let base = base, base.scheme == "file" {
                        url.host = base.urlHost
                        let basePath = base.pathSegments
                        if !startsWithWindowsDriveLetter(input, from: p),
                           let first = basePath.first, isNormalizedWindowsDriveLetter(first) {
                            url.path.append(first)
                        }
                    }
                    state = .path
                    p -= 1
                }

            case .fileHost:
                if c == eof || c == slash || c == backslash || c == question || c == hashSign {
                    p -= 1
                    if isWindowsDriveLetter(buffer) {
                        state = .path
                    } else if buffer.isEmpty {
                        url.host = .empty
                        state = .pathStart
                    } else {
                        guard var host = URLHost.parse(buffer, isOpaque: !url.isSpecial) else { return nil }
                        if host == .domain("localhost") { host = .empty }
                        url.host = host
                        buffer.removeAll(keepingCapacity: true)
                        state = .pathStart
                    }
                } else {
                    buffer.append(UInt8(c))
                }

            case .pathStart:
                if url.isSpecial {
                    state = .path
                    if c != slash && c != backslash { p -= 1 }
                } else if c == question {
                    url.query = []
                    state = .query
                } else if c == hashSign {
                    url.fragment = []
                    state = .fragment
                } else if c != eof {
                    state = .path
                    if c != slash { p -= 1 }
                }

            case .path:
                let isSlash = c == slash || (url.isSpecial && c == backslash)
                if c == eof || isSlash || c == question || c == hashSign {
                    if isDoubleDot(buffer) {
                        shortenPath(&url)
                        if !isSlash { url.path.append("") }
                    } else if isSingleDot(buffer) {
                        if !isSlash { url.path.append("") }
                    } else {
                        if url.scheme == "file" && url.path.isEmpty && isWindowsDriveLetter(buffer) {
                            buffer[1] = UInt8(colon)
                        }
                        url.path.append(String(decoding: buffer, as: UTF8.self))
                    }
                    buffer.removeAll(keepingCapacity: true)
                    if c == question {
                        url.query = []
                        state = .query
                    } else if c == hashSign {
                        url.fragment = []
                        state = .fragment
                    }
                } else {
                    PercentEncoding.append(UInt8(c), to: &buffer, set: .path)
                }

            case .opaquePath:
                if c == question {
                    url.query = []
                    state = .query
                } else if c == hashSign {
                    url.fragment = []
                    state = .fragment
                } else if c == space {
                    let next = char(p + 1)
                    if next == question || next == hashSign {
                        url.opaquePath!.append(contentsOf: [0x25, 0x32, 0x30])
                    } else {
                        url.opaquePath!.append(0x20)
                    }
                } else if c != eof {
                    PercentEncoding.append(UInt8(c), to: &url.opaquePath!, set: .c0Control)
                }

            case .query:
                if c == hashSign {
                    url.fragment = []
                    state = .fragment
                } else if c != eof {
                    PercentEncoding.append(UInt8(c), to: &url.query!, set: url.isSpecial ? .specialQuery : .query)
                }

            case .fragment:
                if c != eof {
                    PercentEncoding.append(UInt8(c), to: &url.fragment!, set: .fragment)
                }
            }
            if p >= n { break }
            p += 1
        }
        return url
    }
}
