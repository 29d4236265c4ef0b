import TernScript
import TernSystem

extension ScriptValue: WireCodable {
    /// How deep arrays and dictionaries may nest (a page's value is hostile input).
    private static let maximumDepth = 64

    package func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .null: encoder.encode(UInt8(0))
        case .bool(let value):
            encoder.encode(UInt8(1))
            encoder.encode(value)
        case .number(let value):
            encoder.encode(UInt8(2))
            encoder.encode(value)
        case .string(let value):
            encoder.encode(UInt8(3))
            encoder.encode(value)
        case .array(let values):
            encoder.encode(UInt8(4))
            encoder.encode(values)
        case .dictionary(let entries):
            encoder.encode(UInt8(5))
            encoder.encode(UInt32(truncatingIfNeeded: entries.count))
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                encoder.encode(key)
                encoder.encode(value)
            }
        case .date(let milliseconds):
            encoder.encode(UInt8(6))
            encoder.encode(milliseconds)
        }
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        try self.init(from: &decoder, depth: 0)
    }

    private init(from decoder: inout MessageDecoder, depth: Int) throws(MessageError) {
        guard depth < ScriptValue.maximumDepth else { throw .malformed("a script value nested too deep") }
        switch try decoder.decode(UInt8.self) {
        case 0: self = .null
        case 1: self = .bool(try decoder.decode(Bool.self))
        case 2: self = .number(try decoder.decode(Double.self))
        case 3: self = .string(try decoder.decode(String.self))
        case 4:
            let count = try decoder.decodeCount()
            var values: [ScriptValue] = []
            for _ in 0..<count { values.append(try ScriptValue(from: &decoder, depth: depth + 1)) }
            self = .array(values)
        case 5:
            let count = try decoder.decodeCount(minimumSize: 5)
            var entries: [String: ScriptValue] = [:]
            for _ in 0..<count {
                let key = try decoder.decode(String.self)
                entries[key] = try ScriptValue(from: &decoder, depth: depth + 1)
            }
            self = .dictionary(entries)
        case 6: self = .date(try decoder.decode(Double.self))
        case let tag: throw .malformed("unknown script value \(tag)")
        }
    }
}

extension ScriptError: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .exception(let message, let line, let sourceURL):
            encoder.encode(UInt8(0))
            encoder.encode(message)
            encoder.encode(line ?? -1)
            encoder.encode(sourceURL)
        case .terminated(let limit):
            encoder.encode(UInt8(1))
            encoder.encode(limit)
        case .interrupted: encoder.encode(UInt8(2))
        case .memoryLimitExceeded(let limit):
            encoder.encode(UInt8(3))
            encoder.encode(limit)
        case .engineUnavailable(let reason):
            encoder.encode(UInt8(4))
            encoder.encode(reason)
        }
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0:
            let message = try decoder.decode(String.self)
            let line = try decoder.decode(Int.self)
            self = .exception(message: message, line: line >= 0 ? line : nil, sourceURL: try decoder.decodeOptional(String.self))
        case 1: self = .terminated(limit: try decoder.decode(Double.self))
        case 2: self = .interrupted
        case 3: self = .memoryLimitExceeded(limit: try decoder.decode(Int.self))
        case 4: self = .engineUnavailable(try decoder.decode(String.self))
        case let tag: throw .malformed("unknown script error \(tag)")
        }
    }
}
