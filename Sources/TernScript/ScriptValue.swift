/// A JavaScript value converted to Swift, as WKWebView's
/// evaluateJavaScript delivers results: strings, numbers, booleans, arrays,
/// dictionaries, dates; nil stands for null and undefined.
public enum ScriptValue: Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScriptValue])
    case dictionary([String: ScriptValue])
    /// Milliseconds since 1970, as JavaScript's Date keeps time.
    case date(Double)

    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .string(let s): return s
        case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let d): return "{" + d.keys.sorted().map { "\($0): \(d[$0]!)" }.joined(separator: ", ") + "}"
        case .date(let ms): return "Date(\(ms))"
        }
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
}
