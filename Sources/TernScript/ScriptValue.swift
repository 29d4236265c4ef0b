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

// MARK: As WKWebView hands values over: Any

extension ScriptValue {
    /// The value as WKWebView gives it to Swift (`Any`): `String`; a number
    /// as `Int` when it is integral and fits (as Swift reads an integral
    /// NSNumber, so -0 reads 0), else `Double` (NaN, ±Infinity and 1e300 stay
    /// `Double`); `Bool`; `[Any]`; `[String: Any]`; `ScriptNull` for null;
    /// `ScriptDate` for a Date.
    public var anyValue: Any {
        switch self {
        case .null: return ScriptNull()
        case .bool(let b): return b
        // Int(exactly:) answers nil for NaN, ±Infinity, fractions and values past Int's range; it never traps.
        case .number(let n): return Int(exactly: n) ?? n
        case .string(let s): return s
        case .array(let items): return items.map(\.anyValue)
        case .dictionary(let entries): return entries.mapValues(\.anyValue)
        case .date(let ms): return ScriptDate(millisecondsSince1970: ms)
        }
    }

    /// Converts a value Swift code hands to a page (a message reply) the
    /// other way: the types `anyValue` gives, any integer or floating-point
    /// type, optionals (nil is null) and `ScriptValue` itself. nil for any
    /// other type, which WebKit cannot serialize either.
    public init?(any: Any) {
        switch any {
        case let value as ScriptValue: self = value
        case is ScriptNull: self = .null
        case let optional as AnyOptional:
            guard let wrapped = optional.wrappedValue else { self = .null; return }
            guard let value = ScriptValue(any: wrapped) else { return nil }
            self = value
        case let b as Bool: self = .bool(b)
        case let s as String: self = .string(s)
        case let s as Substring: self = .string(String(s))
        case let n as any BinaryInteger: self = .number(Double(n))
        case let n as any BinaryFloatingPoint: self = .number(Double(n))
        case let date as ScriptDate: self = .date(date.millisecondsSince1970)
        case let items as [Any]:
            var values: [ScriptValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = ScriptValue(any: item) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let entries as [String: Any]:
            var values: [String: ScriptValue] = [:]
            for (key, entry) in entries {
                guard let value = ScriptValue(any: entry) else { return nil }
                values[key] = value
            }
            self = .dictionary(values)
        default: return nil
        }
    }
}

/// Lets `ScriptValue(any:)` look into an `Optional` hidden in an `Any`.
private protocol AnyOptional {
    var wrappedValue: Any? { get }
}

extension Optional: AnyOptional {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
