// IPv4 host parsing and serialisation (https://url.spec.whatwg.org/#concept-ipv4-parser).

/// Namespace for the URL Standard's IPv4 parser, number parser and serialiser.
enum IPv4Address {
    /// Result of the IPv4 number parser: the value (saturated above 2^32) or failure.
    private static func parseNumber(_ part: ArraySlice<UInt8>) -> UInt64? {
        if part.isEmpty { return nil }
        var s = part
        var radix: UInt64 = 10
        if s.count >= 2, s[s.startIndex] == UInt8(ascii: "0"),
           s[s.startIndex + 1] == UInt8(ascii: "x") || s[s.startIndex + 1] == UInt8(ascii: "X") {
            s = s.dropFirst(2)
            radix = 16
        } else if s.count >= 2, s[s.startIndex] == UInt8(ascii: "0") {
            s = s.dropFirst(1)
            radix = 8
        }
        if s.isEmpty { return 0 }
        var value: UInt64 = 0
        let cap: UInt64 = 1 << 40
        for b in s {
            let d: UInt64
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt64(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt64(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt64(b - UInt8(ascii: "A") + 10)
            default: return nil
            }
            if d >= radix { return nil }
            value = value * radix + d
            if value > cap { value = cap }  // saturate: anything this large is an error anyway
        }
        return value
    }

    /// Splits `bytes` on ".".
    private static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    }

    /// The "ends in a number" checker: decides whether a domain must be parsed as IPv4.
    static func endsInANumber(_ bytes: [UInt8]) -> Bool {
        var parts = split(bytes)
        if parts.last?.isEmpty == true {
            if parts.count == 1 { return false }
            parts.removeLast()
        }
        guard let last = parts.last else { return false }
        if !last.isEmpty, last.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return true
        }
        return parseNumber(last) != nil
    }

    /// The IPv4 parser. Returns nil on failure.
    static func parse(_ bytes: [UInt8]) -> UInt32? {
        var parts = split(bytes)
        if parts.last?.isEmpty == true, parts.count > 1 {
            parts.removeLast()
        }
        if parts.count > 4 { return nil }
        var numbers: [UInt64] = []
        numbers.reserveCapacity(parts.count)
        for part in parts {
            guard let n = parseNumber(part) else { return nil }
            numbers.append(n)
        }
        for n in numbers.dropLast() where n > 255 { return nil }
        guard let lastNumber = numbers.last else { return nil }
        let limit: UInt64 = 1 << UInt64(8 * (5 - numbers.count))
        if lastNumber >= limit { return nil }
        var ipv4 = lastNumber
        for (counter, n) in numbers.dropLast().enumerated() {
            ipv4 += n << UInt64(8 * (3 - counter))
        }
        return UInt32(truncatingIfNeeded: ipv4)
    }

    /// The IPv4 serialiser: dotted decimal.
    static func serialize(_ address: UInt32) -> String {
        var out = ""
        out.reserveCapacity(15)
        var n = address
        var parts: [UInt32] = [0, 0, 0, 0]
        for i in 0..<4 {
            parts[3 - i] = n % 256
            n /= 256
        }
        for (i, p) in parts.enumerated() {
            if i > 0 { out += "." }
            out += String(p)
        }
        return out
    }
}
