import TernKit

// TEMPORARY until the `values` branch lands (ScriptMessage.body and
// evaluateJavaScript's result as `Any`): converts today's ScriptValue to the
// `Any` WebKit delivers. Delete with its call sites once values is merged.
func webKitValue(_ value: Any?) -> Any? {
    guard let value = value as? ScriptValue else { return value }
    switch value {
    case .null: return nil
    case .bool(let b): return b
    case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? Int(exactly: n) as Any : n
    case .string(let s): return s
    case .date(let d): return d
    case .array(let a): return a.map { webKitValue($0) as Any }
    case .dictionary(let d): return d.mapValues { webKitValue($0) as Any }
    }
}
