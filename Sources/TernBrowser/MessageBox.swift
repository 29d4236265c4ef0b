import TernTerminal

/// A message with buttons: JavaScript's alert (OK) and confirm (OK/Cancel),
/// and Tern's own questions. Left/Right/Tab pick a button, Enter presses it,
/// Esc presses the cancel button, letter shortcuts press theirs, Up/Down and
/// PgUp/PgDn scroll a long message.
final class MessageBox: Modal {
    var pageScriptWaits = false
    let title: String
    let message: String
    let buttons: [String]
    /// The button Esc presses.
    let cancelIndex: Int
    let shortcuts: [Character: Int]
    private var selected = 0
    private var scroll = 0
    private let onChoose: (Int) -> Void

    init(title: String, message: String, buttons: [String] = ["OK"], cancelIndex: Int? = nil,
         shortcuts: [Character: Int] = [:], onChoose: @escaping (Int) -> Void) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.cancelIndex = cancelIndex ?? buttons.count - 1
        self.shortcuts = shortcuts
        self.onChoose = onChoose
    }

    /// An OK/Cancel question answered with y, n, Enter or Esc.
    static func confirm(title: String, message: String, ok: String = "OK", cancel: String = "Cancel",
                        answer: @escaping (Bool) -> Void) -> MessageBox {
        MessageBox(title: title, message: message, buttons: [ok, cancel], cancelIndex: 1,
                   shortcuts: ["y": 0, "Y": 0, "n": 1, "N": 1]) { answer($0 == 0) }
    }

    private var lastFrame: (frame: DialogFrame, lines: [String])?

    func draw(on terminal: Terminal) {
        let probe = DialogFrame(terminal: terminal, contentRows: 1)
        let lines = DialogFrame.wrap(message, width: probe.innerWidth)
        let frame = DialogFrame(terminal: terminal, contentRows: lines.count + 2)
        let textRows = frame.innerRows - 2
        scroll = max(0, min(scroll, lines.count - textRows))
        frame.drawBox(on: terminal, title: title)
        for row in 0..<max(0, textRows) where scroll + row < lines.count {
            frame.put(lines[scroll + row], innerRow: row, on: terminal)
        }
        if lines.count > textRows, textRows > 0 {
            frame.put("↓ more (\(scroll + textRows)/\(lines.count))", innerRow: textRows, style: Theme.dialogFrame, on: terminal)
        }
        var column = 0
        for (index, button) in buttons.enumerated() {
            let label = "< \(button) >"
            frame.put(label, innerRow: frame.innerRows - 1, column: column,
                      style: index == selected ? Theme.dialogSelection : Theme.dialogFrame, on: terminal)
            column += label.count + 2
        }
        lastFrame = (frame, lines)
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .left, .backTab: selected = (selected - 1 + buttons.count) % buttons.count
        case .right, .tab: selected = (selected + 1) % buttons.count
        case .up, .character("k"): scroll = max(0, scroll - 1)
        case .down, .character("j"): scroll += 1
        case .pageUp: scroll = max(0, scroll - max(1, (lastFrame?.frame.innerRows ?? 3) - 2))
        case .pageDown, .character(" "): scroll += max(1, (lastFrame?.frame.innerRows ?? 3) - 2)
        case .enter:
            onChoose(selected)
            return true
        case .escape, .control("g"):
            onChoose(cancelIndex)
            return true
        case .character(let character):
            if let index = shortcuts[character] {
                onChoose(index)
                return true
            }
        default: break
        }
        return false
    }
}
