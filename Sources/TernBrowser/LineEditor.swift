import TernKit
import TernTerminal

/// One line of editable text, shared by the URL prompt, search, JavaScript
/// prompts and form fields. Works on grapheme clusters, so Backspace removes
/// a whole emoji or a letter with its accents, and measures in display
/// columns, so CJK text takes its true width.
struct LineEditor {
    /// What a key did.
    enum Outcome: Equatable {
        case edited, moved, submitted, cancelled, ignored
    }

    private(set) var characters: [Character]
    /// Insertion point, 0…characters.count.
    private(set) var cursor: Int
    /// Shown as `*` per character.
    var masked = false

    init(_ text: String = "", masked: Bool = false) {
        characters = Array(text)
        cursor = characters.count
        self.masked = masked
    }

    /// `text` with the cursor after `cursor` characters (clamped).
    init(_ text: String, cursor: Int, masked: Bool) {
        characters = Array(text)
        self.cursor = min(max(0, cursor), characters.count)
        self.masked = masked
    }

    var text: String { String(characters) }

    /// Applies a key: characters insert; Left/Right, Home/End (Ctrl-A/E) move;
    /// Backspace/Delete remove one character; Ctrl-U/K cut before/after the
    /// cursor; Ctrl-W the word before it; Enter submits; Esc and Ctrl-G cancel.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
            return .edited
        case .left:
            guard cursor > 0 else { return .moved }
            cursor -= 1
            return .moved
        case .right:
            guard cursor < characters.count else { return .moved }
            cursor += 1
            return .moved
        case .home, .control("a"):
            cursor = 0
            return .moved
        case .end, .control("e"):
            cursor = characters.count
            return .moved
        case .backspace, .control("h"):
            guard cursor > 0 else { return .moved }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return .edited
        case .delete, .control("d"):
            guard cursor < characters.count else { return .moved }
            characters.remove(at: cursor)
            return .edited
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
            return .edited
        case .control("k"):
            characters.removeSubrange(cursor...)
            return .edited
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
            return .edited
        case .enter:
            return .submitted
        case .escape, .control("g"), .control("c"):
            return .cancelled
        default:
            return .ignored
        }
    }

    /// `handle(_:)` for a prompt: Enter answers with the text, Esc (or
    /// Ctrl-G) with nil. True when the prompt is answered.
    mutating func handle(_ key: Key, answering answer: (String?) -> Void) -> Bool {
        switch handle(key) {
        case .submitted:
            answer(text)
            return true
        case .cancelled:
            answer(nil)
            return true
        default:
            return false
        }
    }

    /// What to draw in a field `width` columns wide, scrolled so the cursor
    /// shows, and the cursor's column within it.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let shown = masked ? Array(repeating: Character("*"), count: characters.count) : characters
        let widths = shown.map { DisplayWidth.of($0) }
        var cursorColumn = 0
        for index in 0..<cursor { cursorColumn += widths[index] }
        // Scroll so the cursor stays inside, with the cursor cell itself free.
        let start = max(0, cursorColumn - (width - 1))
        let whole = String(shown)
        return (DisplayWidth.slice(whole, from: start, columns: width), cursorColumn - start)
    }
}
