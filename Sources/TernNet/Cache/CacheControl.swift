/// The directives of Cache-Control (RFC 9111 §5.2) that a private browser
/// cache acts on, parsed from a request's or a response's header fields.
package struct CacheControl: Hashable {
    /// `max-age=N`: fresh for N seconds after it was generated.
    package var maxAge: Double?
    /// `no-store`: never written to the cache.
    package var noStore = false
    /// `no-cache` (or `Pragma: no-cache` without Cache-Control): stored, but
    /// revalidated with the server before every use.
    package var noCache = false
    /// `must-revalidate`: once stale, never used without revalidation.
    package var mustRevalidate = false

    /// The directives of every Cache-Control field in `headers`, in order.
    package init(_ headers: HTTPHeaders) {
        let fields = headers.values(for: "Cache-Control")
        if fields.isEmpty, let pragma = headers["Pragma"], pragma.lowercased().contains("no-cache") { noCache = true }
        for field in fields {
            for directive in CacheControl.split(field) {
                let parts = directive.split(separator: "=", maxSplits: 1)
                let name = parts[0].trimmingSpaces().lowercased()
                var argument = parts.count > 1 ? parts[1].trimmingSpaces() : nil
                if let quoted = argument, quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") {
                    argument = String(quoted.dropFirst().dropLast())
                }
                switch name {
                case "max-age":
                    // RFC 9111 §4.2.1: an invalid value makes the response stale; the first valid one wins.
                    if maxAge == nil { maxAge = argument.flatMap { Int($0) }.map { Double(max(0, $0)) } ?? 0 }
                case "no-store": noStore = true
                case "no-cache": noCache = true
                case "must-revalidate": mustRevalidate = true
                default: break
                }
            }
        }
    }

    /// Splits a field at commas outside quoted strings.
    private static func split(_ field: String) -> [String] {
        var directives: [String] = []
        var current = ""
        var quoted = false
        for character in field {
            if character == "\"" { quoted.toggle() }
            if character == "," && !quoted {
                directives.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        directives.append(current)
        return directives.filter { !$0.trimmingSpaces().isEmpty }
    }
}
