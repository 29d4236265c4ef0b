import TernTerminal

/// Editing a text or password field in place, over the field on the page.
/// Enter keeps the text and presses Enter in the field (which may submit
/// its form), Tab keeps it and moves on, Esc leaves the field as it was.
final class FieldEditor: Modal {
    enum Ending {
        case enter(String)
        case tab(String)
        case cancel
    }

    private let row: Int
    private let column: Int
    private let width: Int
    private var editor: LineEditor
    private let onEnd: (Ending) -> Void

    init(text: String, masked: Bool, row: Int, column: Int, width: Int, onEnd: @escaping (Ending) -> Void) {
        self.row = row
        self.column = column
        self.width = max(4, width)
        editor = LineEditor(text, masked: masked)
        self.onEnd = onEnd
    }

    func draw(on terminal: Terminal) {
        let field = editor.visible(width: width)
        let padding = String(repeating: "_", count: max(0, width - field.text.count))
        terminal.put(field.text + padding, row: row, column: column, style: Theme.dialogSelection, maxColumns: width)
        terminal.setCursor(row: row, column: column + field.cursorColumn)
    }

    func handle(_ key: Key) -> Bool {
        if key == .tab {
            onEnd(.tab(editor.text))
            return true
        }
        switch editor.handle(key) {
        case .submitted:
            onEnd(.enter(editor.text))
            return true
        case .cancelled:
            onEnd(.cancel)
            return true
        default:
            return false
        }
    }
}
