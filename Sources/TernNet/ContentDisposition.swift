/// A `Content-Disposition` header (RFC 6266): its type and the file name it
/// suggests, `filename*` (RFC 8187, UTF-8 or ISO-8859-1, percent-encoded)
/// preferred over `filename`. The name is the server's, untrusted: pass it
/// through `SafeFilename` before it comes near a file system.
package struct ContentDisposition: Hashable {
    /// "attachment", "inline", ... lowercased.
    package let type: String
    /// The suggested name exactly as sent (decoded), or nil.
    package let filename: String?

    package init(_ header: String) {
        var parameters: [String: String] = [:]
        let parts = ContentDisposition.splitParameters(header)
        type = parts.first.map { $0.trimmingSpaces().lowercased() } ?? ""
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let name = part[..<equals].trimmingSpaces().lowercased()
            var value = part[part.index(after: equals)...].trimmingSpaces()
            if value.hasPrefix("\""), value.count >= 2, value.hasSuffix("\"") {
                value = ContentDisposition.unquote(String(value.dropFirst().dropLast()))
            }
            if parameters[name] == nil { parameters[name] = value }
        }
        filename = parameters["filename*"].flatMap(ContentDisposition.decodeExtendedValue) ?? parameters["filename"]
    }

    /// Splits at semicolons outside quoted strings.
    private static func splitParameters(_ header: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in header {
            if escaped { current.append(character); escaped = false; continue }
            if quoted && character == "\\" { current.append(character); escaped = true; continue }
            if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted { parts.append(current); current = ""; continue }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    private static func unquote(_ text: String) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if !escaped && character == "\\" { escaped = true; continue }
            escaped = false
            out.append(character)
        }
        return out
    }

    /// RFC 8187's `charset'language'percent-encoded`, for UTF-8 and ISO-8859-1.
    static func decodeExtendedValue(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        let bytes = PercentDecoding.decodeBytes(pieces[2].utf8)
        switch pieces[0].lowercased() {
        case "utf-8":
            let text = String(decoding: bytes, as: UTF8.self)
            return text.unicodeScalars.contains("\u{FFFD}") ? nil : text
        case "iso-8859-1":
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default:
            return nil
        }
    }
}
