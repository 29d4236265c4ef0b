import TernDOM

/// The tokenizer of CSS Syntax 3 §4, on Unicode scalars after §3.3 preprocessing (`CSSInputPreprocessing`).
public struct CSSTokenizer {
    private var input: [Unicode.Scalar]
    private var pos = 0

    public init(_ css: String) {
        input = CSSInputPreprocessing.scalars(of: css)
    }

    /// All tokens of the input (no EOF token).
    public static func tokenize(_ css: String) -> [CSSToken] {
        var t = CSSTokenizer(css)
        var tokens: [CSSToken] = []
        while let tok = t.next() { tokens.append(tok) }
        return tokens
    }

    /// CSS keywords compare ASCII case-insensitively (CSS Syntax 3 §2.1), never by Unicode case folding.
    /// On UTF-8 bytes: those of non-ASCII characters are all 0x80 or above, so none is touched.
    static func asciiLowercased(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return s }
        return String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private func peek(_ k: Int = 0) -> Unicode.Scalar? {
        pos + k < input.count ? input[pos + k] : nil
    }

    private static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { $0 >= "0" && $0 <= "9" } ?? false }
    private static func isHex(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F")
    }
    /// §4.2 ident-start code point.
    private static func isNameStart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
    }
    private static func isName(_ c: Unicode.Scalar?) -> Bool { isNameStart(c) || isDigit(c) || c == "-" }
    private static func isWhitespace(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" || c == "\n" }
    private static func isNonPrintable(_ c: Unicode.Scalar) -> Bool {
        c.value <= 8 || c.value == 0xB || (c.value >= 0xE && c.value <= 0x1F) || c.value == 0x7F
    }

    /// §4.3.8 check if two code points are a valid escape (a backslash before EOF is one: it gives U+FFFD).
    private func validEscape(_ k: Int = 0) -> Bool { peek(k) == "\\" && peek(k + 1) != "\n" }
    /// §4.3.9 would start an identifier.
    private func startsIdent(_ k: Int = 0) -> Bool {
        let c = peek(k)
        if c == "-" { return Self.isNameStart(peek(k + 1)) || peek(k + 1) == "-" || validEscape(k + 1) }
        if c == "\\" { return validEscape(k) }
        return Self.isNameStart(c)
    }
    /// §4.3.10 starts a number.
    private func startsNumber(_ k: Int = 0) -> Bool {
        let c = peek(k)
        if c == "+" || c == "-" {
            return Self.isDigit(peek(k + 1)) || (peek(k + 1) == "." && Self.isDigit(peek(k + 2)))
        }
        if c == "." { return Self.isDigit(peek(k + 1)) }
        return Self.isDigit(c)
    }

    /// §4.3.1 consume a token.
    public mutating func next() -> CSSToken? {
        consumeComments()
        guard let c = peek() else { return nil }
        if Self.isWhitespace(c) {
            while Self.isWhitespace(peek()) { pos += 1 }
            return .whitespace
        }
        switch c {
        case "\"", "'": pos += 1; return consumeString(c)
        case "#":
            if Self.isName(peek(1)) || validEscape(1) {
                pos += 1
                let isID = startsIdent()
                return .hash(consumeName(), isID: isID)
            }
        case "(": pos += 1; return .openParen
        case ")": pos += 1; return .closeParen
        case "[": pos += 1; return .openSquare
        case "]": pos += 1; return .closeSquare
        case "{": pos += 1; return .openCurly
        case "}": pos += 1; return .closeCurly
        case ",": pos += 1; return .comma
        case ":": pos += 1; return .colon
        case ";": pos += 1; return .semicolon
        case "+", ".":
            if startsNumber() { return consumeNumeric() }
        case "-":
            if startsNumber() { return consumeNumeric() }
            if peek(1) == "-" && peek(2) == ">" { pos += 3; return .cdc }
            if startsIdent() { return consumeIdentLike() }
        case "<":
            if peek(1) == "!" && peek(2) == "-" && peek(3) == "-" { pos += 4; return .cdo }
        case "@":
            if startsIdent(1) { pos += 1; return .atKeyword(consumeName()) }
        case "\\":
            if validEscape() { return consumeIdentLike() }
        default:
            if Self.isDigit(c) { return consumeNumeric() }
            if Self.isNameStart(c) { return consumeIdentLike() }
        }
        pos += 1
        return .delim(c)
    }

    /// §4.3.2 consume comments.
    private mutating func consumeComments() {
        while peek() == "/" && peek(1) == "*" {
            pos += 2
            while pos < input.count && !(peek() == "*" && peek(1) == "/") { pos += 1 }
            pos = min(pos + 2, input.count)
        }
    }

    /// §4.3.3 consume a numeric token.
    private mutating func consumeNumeric() -> CSSToken {
        let n = consumeNumber()
        if startsIdent() { return .dimension(n, unit: consumeName()) }
        if peek() == "%" { pos += 1; return .percentage(n) }
        return .number(n)
    }

    /// §4.3.4 consume an ident-like token.
    private mutating func consumeIdentLike() -> CSSToken {
        let name = consumeName()
        if peek() == "(" && name.utf8.count == 3 && Self.asciiLowercased(name) == "url" {
            pos += 1
            while Self.isWhitespace(peek()) && Self.isWhitespace(peek(1)) { pos += 1 }
            let a = peek(), b = peek(1)
            if a == "\"" || a == "'" || (Self.isWhitespace(a) && (b == "\"" || b == "'")) {
                return .function(name)
            }
            return consumeURL()
        }
        if peek() == "(" { pos += 1; return .function(name) }
        return .ident(name)
    }

    /// §4.3.5 consume a string token.
    private mutating func consumeString(_ end: Unicode.Scalar) -> CSSToken {
        var s = String.UnicodeScalarView()
        while let c = peek() {
            if c == end { pos += 1; return .string(String(s)) }
            if c == "\n" { return .badString }  // newline is not consumed
            if c == "\\" {
                if peek(1) == nil { pos += 1; continue }
                if peek(1) == "\n" { pos += 2; continue }
                pos += 1
                s.append(consumeEscape())
                continue
            }
            s.append(c); pos += 1
        }
        return .string(String(s))  // EOF: parse error, token returned
    }

    /// §4.3.6 consume a url token.
    private mutating func consumeURL() -> CSSToken {
        var s = String.UnicodeScalarView()
        while Self.isWhitespace(peek()) { pos += 1 }
        while let c = peek() {
            if c == ")" { pos += 1; return .url(String(s)) }
            if Self.isWhitespace(c) {
                while Self.isWhitespace(peek()) { pos += 1 }
                if peek() == nil { return .url(String(s)) }
                if peek() == ")" { pos += 1; return .url(String(s)) }
                consumeBadURLRemnants(); return .badURL
            }
            if c == "\"" || c == "'" || c == "(" || Self.isNonPrintable(c) {
                consumeBadURLRemnants(); return .badURL
            }
            if c == "\\" {
                if validEscape() { pos += 1; s.append(consumeEscape()); continue }
                consumeBadURLRemnants(); return .badURL
            }
            s.append(c); pos += 1
        }
        return .url(String(s))
    }

    /// §4.3.14 consume the remnants of a bad url.
    private mutating func consumeBadURLRemnants() {
        while let c = peek() {
            if c == ")" { pos += 1; return }
            if validEscape() { pos += 1; _ = consumeEscape() } else { pos += 1 }
        }
    }

    /// §4.3.7 consume an escaped code point (the backslash already consumed). Zero,
    /// surrogates and values above U+10FFFF give U+FFFD; the value stops growing past 6 digits.
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let c = peek() else { return "\u{FFFD}" }
        pos += 1
        guard Self.isHex(c) else { return c }
        var v = hexValue(c)
        var digits = 1
        while digits < 6, let d = peek(), Self.isHex(d) { v = v * 16 + hexValue(d); pos += 1; digits += 1 }
        if Self.isWhitespace(peek()) { pos += 1 }
        if v == 0 { return "\u{FFFD}" }
        return Unicode.Scalar(v) ?? "\u{FFFD}"  // nil for surrogates and > U+10FFFF
    }

    private func hexValue(_ c: Unicode.Scalar) -> UInt32 {
        switch c {
        case "0"..."9": return c.value - 48
        case "a"..."f": return c.value - 87
        default: return c.value - 55
        }
    }

    /// §4.3.12 consume an ident sequence.
    private mutating func consumeName() -> String {
        // The usual case first: a run of ASCII name code points, copied as bytes.
        let start = pos
        while pos < input.count, input[pos].value < 0x80, Self.isName(input[pos]) { pos += 1 }
        if pos == input.count || !(Self.isName(input[pos]) || validEscape()) {
            let input = self.input, end = pos
            return String(unsafeUninitializedCapacity: end - start) { bytes in
                for i in start..<end { bytes[i - start] = UInt8(truncatingIfNeeded: input[i].value) }
                return end - start
            }
        }
        var s = String.UnicodeScalarView(input[start..<pos])
        while let c = peek() {
            if Self.isName(c) { s.append(c); pos += 1 } else if validEscape() { pos += 1; s.append(consumeEscape()) } else { break }
        }
        return String(s)
    }

    /// §4.3.12 consume a number, with §4.3.13 convert a string to a number.
    private mutating func consumeNumber() -> CSSNumber {
        let start = pos
        var isInteger = true
        var sign = 1.0
        if peek() == "+" || peek() == "-" { if peek() == "-" { sign = -1 }; pos += 1 }
        // §4.3.13: s·(i + f·10^-d)·10^(t·e); done on decimal digits, never trapping.
        var mantissa = 0.0
        while let c = peek(), Self.isDigit(c) { mantissa = mantissa * 10 + Double(c.value - 48); pos += 1 }
        var frac = 0.0
        if peek() == ".", Self.isDigit(peek(1)) {
            isInteger = false; pos += 1
            let fractionStart = pos
            while Self.isDigit(peek()) { pos += 1 }
            // From the last digit back, as the value is defined.
            for i in stride(from: pos - 1, through: fractionStart, by: -1) { frac = (frac + Double(input[i].value - 48)) / 10 }
        }
        var expSign = 1.0
        var exponent = 0.0
        if peek() == "e" || peek() == "E" {
            let k = (peek(1) == "+" || peek(1) == "-") ? 2 : 1
            if Self.isDigit(peek(k)) {
                isInteger = false
                if peek(1) == "-" { expSign = -1 }
                pos += k
                // Exponent digits beyond any double's range saturate (the value becomes ±inf or 0).
                while let c = peek(), Self.isDigit(c) { exponent = min(exponent * 10 + Double(c.value - 48), 100_000); pos += 1 }
            }
        }
        let value = sign * (mantissa + frac) * Self.power10(expSign * exponent)
        return CSSNumber(representation: asciiText(start..<pos), value: value, isInteger: isInteger)
    }

    /// The input in `range`, all ASCII (a number's characters), as a String
    /// made from its bytes (a String of scalars is built one scalar at a time).
    private func asciiText(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { bytes in
            for (offset, i) in range.enumerated() { bytes[offset] = UInt8(truncatingIfNeeded: input[i].value) }
            return range.count
        }
    }

    /// 10^e without Foundation; overflows to +inf and underflows to 0.
    private static func power10(_ e: Double) -> Double {
        var result = 1.0, base = 10.0, n = abs(e)
        while n >= 1 {
            if n.truncatingRemainder(dividingBy: 2) == 1 { result *= base }
            base *= base
            n = (n / 2).rounded(.down)
            if result.isInfinite || result == 0 { break }
        }
        return e < 0 ? 1 / result : result
    }
}
