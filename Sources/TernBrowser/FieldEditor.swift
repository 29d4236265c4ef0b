import TernKit
import TernTerminal

/// Editing a text field or textarea in place, over it on the page, on one
/// line (a textarea's line breaks show as ↵). Each key goes to the page as
/// it is typed (`WebView.type(_:in:)`), and the field shows what the page's
/// handlers left. In a field Enter ends typing and presses Enter (which may
/// submit its form); in a textarea it breaks the line. Tab ends typing and
/// moves on, Esc ends it where it is (the page has seen every key already).
final class FieldEditor: Modal {
    enum Ending {
        case enter, tab, escape
    }

    private let row: Int
    private let column: Int
    private let width: Int
    private let multiline: Bool
    private var editor: LineEditor
    private let type: (TextFieldKey) -> WebView.TextFieldState?
    private let onEnd: (Ending) -> Void

    /// `type` sends a key to the page's field and returns the field after it
    /// (nil: the field is gone or disabled, which ends the editing).
    init(text: String, masked: Bool, multiline: Bool = false, row: Int, column: Int, width: Int,
         type: @escaping (TextFieldKey) -> WebView.TextFieldState?, onEnd: @escaping (Ending) -> Void) {
        self.row = row
        self.column = column
        self.width = max(4, width)
        self.multiline = multiline
        editor = LineEditor(FieldEditor.shown(text), masked: masked)
        self.type = type
        self.onEnd = onEnd
    }

    func draw(on terminal: Terminal) {
        let field = editor.visible(width: width)
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
        default:
            guard let fieldKey = FieldEditor.fieldKey(for: key) else { return false }
            guard let state = type(fieldKey) else {
                onEnd(.escape)
                return true
            }
            editor = LineEditor(FieldEditor.shown(state.value), cursor: state.cursor, masked: editor.masked)
            return false
        }
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
