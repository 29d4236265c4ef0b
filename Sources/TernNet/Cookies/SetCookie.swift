/// A `Set-Cookie` header value parsed by RFC 6265 §5.2 (with 6265bis's
/// nameless cookies, control-character rejection and size limits).
struct SetCookie {
    var name: String
    var value: String
    var expires: Double?
    var maxAge: Int?
    var domain: String?
    var path: String?
    var secure = false
    var httpOnly = false
    var sameSite = Cookie.SameSite.unspecified

    init?(_ header: String) {
        // 6265bis: control characters other than TAB reject the whole cookie.
        guard !header.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else { return nil }
        let parts = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let pair = parts[0]
        // Step 2 (6265bis): no "=" means an empty name and the whole as the value.
        if let equals = pair.firstIndex(of: "=") {
            name = SetCookie.trim(pair[..<equals])
            value = SetCookie.trim(pair[pair.index(after: equals)...])
        } else {
            name = ""
            value = SetCookie.trim(pair)
        }
        // Step 5 (6265bis): a cookie with neither name nor value is ignored; so is an oversized one.
        guard !(name.isEmpty && value.isEmpty), name.utf8.count + value.utf8.count <= CookieJar.maximumNameValueSize else { return nil }
        guard parts.count > 1 else { return }
        // §5.2 step 6 onwards: each attribute; the last of a kind wins.
        for attribute in parts[1].split(separator: ";", omittingEmptySubsequences: false) {
            let nameEnd = attribute.firstIndex(of: "=") ?? attribute.endIndex
            let attributeName = SetCookie.trim(attribute[..<nameEnd]).lowercased()
            let attributeValue = nameEnd < attribute.endIndex ? SetCookie.trim(attribute[attribute.index(after: nameEnd)...]) : ""
            guard attributeValue.utf8.count <= CookieJar.maximumAttributeValueSize else { continue }
            switch attributeName {
            case "expires":
                if let date = CookieDate.parse(attributeValue) { expires = date }
            case "max-age":
                // §5.2.2: a leading digit or "-", then digits only.
                var digits = Substring(attributeValue)
                let negative = digits.hasPrefix("-")
                if negative { digits = digits.dropFirst() }
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
                let magnitude = Int(digits) ?? Int.max
                maxAge = negative ? -magnitude : magnitude
            case "domain":
                // §5.2.3: an empty value is ignored; a leading dot dropped.
                var domain = Substring(attributeValue)
                if domain.hasPrefix(".") { domain = domain.dropFirst() }
                self.domain = domain.isEmpty ? nil : domain.lowercased()
            case "path":
                path = attributeValue.hasPrefix("/") ? attributeValue : nil
            case "secure":
                secure = true
            case "httponly":
                httpOnly = true
            case "samesite":
                switch attributeValue.lowercased() {
                case "strict": sameSite = .strict
                case "lax": sameSite = .lax
                case "none": sameSite = .none
                default: sameSite = .unspecified
                }
            default:
                continue
            }
        }
    }

    /// Leading and trailing whitespace (SP and HTAB) removed.
    static func trim<S: StringProtocol>(_ text: S) -> String {
        var s = Substring(text)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
