/// A response's metadata: what arrived before the body.
public struct Response: Hashable {
    /// The URL the response came from (after redirects, the last hop's).
    public var url: WebURL
    /// The HTTP status code; 200 for file:, data: and about: responses.
    public var statusCode: Int
    public var headers: HTTPHeaders
    /// The MIME type, lowercased, without parameters (nil when unknown).
    public var mimeType: String?
    /// The charset parameter of Content-Type, lowercased (nil when absent).
    public var textEncodingName: String?
    /// The body's length when announced, else -1.
    public var expectedContentLength: Int64
    /// The protocol of an HTTP response, as its status line names it ("HTTP/1.1", "HTTP/2"); nil otherwise.
    public var httpVersion: String?

    public init(url: WebURL, statusCode: Int = 200, headers: HTTPHeaders = [:],
                mimeType: String? = nil, textEncodingName: String? = nil, expectedContentLength: Int64 = -1) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.mimeType = mimeType
        self.textEncodingName = textEncodingName
        self.expectedContentLength = expectedContentLength
        if mimeType == nil, let contentType = headers["Content-Type"] {
            (self.mimeType, self.textEncodingName) = Response.parseContentType(contentType)
        }
    }

    /// Whether the status is a redirect that carries a Location to follow.
    public var isRedirect: Bool {
        [301, 302, 303, 307, 308].contains(statusCode) && headers["Location"] != nil
    }

    /// Splits `text/html; charset=UTF-8` into ("text/html", "utf-8").
    public static func parseContentType(_ value: String) -> (mimeType: String?, charset: String?) {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false)
        let mime = parts.first.map { $0.trimmingSpaces().lowercased() }
        var charset: String?
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "charset" else { continue }
            var value = pair[1].trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            charset = value.lowercased()
        }
        return (mime?.isEmpty == false && mime!.contains("/") ? mime : nil, charset)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
