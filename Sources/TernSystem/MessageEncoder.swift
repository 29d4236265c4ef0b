/// Writes a message's payload: fixed-width little-endian integers, doubles
/// as their bits, strings and byte strings after their length. What
/// `MessageDecoder` reads back, field for field, in the same order.
public struct MessageEncoder {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func encode(_ value: UInt8) { bytes.append(value) }
    public mutating func encode(_ value: Bool) { bytes.append(value ? 1 : 0) }
    public mutating func encode(_ value: UInt16) { appendLittleEndian(UInt64(value), count: 2) }
    public mutating func encode(_ value: UInt32) { appendLittleEndian(UInt64(value), count: 4) }
    public mutating func encode(_ value: UInt64) { appendLittleEndian(value, count: 8) }
    public mutating func encode(_ value: Int) { encode(UInt64(bitPattern: Int64(value))) }
    public mutating func encode(_ value: Double) { encode(value.bitPattern) }

    /// The UTF-8 bytes after their count.
    public mutating func encode(_ value: String) {
        var value = value
        value.withUTF8 { encode(bytes: $0) }
    }

    /// The bytes after their count (a UInt32: no payload is 4 GB).
    public mutating func encode<Bytes: Collection>(bytes value: Bytes) where Bytes.Element == UInt8 {
        encode(UInt32(truncatingIfNeeded: value.count))
        bytes.append(contentsOf: value)
    }

    private mutating func appendLittleEndian(_ value: UInt64, count: Int) {
        for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }
}
