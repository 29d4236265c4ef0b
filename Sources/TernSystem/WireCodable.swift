/// A value that crosses the process boundary: written field by field with
/// `MessageEncoder`, read back with `MessageDecoder`. Reading is hostile
/// input: an unknown tag, a value out of range or a string that does not
/// parse throws `MessageError.malformed`, never traps.
package protocol WireCodable {
    func encode(to encoder: inout MessageEncoder)
    init(from decoder: inout MessageDecoder) throws(MessageError)
}

extension MessageEncoder {
    package mutating func encode<Value: WireCodable>(_ value: Value) { value.encode(to: &self) }

    /// An optional: a presence byte, then the value.
    package mutating func encode<Value: WireCodable>(_ value: Value?) {
        encode(value != nil)
        value?.encode(to: &self)
    }

    package mutating func encode(_ value: String?) {
        encode(value != nil)
        if let value { encode(value) }
    }

    /// One of a fixed list of values (an enum's cases), as its index in `table`.
    package mutating func encode<Value: Equatable>(_ value: Value, in table: [Value]) {
        encode(UInt8(truncatingIfNeeded: table.firstIndex(of: value) ?? 0))
    }

    /// An array: its count, then each element.
    package mutating func encode<Value: WireCodable>(_ values: [Value]) {
        encode(UInt32(truncatingIfNeeded: values.count))
        for value in values { value.encode(to: &self) }
    }
}

extension MessageDecoder {
    package mutating func decode<Value: WireCodable>(_: Value.Type) throws(MessageError) -> Value { try Value(from: &self) }

    package mutating func decodeOptional<Value: WireCodable>(_: Value.Type) throws(MessageError) -> Value? {
        try decode(Bool.self) ? try Value(from: &self) : nil
    }

    /// One of `table`'s values, by its index; another index is refused as an unknown `what`.
    package mutating func decode<Value>(in table: [Value], what: String) throws(MessageError) -> Value {
        let tag = Int(try decode(UInt8.self))
        guard table.indices.contains(tag) else { throw .malformed("unknown \(what) \(tag)") }
        return table[tag]
    }

    package mutating func decodeOptional(_: String.Type) throws(MessageError) -> String? {
        try decode(Bool.self) ? try decode(String.self) : nil
    }

    /// An array of at most `maximum` elements, each taking at least `minimumSize` bytes.
    package mutating func decodeArray<Value: WireCodable>(_: Value.Type, minimumSize: Int = 1,
                                                         maximum: Int = .max) throws(MessageError) -> [Value] {
        let count = try decodeCount(minimumSize: minimumSize, maximum: maximum)
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try Value(from: &self)) }
        return values
    }
}
