/// The HTML encoding sniffing algorithm, simplified: BOM, then the transport
/// (HTTP) charset, then a `<meta>` prescan of the first 1024 bytes, then UTF-8
/// if the bytes seen so far are valid UTF-8, else windows-1252.
///
/// https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm
/// FIXME: steps 5–8 (user choice, a parent document's encoding, reloading when
/// a later `<meta>` disagrees) are not done: the first decision is final.
enum EncodingSniffer {
    /// How many bytes the prescan looks at (the spec's limit).
    static let prescanLength = 1024

    /// The result of a decision: the encoding and how many BOM bytes to skip.
    struct Decision {
        let encoding: TextEncoding
        let bomLength: Int
    }

    /// Whether `bytes` (the first bytes of the input) are enough to decide.
    /// With a usable transport charset, only a possible BOM must be waited for.
    static func canDecide(_ bytes: UnsafeRawBufferPointer, charset: TextEncoding?) -> Bool {
        if bytes.count >= prescanLength || bomLength(bytes) > 0 { return true }
        if charset == nil { return false }
        // A BOM could still be arriving.
        if bytes.count >= 3 { return true }
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let couldBeBOM = byte == utf8BOM[index]
                || (index == 0 && (byte == 0xFE || byte == 0xFF))
                || (index == 1 && ((bytes[0] == 0xFE && byte == 0xFF) || (bytes[0] == 0xFF && byte == 0xFE)))
            if !couldBeBOM { return true }
        }
        return false
    }

    /// Decides the encoding of input starting with `bytes`. `isComplete` says
    /// that no more bytes will come (so a truncated UTF-8 tail is invalid).
    static func decide(_ bytes: UnsafeRawBufferPointer, charset: TextEncoding?, isComplete: Bool) -> Decision {
        // 1. The BOM wins over everything.
        let bom = bomLength(bytes)
        if bom == 3 { return Decision(encoding: .utf8, bomLength: 3) }
        if bom == 2 {
            let name = bytes[0] == 0xFE ? "utf-16be" : "utf-16le"
            return Decision(encoding: TextEncoding(label: name)!, bomLength: 2)
        }
        // 2. The transport layer's charset.
        if let charset { return Decision(encoding: charset, bomLength: 0) }
        // 3. <meta charset> or <meta http-equiv content>.
        let head = UnsafeRawBufferPointer(rebasing: bytes.prefix(prescanLength))
        if let found = prescan(head) { return Decision(encoding: found, bomLength: 0) }
        // 4. Tern's default: UTF-8 when it is valid so far, else windows-1252.
        return Decision(encoding: isValidUTF8(bytes, isComplete: isComplete) ? .utf8 : .windows1252, bomLength: 0)
    }

    static func bomLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return 3 }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) { return 2 }
        return 0
    }

    /// Whether `bytes` are well-formed UTF-8; an incomplete sequence at the
    /// end counts as valid unless the input is complete.
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer, isComplete: Bool) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            for offset in 1..<length {
                guard index + offset < count else { return !isComplete }
                let byte = bytes[index + offset]
                if offset == 1 ? (byte < low || byte > high) : (byte < 0x80 || byte > 0xBF) { return false }
            }
            index += length
        }
        return true
    }

    // MARK: Prescan

    /// https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
    static func prescan(_ bytes: UnsafeRawBufferPointer) -> TextEncoding? {
        var scanner = Scanner(bytes: bytes)
        return scanner.run()
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
        }
        static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

        func matches(_ text: StaticString, at index: Int, caseInsensitive: Bool = false) -> Bool {
            let length = text.utf8CodeUnitCount
            guard index + length <= bytes.count else { return false }
            let pattern = text.utf8Start
            for offset in 0..<length {
                let byte = caseInsensitive ? Scanner.lower(bytes[index + offset]) : bytes[index + offset]
                if byte != pattern[offset] { return false }
            }
            return true
        }

        mutating func run() -> TextEncoding? {
            let count = bytes.count
            while position < count {
                if matches("<!--", at: position) {
                    // Step 2: to the first '>' preceded by "--", after the '<'.
                    var end = position + 4
                    while end < count, !(bytes[end] == 0x3E && bytes[end - 1] == 0x2D && bytes[end - 2] == 0x2D) {
                        end += 1
                    }
                    guard end < count else { return nil }
                    position = end
                } else if matches("<meta", at: position, caseInsensitive: true), position + 5 < count,
                          Scanner.isSpace(bytes[position + 5]) || bytes[position + 5] == 0x2F {
                    position += 5
                    switch meta() {
                    case .outOfInput: return nil
                    case .found(let encoding): return encoding
                    case .none: break
                    }
                } else if bytes[position] == 0x3C, position + 1 < count,
                          Scanner.isLetter(bytes[position + 1])
                            || (bytes[position + 1] == 0x2F && position + 2 < count && Scanner.isLetter(bytes[position + 2])) {
                    // Step 4: a start or end tag; skip its attributes.
                    while position < count, !Scanner.isSpace(bytes[position]), bytes[position] != 0x3E { position += 1 }
                    while true {
                        switch attribute() {
                        case .outOfInput: return nil
                        case .none: break
                        case .attribute: continue
                        }
                        break
                    }
                } else if matches("<!", at: position) || matches("</", at: position) || matches("<?", at: position) {
                    while position < count, bytes[position] != 0x3E { position += 1 }
                    guard position < count else { return nil }
                }
                position += 1
            }
            return nil
        }

        enum MetaResult { case found(TextEncoding), none, outOfInput }

        /// Step 3 for a `<meta` whose attributes start at `position`.
        mutating func meta() -> MetaResult {
            var seen: Set<[UInt8]> = []
            var gotPragma = false
            var needPragma: Bool?
            var charset: TextEncoding?
            loop: while true {
                switch attribute() {
                case .outOfInput: return .outOfInput
                case .none: break loop
                case .attribute(let name, let value):
                    guard seen.insert(name).inserted else { continue }
                    if name == Array("http-equiv".utf8) {
                        if value == Array("content-type".utf8) { gotPragma = true }
                    } else if name == Array("content".utf8) {
                        if charset == nil, let found = Scanner.charsetFromContent(value) {
                            charset = found
                            needPragma = true
                        }
                    } else if name == Array("charset".utf8) {
                        charset = TextEncoding(label: String(decoding: value, as: UTF8.self))
                        needPragma = false
                    }
                }
            }
            guard let needPragma, var found = charset else { return .none }
            if needPragma && !gotPragma { return .none }
            if found.name == "utf-16le" || found.name == "utf-16be" { found = .utf8 }
            if found.name == "x-user-defined" { found = .windows1252 }
            return .found(found)
        }

        enum AttributeResult { case attribute(name: [UInt8], value: [UInt8]), none, outOfInput }

        /// https://html.spec.whatwg.org/multipage/parsing.html#concept-get-attributes-when-sniffing
        mutating func attribute() -> AttributeResult {
            let count = bytes.count
            while position < count, Scanner.isSpace(bytes[position]) || bytes[position] == 0x2F { position += 1 }
            guard position < count else { return .outOfInput }
            if bytes[position] == 0x3E { return .none }
            var name: [UInt8] = []
            var value: [UInt8] = []
            // Attribute name.
            while true {
                guard position < count else { return .outOfInput }
                let byte = bytes[position]
                if byte == 0x3D, !name.isEmpty { position += 1; break }
                if Scanner.isSpace(byte) {
                    while position < count, Scanner.isSpace(bytes[position]) { position += 1 }
                    guard position < count else { return .outOfInput }
                    if bytes[position] != 0x3D { return .attribute(name: name, value: value) }
                    position += 1
                    break
                }
                if byte == 0x2F || byte == 0x3E { return .attribute(name: name, value: value) }
                name.append(Scanner.lower(byte))
                position += 1
            }
            // Value.
            while position < count, Scanner.isSpace(bytes[position]) { position += 1 }
            guard position < count else { return .outOfInput }
            let first = bytes[position]
            if first == 0x22 || first == 0x27 {
                position += 1
                while true {
                    guard position < count else { return .outOfInput }
                    let byte = bytes[position]
                    position += 1
                    if byte == first { return .attribute(name: name, value: value) }
                    value.append(Scanner.lower(byte))
                }
            }
            if first == 0x3E { return .attribute(name: name, value: value) }
            while true {
                guard position < count else { return .outOfInput }
                let byte = bytes[position]
                if Scanner.isSpace(byte) || byte == 0x3E { return .attribute(name: name, value: value) }
                value.append(Scanner.lower(byte))
                position += 1
            }
        }

        /// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element
        static func charsetFromContent(_ content: [UInt8]) -> TextEncoding? {
            let pattern = Array("charset".utf8)
            var position = 0
            let count = content.count
            while true {
                // 2. Find "charset" (already lower case).
                guard position + pattern.count <= count else { return nil }
                if !content[position..<(position + pattern.count)].elementsEqual(pattern) {
                    position += 1
                    continue
                }
                position += pattern.count
                // 3. Skip whitespace; 4. if not '=', look again from here.
                while position < count, isSpace(content[position]) { position += 1 }
                guard position < count, content[position] == 0x3D else { continue }
                position += 1
                while position < count, isSpace(content[position]) { position += 1 }
                guard position < count else { return nil }
                let first = content[position]
                let value: ArraySlice<UInt8>
                if first == 0x22 || first == 0x27 {
                    guard let end = content[(position + 1)...].firstIndex(of: first) else { return nil }
                    value = content[(position + 1)..<end]
                } else {
                    var end = position
                    while end < count, !isSpace(content[end]), content[end] != 0x3B { end += 1 }
                    value = content[position..<end]
                }
                return TextEncoding(label: String(decoding: value, as: UTF8.self))
            }
        }
    }
}
