/// Splits HTML source into spans to colour: tags, attribute names and
/// values, comments, the doctype, character references and plain text.
///
/// Follows the tokenization states of HTML §13.2.5 roughly, on the UTF-8
/// bytes (the syntax is all ASCII, so a span never cuts a character): data,
/// tag open, end tag open, tag name, the attribute states, markup
/// declaration open (comment, DOCTYPE, bogus comment), character
/// reference, and the RCDATA/RAWTEXT/PLAINTEXT content of `title`,
/// `textarea`, `script`, `style` and the rest. It never fails: broken markup
/// (an unterminated comment, tag or quoted value) colours the rest of the
/// input as that span, as a browser would read it. Linear in the input.
enum SourceHighlighter {
    enum Kind: UInt8, CaseIterable {
        case text, tag, attributeName, attributeValue, comment, doctype, characterReference
    }

    /// A span of the source: UTF-8 byte offsets `start..<end`.
    struct Span: Equatable {
        var kind: Kind
        var start: Int
        var end: Int
    }

    /// The spans of `bytes`, in order, covering every byte; neighbouring
    /// spans of one kind are merged.
    static func spans(_ bytes: UnsafeBufferPointer<UInt8>) -> [Span] {
        var scanner = Scanner(bytes: bytes)
        scanner.run()
        return scanner.spans
    }

    /// `spans` of a string's UTF-8.
    static func spans(_ text: String) -> [Span] {
        var text = text
        return text.withUTF8 { spans($0) }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var spans: [Span] = []
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            spans.reserveCapacity(bytes.count / 16)
        }

        var n: Int { bytes.count }

        mutating func emit(_ kind: Kind, from start: Int, to end: Int) {
            guard end > start else { return }
            if let last = spans.last, last.kind == kind, last.end == start {
                spans[spans.count - 1].end = end
            } else {
                spans.append(Span(kind: kind, start: start, end: end))
            }
        }

        static func isASCIIAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        static func isASCIIAlphanumeric(_ b: UInt8) -> Bool { isASCIIAlpha(b) || (b >= 0x30 && b <= 0x39) }
        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

        /// Whether the bytes at `i` are `word` (ASCII, ignoring case).
        func matches(_ word: StaticString, at i: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard i + count <= n else { return false }
            let pointer = word.utf8Start
            for k in 0..<count where Self.lowercased(bytes[i + k]) != Self.lowercased(pointer[k]) { return false }
            return true
        }

        static func lowercased(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

        /// The first offset ≥ `from` where `needle` (ASCII) starts, or `n`.
        func find(_ needle: StaticString, from: Int) -> Int {
            let count = needle.utf8CodeUnitCount
            let first = needle.utf8Start[0]
            var k = from
            while k + count <= n {
                if bytes[k] == first, matches(needle, at: k) { return k }
                k += 1
            }
            return n
        }

        /// The first offset ≥ `from` holding `byte`, or `n`.
        func find(byte: UInt8, from: Int) -> Int {
            var k = from
            while k < n, bytes[k] != byte { k += 1 }
            return k
        }

        // §13.2.5.1 Data state (and RCDATA when `references`): text up to
        // the next `<` (a tag when one starts there) or `&`.
        mutating func run() {
            while i < n {
                let start = i
                while i < n, bytes[i] != 0x3C, bytes[i] != 0x26 { i += 1 }
                emit(.text, from: start, to: i)
                guard i < n else { return }
                if bytes[i] == 0x26 {
                    characterReference()
                } else {
                    tagOpen()
                }
            }
        }

        // §13.2.5.72 Character reference state: `&name;`, `&#123;`,
        // `&#x1F;` (the `;` optional, as the parser allows); a lone `&` is text.
        mutating func characterReference() {
            let start = i
            var k = i + 1
            if k < n, bytes[k] == 0x23 {
                k += 1
                let hex = k < n && bytes[k] | 0x20 == 0x78
                if hex { k += 1 }
                let digits = k
                while k < n, hex ? Self.isHexDigit(bytes[k]) : (bytes[k] >= 0x30 && bytes[k] <= 0x39) { k += 1 }
                guard k > digits else {
                    emit(.text, from: start, to: start + 1)
                    i = start + 1
                    return
                }
            } else {
                let name = k
                while k < n, Self.isASCIIAlphanumeric(bytes[k]) { k += 1 }
                guard k > name, Self.isASCIIAlpha(bytes[name]) else {
                    emit(.text, from: start, to: start + 1)
                    i = start + 1
                    return
                }
            }
            if k < n, bytes[k] == 0x3B { k += 1 }
            emit(.characterReference, from: start, to: k)
            i = k
        }

        static func isHexDigit(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66)
        }

        // §13.2.5.6 Tag open state, at a `<`.
        mutating func tagOpen() {
            let start = i
            let next = i + 1 < n ? bytes[i + 1] : 0
            if next == 0x21 {  // `<!`: §13.2.5.42 Markup declaration open
                if matches("<!--", at: i) {
                    comment()
                } else if matches("<!doctype", at: i) {
                    i = min(n, find(byte: 0x3E, from: i) + 1)
                    emit(.doctype, from: start, to: i)
                } else {
                    bogusComment()
                }
            } else if next == 0x3F {  // `<?`: a bogus comment
                bogusComment()
            } else if next == 0x2F {  // `</`: §13.2.5.7 End tag open
                let after = i + 2 < n ? bytes[i + 2] : 0
                if Self.isASCIIAlpha(after) {
                    tag(isEnd: true)
                } else if after == 0x3E {
                    i += 3
                    emit(.comment, from: start, to: i)
                } else if i + 2 >= n {
                    i = n
                    emit(.text, from: start, to: n)
                } else {
                    bogusComment()
                }
            } else if Self.isASCIIAlpha(next) {
                tag(isEnd: false)
            } else {
                i += 1
                emit(.text, from: start, to: i)
            }
        }

        // §13.2.5.43 Comment start … §13.2.5.52: up to `-->` (or `--!>`,
        // and `<!-->`, `<!--->` end at once); unterminated, to the end.
        mutating func comment() {
            let start = i
            var k = i + 4
            if k < n, bytes[k] == 0x3E { k += 1 } else if matches("->", at: k) { k += 2 } else {
                while k < n {
                    if bytes[k] == 0x2D, matches("-->", at: k) { k += 3; break }
                    if bytes[k] == 0x2D, matches("--!>", at: k) { k += 4; break }
                    k += 1
                }
            }
            i = min(k, n)
            emit(.comment, from: start, to: i)
        }

        // §13.2.5.41 Bogus comment state: up to the next `>`.
        mutating func bogusComment() {
            let start = i
            i = min(n, find(byte: 0x3E, from: i + 1) + 1)
            emit(.comment, from: start, to: i)
        }

        // §13.2.5.8 Tag name state and the attribute states (§13.2.5.32–39):
        // `<name`, then names, `=` and values, up to `>` (unterminated: to the end).
        mutating func tag(isEnd: Bool) {
            let start = i
            i += isEnd ? 2 : 1
            let nameStart = i
            while i < n, !Self.isSpace(bytes[i]), bytes[i] != 0x2F, bytes[i] != 0x3E { i += 1 }
            let nameEnd = i
            emit(.tag, from: start, to: i)
            while i < n {
                let b = bytes[i]
                if Self.isSpace(b) || b == 0x2F {
                    let space = i
                    i += 1
                    emit(.tag, from: space, to: i)
                } else if b == 0x3E {
                    i += 1
                    emit(.tag, from: i - 1, to: i)
                    if !isEnd { content(after: nameStart..<nameEnd) }
                    return
                } else {
                    attribute()
                }
            }
        }

        // An attribute: its name (which may start with `=`, §13.2.5.32),
        // then `=` and a value, double-quoted, single-quoted or unquoted.
        mutating func attribute() {
            let nameStart = i
            i += 1
            while i < n, !Self.isSpace(bytes[i]), bytes[i] != 0x2F, bytes[i] != 0x3E, bytes[i] != 0x3D { i += 1 }
            emit(.attributeName, from: nameStart, to: i)
            var k = i
            while k < n, Self.isSpace(bytes[k]) { k += 1 }
            guard k < n, bytes[k] == 0x3D else { return }
            emit(.tag, from: i, to: k + 1)
            i = k + 1
            while i < n, Self.isSpace(bytes[i]) {
                i += 1
                emit(.tag, from: i - 1, to: i)
            }
            guard i < n else { return }
            let quote = bytes[i]
            if quote == 0x22 || quote == 0x27 {
                emit(.attributeValue, from: i, to: i + 1)
                i += 1
                value(until: { $0 == quote })
                if i < n {
                    emit(.attributeValue, from: i, to: i + 1)
                    i += 1
                }
            } else if quote != 0x3E {
                value(until: { Self.isSpace($0) || $0 == 0x3E })
            }
        }

        /// An attribute value's characters up to a byte `isEnd` picks (not
        /// consumed), its character references apart.
        mutating func value(until isEnd: (UInt8) -> Bool) {
            while i < n {
                let start = i
                while i < n, bytes[i] != 0x26, !isEnd(bytes[i]) { i += 1 }
                emit(.attributeValue, from: start, to: i)
                guard i < n, bytes[i] == 0x26 else { return }
                characterReference()
                // A lone `&` is part of the value.
                if let last = spans.last, last.kind == .text {
                    spans.removeLast()
                    emit(.attributeValue, from: last.start, to: last.end)
                }
            }
        }

        // The content of elements whose text is not markup: RCDATA (§13.2.5.2:
        // `title`, `textarea`, references coloured), RAWTEXT and script data
        // (§13.2.5.3–4) up to the matching end tag, PLAINTEXT (§13.2.5.5) to the end.
        mutating func content(after name: Range<Int>) {
            guard let element = Self.textElements.first(where: { candidate in
                candidate.name.utf8CodeUnitCount == name.count && matches(candidate.name, at: name.lowerBound)
            }) else { return }
            if element.kind == .plaintext {
                emit(.text, from: i, to: n)
                i = n
                return
            }
            let start = i
            var end = start
            // The first `</name` followed by a space, `/` or `>`.
            while true {
                end = find("</", from: end)
                guard end < n else { break }
                let after = end + 2 + name.count
                if matches(element.name, at: end + 2), after >= n || Self.isSpace(bytes[after]) || bytes[after] == 0x2F || bytes[after] == 0x3E {
                    break
                }
                end += 2
            }
            if element.kind == .rcdata {
                // Text and references only, as the data state reads them.
                while i < end {
                    let piece = i
                    while i < end, bytes[i] != 0x26 { i += 1 }
                    emit(.text, from: piece, to: i)
                    if i < end {
                        characterReference()
                        if i > end { i = end }
                    }
                }
            } else {
                emit(.text, from: start, to: end)
            }
            i = end
        }

        enum ContentKind { case rcdata, rawtext, plaintext }
        static let textElements: [(name: StaticString, kind: ContentKind)] = [
            ("title", .rcdata), ("textarea", .rcdata), ("script", .rawtext), ("style", .rawtext), ("xmp", .rawtext),
            ("iframe", .rawtext), ("noembed", .rawtext), ("noframes", .rawtext), ("plaintext", .plaintext),
        ]
    }
}
