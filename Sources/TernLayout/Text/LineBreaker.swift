/// Breaks a paragraph into lines no wider than a width, greedily, in time
/// linear in its length.
///
/// Break opportunities (a small subset of UAX #14, https://www.unicode.org/reports/tr14/):
/// after a collapsed space (the space is dropped), at U+200B (`<wbr>`), at a
/// soft hyphen (drawn as `-`), between two clusters when either is East Asian
/// wide (CJK, emoji) unless kinsoku punctuation forbids it, and after a hyphen
/// between letters. A grapheme cluster (a base with its combining marks,
/// variation selectors, emoji modifiers, zero-width-joined followers, a pair
/// of regional indicators) is never split. A word wider than the line is cut
/// at the width.
enum LineBreaker {
    /// The scalar at byte `i` of `s` (valid UTF-8) and the byte after it.
    @inline(__always)
    static func scalar(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, end: Int) {
        var j = i
        let v = Paragraph.decode(s, &j)
        return (v, j)
    }

    /// A grapheme cluster starting at byte `start`: where it ends and how wide it is.
    @inline(__always)
    static func cluster(_ s: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, width: Int) {
        let n = s.count
        let (c, next) = scalar(s, at: start)
        var j = next
        // Fast path: Latin text (a lead byte below 0xCC starts a scalar below U+0300).
        if c < 0x300 {
            if j == n || s[j] < 0xCC { return (j, c == 0xAD ? 0 : 1) }
        }
        var width = CharacterWidth.of(c)
        if CharacterWidth.isRegionalIndicator(c), j < n {
            let (d, after) = scalar(s, at: j)
            if CharacterWidth.isRegionalIndicator(d) {
                width += CharacterWidth.of(d)
                j = after
            }
        }
        while j < n {
            let (d, after) = scalar(s, at: j)
            if d < 0x300 { break }
            if d == 0x200D {
                j = after
                if j < n, s[j] != 0x0A, s[j] != 0x20 { j = scalar(s, at: j).end }
                continue
            }
            if d == 0x200B { break }
            if (d >= 0x1F3FB && d <= 0x1F3FF) || CharacterWidth.of(d) == 0 {
                j = after
                continue
            }
            break
        }
        return (j, width)
    }

    /// Printable ASCII other than `-`: a character one column wide with no
    /// break opportunity before it when the one before it is such a character too.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        byte &- 0x21 < 0x5E && byte != 0x2D
    }

    /// The end of the plain characters (`isPlain`) from `start` (which is
    /// one), at most `limit`, less the last when a combining mark may follow
    /// it (a lead byte from 0xCC on): those go through the general path.
    @inline(__always)
    static func plainRun(_ s: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        var j = start
        while j < limit, isPlain(s[j]) { j += 1 }
        if j > start, j < s.count, s[j] >= 0xCC { j -= 1 }
        return j
    }

    @inline(__always)
    static func isWordCharacter(_ v: UInt32) -> Bool {
        (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39) || (v >= 0xC0 && v != 0xD7 && v != 0xF7 && v < 0x2000)
    }

    /// Whether a line may break between the cluster based on `p` and the one on `c`.
    @inline(__always)
    static func canBreak(after p: UInt32, before c: UInt32, hyphenBetweenLetters: Bool) -> Bool {
        if p == 0 || p == 0xA0 || c == 0xA0 { return false }
        let pWide = p >= 0x1100 && CharacterWidth.of(p) == 2
        let cWide = c >= 0x1100 && CharacterWidth.of(c) == 2
        if pWide || cWide { return !CharacterWidth.noBreakBefore(c) && !CharacterWidth.noBreakAfter(p) }
        return p == 0x2D && hyphenBetweenLetters && isWordCharacter(c) && c >= 0x41
    }

    /// The narrowest and widest the paragraph can be laid out: its longest
    /// unbreakable piece and its longest line unwrapped (CSS min-content and
    /// max-content).
    static func measure(_ p: Paragraph) -> (min: Int, max: Int) {
        p.text.withUnsafeBufferPointer { measure($0, noWrap: p.noWrap) }
    }

    /// `measure` of a paragraph's text `s`.
    static func measure(_ s: UnsafeBufferPointer<UInt8>, noWrap: Bool) -> (min: Int, max: Int) {
        var minWidth = 0, maxWidth = 0, word = 0, line = 0
        var previous: UInt32 = 0
        var hyphenOK = false, previousWord = false
        var i = 0
        let wrap = !noWrap
        while i < s.count {
            let (c, next) = scalar(s, at: i)
            switch c {
            case 0x0A:
                maxWidth = max(maxWidth, line)
                line = 0; word = 0; previous = 0
                i = next
                continue
            case 0x20 where wrap:
                line += 1; word = 0; previous = 0
                i = next
                continue
            case 0xAD, 0x200B:
                word = 0; previous = 0
                i = next
                continue
            default:
                break
            }
            // Fast path: a run of plain ASCII after plain ASCII holds no
            // break opportunity and is a column a character.
            if c < 0x80, isPlain(UInt8(truncatingIfNeeded: c)), previous < 0x80, previous != 0x2D {
                let end = plainRun(s, from: i, limit: s.count)
                if end > i {
                    word += end - i
                    line += end - i
                    if word > minWidth { minWidth = word }
                    hyphenOK = false
                    previous = UInt32(s[end - 1])
                    previousWord = isWordCharacter(previous)
                    i = end
                    continue
                }
            }
            let (end, width) = cluster(s, at: i)
            if wrap && canBreak(after: previous, before: c, hyphenBetweenLetters: hyphenOK) { word = 0 }
            hyphenOK = c == 0x2D && previousWord
            previousWord = isWordCharacter(c)
            word += width
            line += width
            if word > minWidth { minWidth = word }
            previous = c
            i = end
        }
        maxWidth = max(maxWidth, line)
        return noWrap ? (maxWidth, maxWidth) : (minWidth, maxWidth)
    }

    /// Whether `layout` makes one line of `p` at any width at least its
    /// widest (`measure`) the way `appendLine` makes it: no forced break,
    /// no text-indent and left-aligned.
    static func isOneLine(_ p: Paragraph) -> Bool {
        p.align == .left && p.firstLineIndent == 0 && !p.text.contains(0x0A)
    }

    /// Appends to `runs` the runs of the one line `layout` makes of `p`
    /// (`isOneLine`) at a width at least its widest, with no indent and no
    /// prefix; returns their width. (Without a line of its own: a table
    /// cell's line goes straight into its row's.)
    static func appendLine(_ p: Paragraph, into runs: inout [Line.Run]) -> Int {
        var builder = RunBuilder(paragraph: p)
        return p.text.withUnsafeBufferPointer { s in
            // Spaces at the start of a wrapped line are dropped.
            var start = 0
            if !p.noWrap { while start < s.count, s[start] == 0x20 { start += 1 } }
            return builder.build(s, from: start, to: s.count, hyphen: false, into: &runs)
        }
    }

    /// `appendLine` of a paragraph whose text `s` is drawn one way
    /// (`RunBuilder.build` of its one attribute run, made at once).
    static func appendLine(_ s: UnsafeBufferPointer<UInt8>, noWrap: Bool, attributes: RunAttributes,
                           into runs: inout [Line.Run]) -> Int {
        // Spaces at the start of a wrapped line are dropped.
        var start = 0
        if !noWrap { while start < s.count, s[start] == 0x20 { start += 1 } }
        guard start < s.count else { return 0 }
        var previous: UInt32 = 0
        return RunBuilder.appendRun(s, from: start, to: s.count, attributes, previous: &previous, into: &runs)
    }

    /// Lays `p` out in `width` columns and appends the lines to `out`, each
    /// starting with `indent` spaces, or the first with `firstPrefix` when given.
    static func layout(_ p: Paragraph, width: Int, firstPrefix: [Line.Run]?, indent: Int, into out: inout LaidOut) {
        let width = max(1, width)
        let firstLine = out.lines.count
        // `text-indent`: the first line starts `shift` columns further right
        // (left when negative, down to the flow's edge) and has that much less room.
        let shift = firstPrefix != nil ? max(0, p.firstLineIndent) : max(-indent, p.firstLineIndent)
        var limit = max(1, width - shift)
        var anchorIndex = 0
        var builder = RunBuilder(paragraph: p)
        p.text.withUnsafeBufferPointer { s in
            let n = s.count
            let wrap = !p.noWrap
            var lineStart = 0
            var lineWidth = 0
            // The last break opportunity on the current line: the line would
            // end at `end` (width `width`), the next would start at `next`.
            var breakEnd = -1, breakNext = 0, breakWidth = 0, breakHyphen = false
            var previous: UInt32 = 0
            var hyphenOK = false, previousWord = false

            func emit(_ end: Int, hyphen: Bool, next: Int) {
                // One array a line, with room for exactly its runs.
                let isFirst = out.lines.count == firstLine
                let first = isFirst ? firstPrefix : nil
                let extra = (hyphen ? 1 : 0) + (p.align != .left && wrap ? 1 : 0) + (isFirst && shift != 0 ? 1 : 0)
                var runs: [Line.Run] = []
                runs.reserveCapacity((first?.count ?? 1) + builder.runCount(from: lineStart, to: end) + extra)
                let lineIndent = isFirst ? indent + shift : indent
                if let first {
                    runs.append(contentsOf: first)
                    if shift > 0 { runs.append(FlowLayout.spaces(shift)) }
                } else if lineIndent > 0 {
                    runs.append(FlowLayout.spaces(lineIndent))
                }
                let lead = runs.count
                let contentWidth = builder.build(s, from: lineStart, to: end, hyphen: hyphen, into: &runs)
                if p.align != .left, wrap {
                    let pad = p.align == .center ? (limit - contentWidth) / 2 : limit - contentWidth
                    if pad > 0 { runs.insert(FlowLayout.spaces(pad), at: lead) }
                }
                out.lines.append(Line(runs: runs, scrollsHorizontally: p.scrolls))
                limit = width
                while anchorIndex < p.anchors.count, p.anchors[anchorIndex].offset < next {
                    out.anchors.append((out.lines.count - 1, p.anchors[anchorIndex].name))
                    anchorIndex += 1
                }
                lineStart = next
                lineWidth = 0
                breakEnd = -1
                previous = 0
                hyphenOK = false
                previousWord = false
            }

            var i = 0
            while i < n {
                let c: UInt32, next: Int
                if s[i] < 0x80 {
                    c = UInt32(s[i])
                    next = i + 1
                } else {
                    (c, next) = scalar(s, at: i)
                }
                if c == 0x0A {
                    emit(i, hyphen: false, next: next)
                    i = next
                    continue
                }
                if wrap {
                    if c == 0x20 {
                        if i == lineStart {
                            lineStart = next
                        } else {
                            breakEnd = i; breakNext = next; breakWidth = lineWidth; breakHyphen = false
                            lineWidth += 1
                            previous = 0
                        }
                        i = next
                        continue
                    }
                    if c == 0x200B || c == 0xAD {
                        if c == 0x200B || lineWidth + 1 <= limit {
                            breakEnd = i; breakNext = next; breakWidth = lineWidth; breakHyphen = c == 0xAD
                        }
                        previous = 0
                        i = next
                        continue
                    }
                    // Fast path: printable ASCII other than "-" after ASCII other than
                    // "-" is one column a character with no break opportunity inside
                    // (what the general path below finds too), while the line has room.
                    if c < 0x80, isPlain(UInt8(truncatingIfNeeded: c)), previous < 0x80, previous != 0x2D {
                        // As many as the line has room for (one when it is empty: `limit` is at least 1).
                        let j = plainRun(s, from: i, limit: min(n, i + max(0, limit - lineWidth)))
                        if j > i {
                            lineWidth += j - i
                            previous = UInt32(s[j - 1])
                            hyphenOK = false
                            previousWord = isWordCharacter(previous)
                            i = j
                            continue
                        }
                    }
                }
                let (end, w) = cluster(s, at: i)
                if wrap {
                    if lineWidth > 0 && canBreak(after: previous, before: c, hyphenBetweenLetters: hyphenOK) {
                        breakEnd = i; breakNext = i; breakWidth = lineWidth; breakHyphen = false
                    }
                    if lineWidth + w > limit && lineWidth > 0 {
                        if breakEnd >= 0 {
                            let next = breakNext
                            emit(breakEnd, hyphen: breakHyphen, next: next)
                            i = next // rescan what follows the break on the new line
                            continue
                        }
                        emit(i, hyphen: false, next: i)
                    }
                }
                _ = breakWidth
                hyphenOK = c == 0x2D && previousWord
                previousWord = isWordCharacter(c)
                lineWidth += w
                previous = c
                i = end
            }
            if lineStart < n || out.lines.count == firstLine {
                emit(n, hyphen: false, next: n + 1)
            }
        }
        while anchorIndex < p.anchors.count {
            out.anchors.append((max(firstLine, out.lines.count - 1), p.anchors[anchorIndex].name))
            anchorIndex += 1
        }
    }
}

/// Turns ranges of a paragraph into line runs, walking its attribute runs
/// forward as lines are emitted.
struct RunBuilder {
    /// The paragraph's attribute runs (only these: holding the whole
    /// paragraph would retain and release each of its arrays).
    let spans: AttributeRuns
    var runIndex = 0

    init(paragraph: Paragraph) {
        spans = paragraph.runs
    }

    /// How many runs `build` can make of `start..<end` (at most: empty ones are left out).
    func runCount(from start: Int, to end: Int) -> Int {
        var k = runIndex
        while k + 1 < spans.count && spans[k + 1].start <= start { k += 1 }
        var count = 0
        while k < spans.count && (k == runIndex || spans[k].start < end) {
            count += 1
            k += 1
        }
        return count
    }

    /// Appends the runs of `start..<end` to `runs` and returns their width.
    /// Each run's text is made once, copied from the paragraph's UTF-8:
    /// breaks, soft hyphens and `<wbr>` dropped, no-break spaces made spaces.
    mutating func build(_ s: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, hyphen: Bool,
                        into runs: inout [Line.Run]) -> Int {
        let before = runs.count
        var total = 0
        let spans = self.spans
        while runIndex + 1 < spans.count && spans[runIndex + 1].start <= start { runIndex += 1 }
        var k = runIndex
        var position = start
        var previous: UInt32 = 0
        while position < end, k < spans.count {
            let runEnd = min(end, k + 1 < spans.count ? spans[k + 1].start : s.count)
            total += RunBuilder.appendRun(s, from: position, to: runEnd, spans[k].attributes, previous: &previous,
                                          into: &runs)
            position = runEnd
            k += 1
        }
        if hyphen {
            if runs.count == before {
                runs.append(Line.Run(text: "-", width: 1))
            } else {
                runs[runs.count - 1].text += "-"
                runs[runs.count - 1].width += 1
            }
            total += 1
        }
        return total
    }

    /// Appends the run of `s[position..<runEnd]`, drawn with `attributes`,
    /// unless it has no text; returns its width. `previous` is the scalar
    /// before it (0 for none), then its last.
    @inline(__always)
    static func appendRun(_ s: UnsafeBufferPointer<UInt8>, from position: Int, to runEnd: Int, _ attributes: RunAttributes,
                          previous: inout UInt32, into runs: inout [Line.Run]) -> Int {
        // Columns, and whether the bytes can be taken as they are (no
        // break, soft hyphen, `<wbr>` or no-break space among them).
        // First 8 bytes at a time while they are ASCII other than a
        // newline: a column each.
        var i = position
        while i + 8 <= runEnd {
            let word = UnsafeRawPointer(s.baseAddress! + i).loadUnaligned(as: UInt64.self)
            let newlines = word ^ 0x0A0A_0A0A_0A0A_0A0A // a zero byte where a newline was
            if (word | ((newlines &- 0x0101_0101_0101_0101) & ~newlines)) & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        var width = i - position
        if i > position { previous = UInt32(s[i - 1]) }
        var asIs = true
        while i < runEnd {
            let b = s[i]
            if b < 0x80 {
                i += 1
                if b == 0x0A {
                    asIs = false
                    continue
                }
                width += 1
                previous = UInt32(b)
                continue
            }
            let v = Paragraph.decode(s, &i)
            switch v {
            case 0xA0:
                asIs = false
                width += 1
            case 0xAD, 0x200B:
                asIs = false
                continue
            default:
                width += CharacterWidth.effective(v, after: previous)
            }
            previous = v
        }
        let text = asIs ? String(decoding: UnsafeBufferPointer(rebasing: s[position..<max(position, runEnd)]), as: UTF8.self)
            : RunBuilder.text(s, from: position, to: runEnd)
        guard !text.isEmpty else { return 0 }
        runs.append(Line.Run(text: text, width: width, style: attributes.style, color: attributes.color,
                             background: attributes.background, link: attributes.linkIndex,
                             control: attributes.controlIndex))
        return width
    }

    /// The text of `s[start..<end]`: breaks, soft hyphens and `<wbr>` dropped,
    /// no-break spaces made spaces.
    static func text(_ s: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        String(unsafeUninitializedCapacity: max(0, end - start)) { buffer in
            var o = 0
            var i = start
            while i < end {
                let b = s[i]
                if b < 0x80 {
                    i += 1
                    if b == 0x0A { continue }
                    buffer[o] = b
                    o += 1
                    continue
                }
                let from = i
                switch Paragraph.decode(s, &i) {
                case 0xA0:
                    buffer[o] = 0x20
                    o += 1
                case 0xAD, 0x200B:
                    continue
                default:
                    for byte in s[from..<i] {
                        buffer[o] = byte
                        o += 1
                    }
                }
            }
            return o
        }
    }
}
