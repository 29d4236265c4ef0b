import TernTerminal

/// A question with an editable answer: JavaScript's prompt, passwords.
/// Enter answers with the text, Esc with nil.
final class PromptBox: Modal {
    var pageScriptWaits = false
    let title: String
    let message: String
    private var editor: LineEditor
    private let onAnswer: (String?) -> Void
    /// Completes the text on Tab (file paths in the open panel), if given.
    private let complete: ((String) -> String)?

    init(title: String, message: String, defaultText: String = "", masked: Bool = false,
         complete: ((String) -> String)? = nil, onAnswer: @escaping (String?) -> Void) {
        self.title = title
        self.message = message
        editor = LineEditor(defaultText, masked: masked)
        self.complete = complete
        self.onAnswer = onAnswer
    }

    func draw(on terminal: Terminal) {
        let probe = DialogFrame(terminal: terminal, contentRows: 1)
        let lines = DialogFrame.wrap(message, width: probe.innerWidth)
        let frame = DialogFrame(terminal: terminal, contentRows: lines.count + 3)
        frame.drawBox(on: terminal, title: title)
        let textRows = max(0, frame.innerRows - 3)
        for row in 0..<textRows where row < lines.count {
            frame.put(lines[lines.count > textRows ? lines.count - textRows + row : row], innerRow: row, on: terminal)
        }
        let field = editor.visible(width: frame.innerWidth)
        let fieldRow = frame.innerRows - 2
        frame.put(field.text + String(repeating: "_", count: max(0, frame.innerWidth - field.text.count)),
                  innerRow: fieldRow, style: Theme.dialogSelection, on: terminal)
        frame.put(complete == nil ? "Enter: OK   Esc: Cancel" : "Tab: complete   Enter: OK   Esc: Cancel", innerRow: frame.innerRows - 1, style: Theme.dialogFrame, on: terminal)
        terminal.setCursor(row: frame.top + 1 + fieldRow, column: frame.left + 2 + field.cursorColumn)
    }

    func handle(_ key: Key) -> Bool {
        if key == .tab, let complete {
            editor = LineEditor(complete(editor.text), masked: editor.masked)
            return false
        }
        return editor.handle(key, answering: onAnswer)
    }
}
