import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// A terminal kept in memory, for testing the browser's screen without
/// tmux: what `refresh()` showed is kept as cells (text and style), and
/// keys pressed arrive through a pipe, as the real terminal's arrive
/// through stdin, so the browser's event loop wakes for them.
final class MemoryTerminal: Terminal {
    struct Cell: Equatable {
        /// The character drawn ("" for the second cell of a wide one).
        var text = " "
        var style = CellStyle.plain
    }

    let rows: Int
    let columns: Int
    let signalFileDescriptor: Int32 = -1
    var terminationSignal: Int32?
    var inputFileDescriptor: Int32 { keyPipe[0] }
    /// The screen as last refreshed.
    private(set) var screen: [[Cell]]
    private(set) var windowTitle = ""
    private(set) var clipboard: [String] = []
    private(set) var isStarted = false
    /// Where the cursor is shown (nil: hidden).
    private(set) var cursor: (row: Int, column: Int)?
    private var drawing: [[Cell]]
    private var keys: [Key] = []
    private var keyPipe: [Int32] = [-1, -1]

    init(rows: Int = 24, columns: Int = 80) {
        self.rows = rows
        self.columns = columns
        screen = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
        drawing = screen
        _ = pipe(&keyPipe)
        _ = fcntl(keyPipe[0], F_SETFL, fcntl(keyPipe[0], F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(keyPipe[0])
        close(keyPipe[1])
    }

    /// Presses `keys`: the browser reads them on its loop's next turn.
    func press(_ pressed: Key...) {
        keys += pressed
        var byte: UInt8 = 1
        _ = write(keyPipe[1], &byte, 1)
    }

    /// A row's text as shown, trailing spaces dropped.
    func line(_ row: Int) -> String {
        var text = screen[row].map(\.text).joined()
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// The whole screen's text, one line per row.
    var text: String { (0..<rows).map(line).joined(separator: "\n") }

    // MARK: Terminal

    func start() throws { isStarted = true }
    func stop() { isStarted = false }
    func suspend() {}
    func resume() {}

    func readKey() -> Key? {
        drainPipe()
        return keys.isEmpty ? nil : keys.removeFirst()
    }

    func readWaitingKeys() -> [Key] {
        drainPipe()
        return keys
    }

    func erase() {
        drawing = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    @discardableResult
    func put(_ text: String, row: Int, column: Int, style: CellStyle, maxColumns: Int) -> Int {
        guard row >= 0, row < rows, column >= 0, column < columns else { return 0 }
        let limit = min(maxColumns, columns - column)
        var used = 0
        for character in TerminalText.sanitize(text) {
            let width = DisplayWidth.of(character)
            guard used + width <= limit else { break }
            if width > 0 {
                drawing[row][column + used] = Cell(text: String(character), style: style)
                if width == 2 { drawing[row][column + used + 1] = Cell(text: "", style: style) }
            }
            used += width
        }
        return used
    }

    func setCursor(row: Int, column: Int) { cursor = (row, column) }
    func hideCursor() { cursor = nil }
    func refresh() { screen = drawing }
    func setWindowTitle(_ title: String) { windowTitle = TerminalText.sanitize(title) }
    func copyToClipboard(_ text: String) { clipboard.append(text) }

    private func drainPipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(keyPipe[0], &buffer, buffer.count) > 0 {}
    }
}
