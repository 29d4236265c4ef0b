/// Text as style changes it before layout: `text-transform` (CSS Text 3
/// §2.1), `vertical-align: sub/super` as Unicode sub- and superscript
/// characters, `visibility: hidden` as blanks, and `white-space: nowrap`
/// inside a line.
enum TextEffects {
    /// `text` transformed. `midWord` says the text continues a word begun
    /// before it (for `capitalize`, which changes the first letter of each word).
    static func transform(_ text: String, _ transform: ComputedStyle.TextTransform, midWord: Bool) -> String {
        switch transform {
        case .none: return text
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        case .capitalize:
            // §2.1.1: the first typographic letter unit of each word in titlecase
            // (upper case here); a word is a run of letters, digits and
            // apostrophes.
            var out = ""
            var inWord = midWord
            for character in text {
                let wordy = character.isLetter || character.isNumber || character == "'" || character == "\u{2019}"
                if wordy && !inWord && character.isLetter {
                    out += character.uppercased()
                } else {
                    out.append(character)
                }
                inWord = wordy
            }
            return out
        case .fullWidth:
            // §2.1.2: ASCII printables to their U+FF01…U+FF5E forms. Spaces
            // stay spaces, so lines still break between words.
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if scalar.value >= 0x21 && scalar.value <= 0x7E, let wide = Unicode.Scalar(scalar.value + 0xFEE0) {
                    scalars.append(wide)
                } else {
                    scalars.append(scalar)
                }
            }
            return String(scalars)
        }
    }

    /// `text` raised or lowered: in Unicode superscript (subscript)
    /// characters when every character but whitespace has one (`x²`, `H₂O`),
    /// else as `^(text)` (`_(text)`), whitespace around kept outside.
    static func script(_ text: String, superscript: Bool) -> String {
        let table = superscript ? superscripts : subscripts
        var mapped = String.UnicodeScalarView()
        var all = true
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                mapped.append(scalar)
            } else if let other = table[scalar] {
                mapped.append(other)
            } else {
                all = false
                break
            }
        }
        if all { return String(mapped) }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return text }
        return String(scalars[..<first]) + (superscript ? "^(" : "_(") + String(scalars[first...last]) + ")"
            + String(scalars[scalars.index(after: last)...])
    }

    /// `text` with each character but whitespace made no-break spaces as wide
    /// as it is: hidden text keeps its place (`visibility: hidden`).
    static func blanks(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for character in text {
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, isWhitespace(scalar) {
                out.append(scalar)
            } else {
                let width = DisplayWidth.of(character)
                for _ in 0..<width { out.append("\u{A0}") }
            }
        }
        return String(out)
    }

    /// `text` with inner whitespace runs made one no-break space: it does
    /// not wrap (`white-space: nowrap` inside a line that may). Whitespace at
    /// either end stays, to collapse with its neighbours.
    static func noWrap(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var space = false
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                space = true
                continue
            }
            if space {
                out.append(out.isEmpty ? " " : "\u{A0}")
                space = false
            }
            out.append(scalar)
        }
        if space { out.append(" ") }
        return String(out)
    }

    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func table(_ pairs: [(Character, UInt32)]) -> [Unicode.Scalar: Unicode.Scalar] {
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in pairs {
            if let key = from.unicodeScalars.first, let value = Unicode.Scalar(to) { table[key] = value }
        }
        return table
    }

    static let superscripts = table([
        ("0", 0x2070), ("1", 0xB9), ("2", 0xB2), ("3", 0xB3), ("4", 0x2074), ("5", 0x2075), ("6", 0x2076),
        ("7", 0x2077), ("8", 0x2078), ("9", 0x2079), ("+", 0x207A), ("-", 0x207B), ("=", 0x207C), ("(", 0x207D),
        (")", 0x207E), ("a", 0x1D43), ("b", 0x1D47), ("c", 0x1D9C), ("d", 0x1D48), ("e", 0x1D49), ("f", 0x1DA0),
        ("g", 0x1D4D), ("h", 0x2B0), ("i", 0x2071), ("j", 0x2B2), ("k", 0x1D4F), ("l", 0x2E1), ("m", 0x1D50),
        ("n", 0x207F), ("o", 0x1D52), ("p", 0x1D56), ("r", 0x2B3), ("s", 0x2E2), ("t", 0x1D57), ("u", 0x1D58),
        ("v", 0x1D5B), ("w", 0x2B7), ("x", 0x2E3), ("y", 0x2B8), ("z", 0x1DBB), ("A", 0x1D2C), ("B", 0x1D2E),
        ("D", 0x1D30), ("E", 0x1D31), ("G", 0x1D33), ("H", 0x1D34), ("I", 0x1D35), ("J", 0x1D36), ("K", 0x1D37),
        ("L", 0x1D38), ("M", 0x1D39), ("N", 0x1D3A), ("O", 0x1D3C), ("P", 0x1D3E), ("R", 0x1D3F), ("T", 0x1D40),
        ("U", 0x1D41), ("V", 0x2C7D), ("W", 0x1D42),
    ])

    static let subscripts = table([
        ("0", 0x2080), ("1", 0x2081), ("2", 0x2082), ("3", 0x2083), ("4", 0x2084), ("5", 0x2085), ("6", 0x2086),
        ("7", 0x2087), ("8", 0x2088), ("9", 0x2089), ("+", 0x208A), ("-", 0x208B), ("=", 0x208C), ("(", 0x208D),
        (")", 0x208E), ("a", 0x2090), ("e", 0x2091), ("o", 0x2092), ("x", 0x2093), ("h", 0x2095), ("k", 0x2096),
        ("l", 0x2097), ("m", 0x2098), ("n", 0x2099), ("p", 0x209A), ("s", 0x209B), ("t", 0x209C), ("i", 0x1D62),
        ("r", 0x1D63), ("u", 0x1D64), ("v", 0x1D65), ("j", 0x2C7C),
    ])
}
