// IPv6 host parsing and serialisation (https://url.spec.whatwg.org/#concept-ipv6-parser).

/// Namespace for the URL Standard's IPv6 parser and serialiser.
enum IPv6Address {
    /// The IPv6 parser: `bytes` is the text between the brackets. Returns eight pieces, or nil on failure.
    static func parse(_ bytes: [UInt8]) -> [UInt16]? {
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int? = nil
        var p = 0
        let n = bytes.count
        @inline(__always) func c(_ i: Int) -> UInt8? { i < n ? bytes[i] : nil }

        if c(p) == UInt8(ascii: ":") {
            if c(p + 1) != UInt8(ascii: ":") { return nil }
            p += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while p < n {
            if pieceIndex == 8 { return nil }
            if bytes[p] == UInt8(ascii: ":") {
                if compress != nil { return nil }
                p += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt32 = 0
            var length = 0
            while length < 4, p < n, let h = PercentEncoding.hexValue(bytes[p]) {
                value = value * 0x10 + UInt32(h)
                p += 1
                length += 1
            }
            if p < n, bytes[p] == UInt8(ascii: ".") {
                if length == 0 { return nil }
                p -= length
                if pieceIndex > 6 { return nil }
                var numbersSeen = 0
                while p < n {
                    var ipv4Piece: Int? = nil
                    if numbersSeen > 0 {
                        if bytes[p] == UInt8(ascii: "."), numbersSeen < 4 {
                            p += 1
                        } else {
                            return nil
                        }
                    }
                    guard p < n, bytes[p] >= UInt8(ascii: "0"), bytes[p] <= UInt8(ascii: "9") else { return nil }
                    while p < n, bytes[p] >= UInt8(ascii: "0"), bytes[p] <= UInt8(ascii: "9") {
                        let number = Int(bytes[p] - UInt8(ascii: "0"))
                        if let piece = ipv4Piece {
                            if piece == 0 { return nil }
                            ipv4Piece = piece * 10 + number
                        } else {
                            ipv4Piece = number
                        }
                        if ipv4Piece! > 255 { return nil }
                        p += 1
                    }
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(ipv4Piece!)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                if numbersSeen != 4 { return nil }
                break
            } else if p < n, bytes[p] == UInt8(ascii: ":") {
                p += 1
                if p >= n { return nil }
            } else if p < n {
                return nil
            }
            address[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        if let compress = compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0 && swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// The IPv6 serialiser (without brackets), compressing the first longest run of two or more zero pieces.
    static func serialize(_ address: [UInt16]) -> String {
        var compress: Int? = nil
        var bestLength = 1
        var i = 0
        while i < address.count {
            if address[i] == 0 {
                var j = i
                while j < address.count && address[j] == 0 { j += 1 }
                if j - i > bestLength {
                    bestLength = j - i
                    compress = i
                }
                i = j
            } else {
                i += 1
            }
        }
        var out = ""
        var ignore0 = false
        for pieceIndex in 0..<address.count {
            if ignore0 && address[pieceIndex] == 0 { continue }
            ignore0 = false
            if compress == pieceIndex {
                out += pieceIndex == 0 ? "::" : ":"
                ignore0 = true
                continue
            }
            out += String(address[pieceIndex], radix: 16)
            if pieceIndex != address.count - 1 { out += ":" }
        }
        return out
    }
}
