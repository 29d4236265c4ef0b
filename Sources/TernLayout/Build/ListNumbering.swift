/// List markers: bullets by depth and ordered-list numbering
/// (`type` 1, a, A, i, I as in https://html.spec.whatwg.org/multipage/grouping-content.html#attr-ol-type).
enum ListNumbering {
    enum Kind: Hashable {
        case decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman
    }

    /// `*` at the first level, `+` at the second, `-` at the third, repeating.
    static func bullet(depth: Int) -> String {
        ["*", "+", "-"][max(0, depth - 1) % 3]
    }

    static func kind(_ type: String?) -> Kind? {
        switch type {
        case "1": return .decimal
        case "a": return .lowerAlpha
        case "A": return .upperAlpha
        case "i": return .lowerRoman
        case "I": return .upperRoman
        default: return nil
        }
    }

    /// The marker for `value`, with its period ("3.", "c.", "iv.").
    static func marker(_ value: Int, _ kind: Kind) -> String {
        switch kind {
        case .decimal: return "\(value)."
        case .lowerAlpha: return (value > 0 ? alpha(value) : "\(value)") + "."
        case .upperAlpha: return (value > 0 ? alpha(value).uppercased() : "\(value)") + "."
        case .lowerRoman: return ((1...3999).contains(value) ? roman(value) : "\(value)") + "."
        case .upperRoman: return ((1...3999).contains(value) ? roman(value).uppercased() : "\(value)") + "."
        }
    }

    /// 1 → a, 26 → z, 27 → aa (bijective base 26).
    static func alpha(_ value: Int) -> String {
        var n = value
        var letters: [Character] = []
        while n > 0 {
            n -= 1
            letters.append(Character(Unicode.Scalar(UInt8(97 + n % 26))))
            n /= 26
        }
        return String(letters.reversed())
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
