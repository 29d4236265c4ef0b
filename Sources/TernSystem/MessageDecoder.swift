/// Reads a payload `MessageEncoder` wrote. The payload comes from another
/// process and is hostile: every read is bounds-checked, strings must be
/// UTF-8, counts must fit in what is left, and `finish()` refuses bytes
/// left over. Any of these ends the read with `MessageError.malformed`.
public struct MessageDecoder {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The bytes not read yet.
    public var remaining: Int { bytes.count - offset }

    public mutating func decode(_: UInt8.Type = UInt8.self) throws(MessageError) -> UInt8 {
        guard remaining >= 1 else { throw .malformed("a byte past the end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func decode(_: Bool.Type) throws(MessageError) -> Bool {
        switch try decode(UInt8.self) {
        case 0: return false
        case 1: return true
        case let other: throw .malformed("\(other) is not a Boolean")
        }
    }

    public mutating func decode(_: UInt16.Type) throws(MessageError) -> UInt16 { UInt16(try littleEndian(count: 2)) }
    public mutating func decode(_: UInt32.Type) throws(MessageError) -> UInt32 { UInt32(try littleEndian(count: 4)) }
    public mutating func decode(_: UInt64.Type) throws(MessageError) -> UInt64 { try littleEndian(count: 8) }
    public mutating func decode(_: Int.Type) throws(MessageError) -> Int { Int(Int64(bitPattern: try littleEndian(count: 8))) }
    public mutating func decode(_: Double.Type) throws(MessageError) -> Double { Double(bitPattern: try littleEndian(count: 8)) }

    /// A string: its count, then that many bytes of valid UTF-8.
    public mutating func decode(_: String.Type) throws(MessageError) -> String {
        let utf8 = try decodeBytes()
        guard let string = String(validating: utf8, as: UTF8.self) else { throw .malformed("a string that is not UTF-8") }
        return string
    }

    /// A byte string: its count, then that many bytes.
    public mutating func decodeBytes() throws(MessageError) -> ArraySlice<UInt8> {
        let count = Int(try decode(UInt32.self))
        guard count <= remaining else { throw .malformed("\(count) bytes where \(remaining) are left") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A count of items that take at least `minimumSize` bytes each: a
    /// count the bytes left cannot hold is refused before anything is made.
    public mutating func decodeCount(minimumSize: Int = 1, maximum: Int = .max) throws(MessageError) -> Int {
        let count = Int(try decode(UInt32.self))
        guard count <= maximum, count <= remaining / max(1, minimumSize) else {
            throw .malformed("\(count) items where at most \(min(maximum, remaining / max(1, minimumSize))) fit")
        }
        return count
    }

    /// Refuses a payload with bytes after its last field.
    public func finish() throws(MessageError) {
        guard remaining == 0 else { throw .malformed("\(remaining) bytes after the last field") }
    }

    private mutating func littleEndian(count: Int) throws(MessageError) -> UInt64 {
        guard remaining >= count else { throw .malformed("a \(count)-byte field past the end") }
        // One unaligned load where 8 bytes are there (a layout has millions of fields).
        let value: UInt64 = bytes.withUnsafeBytes { raw in
            if count == 8 { return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            var value: UInt64 = 0
            for i in 0..<count { value |= UInt64(raw[offset + i]) << (8 * UInt64(i)) }
            return value
        }
        offset += count
        return value
    }
}
