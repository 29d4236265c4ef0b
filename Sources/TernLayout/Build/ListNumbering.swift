import TernCSS

/// List markers and counter representations: the counter styles of CSS
/// Counter Styles 3 §6 that `list-style-type` names, and the `type`
/// attribute of `ol`/`li` (https://html.spec.whatwg.org/multipage/rendering.html#lists).
///
/// Bullets are drawn in ASCII, as the layout always drew them: disc `*`,
/// circle `+`, square `-`; disclosure markers are `▸` (closed) and `▾` (open).
enum ListNumbering {
    /// The bullet of an unordered list by nesting depth (1 for the outermost):
    /// disc, circle, square, repeating (the user-agent sheet's `ul ul`, `ul ul ul`).
    static func bullet(depth: Int) -> CSSListStyleType {
        [.disc, .circle, .square][max(0, depth - 1) % 3]
    }

    /// The list style of an `ol`/`li` `type` attribute (case-sensitive for letters).
    static func kind(_ type: String?) -> CSSListStyleType? {
        switch type {
        case "1": return .decimal
        case "a": return .lowerAlpha
        case "A": return .upperAlpha
        case "i": return .lowerRoman
        case "I": return .upperRoman
        case let type?:
            switch type.lowercased() {
            case "disc": return .disc
            case "circle": return .circle
            case "square": return .square
            default: return nil
            }
        default: return nil
        }
    }

    /// Whether the style numbers its items (a marker gets a period after it).
    static func isNumeric(_ style: CSSListStyleType) -> Bool {
        switch style {
        case .decimal, .decimalLeadingZero, .lowerAlpha, .upperAlpha, .lowerRoman, .upperRoman, .lowerGreek: return true
        default: return false
        }
    }

    /// The marker of an item numbered `value`: "3.", "c.", "iv.", a bullet,
    /// a `list-style-type` string as it is; nil for `none`.
    static func marker(_ value: Int, _ style: CSSListStyleType) -> String? {
        if case .none = style { return nil }
        let text = representation(value, style)
        return isNumeric(style) ? text + "." : text
    }

    /// `value` in counter style `style` (what `counter()` shows): CSS Counter
    /// Styles 3 §6, with the fallback to decimal outside a style's range.
    static func representation(_ value: Int, _ style: CSSListStyleType) -> String {
        switch style {
        case .none: return ""
        case .disc: return "*"
        case .circle: return "+"
        case .square: return "-"
        case .disclosureOpen: return "▾"
        case .disclosureClosed: return "▸"
        case .string(let text): return text
        case .decimal: return String(value)
        case .decimalLeadingZero:
            // §6.1: padded to two digits, the minus sign before the padding.
            let digits = String(value.magnitude)
            return (value < 0 ? "-" : "") + (digits.count < 2 ? "0" + digits : digits)
        case .lowerAlpha: return value > 0 ? alphabetic(value, latin) : String(value)
        case .upperAlpha: return value > 0 ? alphabetic(value, latin).uppercased() : String(value)
        case .lowerGreek: return value > 0 ? alphabetic(value, greek) : String(value)
        case .lowerRoman: return (1...3999).contains(value) ? roman(value) : String(value)
        case .upperRoman: return (1...3999).contains(value) ? roman(value).uppercased() : String(value)
        }
    }

    private static let latin = Array("abcdefghijklmnopqrstuvwxyz")
    /// CSS Counter Styles 3 §6.3 lower-greek: α…ω without final sigma.
    private static let greek = Array("αβγδεζηθικλμνξοπρστυφχψω")

    /// 1 → a, 26 → z, 27 → aa (bijective base n, §6.3 alphabetic).
    static func alphabetic(_ value: Int, _ letters: [Character]) -> String {
        var n = value
        var out: [Character] = []
        while n > 0 {
            n -= 1
            out.append(letters[n % letters.count])
            n /= letters.count
        }
        return String(out.reversed())
    }

    static func roman(_ value: Int) -> String {
        let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var n = value
        var out = ""
        for (amount, letters) in table {
            while n >= amount {
                out += letters
                n -= amount
            }
        }
        return out
    }
}
