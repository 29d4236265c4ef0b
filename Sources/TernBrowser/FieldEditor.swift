import TernKit
import TernTerminal

/// Editing a text field or textarea in place, over it on the page: a field
/// on one line, a textarea on its rows, its lines wrapped at its width (with
/// one row, its line breaks show as ↵). Each key goes to the page as it is
/// typed (`WebView.type(_:in:)`), and the field shows what the page's
/// handlers left. In a field Enter ends typing and presses Enter (which may
/// submit its form); in a textarea it breaks the line, and Up and Down move
/// between lines. Tab ends typing and moves on, Esc ends it where it is
/// (the page has seen every key already); in a textarea Ctrl-X ends it and
/// hands the text to `$EDITOR`.
final class FieldEditor: Modal {
    enum Ending {
        case enter, tab, escape
        /// Ctrl-X in a textarea: its text as typed so far goes to `$EDITOR`.
        case externalEditor(String)
    }

    private let row: Int
    private let column: Int
    private let width: Int
    /// Rows to draw on: more than one for a textarea edited on its rows.
    private let rows: Int
    private let multiline: Bool
    private let masked: Bool
    /// The text as the page has it (line breaks included) and the cursor, in characters.
    private var text: String
    private var cursor: Int
    /// The first wrapped row shown (a text taller than the rows scrolls).
    private var firstRow = 0
    private let type: (TextFieldKey) -> WebView.TextFieldState?
    private let onEnd: (Ending) -> Void

    /// `type` sends a key to the page's field and returns the field after it
    /// (nil: the field is gone or disabled, which ends the editing).
    init(text: String, masked: Bool, multiline: Bool = false, row: Int, column: Int, width: Int, rows: Int = 1,
         type: @escaping (TextFieldKey) -> WebView.TextFieldState?, onEnd: @escaping (Ending) -> Void) {
        self.row = row
        self.column = column
        self.width = max(4, width)
        self.rows = multiline ? max(1, rows) : 1
        self.multiline = multiline
        self.masked = masked
        self.text = text
        cursor = text.count
        self.type = type
        self.onEnd = onEnd
    }

    func draw(on terminal: Terminal) {
        guard rows == 1 else { return drawRows(on: terminal) }
        let field = LineEditor(FieldEditor.shown(text), cursor: cursor, masked: masked).visible(width: width)
        let padding = String(repeating: "_", count: max(0, width - field.text.count))
        terminal.put(field.text + padding, row: row, column: column, style: Theme.dialogSelection, maxColumns: width)
        terminal.setCursor(row: row, column: column + field.cursorColumn)
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .enter where !multiline:
            onEnd(.enter)
            return true
        case .tab:
            onEnd(.tab)
            return true
        case .escape, .control("g"), .control("c"):
            onEnd(.escape)
            return true
        case .control("x") where multiline:
            onEnd(.externalEditor(text))
            return true
        default:
            guard let fieldKey = FieldEditor.fieldKey(for: key) else {
                guard multiline, key == .up || key == .down else { return false }
                return send(key == .up ? .up : .down)
            }
            return send(fieldKey)
        }
    }

    /// Sends a key to the page's field and shows what it left; true when the field is gone.
    private func send(_ key: TextFieldKey) -> Bool {
        guard let state = type(key) else {
            onEnd(.escape)
            return true
        }
        text = state.value
        cursor = state.cursor
        return false
    }

    /// A textarea on its rows: its lines wrapped at the width, scrolled so
    /// that the cursor's row is shown.
    private func drawRows(on terminal: Terminal) {
        let (lines, cursorRow, cursorColumn) = FieldEditor.wrap(text, cursor: cursor, width: width)
        if cursorRow < firstRow { firstRow = cursorRow }
        if cursorRow >= firstRow + rows { firstRow = cursorRow - rows + 1 }
        for index in 0..<rows {
            let line = firstRow + index < lines.count ? lines[firstRow + index] : ""
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(line)))
            terminal.put(line + padding, row: row + index, column: column, style: Theme.dialogSelection, maxColumns: width)
        }
        terminal.setCursor(row: row + cursorRow - firstRow, column: column + min(cursorColumn, width - 1))
    }

    /// `text` broken at its line breaks and at `width` columns, with the
    /// row and column of the cursor (after `cursor` characters).
    static func wrap(_ text: String, cursor: Int, width: Int) -> (lines: [String], cursorRow: Int, cursorColumn: Int) {
        var lines = [""], lineWidth = 0
        var cursorRow = 0, cursorColumn = 0
        for (index, character) in text.enumerated() {
            if index == cursor { (cursorRow, cursorColumn) = (lines.count - 1, lineWidth) }
            if character.isNewline {
                lines.append("")
                lineWidth = 0
                continue
            }
            let characterWidth = DisplayWidth.of(character)
            if lineWidth + characterWidth > width, lineWidth > 0 {
                lines.append("")
                lineWidth = 0
            }
            lines[lines.count - 1].append(character)
            lineWidth += characterWidth
        }
        if cursor >= text.count {
            if lineWidth >= width { lines.append(""); lineWidth = 0 }
            (cursorRow, cursorColumn) = (lines.count - 1, lineWidth)
        }
        return (lines, cursorRow, cursorColumn)
    }

    /// The text as drawn: each line break (one character, CR LF too) a ↵.
    private static func shown(_ text: String) -> String {
        String(text.map { $0.isNewline ? "↵" : $0 })
    }

    /// The line editor's keys (LineEditor.handle) as keys in a page's field.
    static func fieldKey(for key: Key) -> TextFieldKey? {
        switch key {
        case .character(let character): return .character(character)
        case .backspace, .control("h"): return .backspace
        case .delete, .control("d"): return .delete
        case .control("u"): return .deleteToLineStart
        case .control("k"): return .deleteToLineEnd
        case .control("w"): return .deleteWordBackward
        case .left: return .left
        case .right: return .right
        case .home, .control("a"): return .home
        case .end, .control("e"): return .end
        case .enter: return .enter
        default: return nil
        }
    }
}
