/// Decoding a whole resource other than the HTML page (a style sheet) from
/// a WHATWG encoding label, with the decoders the HTML parser uses.
public enum TextDecoding {
    /// The canonical WHATWG name for `label` ("latin1" → "windows-1252"),
    /// nil for an unknown label (Encoding §4.2 "get an encoding").
    public static func encodingName(forLabel label: String) -> String? {
        TextEncoding(label: label)?.name
    }

    /// Encoding §6 "decode": a BOM (UTF-8, UTF-16LE/BE) wins over
    /// `encodingLabel`; invalid sequences become U+FFFD. An unknown label
    /// decodes as UTF-8.
    public static func decode(_ bytes: [UInt8], encodingLabel: String) -> String {
        var encoding = TextEncoding(label: encodingLabel) ?? .utf8
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            (encoding, start) = (.utf8, 3)
        } else if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            (encoding, start) = (TextEncoding(label: "utf-16be") ?? .utf8, 2)
        } else if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            (encoding, start) = (TextEncoding(label: "utf-16le") ?? .utf8, 2)
        }
        let body = bytes[start...]
        if encoding.kind == .utf8 { return String(decoding: body, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        let decoder = InputDecoder(encoding: encoding)
        Array(body).withUnsafeBytes { decoder.decode($0, isLast: true) { utf8.append(contentsOf: $0) } }
        return String(decoding: utf8, as: UTF8.self)
    }
}
