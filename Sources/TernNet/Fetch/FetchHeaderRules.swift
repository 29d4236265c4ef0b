/// The Fetch standard's rules for methods and header fields a page supplies
/// (https://fetch.spec.whatwg.org/#terminology-headers and #methods).
/// Header names and values are byte sequences in Fetch; here a `String`
/// whose every unit is at most U+00FF stands for one (isomorphic encoding),
/// and anything else is not a valid name or value.
package enum FetchHeaderRules {
    // MARK: Names, values, methods (Fetch §2.2.1, §2.2.2; RFC 9110 §5.6.2)

    /// RFC 9110 `tchar`: what a token (a header name, a method) is made of.
    static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    /// Whether `string` is a non-empty RFC 9110 token: Fetch's "header name" and "method".
    package static func isToken(_ string: String) -> Bool {
        !string.isEmpty && string.utf8.allSatisfy(isTokenByte)
    }

    /// Fetch "HTTP whitespace byte": TAB, LF, CR, SPACE.
    static func isHTTPWhitespace(_ u: UInt16) -> Bool { u == 0x09 || u == 0x0A || u == 0x0D || u == 0x20 }

    /// Fetch "normalize" a header value: leading and trailing HTTP whitespace removed.
    package static func normalizeValue(_ value: String) -> String {
        let units = Array(value.utf16)
        guard let first = units.firstIndex(where: { !isHTTPWhitespace($0) }),
              let last = units.lastIndex(where: { !isHTTPWhitespace($0) }) else { return "" }
        return String(decoding: units[first...last], as: UTF16.self)
    }

    /// Fetch "header value": no leading or trailing tab or space, no NUL, CR
    /// or LF, and (as a byte sequence) no unit above U+00FF.
    package static func isValidValue(_ value: String) -> Bool {
        let units = Array(value.utf16)
        if let first = units.first, first == 0x09 || first == 0x20 { return false }
        if let last = units.last, last == 0x09 || last == 0x20 { return false }
        return units.allSatisfy { $0 != 0x00 && $0 != 0x0A && $0 != 0x0D && $0 <= 0xFF }
    }

    /// Fetch "forbidden method": CONNECT, TRACE and TRACK in any case.
    package static func isForbiddenMethod(_ method: String) -> Bool {
        ["CONNECT", "TRACE", "TRACK"].contains(asciiUppercased(method))
    }

    /// Fetch "normalize" a method: DELETE, GET, HEAD, OPTIONS, POST and PUT
    /// are upper-cased; every other method is kept as it is (case matters).
    package static func normalizeMethod(_ method: String) -> String {
        let upper = asciiUppercased(method)
        return ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"].contains(upper) ? upper : method
    }

    /// Fetch "CORS-safelisted method": GET, HEAD, POST (case-sensitive).
    package static func isCORSSafelistedMethod(_ method: String) -> Bool {
        ["GET", "HEAD", "POST"].contains(method)
    }

    // MARK: Forbidden names (Fetch §2.2.2)

    private static let forbiddenRequestHeaderNames: Set<String> = [
        "accept-charset", "accept-encoding", "access-control-request-headers", "access-control-request-method",
        "connection", "content-length", "cookie", "cookie2", "date", "dnt", "expect", "host", "keep-alive",
        "origin", "referer", "set-cookie", "te", "trailer", "transfer-encoding", "upgrade", "via",
    ]

    /// Fetch "forbidden request-header" (name, value): the names above, the
    /// `Proxy-` and `Sec-` prefixes, and `X-HTTP-Method`, `X-HTTP-Method-Override`
    /// or `X-Method-Override` naming a forbidden method.
    package static func isForbiddenRequestHeader(name: String, value: String) -> Bool {
        let lower = asciiLowercased(name)
        if forbiddenRequestHeaderNames.contains(lower) || lower.hasPrefix("proxy-") || lower.hasPrefix("sec-") { return true }
        if ["x-http-method", "x-http-method-override", "x-method-override"].contains(lower) {
            return splitValues(value).contains { isForbiddenMethod($0) }
        }
        return false
    }

    /// Fetch "forbidden response-header name": `Set-Cookie`, `Set-Cookie2`.
    package static func isForbiddenResponseHeaderName(_ name: String) -> Bool {
        ["set-cookie", "set-cookie2"].contains(asciiLowercased(name))
    }

    // MARK: CORS-safelisted request headers (Fetch §2.2.2)

    /// Fetch "CORS-unsafe request-header byte".
    static func isCORSUnsafeByte(_ u: UInt16) -> Bool {
        if u < 0x20 { return u != 0x09 }
        return [0x22, 0x28, 0x29, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x7B, 0x7D, 0x7F].contains(u)
    }

    /// Fetch "CORS-safelisted request-header" (name, value).
    package static func isCORSSafelistedRequestHeader(name: String, value: String) -> Bool {
        let units = Array(value.utf16)
        guard units.count <= 128 else { return false }
        switch asciiLowercased(name) {
        case "accept":
            return !units.contains(where: isCORSUnsafeByte)
        case "accept-language", "content-language":
            return units.allSatisfy { u in
                (0x30...0x39).contains(u) || (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u)
                    || [0x20, 0x2A, 0x2C, 0x2D, 0x2E, 0x3B, 0x3D].contains(u)
            }
        case "content-type":
            guard !units.contains(where: isCORSUnsafeByte), let essence = mimeEssence(value) else { return false }
            return ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"].contains(essence)
        case "range":
            return isSimpleRange(value)
        default:
            return false
        }
    }

    /// Fetch "no-CORS-safelisted request-header" (the `request-no-cors` guard).
    package static func isNoCORSSafelistedRequestHeader(name: String, value: String) -> Bool {
        ["accept", "accept-language", "content-language", "content-type"].contains(asciiLowercased(name))
            && isCORSSafelistedRequestHeader(name: name, value: value)
    }

    /// Fetch "CORS-unsafe request-header names": the lower-cased, sorted,
    /// de-duplicated names of the headers a preflight must name, with the
    /// 1024-byte limit on the safelisted values together.
    package static func corsUnsafeRequestHeaderNames(_ headers: HTTPHeaders) -> [String] {
        var unsafe: [String] = [], potentiallyUnsafe: [String] = []
        var safelistValueSize = 0
        for field in headers {
            if !isCORSSafelistedRequestHeader(name: field.name, value: field.value) {
                unsafe.append(field.name)
            } else {
                potentiallyUnsafe.append(field.name)
                safelistValueSize += field.value.utf16.count
            }
        }
        if safelistValueSize > 1024 { unsafe += potentiallyUnsafe }
        return Array(Set(unsafe.map(asciiLowercased))).sorted()
    }

    /// Fetch "CORS non-wildcard request-header name": only `Authorization`
    /// (a `*` in Access-Control-Allow-Headers does not cover it).
    package static func isCORSNonWildcardRequestHeaderName(_ name: String) -> Bool {
        asciiLowercased(name) == "authorization"
    }

    // MARK: CORS-safelisted response headers (Fetch §2.2.2)

    /// Fetch "CORS-safelisted response-header name" given the values of
    /// Access-Control-Expose-Headers (`*` counts only without credentials).
    package static func isCORSSafelistedResponseHeaderName(_ name: String, exposed: [String], credentialsIncluded: Bool) -> Bool {
        let lower = asciiLowercased(name)
        if ["cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma"]
            .contains(lower) { return true }
        if isForbiddenResponseHeaderName(lower) { return false }
        return exposed.contains { asciiLowercased($0) == lower } || (!credentialsIncluded && exposed.contains("*"))
    }

    // MARK: Helpers

    /// The comma-separated items of a header value, trimmed, empty ones dropped
    /// (Fetch "get, decode, and split", without its quoted strings).
    package static func splitValues(_ value: String) -> [String] {
        value.split(separator: ",", omittingEmptySubsequences: false)
            .map { normalizeValue(String($0)) }.filter { !$0.isEmpty }
    }

    /// Fetch "extract header list values" for a `#token` list such as
    /// Access-Control-Allow-Methods: nil when absent, `.failure` when an item
    /// is not a token (or `*`).
    package static func extractTokenList(_ name: String, from headers: HTTPHeaders) -> Result<[String], ListError>? {
        let values = headers.values(for: name)
        guard !values.isEmpty else { return nil }
        let items = splitValues(values.joined(separator: ", "))
        guard items.allSatisfy(isToken) else { return .failure(ListError()) }
        return .success(items)
    }

    /// A header list that does not parse.
    package struct ListError: Error {}

    /// The essence ("type/subtype", lower-cased) of a MIME type per the MIME
    /// Sniffing standard's parser, or nil when it does not parse.
    static func mimeEssence(_ value: String) -> String? {
        let trimmed = normalizeValue(value)
        guard let slash = trimmed.firstIndex(of: "/") else { return nil }
        let type = String(trimmed[..<slash])
        let rest = trimmed[trimmed.index(after: slash)...]
        var subtype = Substring(rest.prefix { $0 != ";" })
        while let last = subtype.utf16.last, isHTTPWhitespace(last) { subtype = subtype.dropLast() }
        guard isToken(type), isToken(String(subtype)) else { return nil }
        return asciiLowercased(type) + "/" + asciiLowercased(String(subtype))
    }

    /// Fetch "simple range header value": `bytes=N-` or `bytes=N-M` with N ≤ M.
    static func isSimpleRange(_ value: String) -> Bool {
        guard value.hasPrefix("bytes=") else { return false }
        let spec = value.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard spec.count == 2, !spec[0].isEmpty,
              spec[0].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              spec[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        if spec[1].isEmpty { return true }
        // Compare as digit strings: the numbers may be far larger than any Int.
        let start = spec[0].drop { $0 == "0" }, end = spec[1].drop { $0 == "0" }
        return start.count != end.count ? start.count < end.count : start <= end
    }

    /// ASCII lower-casing only ("byte-lowercase").
    package static func asciiLowercased(_ s: String) -> String {
        String(decoding: s.utf16.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF16.self)
    }

    /// ASCII upper-casing only ("byte-uppercase").
    package static func asciiUppercased(_ s: String) -> String {
        String(decoding: s.utf16.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF16.self)
    }
}
