/// A console message a script wrote: its level (`log`, `warn`, `error`,
/// …) and its text.
public struct ScriptConsoleMessage: Hashable {
    public let level: String
    public let text: String

    public init(level: String, text: String) {
        self.level = level
        self.text = text
    }
}
