/// A `bind KEY COMMAND` line of the settings file, as written: the key and
/// the command's name are checked when the keymap is built.
public struct KeyBinding: Equatable {
    /// The key's name as written (`j`, `C-f`, `PageDown`).
    public var key: String
    /// The command's name as written (`scroll-down`, `back`).
    public var command: String
    /// The line of the settings file, for messages.
    public var line: Int

    public init(key: String, command: String, line: Int) {
        self.key = key
        self.command = command
        self.line = line
    }
}
