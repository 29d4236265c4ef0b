/// Why a script did not run to completion.
public enum ScriptError: Error, Hashable, CustomStringConvertible {
    /// The script threw: its message, and where, when JavaScriptCore says.
    case exception(message: String, line: Int?, sourceURL: String?)
    /// The watchdog ended a script that ran past the time limit.
    case terminated(limit: Double)
    /// The person asked to stop (a key such as C-c, a signal, `--dump`'s deadline) while the script ran.
    case interrupted
    /// The page's JavaScript heap, with the DOM memory its scripts made, grew past its limit (bytes): its scripts were stopped for good.
    case memoryLimitExceeded(limit: Int)
    /// JavaScriptCore could not be loaded.
    case engineUnavailable(String)

    public var description: String {
        switch self {
        case .exception(let message, let line, let url):
            let place = [url, line.map { "line \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return place.isEmpty ? message : "\(message) (\(place))"
        case .terminated(let limit): return "A script ran longer than \(limit) s and was stopped"
        case .interrupted: return "A script was stopped when asked to"
        case .memoryLimitExceeded(let limit):
            return "The page's scripts were stopped: they used more than \(limit >> 20) MB of memory"
        case .engineUnavailable(let reason): return "JavaScript is unavailable: \(reason)"
        }
    }
}
