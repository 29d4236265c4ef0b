/// A line of the settings file that was not used, and why; the file's
/// other lines still apply. Reads `FILE:LINE: message`.
public struct SettingsProblem: Equatable, CustomStringConvertible {
    /// The settings file.
    public var file: String
    /// The line (from 1); nil for the file as a whole (unreadable, too large).
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
