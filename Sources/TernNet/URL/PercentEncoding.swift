// Percent-encoding and percent-decoding as defined by the WHATWG URL Standard
// (https://url.spec.whatwg.org/#percent-encoded-bytes).

/// The percent-encode sets of the URL Standard, represented as a 128-bit
/// membership mask over ASCII. Bytes >= 0x80 are always encoded.
struct PercentEncodeSet: Sendable {
    /// Bits 0...63 are code points 0x00...0x3F, bits 64...127 are 0x40...0x7F.
    let low: UInt64
    let high: UInt64

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Returns a set extended with the given ASCII characters.
    func adding(_ chars: String) -> PercentEncodeSet {
        var l = low, h = high
        for b in chars.utf8 {
            if b < 64 { l |= (1 as UInt64) << UInt64(b) } else { h |= (1 as UInt64) << UInt64(b - 64) }
        }
        return PercentEncodeSet(low: l, high: h)
    }

    /// Whether `byte` must be percent-encoded under this set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return (low >> UInt64(byte)) & 1 == 1 }
        if byte < 128 { return (high >> UInt64(byte &- 64)) & 1 == 1 }
        return true
    }

    /// The C0 control percent-encode set: C0 controls and code points above U+007E.
    static let c0Control = PercentEncodeSet(low: 0x0000_0000_FFFF_FFFF, high: 1 << 63)
    /// The fragment percent-encode set.
    static let fragment = c0Control.adding(" \"<>`")
    /// The query percent-encode set.
    static let query = c0Control.adding(" \"#<>")
    /// The special-query percent-encode set.
    static let specialQuery = query.adding("'")
    /// The path percent-encode set.
    static let path = query.adding("?^`{}")
    /// The userinfo percent-encode set.
    static let userinfo = path.adding("/:;=@[\\]^|")
    /// The component percent-encode set.
    static let component = userinfo.adding("$%&+,")
    /// The application/x-www-form-urlencoded percent-encode set.
    static let formURLEncoded = component.adding("!'()~")
}

/// Namespace for percent-encoding helpers working on UTF-8 bytes.
enum PercentEncoding {
    @usableFromInline
    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Appends `byte` to `output`, percent-encoded if it is in `set`.
    @inline(__always)
    static func append(_ byte: UInt8, to output: inout [UInt8], set: PercentEncodeSet) {
        if set.contains(byte) {
            output.append(UInt8(ascii: "%"))
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        } else {
            output.append(byte)
        }
    }

    /// Percent-encodes every byte of `bytes` that is in `set`.
    static func encode<C: Collection>(_ bytes: C, set: PercentEncodeSet) -> [UInt8] where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for b in bytes { append(b, to: &out, set: set) }
        return out
    }

    /// Percent-encodes the UTF-8 form of `string` with `set`, returning a String.
    static func encode(_ string: String, set: PercentEncodeSet) -> String {
        String(decoding: encode(string.utf8, set: set), as: UTF8.self)
    }

    /// The value of an ASCII hex digit, or nil.
    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// Percent-decodes a byte sequence ("%41" becomes "A"; malformed escapes are kept).
    static func decode<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8, C.Index == Int {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < end,
               let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }

    /// Percent-decodes a string, returning the resulting bytes.
    static func decode(_ string: String) -> [UInt8] {
        decode(Array(string.utf8))
    }
}
