import TernKit
import TernTerminal

/// The progress bar's state: shown from the start of a navigation, growing
/// with `estimatedProgress`, full at 1.0 and gone half a second later.
struct ProgressIndicator {
    private(set) var isVisible = false
    private(set) var value = 0.0
    private var hideTimer: EventLoop.Timer?

    /// How long a full bar stays before it goes.
    static let lingering = 0.5

    mutating func start() {
        hideTimer?.cancel()
        hideTimer = nil
        isVisible = true
        value = 0
    }

    /// A new value; at 1.0 `onHide` is called after `lingering` seconds.
    mutating func update(_ newValue: Double, loop: EventLoop, onHide: @escaping () -> Void) {
        guard isVisible else { return }
        value = max(0, min(1, newValue))
        if value >= 1, hideTimer == nil {
            hideTimer = loop.schedule(after: Self.lingering, onHide)
        }
    }

    mutating func hide() {
        hideTimer?.cancel()
        hideTimer = nil
        isVisible = false
    }

    func draw(on terminal: Terminal, row: Int) {
        guard isVisible else { return }
        let label = " \(Int((value * 100).rounded()))% "
        let barWidth = max(1, terminal.columns - label.count - 2)
        let filled = Int((Double(barWidth) * value).rounded())
        let bar = "[" + String(repeating: "=", count: filled) + String(repeating: " ", count: barWidth - filled) + "]"
        terminal.fill(row: row, column: 0, count: terminal.columns)
        let used = terminal.put(bar, row: row, column: 0, style: Theme.progressBar)
        terminal.put(label, row: row, column: used, style: Theme.progressBar)
    }
}
