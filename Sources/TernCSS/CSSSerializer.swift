/// Component values back to CSS text (CSSOM §2.1 "serialize an identifier"
/// and "serialize a string"; CSS Syntax 3 §9: a comment goes between two
/// tokens that would otherwise read back as one).
public enum CSSSerializer {
    public static func serialize(_ values: [CSSComponentValue]) -> String {
        var out = ""
        var previous: CSSToken?
        serialize(values, into: &out, previous: &previous)
        return out
    }

    public static func serialize(_ value: CSSComponentValue) -> String { serialize([value]) }

    /// A property's specified value as CSSOM §6.7.2 "serialize a CSS value"
    /// writes it: numbers in their canonical form (`.5em` → `0.5em`, `-0` →
    /// `0`, `1e3` → `1000`), units lowercased. A value with `var()` is kept
    /// as written (CSS Variables 1 §3: it is not parsed until substituted).
    public static func specifiedValue(_ values: [CSSComponentValue]) -> String {
        if CSSVariables.containsVar(values) { return serialize(values) }
        return serialize(values.map(canonical))
    }

    private static func canonical(_ value: CSSComponentValue) -> CSSComponentValue {
        switch value {
        case .token(.number(let number)): return .token(.number(canonical(number)))
        case .token(.percentage(let number)): return .token(.percentage(canonical(number)))
        case .token(.dimension(let number, let unit)): return .token(.dimension(canonical(number), unit: CSSTokenizer.asciiLowercased(unit)))
        case .token: return value
        case .function(let name, let arguments): return .function(name: name, arguments.map(canonical))
        case .block(let opening, let contents): return .block(opening: opening, contents.map(canonical))
        }
    }

    /// A number token in canonical form; one too large for six decimals keeps its text.
    private static func canonical(_ number: CSSNumber) -> CSSNumber {
        guard number.value.isFinite, abs(number.value) < 1e12 else { return number }
        var result = number
        result.representation = self.number(number.value)
        return result
    }

    /// CSSOM §6.7.2 "serialize a <number>": base ten in the shortest form,
    /// at most six decimals, "-" when negative (never "-0"); a non-finite
    /// value reads as 0.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Past 10^12 no fraction is kept (and 9·10^18 is as far as an Int64 reaches).
        guard abs(value) < 1e12 else { return (value < 0 ? "-" : "") + String(Int64(min(abs(value), 9e18).rounded())) }
        let micro = Int64((abs(value) * 1_000_000).rounded())
        let whole = micro / 1_000_000
        var fraction = String(micro % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && micro != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    private static func serialize(_ values: [CSSComponentValue], into out: inout String, previous: inout CSSToken?) {
        for value in values {
            switch value {
            case .token(let token):
                emit(token, into: &out, previous: &previous)
            case .function(let name, let arguments):
                emit(.function(name), into: &out, previous: &previous)
                serialize(arguments, into: &out, previous: &previous)
                emit(.closeParen, into: &out, previous: &previous)
            case .block(let opening, let contents):
                emit(opening, into: &out, previous: &previous)
                serialize(contents, into: &out, previous: &previous)
                switch opening {
                case .openCurly: emit(.closeCurly, into: &out, previous: &previous)
                case .openSquare: emit(.closeSquare, into: &out, previous: &previous)
                default: emit(.closeParen, into: &out, previous: &previous)
                }
            }
        }
    }

    private static func emit(_ token: CSSToken, into out: inout String, previous: inout CSSToken?) {
        if let previous, needsComment(between: previous, and: token) { out += "/**/" }
        out += text(of: token)
        previous = token
    }


    /// One token's text.
    public static func text(of token: CSSToken) -> String {
        switch token {
        case .ident(let name): return identifier(name)
        case .function(let name): return identifier(name) + "("
        case .atKeyword(let name): return "@" + identifier(name)
        case .hash(let name, _): return "#" + name.unicodeScalars.map { nameCharacter($0) }.joined()
        case .string(let value): return string(value)
        case .badString: return "\"\n"
        case .url(let value): return "url(" + string(value) + ")"
        case .badURL: return "url(\u{FFFD})"
        case .delim(let scalar): return scalar == "\\" ? "\\\n" : String(scalar)
        case .number(let number): return number.representation
        case .percentage(let number): return number.representation + "%"
        case .dimension(let number, let unit):
            // A unit starting with "e" followed by a digit, or by "-" and a digit, would read back as an exponent.
            var escaped = identifier(unit)
            let scalars = Array(unit.unicodeScalars.prefix(3))
            func isDigit(_ i: Int) -> Bool { i < scalars.count && scalars[i] >= "0" && scalars[i] <= "9" }
            if let first = scalars.first, first == "e" || first == "E", isDigit(1) || (scalars.count > 1 && scalars[1] == "-" && isDigit(2)) {
                escaped = "\\" + String(first.value, radix: 16) + " " + identifier(String(unit.unicodeScalars.dropFirst()), leading: false)
            }
            return number.representation + escaped
        case .whitespace: return " "
        case .cdo: return "<!--"
        case .cdc: return "-->"
        case .colon: return ":"
        case .semicolon: return ";"
        case .comma: return ","
        case .openSquare: return "["
        case .closeSquare: return "]"
        case .openParen: return "("
        case .closeParen: return ")"
        case .openCurly: return "{"
        case .closeCurly: return "}"
        }
    }

    /// CSSOM "serialize an identifier".
    public static func identifier(_ name: String, leading: Bool = true) -> String {
        if needsNoEscape(name, leading: leading) { return name }
        var out = ""
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let v = scalar.value
            if v == 0 {
                out += "\u{FFFD}"
            } else if (v >= 0x01 && v <= 0x1F) || v == 0x7F {
                out += "\\" + String(v, radix: 16) + " "
            } else if leading && index == 0 && scalar >= "0" && scalar <= "9" {
                out += "\\" + String(v, radix: 16) + " "
            } else if leading && index == 1 && scalar >= "0" && scalar <= "9" && scalars[0] == "-" {
                out += "\\" + String(v, radix: 16) + " "
            } else if leading && index == 0 && scalar == "-" && scalars.count == 1 {
                out += "\\-"
            } else {
                out += nameCharacter(scalar)
            }
        }
        return out
    }

    /// Whether `identifier` would return `name` as it is (the usual case, decided without building a string).
    private static func needsNoEscape(_ name: String, leading: Bool) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        let utf8 = name.utf8
        for byte in utf8 where !(byte >= 0x80 || byte == 0x2D || byte == 0x5F || isDigit(byte)
                                 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)) {
            return false
        }
        guard leading, let first = utf8.first else { return true }
        if isDigit(first) { return false }
        if first == 0x2D {
            guard let second = utf8.dropFirst().first, !isDigit(second) else { return false }
        }
        return true
    }

    private static func nameCharacter(_ scalar: Unicode.Scalar) -> String {
        let v = scalar.value
        if v >= 0x80 || scalar == "-" || scalar == "_" || (scalar >= "0" && scalar <= "9")
            || (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") {
            return String(scalar)
        }
        if v == 0 { return "\u{FFFD}" }
        if v <= 0x1F || v == 0x7F { return "\\" + String(v, radix: 16) + " " }
        return "\\" + String(scalar)
    }

    /// CSSOM "serialize a string": in double quotes.
    public static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            let v = scalar.value
            if v == 0 {
                out += "\u{FFFD}"
            } else if (v >= 0x01 && v <= 0x1F) || v == 0x7F {
                out += "\\" + String(v, radix: 16) + " "
            } else if scalar == "\"" || scalar == "\\" {
                out += "\\" + String(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// CSS Syntax 3 §9's table of token pairs that need a comment between them.
    private static func needsComment(between a: CSSToken, and b: CSSToken) -> Bool {
        func isIdentLike(_ t: CSSToken) -> Bool {
            switch t {
            case .ident, .function, .url, .badURL, .number, .percentage, .dimension, .cdc: return true
            case .delim(let s): return s == "-"
            case .openParen: return true
            default: return false
            }
        }
        switch a {
        case .ident:
            if case .openParen = b { return true }
            return isIdentLike(b) && !isOpenParen(b) || isDelim(b, "-")
        case .atKeyword, .hash, .dimension:
            if case .openParen = b { return false }
            return isIdentLike(b)
        case .delim("#"), .delim("-"):
            if case .openParen = b { return false }
            return isIdentLike(b)
        case .number:
            switch b {
            case .ident, .function, .url, .badURL, .number, .percentage, .dimension: return true
            case .delim(let s): return s == "%" || s == "-"
            default: return false
            }
        case .delim("@"):
            switch b {
            case .ident, .function, .url, .badURL, .cdc: return true
            case .delim(let s): return s == "-"
            default: return false
            }
        case .delim("."), .delim("+"):
            switch b {
            case .number, .percentage, .dimension: return true
            default: return false
            }
        case .delim("/"):
            return isDelim(b, "*")
        default:
            return false
        }
    }

    private static func isOpenParen(_ t: CSSToken) -> Bool { if case .openParen = t { return true }; return false }
    private static func isDelim(_ t: CSSToken, _ s: Unicode.Scalar) -> Bool { if case .delim(let d) = t { return d == s }; return false }
}
