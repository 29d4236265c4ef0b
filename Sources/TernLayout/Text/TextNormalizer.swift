/// Normalises a page's text for layout: whitespace collapsed, U+0080–U+009F
/// read as windows-1252 (as HTML does), other controls made U+FFFD, and the
/// bidi controls and BOM dropped, so that every character laid out has a
/// width. It is not the terminal boundary: that is TernTerminal's
/// `TerminalText.sanitize`, which every string drawn passes.
enum TextNormalizer {
    /// The replacement for a control character: U+FFFD.
    static let placeholder = Unicode.Scalar(0xFFFD)!

    /// HTML5's windows-1252 mapping of U+0080–U+009F
    /// (https://encoding.spec.whatwg.org/index-windows-1252.txt); 0 where the
    /// code point stays a C1 control (→ placeholder).
    static let windows1252: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// What a non-whitespace scalar becomes: itself, a mapped or placeholder
    /// scalar, or nil to drop it (bidi embedding/override/isolate controls,
    /// marks and the BOM, which could reorder what the terminal shows).
    @inline(__always)
    static func map(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return scalar }
        if v < 0x20 || v == 0x7F { return placeholder }
        if v <= 0x9F {
            let mapped = windows1252[Int(v - 0x80)]
            return mapped == 0 ? placeholder : Unicode.Scalar(mapped)
        }
        if v < 0x200E && v != 0x061C { return scalar }
        switch v {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0x061C:
            return nil
        case 0x2028, 0x2029:
            return Unicode.Scalar(0x20)
        default:
            return scalar
        }
    }

    /// `text` with whitespace collapsed and trimmed and controls replaced.
    static func clean(_ text: String) -> String {
        if isClean(text) { return text }
        var out = String.UnicodeScalarView()
        var space = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                space = !out.isEmpty
            default:
                guard let mapped = map(scalar) else { continue }
                if space { out.append(" "); space = false }
                out.append(mapped)
            }
        }
        return String(out)
    }

    /// Whether `clean` would return `text` unchanged, decided on its bytes for
    /// the common case: printable ASCII with single spaces inside.
    private static func isClean(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, first != 0x20, bytes[bytes.count - 1] != 0x20 else { return bytes.isEmpty }
            var previous: UInt8 = 0
            for byte in bytes {
                guard byte >= 0x20 && byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
                previous = byte
            }
            return true
        }
    }
}
