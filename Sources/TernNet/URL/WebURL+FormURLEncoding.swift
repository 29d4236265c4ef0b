/// The application/x-www-form-urlencoded byte serializer (URL Standard
/// §5.2): the one encoding of form fields and of words sent to a search
/// engine.
extension WebURL {
    /// `text` as one name or value of application/x-www-form-urlencoded:
    /// UTF-8, space as `+`, `*-._` and ASCII alphanumerics kept, every other
    /// byte percent-encoded in upper-case hex.
    package static func formURLEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x20: out += "+"
            case 0x2A, 0x2D, 0x2E, 0x5F, 0x30...0x39, 0x41...0x5A, 0x61...0x7A: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
