/// A key press (or mouse event, or resize) read from the terminal.
public enum Key: Hashable, Sendable {
    /// A printable character (never a control character).
    case character(Character)
    /// Ctrl and a letter: `.control("a")` for Ctrl-A.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, delete, insert, escape
    /// Ctrl-PageUp / Ctrl-PageDown (xterm's codes).
    case controlPageUp, controlPageDown
    /// F1…F12.
    case function(Int)
    case mouse(MouseEvent)
    /// The terminal changed size; `Terminal.rows`/`columns` are updated.
    case resize
    /// A key the decoder does not name (its curses code).
    case unknown(Int32)
}

/// A mouse event at a screen cell (0-based).
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable { case click, wheelUp, wheelDown }
    public var action: Action
    public var row: Int
    public var column: Int

    public init(action: Action, row: Int, column: Int) {
        self.action = action
        self.row = row
        self.column = column
    }
}
