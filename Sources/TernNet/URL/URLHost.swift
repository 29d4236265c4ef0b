// Hosts and the host parser (https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)).

/// A URL's host, as produced by the URL Standard's host parser.
public enum URLHost: Hashable, Sendable, CustomStringConvertible {
    /// An ASCII domain, e.g. "example.com".
    case domain(String)
    /// An IPv4 address as a 32-bit number.
    case ipv4(UInt32)
    /// An IPv6 address as eight 16-bit pieces.
    case ipv6([UInt16])
    /// An opaque host (non-special URLs), already percent-encoded.
    case opaque(String)
    /// The empty host.
    case empty

    /// The host serialiser: domains and opaque hosts as-is, IPv4 dotted, IPv6 in brackets.
    public var serialized: String {
        switch self {
        case .domain(let s), .opaque(let s): return s
        case .ipv4(let a): return IPv4Address.serialize(a)
        case .ipv6(let a): return "[" + IPv6Address.serialize(a) + "]"
        case .empty: return ""
        }
    }

    /// Same as `serialized`.
    public var description: String { serialized }

    /// A forbidden host code point (ASCII byte form).
    @inline(__always)
    static func isForbiddenHostCodePoint(_ b: UInt8) -> Bool {
        switch b {
        case 0x00, 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
             UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
            return true
        default:
            return false
        }
    }

    /// The host parser. `input` is UTF-8; `isOpaque` is true for non-special URLs. Returns nil on failure.
    static func parse(_ input: [UInt8], isOpaque: Bool) -> URLHost? {
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]") else { return nil }
            guard let address = IPv6Address.parse(Array(input[1..<(input.count - 1)])) else { return nil }
            return .ipv6(address)
        }
        if isOpaque {
            for b in input where isForbiddenHostCodePoint(b) { return nil }
            if input.isEmpty { return .empty }
            let encoded = PercentEncoding.encode(input, set: .c0Control)
            return .opaque(String(decoding: encoded, as: UTF8.self))
        }
        let decoded = PercentEncoding.decode(input)
        let domain = String(decoding: decoded, as: UTF8.self)
        guard let asciiDomain = IDNA.domainToASCII(domain) else { return nil }
        let bytes = Array(asciiDomain.utf8)
        if IPv4Address.endsInANumber(bytes) {
            guard let address = IPv4Address.parse(bytes) else { return nil }
            return .ipv4(address)
        }
        return .domain(asciiDomain)
    }
}
