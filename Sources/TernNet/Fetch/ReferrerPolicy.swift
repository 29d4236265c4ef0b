/// A referrer policy (W3C Referrer Policy §3): how much of a document's URL
/// its requests tell the server in `Referer`. Each page's requests get their
/// `Referer` from `referrer(for:policy:document:)` here and nowhere else; a
/// redirect determines it again for the new URL (`redirect(_:response:)`).
/// The empty-string policy of the spec is `nil` wherever a policy is optional.
package enum ReferrerPolicy: String, CaseIterable, Hashable, Sendable {
    case noReferrer = "no-referrer"
    case noReferrerWhenDowngrade = "no-referrer-when-downgrade"
    case sameOrigin = "same-origin"
    case origin = "origin"
    case strictOrigin = "strict-origin"
    case originWhenCrossOrigin = "origin-when-cross-origin"
    case strictOriginWhenCrossOrigin = "strict-origin-when-cross-origin"
    case unsafeURL = "unsafe-url"

    /// §3: the default referrer policy.
    package static let `default` = ReferrerPolicy.strictOriginWhenCrossOrigin

    /// URLs longer than this send their origin only (§8.3 step 6).
    static let maximumReferrerLength = 4096

    // MARK: Delivery

    /// §4.1 "parse a referrer policy from a `Referrer-Policy` header": the
    /// header's values split on commas (quotes respected); the last token
    /// that is a policy wins, unknown tokens are ignored; nil when none is.
    package static func parse(headerValues values: [String]) -> ReferrerPolicy? {
        guard !values.isEmpty else { return nil }
        var policy: ReferrerPolicy?
        for token in splitHeaderValue(values.joined(separator: ", ")) {
            if let known = ReferrerPolicy(rawValue: token) { policy = known }
        }
        return policy
    }

    /// §4.1 for a response's headers (every `Referrer-Policy` field).
    package static func parse(headers: HTTPHeaders) -> ReferrerPolicy? {
        parse(headerValues: headers.values(for: "Referrer-Policy"))
    }

    /// HTML "referrer policy attribute" (`referrerpolicy` on a, area, img,
    /// script, link, iframe): an enumerated attribute matched ASCII
    /// case-insensitively; nil (the empty string state) when missing or invalid.
    package static func parse(attribute value: String?) -> ReferrerPolicy? {
        guard let value else { return nil }
        return ReferrerPolicy(rawValue: asciiLowercased(value))
    }

    /// HTML §4.2.5.3 `<meta name=referrer content=…>`: the content
    /// lowercased, the legacy values mapped (never, default, always,
    /// origin-when-crossorigin); nil when empty or not a policy, in which
    /// case the document's policy stays as it was.
    package static func parse(metaContent content: String?) -> ReferrerPolicy? {
        guard let content, !content.isEmpty else { return nil }
        let value = asciiLowercased(content)
        switch value {
        case "never": return .noReferrer
        case "default": return .default
        case "always": return .unsafeURL
        case "origin-when-crossorigin": return .originWhenCrossOrigin
        default: return ReferrerPolicy(rawValue: value)
        }
    }

    /// HTML: whether a `rel` attribute's link types include `noreferrer`
    /// (a, area, form): such a link or form sends no referrer at all.
    package static func relIncludesNoReferrer(_ rel: String?) -> Bool {
        guard let rel else { return false }
        return rel.split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }).contains { asciiLowercased(String($0)) == "noreferrer" }
    }

    // MARK: Algorithms

    /// §8.3 "determine request's referrer" for a request whose referrer is a
    /// document (the "client" case): nil ("no referrer") when the document
    /// has no URL or an opaque origin (data:, about:blank, file:, sandboxed).
    package static func referrer(for currentURL: WebURL, policy: ReferrerPolicy, document: WebURL?) -> WebURL? {
        guard let document, document.origin != "null" else { return nil }
        return determineReferrer(source: document, policy: policy, currentURL: currentURL)
    }

    /// §8.3 steps 4-8: the referrer `source` gives a request to `currentURL` under `policy`.
    package static func determineReferrer(source: WebURL, policy: ReferrerPolicy, currentURL: WebURL) -> WebURL? {
        guard var referrerURL = strip(source), let referrerOrigin = strip(source, originOnly: true) else { return nil }
        if referrerURL.href.utf8.count > maximumReferrerLength { referrerURL = referrerOrigin }
        let downgrade = referrerURL.isPotentiallyTrustworthy && !currentURL.isPotentiallyTrustworthy
        let sameOrigin = WebURL.isSameOrigin(referrerURL, currentURL)
        switch policy {
        case .noReferrer: return nil
        case .origin: return referrerOrigin
        case .unsafeURL: return referrerURL
        case .strictOrigin: return downgrade ? nil : referrerOrigin
        case .strictOriginWhenCrossOrigin: return sameOrigin ? referrerURL : downgrade ? nil : referrerOrigin
        case .sameOrigin: return sameOrigin ? referrerURL : nil
        case .originWhenCrossOrigin: return sameOrigin ? referrerURL : referrerOrigin
        case .noReferrerWhenDowngrade: return downgrade ? nil : referrerURL
        }
    }

    /// §8.4 "strip url for use as a referrer": no referrer for local schemes
    /// (about, blob, data); no credentials, no fragment; with `originOnly`,
    /// no path and no query either (a special URL keeps the path "/").
    package static func strip(_ url: WebURL, originOnly: Bool = false) -> WebURL? {
        guard !["about", "blob", "data"].contains(url.scheme) else { return nil }
        guard url.urlHost != nil else {
            // No host: no credentials to drop; the opaque or bare path is all there is.
            return originOnly ? WebURL(url.scheme + ":") : url.withoutFragment
        }
        var text = url.scheme + "://" + url.host
        if originOnly {
            if url.isSpecial { text += "/" }
        } else {
            text += url.pathname
            if let query = url.query { text += "?" + query }
        }
        return WebURL(text)
    }

    // MARK: Requests

    /// Sets `request`'s referrer policy and its `Referer` (§8.3, from the
    /// document at `document`): a request with none sends none.
    package static func apply(_ policy: ReferrerPolicy, to request: inout Request, document: WebURL?) {
        request.referrerPolicy = policy
        request.headers["Referer"] = referrer(for: request.url, policy: policy, document: document)?.href
    }

    /// Fetch's HTTP-redirect fetch: "set request's referrer policy on
    /// redirect" (the redirect's `Referrer-Policy` header replaces the
    /// request's policy), then main fetch determines the referrer again for
    /// the new URL from the one sent so far (§8.3, the request's referrer
    /// being a URL). A request that sent no `Referer` sends none again.
    package static func redirect(_ request: inout Request, response: Response) {
        if let policy = parse(headers: response.headers) { request.referrerPolicy = policy }
        guard let sent = request.headers["Referer"] else { return }
        let source = WebURL(sent)
        request.headers["Referer"] = source.flatMap {
            determineReferrer(source: $0, policy: request.referrerPolicy ?? .default, currentURL: request.url)
        }?.href
    }

    // MARK: Helpers

    /// Fetch's "get, decode, and split" of a combined header value: split on
    /// commas outside quoted strings, each piece trimmed of spaces and tabs.
    static func splitHeaderValue(_ value: String) -> [String] {
        var values: [String] = []
        var current: [Unicode.Scalar] = []
        var scalars = value.unicodeScalars.makeIterator()
        var inQuotes = false
        func flush() {
            values.append(String(String.UnicodeScalarView(current)).trimmingSpaces())
            current = []
        }
        while let scalar = scalars.next() {
            if inQuotes {
                current.append(scalar)
                if scalar == "\\" {
                    if let escaped = scalars.next() { current.append(escaped) }
                } else if scalar == "\"" {
                    inQuotes = false
                }
            } else if scalar == "\"" {
                inQuotes = true
                current.append(scalar)
            } else if scalar == "," {
                flush()
            } else {
                current.append(scalar)
            }
        }
        flush()
        return values
    }

    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
