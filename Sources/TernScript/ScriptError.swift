/// Why a script did not run to completion.
public enum ScriptError: Error, Hashable, CustomStringConvertible {
    /// The script threw: its message, and where, when JavaScriptCore says.
    case exception(message: String, line: Int?, sourceURL: String?)
    /// The watchdog ended a script that ran past the time limit.
    case terminated(limit: Double)
    /// JavaScriptCore could not be loaded.
    case engineUnavailable(String)

    public var description: String {
        switch self {
        case .exception(let message, let line, let url):
            let place = [url, line.map { "line \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return place.isEmpty ? message : "\(message) (\(place))"
        case .terminated(let limit): return "A script ran longer than \(limit) s and was stopped"
        case .engineUnavailable(let reason): return "JavaScript is unavailable: \(reason)"
        }
    }
}
