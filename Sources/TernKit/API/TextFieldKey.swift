import TernScript

/// A key the person pressed while typing in a text field or textarea, with
/// the edit it asks for (`WebView.type(_:in:)`). The page sees it as UI
/// Events' `KeyboardEvent`s (US layout) and, for an edit, Input Events'
/// `inputType`.
public enum TextFieldKey: Hashable, Sendable {
    /// Inserts the character (`insertText`).
    case character(Character)
    /// Deletes the selection, or the character before the cursor (`deleteContentBackward`).
    case backspace
    /// Deletes the selection, or the character after the cursor (`deleteContentForward`).
    case delete
    /// Deletes from the line's start to the cursor (`deleteSoftLineBackward`; Ctrl-U).
    case deleteToLineStart
    /// Deletes from the cursor to the line's end (`deleteSoftLineForward`; Ctrl-K).
    case deleteToLineEnd
    /// Deletes the word before the cursor (`deleteWordBackward`; Ctrl-W).
    case deleteWordBackward
    /// Move the cursor: no edit. Up and Down go to the same place on the
    /// line above or below in a textarea (to the start or end past the
    /// first or last line).
    case left, right, home, end, up, down
    /// A line break in a textarea (`insertLineBreak`); in a one-line field
    /// the key events only (`WebView.pressEnter(in:)` submits).
    case enter

    /// The `KeyboardEvent` fields: `key`, `code`, `keyCode`/`which`, the modifiers.
    var eventFields: [String: ScriptValue] {
        let (key, code, keyCode, shift, control): (String, String, Int, Bool, Bool)
        switch self {
        case .character(let character):
            (code, keyCode, shift) = TextFieldKey.usLayout(character)
            (key, control) = (String(character), false)
        case .backspace: (key, code, keyCode, shift, control) = ("Backspace", "Backspace", 8, false, false)
        case .delete: (key, code, keyCode, shift, control) = ("Delete", "Delete", 46, false, false)
        case .deleteToLineStart: (key, code, keyCode, shift, control) = ("u", "KeyU", 85, false, true)
        case .deleteToLineEnd: (key, code, keyCode, shift, control) = ("k", "KeyK", 75, false, true)
        case .deleteWordBackward: (key, code, keyCode, shift, control) = ("w", "KeyW", 87, false, true)
        case .left: (key, code, keyCode, shift, control) = ("ArrowLeft", "ArrowLeft", 37, false, false)
        case .right: (key, code, keyCode, shift, control) = ("ArrowRight", "ArrowRight", 39, false, false)
        case .home: (key, code, keyCode, shift, control) = ("Home", "Home", 36, false, false)
        case .end: (key, code, keyCode, shift, control) = ("End", "End", 35, false, false)
        case .up: (key, code, keyCode, shift, control) = ("ArrowUp", "ArrowUp", 38, false, false)
        case .down: (key, code, keyCode, shift, control) = ("ArrowDown", "ArrowDown", 40, false, false)
        case .enter: (key, code, keyCode, shift, control) = ("Enter", "Enter", 13, false, false)
        }
        return ["key": .string(key), "code": .string(code), "keyCode": .number(Double(keyCode)),
                "which": .number(Double(keyCode)), "shiftKey": .bool(shift), "ctrlKey": .bool(control)]
    }

    /// The legacy `keypress` code of a key that makes a character (its first
    /// code point; 13 for Enter), nil for the others.
    var charCode: Int? {
        switch self {
        case .character(let character): return character.unicodeScalars.first.map { Int($0.value) }
        case .enter: return 13
        default: return nil
        }
    }

    /// A character's physical key on a US keyboard: its `code`, its legacy
    /// `keyCode`, and whether Shift makes it. Characters no key makes
    /// (accented letters, CJK …) have the code "" and keyCode 0, as an input
    /// method's do.
    private static func usLayout(_ character: Character) -> (code: String, keyCode: Int, shift: Bool) {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first, scalar.isASCII else {
            return ("", 0, false)
        }
        let value = Int(scalar.value)
        switch character {
        case "a"..."z": return ("Key" + character.uppercased(), value - 32, false)
        case "A"..."Z": return ("Key" + String(character), value, true)
        case "0"..."9": return ("Digit" + String(character), value, false)
        case " ": return ("Space", 32, false)
        default: break
        }
        let shiftedDigits: [Character] = [")", "!", "@", "#", "$", "%", "^", "&", "*", "("]
        if let digit = shiftedDigits.firstIndex(of: character) { return ("Digit\(digit)", 48 + digit, true) }
        let punctuation: [(plain: Character, shifted: Character, code: String, keyCode: Int)] = [
            (";", ":", "Semicolon", 186), ("=", "+", "Equal", 187), (",", "<", "Comma", 188), ("-", "_", "Minus", 189),
            (".", ">", "Period", 190), ("/", "?", "Slash", 191), ("`", "~", "Backquote", 192), ("[", "{", "BracketLeft", 219),
            ("\\", "|", "Backslash", 220), ("]", "}", "BracketRight", 221), ("'", "\"", "Quote", 222),
        ]
        for key in punctuation where key.plain == character || key.shifted == character {
            return (key.code, key.keyCode, key.shifted == character)
        }
        return ("", 0, false)
    }
}
