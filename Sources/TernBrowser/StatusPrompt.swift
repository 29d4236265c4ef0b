import TernKit
import TernTerminal

/// A one-line question in the status line: the URL to open, text to find, a
/// link number. Enter answers, Esc cancels.
///
/// With a `completion` (the `o` prompt), Tab puts the first matching URL in
/// the line, and more Tabs the next ones (Shift-Tab the previous), the count
/// shown at the right; Esc then gives back what was typed, and any other
/// key keeps the URL shown and edits it (Enter opens it).
final class StatusPrompt: Modal {
    let label: String
    private var editor: LineEditor
    private let onAnswer: (String?) -> Void
    /// Where Tab finds URLs; nil: Tab does nothing.
    var completion: URLCompletion?
    /// While Tab cycles: the text typed, the candidates for it, and the one shown.
    private var cycle: (typed: String, candidates: [String], index: Int?)?

    init(label: String, text: String = "", masked: Bool = false, completion: URLCompletion? = nil,
         onAnswer: @escaping (String?) -> Void) {
        self.label = label
        editor = LineEditor(text, masked: masked)
        self.completion = completion
        self.onAnswer = onAnswer
    }

    /// The line's text now.
    var text: String { editor.text }

    /// "(2/17)" while Tab cycles, "(no match)" when nothing matched.
    var completionCount: String? {
        guard let cycle else { return nil }
        guard let index = cycle.index else { return "(no match)" }
        return "(\(index + 1)/\(cycle.candidates.count))"
    }

    func draw(on terminal: Terminal) {
        let row = terminal.rows - 1
        terminal.fill(row: row, column: 0, count: terminal.columns)
        let labelWidth = terminal.put(label, row: row, column: 0, style: CellStyle(bold: true))
        var countWidth = 0
        if let count = completionCount {
            countWidth = DisplayWidth.of(count) + 1
            terminal.put(count, row: row, column: max(labelWidth, terminal.columns - countWidth), style: CellStyle(dim: true))
        }
        let field = editor.visible(width: max(1, terminal.columns - labelWidth - countWidth - 1))
        terminal.put(field.text, row: row, column: labelWidth)
        terminal.setCursor(row: row, column: labelWidth + field.cursorColumn)
    }

    func handle(_ key: Key) -> Bool {
        if let completion, key == .tab || key == .backTab {
            complete(forward: key == .tab, with: completion)
            return false
        }
        if let typed = cycle?.typed {
            cycle = nil
            if key == .escape || key == .control("g") {
                editor = LineEditor(typed, masked: editor.masked)
                return false
            }
        }
        return editor.handle(key, answering: onAnswer)
    }

    /// Shows the next (or previous) candidate for the text typed before the first Tab.
    private func complete(forward: Bool, with completion: URLCompletion) {
        var current = cycle ?? (editor.text, completion.candidates(for: editor.text), nil)
        let count = current.candidates.count
        guard count > 0 else {
            cycle = current
            return
        }
        if let index = current.index {
            current.index = forward ? (index + 1) % count : (index - 1 + count) % count
        } else {
            current.index = forward ? 0 : count - 1
        }
        cycle = current
        editor = LineEditor(current.candidates[current.index ?? 0], masked: editor.masked)
    }
}
