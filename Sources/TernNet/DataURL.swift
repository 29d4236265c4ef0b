/// A decoded `data:` URL: https://fetch.spec.whatwg.org/#data-url-processor
struct DataURL {
    var mimeType: String
    var charset: String?
    var body: [UInt8]

    init?(_ url: WebURL) {
        guard url.scheme == "data" else { return nil }
        // Step 3: the URL serialised without its fragment, less "data:".
        let input = url.withoutFragment.href.utf8.dropFirst(5)
        guard let comma = input.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        var type = String(decoding: input[..<comma], as: UTF8.self).trimmingSpaces()
        var bytes = PercentDecoding.decodeBytes(input[input.index(after: comma)...])
        // Steps 11–12: a trailing ";base64" (any case, spaces allowed) means forgiving-base64.
        if let semicolon = type.lastIndex(of: ";"),
           type[type.index(after: semicolon)...].trimmingSpaces().lowercased() == "base64" {
            type = String(type[..<semicolon])
            guard let decoded = Base64.decodeForgiving(bytes) else { return nil }
            bytes = decoded
        }
        if type.hasPrefix(";") { type = "text/plain" + type }
        let parsed = Response.parseContentType(type)
        mimeType = parsed.mimeType ?? "text/plain"
        charset = parsed.mimeType == nil ? "us-ascii" : parsed.charset
        body = bytes
    }
}

/// Base64 as the web uses it (data: URLs, atob/btoa).
package enum Base64 {
    /// Forgiving-base64 decode: https://infra.spec.whatwg.org/#forgiving-base64-decode
    package static func decodeForgiving(_ input: [UInt8]) -> [UInt8]? {
        var data = input.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D) }
        if data.count % 4 == 0, data.last == UInt8(ascii: "=") {
            data.removeLast()
            if data.last == UInt8(ascii: "=") { data.removeLast() }
        }
        if data.count % 4 == 1 { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(data.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in data {
            let value: UInt8
            switch byte {
            case 0x41...0x5A: value = byte - 0x41
            case 0x61...0x7A: value = byte - 0x61 + 26
            case 0x30...0x39: value = byte - 0x30 + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            default: return nil
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }

    package static func encode(_ input: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < input.count {
            let b0 = input[i], b1 = i + 1 < input.count ? input[i + 1] : 0, b2 = i + 2 < input.count ? input[i + 2] : 0
            out.append(table[Int(b0 >> 2)])
            out.append(table[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < input.count ? table[Int((b1 & 15) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < input.count ? table[Int(b2 & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
