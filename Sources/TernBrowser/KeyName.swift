import TernTerminal

/// Key names as `bind` reads them and the `?` page shows them.
///
/// One key: a printable character as itself (`j`, `G`, `?`: case counts),
/// or a name (case does not count): `Space`, `Enter`, `Tab`, `S-Tab`
/// (`BackTab`), `Esc`, `Backspace`, `Delete`, `Insert`, `Up`, `Down`,
/// `Left`, `Right`, `Home`, `End`, `PageUp`, `PageDown`, `F1`…`F12`, `C-x`
/// for Ctrl and a letter, `C-PageUp`, `C-PageDown`.
///
/// A sequence (`gt`: `g`, then `t`): keys one after another, a named key in
/// angle brackets (`<Esc>b`, `g<Enter>`); text that names one key is that
/// key (`Up` is the arrow, not `U` then `p`: write `<U>p` for those), and
/// text that looks like a misspelt name (`Pgdn`, `F13`, `C-1`) is refused.
public enum KeyName {
    /// The names of keys that are not printable characters (as printed).
    private static let named: [(String, Key)] = [
        ("Space", .character(" ")), ("Enter", .enter), ("Tab", .tab), ("S-Tab", .backTab), ("Esc", .escape),
        ("Backspace", .backspace), ("Delete", .delete), ("Insert", .insert),
        ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("Home", .home), ("End", .end), ("PageUp", .pageUp), ("PageDown", .pageDown),
        ("C-PageUp", .controlPageUp), ("C-PageDown", .controlPageDown),
    ]
    /// Other spellings accepted when reading.
    private static let aliases: [String: Key] = [
        "backtab": .backTab, "shift-tab": .backTab, "escape": .escape, "return": .enter,
        "pgup": .pageUp, "pgdn": .pageDown, "del": .delete,
        "c-pgup": .controlPageUp, "c-pgdn": .controlPageDown,
    ]

    /// The key one name names, or nil.
    public static func key(named text: String) -> Key? {
        if text.count == 1, let character = text.first {
            return character == " " ? .character(" ") : printable(character).map { .character($0) }
        }
        let lowered = text.lowercased()
        if let (_, key) = named.first(where: { $0.0.lowercased() == lowered }) { return key }
        if let key = aliases[lowered] { return key }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number),
           lowered.dropFirst().allSatisfy(\.isASCII) {
            return .function(number)
        }
        for prefix in ["c-", "ctrl-"] where lowered.hasPrefix(prefix) {
            let rest = lowered.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
            // The terminal sends these bytes for Backspace, Tab and Enter.
            switch letter {
            case "h": return .backspace
            case "i": return .tab
            case "j", "m": return .enter
            default: return .control(letter)
            }
        }
        return nil
    }

    /// The keys `text` names: one key's name, or a sequence (see above);
    /// nil when any part is not a key name.
    public static func keys(named text: String) -> [Key]? {
        if let key = key(named: text) { return [key] }
        guard !text.isEmpty, !looksLikeAName(text) else { return nil }
        var keys: [Key] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == "<", let close = rest.dropFirst().firstIndex(of: ">"), close > rest.index(after: rest.startIndex) {
                // `<name>`: a name that is none is an error, not characters.
                guard let key = key(named: String(rest[rest.index(after: rest.startIndex)..<close])) else { return nil }
                keys.append(key)
                rest = rest[rest.index(after: close)...]
                continue
            }
            guard let character = printable(first), character != " " else { return nil }
            keys.append(.character(character))
            rest = rest.dropFirst()
        }
        return keys
    }

    /// A misspelt name (`Pgdown`, `F13`, `C-1`, `S-Up`) is refused rather
    /// than read as its characters; `<F>13` writes those characters.
    private static func looksLikeAName(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let letters = scalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        if letters, scalars.count >= 3, let first = scalars.first, ("A"..."Z").contains(first),
           scalars.dropFirst().contains(where: { ("a"..."z").contains($0) }) {
            return true
        }
        if let first = scalars.first, first == "F" || first == "f", scalars.count > 1,
           scalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) }) {
            return true
        }
        let lowered = text.lowercased()
        return ["c-", "s-", "ctrl-", "shift-"].contains { lowered.hasPrefix($0) && lowered.count > $0.count }
    }

    /// The name `key(named:)` reads back.
    public static func name(of key: Key) -> String {
        if let (name, _) = named.first(where: { $0.1 == key }) { return name }
        switch key {
        case .character(let character): return String(character)
        case .control(let letter): return "C-\(letter)"
        case .function(let number): return "F\(number)"
        case .mouse: return "Mouse"
        case .resize: return "Resize"
        case .unknown(let code): return "Key\(code)"
        default: return "?"
        }
    }

    /// The name `keys(named:)` reads back: one key's name, or the keys one
    /// after another, named keys (and `<`) in angle brackets.
    public static func name(of keys: [Key]) -> String {
        guard keys.count != 1 else { return name(of: keys[0]) }
        var names = keys.map { key in
            if case .character(let character) = key, character != " ", character != "<" { return String(character) }
            return "<\(name(of: key))>"
        }
        // `U`, `p` written plainly would read back as the Up key.
        if key(named: names.joined()) != nil, let first = keys.first { names[0] = "<\(name(of: first))>" }
        return names.joined()
    }

    /// A character that can be a key of its own: printable, not a control.
    private static func printable(_ character: Character) -> Character? {
        guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) })
        else { return nil }
        return character
    }
}
