import TernKit
import TernTerminal

/// A list to choose from: the back/forward list, a `<select>`'s options
/// (several at once for `multiple`). Up/Down/PgUp/PgDn/Home/End move, Enter
/// chooses, Space ticks an entry of a multiple choice, Esc cancels.
final class MenuBox: Modal {
    let title: String
    let items: [String]
    let multiple: Bool
    private var selected: Int
    private var ticked: Set<Int>
    private var scroll = 0
    private var visibleRows = 1
    /// Called with the chosen entries (one unless `multiple`), or nil on Esc.
    private let onChoose: ([Int]?) -> Void

    init(title: String, items: [String], selected: Int = 0, multiple: Bool = false, ticked: Set<Int> = [],
         onChoose: @escaping ([Int]?) -> Void) {
        self.title = title
        self.items = items
        self.multiple = multiple
        self.selected = max(0, min(selected, items.count - 1))
        self.ticked = ticked
        self.onChoose = onChoose
    }

    func draw(on terminal: Terminal) {
        // As wide as its widest item and its title (in display columns), within the screen.
        let widest = max(items.map(DisplayWidth.of).max() ?? 10, DisplayWidth.of(title) - 4)
        let frame = DialogFrame(terminal: terminal, contentRows: items.count + (multiple ? 1 : 0),
                                preferredWidth: max(30, min(widest + 10, terminal.columns - 4)))
        visibleRows = max(1, frame.innerRows - (multiple ? 1 : 0))
        if selected < scroll { scroll = selected }
        if selected >= scroll + visibleRows { scroll = selected - visibleRows + 1 }
        frame.drawBox(on: terminal, title: title)
        for row in 0..<visibleRows where scroll + row < items.count {
            let index = scroll + row
            let mark = multiple ? (ticked.contains(index) ? "[X] " : "[ ] ") : ""
            let style = index == selected ? Theme.dialogSelection : Theme.dialog
            frame.put(mark + items[index] + String(repeating: " ", count: frame.innerWidth), innerRow: row, style: style, on: terminal)
        }
        if multiple {
            frame.put("Space: tick  Enter: done  Esc: cancel", innerRow: frame.innerRows - 1, style: Theme.dialogFrame, on: terminal)
        }
    }

    func handle(_ key: Key) -> Bool {
        guard !items.isEmpty else {
            onChoose(nil)
            return true
        }
        switch key {
        case .up, .character("k"): selected = max(0, selected - 1)
        case .down, .character("j"): selected = min(items.count - 1, selected + 1)
        case .pageUp: selected = max(0, selected - visibleRows)
        case .pageDown: selected = min(items.count - 1, selected + visibleRows)
        case .home, .character("g"): selected = 0
        case .end, .character("G"): selected = items.count - 1
        case .character(" ") where multiple:
            if ticked.contains(selected) { ticked.remove(selected) } else { ticked.insert(selected) }
        case .enter:
            onChoose(multiple ? ticked.sorted() : [selected])
            return true
        case .escape, .control("g"), .character("q"):
            onChoose(nil)
            return true
        default: break
        }
        return false
    }
}
