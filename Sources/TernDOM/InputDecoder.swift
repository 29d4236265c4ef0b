import Glibc

/// Turns a page's bytes in one encoding into UTF-8, chunk by chunk.
///
/// UTF-8 input passes through untouched (`InputFilter` validates it);
/// single-byte encodings go through a 128-entry table built once with iconv;
/// multi-byte encodings and UTF-16 go through glibc's iconv, without `//`
/// flags: each invalid sequence becomes U+FFFD here (one byte skipped, two
/// for UTF-16), and a sequence cut by a chunk boundary waits for the next
/// chunk. Never aborts. Not thread-safe.
final class InputDecoder {
    let encoding: TextEncoding
    private let kind: TextEncoding.Kind
    private let output = ByteBuffer(capacity: 64 * 1024)

    // Single byte: UTF-8 of 0x80…0xFF, 4 bytes per entry (length in the 4th).
    private var table: [UInt8] = []
    // iconv state.
    private var converter: iconv_t?
    private var pending: [UInt8] = []
    private var errorStep = 1
    // replacement: whether the one U+FFFD has been written.
    private var replaced = false

    init(encoding: TextEncoding) {
        self.encoding = encoding
        kind = encoding.kind
        switch kind {
        case .utf8, .replacement:
            break
        case .userDefined:
            table = InputDecoder.userDefinedTable()
        case .singleByte(let iconvName):
            table = InputDecoder.singleByteTable(iconvName)
        case .utf16(let iconvName), .multiByte(let iconvName):
            if case .utf16 = kind { errorStep = 2 }
            let handle = iconv_open("UTF-8", iconvName)
            if handle != iconv_t(bitPattern: -1) { converter = handle }
        }
    }

    deinit {
        if let converter { iconv_close(converter) }
    }

    /// Decodes `input`, handing UTF-8 to `sink` (possibly not at all, when
    /// everything waits for more bytes). `isLast` flushes what waits.
    func decode(_ input: UnsafeRawBufferPointer, isLast: Bool = false, into sink: (UnsafeRawBufferPointer) -> Void) {
        switch kind {
        case .utf8:
            if input.count > 0 { sink(input) }
        case .replacement:
            if !replaced, input.count > 0 {
                replaced = true
                let fffd: [UInt8] = [0xEF, 0xBF, 0xBD]
                fffd.withUnsafeBytes(sink)
            }
        case .singleByte, .userDefined:
            decodeWithTable(input, into: sink)
        case .utf16, .multiByte:
            decodeWithIconv(input, isLast: isLast, into: sink)
        }
    }

    // MARK: Single-byte encodings

    private func decodeWithTable(_ input: UnsafeRawBufferPointer, into sink: (UnsafeRawBufferPointer) -> Void) {
        guard input.count > 0 else { return }
        output.removeAll()
        output.reserve(input.count * 3)
        var out = output.base
        table.withUnsafeBufferPointer { table in
            for byte in input {
                if byte < 0x80 {
                    out.pointee = byte
                    out += 1
                } else {
                    let entry = Int(byte - 0x80) * 4
                    let length = Int(table[entry + 3])
                    out[0] = table[entry]
                    out[1] = table[entry + 1]
                    out[2] = table[entry + 2]
                    out += length
                }
            }
        }
        output.count = out - output.base
        sink(output.bytes)
    }

    private static var tables: [String: [UInt8]] = [:]

    /// Decodes each byte 0x80…0xFF alone with iconv; bytes it rejects become U+FFFD.
    static func singleByteTable(_ iconvName: String) -> [UInt8] {
        if let table = tables[iconvName] { return table }
        var table = [UInt8](repeating: 0, count: 128 * 4)
        let handle = iconv_open("UTF-8", iconvName)
        let usable = handle != iconv_t(bitPattern: -1)
        for byte in 0x80...0xFF {
            var scalar: UInt32 = 0xFFFD
            if usable {
                var input = [UInt8(byte)]
                var out = [UInt8](repeating: 0, count: 16)
                _ = iconv(handle, nil, nil, nil, nil)
                let written: Int = input.withUnsafeMutableBytes { inBytes in
                    out.withUnsafeMutableBytes { outBytes in
                        var inPointer: UnsafeMutablePointer<CChar>? = inBytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                        var outPointer: UnsafeMutablePointer<CChar>? = outBytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                        var inLeft = 1, outLeft = 16
                        if iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft) == -1 { return 0 }
                        // Stateful converters (CP1258) hold a base character back.
                        _ = iconv(handle, nil, nil, &outPointer, &outLeft)
                        return 16 - outLeft
                    }
                }
                if written > 0 {
                    let decoded = String(decoding: out[0..<written], as: UTF8.self).unicodeScalars
                    if decoded.count == 1, let first = decoded.first { scalar = first.value }
                }
            }
            writeUTF8(scalar, into: &table, at: (byte - 0x80) * 4)
        }
        if usable { iconv_close(handle) }
        tables[iconvName] = table
        return table
    }

    static func userDefinedTable() -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 128 * 4)
        for byte in 0x80...0xFF { writeUTF8(UInt32(0xF780 + byte - 0x80), into: &table, at: (byte - 0x80) * 4) }
        return table
    }

    /// Writes a BMP scalar's UTF-8 (1–3 bytes) at `index`, its length at `index + 3`.
    private static func writeUTF8(_ scalar: UInt32, into table: inout [UInt8], at index: Int) {
        let scalar = scalar > 0xFFFF ? 0xFFFD : scalar
        if scalar < 0x80 {
            table[index] = UInt8(scalar)
            table[index + 3] = 1
        } else if scalar < 0x800 {
            table[index] = UInt8(0xC0 | (scalar >> 6))
            table[index + 1] = UInt8(0x80 | (scalar & 0x3F))
            table[index + 3] = 2
        } else {
            table[index] = UInt8(0xE0 | (scalar >> 12))
            table[index + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            table[index + 2] = UInt8(0x80 | (scalar & 0x3F))
            table[index + 3] = 3
        }
    }

    // MARK: iconv

    private func decodeWithIconv(_ input: UnsafeRawBufferPointer, isLast: Bool, into sink: (UnsafeRawBufferPointer) -> Void) {
        output.removeAll()
        guard let converter else {
            // iconv lacks the encoding: say so once rather than show mojibake.
            if !replaced, input.count > 0 || !pending.isEmpty {
                replaced = true
                output.append(0xEF); output.append(0xBF); output.append(0xBD)
                sink(output.bytes)
            }
            return
        }
        if pending.isEmpty {
            convert(input, isLast: isLast, with: converter)
        } else {
            // A sequence cut by the last chunk boundary: finish it first.
            var joined = pending
            joined.append(contentsOf: input)
            pending.removeAll()
            joined.withUnsafeBytes { convert($0, isLast: isLast, with: converter) }
        }
        if isLast {
            output.reserve(32)
            var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(output.base + output.count)
                .assumingMemoryBound(to: CChar.self)
            var outLeft = 32
            _ = iconv(converter, nil, nil, &outPointer, &outLeft)
            output.count += 32 - outLeft
        }
        if output.count > 0 { sink(output.bytes) }
    }

    private func convert(_ input: UnsafeRawBufferPointer, isLast: Bool, with converter: iconv_t) {
        guard let base = input.baseAddress, input.count > 0 else { return }
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
        var inLeft = input.count
        output.reserve(inLeft * 4 + 16)
        while inLeft > 0 {
            var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(output.base + output.count)
                .assumingMemoryBound(to: CChar.self)
            let room = output.capacity - output.count
            var outLeft = room
            let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
            output.count += room - outLeft
            if result != -1 { break }
            switch errno {
            case E2BIG:
                output.reserve(inLeft * 4 + 16)
            case EINVAL:
                // An incomplete sequence at the end of this chunk.
                if isLast {
                    appendReplacement()
                    inLeft = 0
                } else {
                    pending = Array(UnsafeRawBufferPointer(start: inPointer, count: inLeft))
                    inLeft = 0
                }
            default:
                // EILSEQ: an invalid sequence. One U+FFFD, then resynchronise.
                appendReplacement()
                let step = min(errorStep, inLeft)
                inPointer = inPointer.map { $0 + step }
                inLeft -= step
                output.reserve(inLeft * 4 + 16)
            }
        }
    }

    private func appendReplacement() {
        output.reserve(3)
        output.append(0xEF); output.append(0xBF); output.append(0xBD)
    }
}
