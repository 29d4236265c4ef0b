extension WebURL {
    /// The same URL with its fragment replaced.
    package func settingFragment(_ fragment: String?) -> WebURL {
        let base = withoutFragment.href
        return fragment.flatMap { WebURL(base + "#" + $0) } ?? withoutFragment
    }

    /// A file: URL's path on this machine, percent-decoded.
    package var filePath: String {
        PercentDecoding.decode(pathname)
    }

    /// The file: URL for an absolute path on this machine.
    package init?(filePath path: String) {
        guard path.hasPrefix("/") else { return nil }
        var encoded = ""
        for byte in path.utf8 {
            let keep = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/-._~!$&'()*+,;=:@".utf8.contains(byte)
            encoded += keep ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }
        self.init("file://" + encoded)
    }
}

/// Percent-decoding of URL components into bytes or text.
enum PercentDecoding {
    static func decodeBytes<S: Sequence>(_ input: S) -> [UInt8] where S.Element == UInt8 {
        let bytes = Array(input)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25, i + 2 < bytes.count, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    static func decode(_ string: String) -> String {
        String(decoding: decodeBytes(string.utf8), as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
