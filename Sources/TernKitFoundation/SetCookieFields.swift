/// The `Set-Cookie` header values in a dictionary of response header fields
/// (`HTTPURLResponse.allHeaderFields`), where Foundation joins several
/// Set-Cookie fields into one value with commas.
enum SetCookieFields {
    /// Each Set-Cookie value, split where a comma starts a new `name=value`
    /// (a comma followed by text holding `=` before the next `;`): the comma
    /// of an `Expires=Wed, 09 Jun 2021 …` date, or one in a cookie value
    /// followed by no `=`, does not split. Header names are matched
    /// ignoring case (RFC 9110 §5.1).
    static func values(in headerFields: [String: String]) -> [String] {
        headerFields.filter { $0.key.lowercased() == "set-cookie" }
            .sorted { $0.key < $1.key }
            .flatMap { split($0.value) }
    }

    static func split(_ joined: String) -> [String] {
        var values: [String] = []
        var current: Substring?
        for part in joined.split(separator: ",", omittingEmptySubsequences: false) {
            if let previous = current {
                if part.prefix(while: { $0 != ";" }).contains("=") {
                    values.append(String(previous))
                    current = part.drop(while: { $0 == " " || $0 == "\t" })
                } else {
                    current = previous + "," + part
                }
            } else {
                current = part
            }
        }
        if let current { values.append(String(current)) }
        return values
    }
}
