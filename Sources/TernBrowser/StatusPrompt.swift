import TernKit
import TernTerminal

/// A one-line question in the status line: the URL to open, text to find, a
/// link number. Enter answers, Esc cancels.
final class StatusPrompt: Modal {
    let label: String
    private var editor: LineEditor
    private let onAnswer: (String?) -> Void

    init(label: String, text: String = "", masked: Bool = false, onAnswer: @escaping (String?) -> Void) {
        self.label = label
        editor = LineEditor(text, masked: masked)
        self.onAnswer = onAnswer
    }

    func draw(on terminal: Terminal) {
        let row = terminal.rows - 1
        terminal.fill(row: row, column: 0, count: terminal.columns)
        let labelWidth = terminal.put(label, row: row, column: 0, style: CellStyle(bold: true))
        let field = editor.visible(width: max(1, terminal.columns - labelWidth - 1))
        terminal.put(field.text, row: row, column: labelWidth)
        terminal.setCursor(row: row, column: labelWidth + field.cursorColumn)
    }

    func handle(_ key: Key) -> Bool {
        editor.handle(key, answering: onAnswer)
    }
}
