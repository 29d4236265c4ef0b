/// What a stretch of paragraph text carries besides its characters.
struct RunAttributes: Hashable {
    var style = Style(rawValue: 0)
    var color: Color?
    /// Index into the page's links, or -1.
    var link: Int32 = -1
    /// Index into the page's controls, or -1.
    var control: Int32 = -1

    var linkIndex: Int? { link >= 0 ? Int(link) : nil }
    var controlIndex: Int? { control >= 0 ? Int(control) : nil }
}

/// Horizontal alignment of a paragraph's lines.
public enum TextAlign: Hashable, Sendable {
    case left, center, right
}

/// Inline content of one block, whitespace already collapsed: the unit the
/// line breaker wraps.
///
/// Scalars with special meaning inside: U+000A a forced break (`<br>`, or a
/// newline in preformatted text), U+0020 a collapsed space (a break
/// opportunity), U+00A0 a space that does not break (also preformatted
/// spaces and spaces inside form controls), U+200B a break opportunity
/// (`<wbr>`), U+00AD a soft hyphen (drawn as `-` only where the line breaks).
extension Unicode.Scalar {
    /// A scalar from a value known to be one (decoded from valid UTF-8).
    @inline(__always)
    init(_unchecked value: UInt32) {
        self = Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}

struct Paragraph {
    var scalars: [Unicode.Scalar] = []
    /// Where each attribute run starts in `scalars` (parallel to `runAttributes`).
    var runStarts: [Int] = []
    var runAttributes: [RunAttributes] = []
    /// Anchors that start inside the paragraph, at a scalar offset.
    var anchors: [(offset: Int, name: String)] = []
    /// Preformatted: lines break only at U+000A and may be wider than the width.
    var noWrap = false
    var align: TextAlign = .left

    // Building state (whitespace collapsing, tab stops).
    private var pendingSpace = false
    private var pendingSpaceAttributes = RunAttributes()
    private var lineHasContent = false
    private var column = 0
    private var previous: UInt32 = 0
    /// Drop a newline that comes first (the one right after `<pre>`).
    var dropLeadingNewline = false

    var isEmpty: Bool { scalars.isEmpty }

    mutating func suppressNextSpace() {
        pendingSpace = false
        lineHasContent = false
    }

    /// Starts a run with `attributes` unless the last one has them.
    @inline(__always)
    mutating func use(_ attributes: RunAttributes) {
        if let last = runAttributes.last {
            if last == attributes { return }
            if runStarts[runStarts.count - 1] == scalars.count {
                // The last run is empty: reuse it.
                runAttributes.removeLast()
                runStarts.removeLast()
                if let before = runAttributes.last, before == attributes { return }
            }
        }
        runStarts.append(scalars.count)
        runAttributes.append(attributes)
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
        scalars.append(" ")
        column += 1
        previous = 0x20
    }

    /// Appends text with whitespace collapsing (`white-space: normal`).
    /// The hot path of layout: one scan of the UTF-8, ASCII taken as it is.
    mutating func appendText(_ text: String, _ attributes: RunAttributes) {
        var text = text
        text.withUTF8 { appendText(utf8: $0, attributes) }
    }

    mutating func appendText(utf8 bytes: UnsafeBufferPointer<UInt8>, _ attributes: RunAttributes) {
        var space = pendingSpace
        let n = bytes.count
        var i = 0
        // Up to the first visible scalar: whitespace only sets the pending space.
        var first: Unicode.Scalar?
        while i < n {
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
        // The rest, written straight into room made once: each byte left
        // gives at most one scalar (a collapsed space needs a byte of
        // whitespace, a visible scalar a byte of its own).
        let base = scalars.count
        let room = n - i + 1
        scalars.append(contentsOf: repeatElement(Unicode.Scalar(0), count: room))
        var o = base
        scalars.withUnsafeMutableBufferPointer { out in
            out[o] = first
            o += 1
            while i < n {
                let v = Paragraph.decode(bytes, &i)
                guard let scalar = Paragraph.visible(v) else {
                    // Whitespace (or a scalar that is dropped: nothing).
                    if Paragraph.isSpace(v) { space = true }
                    continue
                }
                if space {
                    out[o] = " "
                    o += 1
                    space = false
                }
                out[o] = scalar
                o += 1
            }
        }
        scalars.removeLast(base + room - o)
        if space { pendingSpaceAttributes = attributes }
        pendingSpace = space
        lineHasContent = true
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
        guard let m = TextSanitizer.map(Unicode.Scalar(_unchecked: v)), m.value != 0x20 else { return nil }
        return m
    }

    /// Whether `v` collapses to a space (rather than being dropped).
    @inline(__always)
    static func isSpace(_ v: UInt32) -> Bool {
        if v == 0x20 || v == 0x0A || v == 0x09 || v == 0x0D || v == 0x0C { return true }
        return TextSanitizer.map(Unicode.Scalar(_unchecked: v))?.value == 0x20
    }

    /// Appends text keeping its whitespace (`white-space: pre`): newlines break,
    /// tabs go to the next multiple of 8 columns, spaces do not break.
    mutating func appendPreformatted(_ text: String, _ attributes: RunAttributes) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x0D:
                continue
            case 0x0A:
                if dropLeadingNewline && scalars.isEmpty {
                    dropLeadingNewline = false
                    continue
                }
                scalars.append("\n")
                column = 0
                previous = 0
                lineHasContent = false
            case 0x09:
                let count = 8 - column % 8
                for _ in 0..<count { scalars.append("\u{A0}") }
                column += count
                previous = 0xA0
                lineHasContent = true
            case 0x20, 0x0C:
                scalars.append("\u{A0}")
                column += 1
                previous = 0xA0
                lineHasContent = true
            default:
                guard let mapped = TextSanitizer.map(scalar) else { continue }
                scalars.append(mapped.value == 0x20 ? "\u{A0}" : mapped)
                column += CharacterWidth.effective(mapped.value, after: previous)
                previous = mapped.value
                lineHasContent = true
            }
            dropLeadingNewline = false
        }
    }

    /// Appends text that must not break (a form control's face): spaces become
    /// no-break spaces.
    mutating func appendAtom(_ text: String, _ attributes: RunAttributes) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        for scalar in text.unicodeScalars {
            guard let mapped = TextSanitizer.map(scalar) else { continue }
            let v = mapped.value
            scalars.append(v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D ? "\u{A0}" : mapped)
        }
        lineHasContent = true
    }

    /// A link's `[n]`, as `appendAtom` would append it, without making a String.
    mutating func appendLinkNumber(_ number: Int, _ attributes: RunAttributes) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        // Room for all of it at once: in a new paragraph, appending one
        // scalar at a time would reallocate the array at nearly every one.
        let needed = scalars.count + 22
        if scalars.capacity < needed { scalars.reserveCapacity(max(needed, scalars.capacity * 2)) }
        scalars.append("[")
        var divisor = 1
        while divisor <= number / 10 { divisor *= 10 }
        var rest = max(0, number)
        while divisor > 0 {
            scalars.append(Unicode.Scalar(UInt8(48 + rest / divisor)))
            rest %= divisor
            divisor /= 10
        }
        scalars.append("]")
        lineHasContent = true
    }

    /// A forced line break (`<br>`).
    mutating func appendBreak(_ attributes: RunAttributes) {
        pendingSpace = false
        use(attributes)
        scalars.append("\n")
        lineHasContent = false
        column = 0
        previous = 0
    }

    /// A break opportunity (`<wbr>`).
    mutating func appendBreakOpportunity(_ attributes: RunAttributes) {
        if pendingSpace { flushSpace(before: attributes) }
        use(attributes)
        scalars.append("\u{200B}")
    }

    /// Marks where anchor `name` starts.
    mutating func addAnchor(_ name: String) {
        anchors.append((pendingSpace ? scalars.count + 1 : scalars.count, name))
    }

    /// Whether the paragraph has nothing but whitespace and break opportunities.
    var isBlank: Bool {
        for scalar in scalars where scalar.value != 0x20 && scalar.value != 0x200B && scalar.value != 0x0A { return false }
        return !scalars.contains("\n")
    }
}

extension Paragraph {
    /// Drops whitespace that comes next (after a link number or `[` of a button).
    mutating func suppressSpace() {
        suppressNextSpace()
    }
}
