/// The Netscape `cookies.txt` format that curl (`-b`/`-c`), wget and
/// browser extensions read and write, so cookies can move between Tern and
/// those tools: one cookie a line, seven TAB-separated fields (domain,
/// include-subdomains, path, secure, expiry in Unix seconds with 0 for a
/// session cookie, name, value); a `#HttpOnly_` prefix on the domain marks
/// an HttpOnly cookie, other `#` lines are comments. SameSite is not part of
/// the format: imported cookies have none.
public enum NetscapeCookieFile {
    /// A line that was skipped, and why.
    public struct Problem: Hashable, CustomStringConvertible {
        /// 1-based.
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    static let httpOnlyPrefix = "#HttpOnly_"

    /// The cookies of `text`; lines that are not cookies are skipped and
    /// reported. Cookies already expired at `now` are left out quietly (as curl does).
    public static func parse(_ text: String, now: Double = Cookie.now()) -> (cookies: [Cookie], problems: [Problem]) {
        var cookies: [Cookie] = []
        var problems: [Problem] = []
        var creation = now
        // "\r\n" is one Character in Swift: a file with CRLF line ends splits on it too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            var isHTTPOnly = false
            if line.hasPrefix(httpOnlyPrefix) {
                isHTTPOnly = true
                line = line.dropFirst(httpOnlyPrefix.count)
            } else if line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                continue
            }
            creation = creation.nextUp  // keeps the file's order as creation order
            switch cookie(from: line, httpOnly: isHTTPOnly, createdAt: creation) {
            case .success(let cookie):
                if !cookie.isExpired(at: now) { cookies.append(cookie) }
            case .failure(let problem):
                problems.append(Problem(line: index + 1, reason: problem.reason))
            }
        }
        return (cookies, problems)
    }

    private struct LineError: Error { let reason: String }

    private static func cookie(from line: Substring, httpOnly: Bool, createdAt: Double) -> Result<Cookie, LineError> {
        var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // curl writes a cookie with an empty value as six fields.
        if fields.count == 6 { fields.append("") }
        guard fields.count == 7 else { return .failure(LineError(reason: "expected 7 TAB-separated fields, found \(fields.count)")) }
        var domain = fields[0].lowercased()
        if domain.hasPrefix(".") { domain.removeFirst() }
        guard !domain.isEmpty, domain.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ";" && $0 != "," }) else {
            return .failure(LineError(reason: "the domain \"\(fields[0])\" is not a host name"))
        }
        guard let includeSubdomains = flag(fields[1]) else { return .failure(LineError(reason: "the second field must be TRUE or FALSE")) }
        guard fields[2].hasPrefix("/") else { return .failure(LineError(reason: "the path must start with /")) }
        guard let secure = flag(fields[3]) else { return .failure(LineError(reason: "the fourth field must be TRUE or FALSE")) }
        guard let expiry = Int64(fields[4]), expiry >= 0 else { return .failure(LineError(reason: "the expiry \"\(fields[4])\" is not a number of seconds")) }
        let name = fields[5], value = fields[6]
        let text = name + value + fields[2]
        guard !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }), !name.contains("="),
              !name.contains(";"), !value.contains(";") else {
            return .failure(LineError(reason: "the name or value holds characters a cookie cannot have"))
        }
        guard !(name.isEmpty && value.isEmpty) else { return .failure(LineError(reason: "the cookie has neither name nor value")) }
        guard name.utf8.count + value.utf8.count <= CookieJar.maximumNameValueSize else {
            return .failure(LineError(reason: "name and value are longer than \(CookieJar.maximumNameValueSize) bytes"))
        }
        if includeSubdomains && PublicSuffixList.isPublicSuffix(domain) {
            return .failure(LineError(reason: "\(domain) is a public suffix"))
        }
        let expiresAt: Double? = expiry == 0 ? nil : min(Double(expiry), createdAt + CookieJar.maximumLifetime)
        return .success(Cookie(name: name, value: value, domain: domain, isHostOnly: !includeSubdomains, path: fields[2],
                               expiresAt: expiresAt, isSecure: secure, isHTTPOnly: httpOnly, createdAt: createdAt))
    }

    private static func flag(_ field: String) -> Bool? {
        switch field.uppercased() {
        case "TRUE": return true
        case "FALSE": return false
        default: return nil
        }
    }

    /// Whether `cookie` can be written as a line of the format: a TAB (the
    /// field separator), a line break (the record's end) or another C0
    /// control or DEL (which no cookie may hold, RFC 6265bis §5.6) in its
    /// name, value or path cannot. Other characters are written as their
    /// UTF-8 bytes, exactly, as curl reads and sends them back.
    public static func canWrite(_ cookie: Cookie) -> Bool {
        !(cookie.name + cookie.value + cookie.path + cookie.domain).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// `cookies` as a cookies.txt file curl reads (session cookies with
    /// expiry 0), leaving out those it cannot hold (`canWrite`).
    public static func format(_ cookies: [Cookie]) -> String {
        var text = "# Netscape HTTP Cookie File\n# Written by Tern. https://curl.se/docs/http-cookies.html\n\n"
        for cookie in cookies where canWrite(cookie) {
            let domain = (cookie.isHTTPOnly ? httpOnlyPrefix : "") + (cookie.isHostOnly ? "" : ".") + cookie.domain
            // Whole seconds from 1 to the end of year 9999 (a NaN or -infinity from the API is 1: never trap).
            let expiry = cookie.expiresAt.map { String(Int64(max(1, min($0.rounded(.up), 253_402_300_799)))) } ?? "0"
            text += [domain, cookie.isHostOnly ? "FALSE" : "TRUE", cookie.path, cookie.isSecure ? "TRUE" : "FALSE",
                     expiry, cookie.name, cookie.value].joined(separator: "\t") + "\n"
        }
        return text
    }
}
