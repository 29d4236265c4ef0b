import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The time each batch of keys took, from reading the first key to the
/// screen drawn, one line per batch (`KEY milliseconds`): how `make bench`
/// measures a scroll step and a link move in the real terminal.
final class KeyTimingLog {
    private let file: UnsafeMutablePointer<FILE>

    private init(file: UnsafeMutablePointer<FILE>) { self.file = file }

    deinit { fclose(file) }

    /// The log named by `TERN_KEY_TIMING_LOG`, or nil when it is not set.
    static func fromEnvironment() -> KeyTimingLog? {
        guard let path = getenv("TERN_KEY_TIMING_LOG"), let file = fopen(path, "a") else { return nil }
        return KeyTimingLog(file: file)
    }

    func record(keys: [Key], seconds: Double) {
        let name = keys.count == 1 ? Self.name(of: keys[0]) : "batch\(keys.count)"
        fputs("\(name) \(seconds * 1000)\n", file)
        fflush(file)
    }

    private static func name(of key: Key) -> String {
        switch key {
        case .character(let character) where character.isASCII && !character.isWhitespace: return String(character)
        case .tab: return "tab"
        case .down: return "down"
        default: return "other"
        }
    }
}
