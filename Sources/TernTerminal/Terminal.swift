/// A terminal screen as the browser uses it: a grid of cells to draw styled
/// text into, keys to read, and a few requests to the terminal program
/// (window title, clipboard). The driver boundary: `CursesTerminal` is the
/// real one; a test gives the browser one that keeps its cells in memory.
///
/// A driver sends nothing to the tty that has not gone through
/// `TerminalText.sanitize` (ARCHITECTURE.md, the terminal boundary).
public protocol Terminal: AnyObject {
    var rows: Int { get }
    var columns: Int { get }
    /// The file descriptor to watch for key presses (-1: none to watch).
    var inputFileDescriptor: Int32 { get }
    /// Readable when a signal arrived (-1: none to watch); `readKey()` then
    /// returns `.resize` or sets `terminationSignal`.
    var signalFileDescriptor: Int32 { get }
    /// SIGHUP, SIGTERM or SIGINT, once one arrived: the program should give
    /// the terminal back (`stop()`) and exit.
    var terminationSignal: Int32? { get }

    /// Takes the terminal over.
    func start() throws
    /// Gives the terminal back as it was. Safe to call twice.
    func stop()
    /// Hands the terminal to another program (an editor) until `resume()`.
    func suspend()
    /// Takes the terminal back after `suspend()` and redraws everything.
    func resume()

    /// The next key, or nil when none is waiting. Never blocks.
    func readKey() -> Key?
    /// Reads the keys waiting now without handling them (`readKey()` hands
    /// them out later), for a program busy elsewhere that must know whether
    /// the person asked to stop.
    func readWaitingKeys() -> [Key]

    /// Clears the whole screen (drawn on the next `refresh()`).
    func erase()
    /// Draws `text` (sanitized) at a cell, clipped at `maxColumns` display
    /// columns and the screen's right edge. Returns the columns drawn.
    @discardableResult
    func put(_ text: String, row: Int, column: Int, style: CellStyle, maxColumns: Int) -> Int
    /// Shows the cursor at a cell (for editing).
    func setCursor(row: Int, column: Int)
    func hideCursor()
    /// Sends what was drawn to the terminal.
    func refresh()
    /// Sets the terminal window's title (sanitized).
    func setWindowTitle(_ title: String)
    /// Asks the terminal to put `text` on the system clipboard: only for
    /// what the person chose to copy.
    func copyToClipboard(_ text: String)
}

extension Terminal {
    /// Draws `text` in `style`, clipped at the screen's right edge.
    @discardableResult
    public func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        put(text, row: row, column: column, style: style, maxColumns: .max)
    }

    /// Fills `count` cells from a cell with spaces drawn in `style`.
    public func fill(row: Int, column: Int, count: Int, style: CellStyle = .plain) {
        guard count > 0 else { return }
        put(String(repeating: " ", count: min(count, max(0, columns - column))), row: row, column: column, style: style)
    }
}
