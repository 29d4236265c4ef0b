/// What a stretch of paragraph text carries besides its characters.
struct RunAttributes: Hashable {
    var style = Style(rawValue: 0)
    var color: Color?
    var background: Color?
    /// Index into the page's links, or -1.
    var link: Int32 = -1
    /// Index into the page's controls, or -1.
    var control: Int32 = -1

    var linkIndex: Int? { link >= 0 ? Int(link) : nil }
    var controlIndex: Int? { control >= 0 ? Int(control) : nil }
}

/// Where a stretch of a paragraph's text drawn one way starts (a byte offset).
struct AttributeRun {
    var start: Int
    var attributes: RunAttributes
}

/// A paragraph's attribute runs, in order. The first is kept in place and
/// only the others in an array: most paragraphs (a table cell's, a list
/// item's, a link's) are drawn one way, and then have no array at all.
struct AttributeRuns: RandomAccessCollection, MutableCollection {
    private var head = AttributeRun(start: 0, attributes: RunAttributes())
    private var tail: [AttributeRun] = []
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> AttributeRun {
        get { index == 0 ? head : tail[index - 1] }
        set {
            if index == 0 { head = newValue } else { tail[index - 1] = newValue }
        }
    }

    mutating func append(_ run: AttributeRun) {
        if count == 0 { head = run } else { tail.append(run) }
        count += 1
    }

    mutating func removeLast() {
        guard count > 0 else { return }
        if count > 1 { tail.removeLast() }
        count -= 1
    }
}

/// Horizontal alignment of a paragraph's lines.
public enum TextAlign: Hashable, Sendable {
    case left, center, right
}

/// Inline content of one block, whitespace already collapsed: the unit the
/// line breaker wraps.
///
/// The text is kept as UTF-8 (a byte a character on most pages, not the four
/// of a `Unicode.Scalar`; a large page holds all of its text here before it
/// is laid out). Characters with special meaning inside: U+000A a forced
/// break (`<br>`, or a newline in preformatted text), U+0020 a collapsed
/// space (a break opportunity), U+00A0 a space that does not break (also
/// preformatted spaces and spaces inside form controls), U+200B a break
/// opportunity (`<wbr>`), U+00AD a soft hyphen (drawn as `-` only where the
/// line breaks). Offsets (runs, anchors) count bytes.
extension Unicode.Scalar {
    /// A scalar from a value known to be one (decoded from valid UTF-8).
    @inline(__always)
    init(_unchecked value: UInt32) {
        self = Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}

struct Paragraph {
    /// The text, valid UTF-8.
    var text: [UInt8] = []
    /// The attribute runs, in order: the first starts at 0, each lasts
    /// until the next (one list, not two: one allocation less a paragraph).
    var runs = AttributeRuns()
    /// Anchors that start inside the paragraph, at a byte offset.
    var anchors: [(offset: Int, name: String)] = []
    /// Preformatted: lines break only at U+000A and may be wider than the width.
    var noWrap = false
    var align: TextAlign = .left
    /// Columns the first line starts further right (CSS `text-indent`; negative hangs it left).
    var firstLineIndent = 0
    /// Its lines scroll sideways in the browser (`Line.scrollsHorizontally`).
    var scrolls = false

    // Building state (whitespace collapsing, tab stops).
    private var pendingSpace = false
    private var pendingSpaceAttributes = RunAttributes()
    private var lineHasContent = false
    private var column = 0
    private var previous: UInt32 = 0
    /// Drop a newline that comes first (the one right after `<pre>`).
    var dropLeadingNewline = false

    var isEmpty: Bool { text.isEmpty }
    /// Whitespace waits to become a space before what comes next.
    var hasPendingSpace: Bool { pendingSpace }

    /// Drops whitespace waiting to become a space: what ends an inline
    /// block's line (CSS Text 3 §4.1.3: spaces at the end of a line go).
    mutating func dropPendingSpace() {
        pendingSpace = false
    }

    mutating func suppressNextSpace() {
        pendingSpace = false
        lineHasContent = false
    }

    /// Starts a run with `attributes` unless the last one has them.
    @inline(__always)
    mutating func use(_ attributes: RunAttributes) {
        if let last = runs.last {
            if last.attributes == attributes { return }
            if last.start == text.count {
                // The last run is empty: reuse it.
                runs.removeLast()
                if let before = runs.last, before.attributes == attributes { return }
            }
        }
        runs.append(AttributeRun(start: text.count, attributes: attributes))
    }

    @inline(__always)
    private mutating func flushSpace(before attributes: RunAttributes) {
        pendingSpace = false
        var space = pendingSpaceAttributes
        if space != attributes {
            // A space between differently styled text belongs to neither link.
            if space.link != attributes.link || space.control != attributes.control {
                space.link = -1
                space.control = -1
                space.style.subtract([.link, .underline, .formControl, .reverse])
            }
        }
        use(space)
        text.append(0x20)
        column += 1
        previous = 0x20
    }

    /// Appends the UTF-8 of `v`.
    @inline(__always)
    private mutating func append(_ v: UInt32) {
        if v < 0x80 {
            text.append(UInt8(truncatingIfNeeded: v))
        } else {
            var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            let count = Paragraph.encode(v, into: &bytes)
            withUnsafeBytes(of: &bytes) { text.append(contentsOf: $0.prefix(count)) }
        }
    }

    /// The UTF-8 of `v` in `bytes`; returns how many.
    @inline(__always)
    static func encode(_ v: UInt32, into bytes: inout (UInt8, UInt8, UInt8, UInt8)) -> Int {
        if v < 0x80 {
            bytes.0 = UInt8(v)
            return 1
        }
        if v < 0x800 {
            bytes.0 = UInt8(0xC0 | (v >> 6)); bytes.1 = UInt8(0x80 | (v & 0x3F))
            return 2
        }
        if v < 0x10000 {
            bytes.0 = UInt8(0xE0 | (v >> 12)); bytes.1 = UInt8(0x80 | ((v >> 6) & 0x3F)); bytes.2 = UInt8(0x80 | (v & 0x3F))
            return 3
        }
        bytes.0 = UInt8(0xF0 | (v >> 18)); bytes.1 = UInt8(0x80 | ((v >> 12) & 0x3F))
        bytes.2 = UInt8(0x80 | ((v >> 6) & 0x3F)); bytes.3 = UInt8(0x80 | (v & 0x3F))
        return 4
    }

    /// Appends text with whitespace collapsing (`white-space: normal`).
    mutating func appendText(_ text: String, _ attributes: RunAttributes) {
        var text = text
        text.withUTF8 { appendText(utf8: $0, attributes) }
    }

    /// The hot path of layout: one scan of the UTF-8, what is kept copied as
    /// it is (a scalar the sanitizer changes is written anew).
    mutating func appendText(utf8 bytes: UnsafeBufferPointer<UInt8>, _ attributes: RunAttributes) {
        var space = pendingSpace
        let n = bytes.count
        var i = 0
        // Up to the first visible scalar: whitespace only sets the pending space.
        var first: Unicode.Scalar?
        var firstStart = 0
        while i < n {
            firstStart = i
            let v = Paragraph.decode(bytes, &i)
            if let scalar = Paragraph.visible(v) {
                first = scalar
                break
            }
            if lineHasContent && !space && Paragraph.isSpace(v) {
                space = true
                pendingSpaceAttributes = attributes
            }
        }
        guard let first else {
            pendingSpace = space
            return
        }
        if space {
            flushSpace(before: attributes)
            space = false
        }
        use(attributes)
        // The rest goes through a small buffer on the stack, handed to `text`
        // a piece at a time (a copy of contiguous bytes): a scalar kept as it
        // is keeps its bytes, one the sanitizer changes is written anew.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { out in
            var o = 0
            @inline(__always) func flushIfFull() {
                if o > 256 - 8 {
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<o]))
                    o = 0
                }
            }
            @inline(__always) func put(_ v: UInt32, from start: Int, to end: Int, original: UInt32) {
                if v == original {
                    for k in start..<end {
                        out[o] = bytes[k]
                        o += 1
                    }
                } else {
                    var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                    let count = Paragraph.encode(v, into: &encoded)
                    withUnsafeBytes(of: &encoded) { raw in
                        for k in 0..<count {
                            out[o] = raw[k]
                            o += 1
                        }
                    }
                }
            }
            put(first.value, from: firstStart, to: i, original: Paragraph.decodeAt(bytes, firstStart))
            while i < n {
                flushIfFull()
                let b = bytes[i]
                if b > 0x20 && b < 0x7F {
                    // Printable ASCII: kept as it is.
                    if space {
                        out[o] = 0x20
                        o += 1
                        space = false
                    }
                    out[o] = b
                    o += 1
                    i += 1
                    continue
                }
                let start = i
                let v = Paragraph.decode(bytes, &i)
                guard let scalar = Paragraph.visible(v) else {
                    // Whitespace (or a scalar that is dropped: nothing).
                    if Paragraph.isSpace(v) { space = true }
                    continue
                }
                if space {
                    out[o] = 0x20
                    o += 1
                    space = false
                }
                put(scalar.value, from: start, to: i, original: v)
            }
            if o > 0 { text.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<o])) }
        }
        if space { pendingSpaceAttributes = attributes }
        pendingSpace = space
        lineHasContent = true
    }

    /// The scalar of valid UTF-8 at `i`.
    @inline(__always)
    static func decodeAt(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        var j = i
        return decode(bytes, &j)
    }

    /// One scalar of valid UTF-8 (a Swift string's bytes) at `i`, advancing `i`.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> UInt32 {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 {
            i += 1
            return b0
        }
        if b0 < 0xE0 {
            defer { i += 2 }
            return (b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
        }
        if b0 < 0xF0 {
            defer { i += 3 }
            return (b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
        }
        defer { i += 4 }
        return (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
    }

    /// What `v` shows as in collapsed text, or nil for whitespace (including
    /// what the sanitizer turns into a space) and for dropped scalars.
    @inline(__always)
    static func visible(_ v: UInt32) -> Unicode.Scalar? {
        if v > 0x20 && v < 0x7F { return Unicode.Scalar(UInt8(truncatingIfNeeded: v)) }
        if v == 0x20 || v == 0x0A || v == 0x09 || v == 0x0D || v == 0x0C { return nil }
        guard let m = TextNormalizer.map(Unicode.Scalar(_unchecked: v)), m.value != 0x20 else { return nil }
        return m
    }

    /// Whether `v` collapses to a space (rather than being dropped).
    @inline(__always)
    static func isSpace(_ v: UInt32) -> Bool {
        if v == 0x20 || v == 0x0A || v == 0x09 || v == 0x0D || v == 0x0C { return true }
        return TextNormalizer.map(Unicode.Scalar(_unchecked: v))?.value == 0x20
    }

    /// Appends text keeping its whitespace (`white-space: pre`): newlines break,
    /// tabs go to the next multiple of 8 columns, spaces do not break.
    /// With `wrap` (`pre-wrap`), the last space of a run of spaces that does
    /// not start a line is a break opportunity (CSS Text 3 §4.1.3: preserved
    /// spaces allow wrapping after them).
    mutating func appendPreformatted(_ string: String, _ attributes: RunAttributes, wrap: Bool = false) {
        var string = string
        string.withUTF8 { appendPreformatted(utf8: $0, attributes, wrap: wrap) }
    }

    /// `appendPreformatted` on valid UTF-8 (a text node's, read in place):
    /// a run of printable ASCII is copied at once, the rest a scalar at a time.
    mutating func appendPreformatted(utf8 bytes: UnsafeBufferPointer<UInt8>, _ attributes: RunAttributes, wrap: Bool = false) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        let n = bytes.count
        var i = 0
        while i < n {
            if bytes[i] &- 0x21 < 0x5E {
                // Printable ASCII other than the space: kept as it is, a column each.
                var j = i + 1
                while j < n, bytes[j] &- 0x21 < 0x5E { j += 1 }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<j]))
                column += j - i
                previous = UInt32(bytes[j - 1])
                lineHasContent = true
                dropLeadingNewline = false
                i = j
                continue
            }
            let v = Paragraph.decode(bytes, &i)
            if wrap, v == 0x20, lineHasContent, i == n || bytes[i] != 0x20 {
                text.append(0x20)
                column += 1
                previous = 0x20
                dropLeadingNewline = false
                continue
            }
            switch v {
            case 0x0D:
                continue
            case 0x0A:
                if dropLeadingNewline && text.isEmpty {
                    dropLeadingNewline = false
                    continue
                }
                text.append(0x0A)
                column = 0
                previous = 0
                lineHasContent = false
            case 0x09:
                let count = 8 - column % 8
                for _ in 0..<count { append(0xA0) }
                column += count
                previous = 0xA0
                lineHasContent = true
            case 0x20, 0x0C:
                append(0xA0)
                column += 1
                previous = 0xA0
                lineHasContent = true
            default:
                guard let mapped = TextNormalizer.map(Unicode.Scalar(_unchecked: v)) else { continue }
                append(mapped.value == 0x20 ? 0xA0 : mapped.value)
                column += CharacterWidth.effective(mapped.value, after: previous)
                previous = mapped.value
                lineHasContent = true
            }
            dropLeadingNewline = false
        }
    }

    /// Appends text that must not break (a form control's face): spaces become
    /// no-break spaces.
    mutating func appendAtom(_ string: String, _ attributes: RunAttributes) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        for scalar in string.unicodeScalars {
            guard let mapped = TextNormalizer.map(scalar) else { continue }
            let v = mapped.value
            append(v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D ? 0xA0 : v)
        }
        lineHasContent = true
    }

    /// Appends `other` (an inline-block's laid-out content or a flex item)
    /// after the text so far: `atomic` makes its spaces no-break spaces, so
    /// that it moves to the next line whole.
    mutating func append(_ other: Paragraph, atomic: Bool) {
        guard !other.text.isEmpty else { return }
        if pendingSpace, let first = other.runs.first { flushSpace(before: first.attributes) }
        let base = text.count
        // With `atomic`, each space becomes the two bytes of U+00A0: `spacesBefore[i]`
        // counts the spaces before byte `i`, to move offsets by.
        var spacesBefore: [Int] = []
        if atomic {
            spacesBefore.reserveCapacity(other.text.count + 1)
            var count = 0
            for byte in other.text {
                spacesBefore.append(count)
                if byte == 0x20 {
                    text.append(0xC2)
                    text.append(0xA0)
                    count += 1
                } else {
                    text.append(byte)
                }
            }
            spacesBefore.append(count)
        } else {
            text.append(contentsOf: other.text)
        }
        func shifted(_ offset: Int) -> Int {
            guard atomic else { return base + offset }
            return base + offset + spacesBefore[max(0, min(offset, spacesBefore.count - 1))]
        }
        for run in other.runs {
            let start = shifted(run.start)
            if let last = runs.last, last.attributes == run.attributes { continue }
            if let last = runs.last, last.start == start {
                runs[runs.count - 1].attributes = run.attributes
            } else {
                runs.append(AttributeRun(start: start, attributes: run.attributes))
            }
        }
        for anchor in other.anchors { anchors.append((shifted(anchor.offset), anchor.name)) }
        lineHasContent = true
        previous = 0
    }

    /// A link's `[n]`, as `appendAtom` would append it, without making a String.
    mutating func appendLinkNumber(_ number: Int, _ attributes: RunAttributes) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        var digits = 1
        var rest = max(0, number)
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let base = text.count
        text.append(contentsOf: repeatElement(UInt8(ascii: "["), count: digits + 2))
        text.withUnsafeMutableBufferPointer { out in
            var rest = max(0, number)
            for position in stride(from: base + digits, through: base + 1, by: -1) {
                out[position] = UInt8(48 + rest % 10)
                rest /= 10
            }
            out[base + digits + 1] = UInt8(ascii: "]")
        }
        lineHasContent = true
    }

    /// A forced line break (`<br>`).
    mutating func appendBreak(_ attributes: RunAttributes) {
        pendingSpace = false
        use(attributes)
        text.append(0x0A)
        lineHasContent = false
        column = 0
        previous = 0
    }

    /// A break opportunity (`<wbr>`).
    mutating func appendBreakOpportunity(_ attributes: RunAttributes) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        append(0x200B)
    }

    /// A break opportunity before an atomic inline (an inline block, a form
    /// control's face): CSS Text 3 §5.1 breaks around such boxes as around
    /// ideographs, so a field after a word moves to the next line whole
    /// rather than being cut. None at the start, after a space (one is
    /// there), or after an opening bracket (UAX #14 LB14: OP ×), such as a
    /// button's `[`.
    mutating func allowBreakBeforeAtom(_ attributes: RunAttributes) {
        guard let last = text.last, !pendingSpace, last != 0x20, last != 0x28, last != 0x5B, last != 0x7B else { return }
        use(attributes)
        append(0x200B)
    }

    /// Marks where anchor `name` starts.
    mutating func addAnchor(_ name: String) {
        anchors.append((pendingSpace ? text.count + 1 : text.count, name))
    }

    /// Whether the paragraph has nothing but spaces and break opportunities.
    var isBlank: Bool {
        text.withUnsafeBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                let v = Paragraph.decode(bytes, &i)
                if v != 0x20 && v != 0x200B { return false }
            }
            return true
        }
    }

    /// Gives back room reserved while appending and not used, when that is
    /// much: the paragraph waits whole until the page is laid out.
    mutating func releaseSpareCapacity() {
        guard text.capacity > 2 * text.count + 32 else { return }
        text = [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
            count = text.withUnsafeBufferPointer { buffer.initialize(from: $0).1 }
        }
    }
}

extension Paragraph {
    /// Drops whitespace that comes next (after a link number or `[` of a button).
    mutating func suppressSpace() {
        suppressNextSpace()
    }
}
