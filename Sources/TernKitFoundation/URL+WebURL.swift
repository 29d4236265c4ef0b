import TernKit
import Foundation

extension URL {
    /// `webURL` as a Foundation URL, made from its `href`. The URL Standard
    /// leaves some characters that RFC 3986 forbids unescaped (`|`, `^`, `{`,
    /// a `<` in a `data:` URL, a `%` not followed by two hex digits); Foundation
    /// percent-encodes them, so `absoluteString` may differ from `href` there.
    /// Nil only when Foundation refuses the string even so.
    public init?(_ webURL: WebURL) {
        self.init(string: webURL.href)
    }
}

extension WebURL {
    /// `url` parsed again by the URL Standard from its `absoluteString`. Nil
    /// for what Foundation accepts and the URL Standard does not: a relative
    /// URL without a base, a port above 65535, an IPv4 address with a part
    /// above 255, a forbidden host code point. The result is the URL
    /// Standard's serialization (scheme and host lower-cased, `\` read as `/`
    /// in http(s) and file URLs, `.` and `..` segments removed, a Unicode host
    /// in punycode), so `URL(WebURL(url)!)` need not equal `url`.
    public init?(_ url: URL) {
        self.init(url.absoluteString)
    }
}
