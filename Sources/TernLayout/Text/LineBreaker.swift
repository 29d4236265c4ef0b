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
    /// A grapheme cluster starting at `start`: where it ends and how wide it is.
    @inline(__always)
    static func cluster(_ s: UnsafeBufferPointer<Unicode.Scalar>, at start: Int) -> (end: Int, width: Int) {
        let c = s[start].value
        var j = start + 1
        if c < 0x300 { // fast path: Latin text
            if j == s.count || s[j].value < 0x300 { return (j, c == 0xAD ? 0 : 1) }
        }
        let n = s.count
        var width = CharacterWidth.of(c)
        if CharacterWidth.isRegionalIndicator(c), j < n, CharacterWidth.isRegionalIndicator(s[j].value) {
            width += CharacterWidth.of(s[j].value)
            j += 1
        }
        while j < n {
            let d = s[j].value
            if d < 0x300 { break }
            if d == 0x200D {
                j += 1
                if j < n, s[j].value != 0x0A, s[j].value != 0x20 { j += 1 }
                continue
            }
            if d == 0x200B { break }
            if (d >= 0x1F3FB && d <= 0x1F3FF) || CharacterWidth.of(d) == 0 {
                j += 1
                continue
            }
            break
        }
        return (j, width)
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
        p.scalars.withUnsafeBufferPointer { s in
            var minWidth = 0, maxWidth = 0, word = 0, line = 0
            var previous: UInt32 = 0
            var hyphenOK = false, previousWord = false
            var i = 0
            let wrap = !p.noWrap
            while i < s.count {
                let c = s[i].value
                switch c {
                case 0x0A:
                    maxWidth = max(maxWidth, line)
                    line = 0; word = 0; previous = 0
                    i += 1
                    continue
                case 0x20 where wrap:
                    line += 1; word = 0; previous = 0
                    i += 1
                    continue
                case 0xAD, 0x200B:
                    word = 0; previous = 0
                    i += 1
                    continue
                default:
                    break
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
            return p.noWrap ? (maxWidth, maxWidth) : (minWidth, maxWidth)
        }
    }

    /// Lays `p` out in `width` columns and appends the lines to `out`, each
    /// starting with `firstPrefix` (the first line) or `prefix` (the others).
    static func layout(_ p: Paragraph, width: Int, firstPrefix: [Line.Run], prefix: [Line.Run], into out: inout LaidOut) {
        let width = max(1, width)
        let firstLine = out.lines.count
        var anchorIndex = 0
        var builder = RunBuilder(paragraph: p)
        p.scalars.withUnsafeBufferPointer { s in
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
                var runs = out.lines.count == firstLine ? firstPrefix : prefix
                let lead = runs.count
                let contentWidth = builder.build(s, from: lineStart, to: end, hyphen: hyphen, into: &runs)
                if p.align != .left, wrap {
                    let pad = p.align == .center ? (width - contentWidth) / 2 : width - contentWidth
                    if pad > 0 { runs.insert(FlowLayout.spaces(pad), at: lead) }
                }
                out.lines.append(Line(runs: runs))
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
                let c = s[i].value
                if c == 0x0A {
                    emit(i, hyphen: false, next: i + 1)
                    i += 1
                    continue
                }
                if wrap {
                    if c == 0x20 {
                        if i == lineStart {
                            lineStart = i + 1
                        } else {
                            breakEnd = i; breakNext = i + 1; breakWidth = lineWidth; breakHyphen = false
                            lineWidth += 1
                            previous = 0
                        }
                        i += 1
                        continue
                    }
                    if c == 0x200B || c == 0xAD {
                        if c == 0x200B || lineWidth + 1 <= width {
                            breakEnd = i; breakNext = i + 1; breakWidth = lineWidth; breakHyphen = c == 0xAD
                        }
                        previous = 0
                        i += 1
                        continue
                    }
                    // Fast path: printable ASCII other than "-" after ASCII other than
                    // "-" is one column a character with no break opportunity inside
                    // (what the general path below finds too), while the line has room.
                    if c > 0x20, c < 0x7F, c != 0x2D, previous < 0x80, previous != 0x2D {
                        var j = i, columns = lineWidth, last = previous
                        while j < n {
                            let d = s[j].value
                            guard d > 0x20, d < 0x7F, d != 0x2D, columns < width || columns == 0 else { break }
                            if j + 1 < n && s[j + 1].value >= 0x300 { break } // a mark joins it: general path
                            columns += 1
                            last = d
                            j += 1
                        }
                        if j > i {
                            lineWidth = columns
                            previous = last
                            hyphenOK = false
                            previousWord = isWordCharacter(last)
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
                    if lineWidth + w > width && lineWidth > 0 {
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
    let paragraph: Paragraph
    var runIndex = 0

    init(paragraph: Paragraph) {
        self.paragraph = paragraph
    }

    /// Appends the runs of `start..<end` to `runs` and returns their width.
    /// Each run's text is made once, at its exact UTF-8 size.
    mutating func build(_ s: UnsafeBufferPointer<Unicode.Scalar>, from start: Int, to end: Int, hyphen: Bool,
                        into runs: inout [Line.Run]) -> Int {
        let before = runs.count
        var total = 0
        let starts = paragraph.runStarts
        while runIndex + 1 < starts.count && starts[runIndex + 1] <= start { runIndex += 1 }
        var k = runIndex
        var position = start
        var previous: UInt32 = 0
        while position < end, k < starts.count {
            let runEnd = min(end, k + 1 < starts.count ? starts[k + 1] : s.count)
            // Pass 1: bytes and columns.
            var count = 0
            var width = 0
            var i = position
            while i < runEnd {
                let v = s[i].value
                i += 1
                if v < 0x80 {
                    if v == 0x0A { continue }
                    count += 1
                    width += 1
                    previous = v
                    continue
                }
                switch v {
                case 0xA0:
                    count += 1
                    width += 1
                case 0xAD, 0x200B:
                    continue
                default:
                    count += v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
                    width += CharacterWidth.effective(v, after: previous)
                }
                previous = v
            }
            if count > 0 {
                // Pass 2: the text.
                let text = String(unsafeUninitializedCapacity: count) { buffer in
                    var o = 0
                    var i = position
                    while i < runEnd {
                        let v = s[i].value
                        i += 1
                        if v < 0x80 {
                            if v == 0x0A { continue }
                            buffer[o] = UInt8(truncatingIfNeeded: v)
                            o += 1
                            continue
                        }
                        switch v {
                        case 0xA0:
                            buffer[o] = 0x20
                            o += 1
                        case 0xAD, 0x200B:
                            continue
                        default:
                            RunBuilder.writeUTF8(v, to: buffer, at: &o)
                        }
                    }
                    return o
                }
                let attributes = paragraph.runAttributes[k]
                runs.append(Line.Run(text: text, width: width, style: attributes.style,
                                     color: attributes.color, link: attributes.linkIndex, control: attributes.controlIndex))
                total += width
            }
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

    @inline(__always)
    static func writeUTF8(_ v: UInt32, to buffer: UnsafeMutableBufferPointer<UInt8>, at o: inout Int) {
        if v < 0x800 {
            buffer[o] = UInt8(0xC0 | (v >> 6))
            buffer[o + 1] = UInt8(0x80 | (v & 0x3F))
            o += 2
        } else if v < 0x10000 {
            buffer[o] = UInt8(0xE0 | (v >> 12))
            buffer[o + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
            buffer[o + 2] = UInt8(0x80 | (v & 0x3F))
            o += 3
        } else {
            buffer[o] = UInt8(0xF0 | (v >> 18))
            buffer[o + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            buffer[o + 2] = UInt8(0x80 | ((v >> 6) & 0x3F))
            buffer[o + 3] = UInt8(0x80 | (v & 0x3F))
            o += 4
        }
    }

    @inline(__always)
    static func appendUTF8(_ v: UInt32, to bytes: inout [UInt8]) {
        if v < 0x80 {
            bytes.append(UInt8(v))
        } else if v < 0x800 {
            bytes.append(UInt8(0xC0 | (v >> 6)))
            bytes.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            bytes.append(UInt8(0xE0 | (v >> 12)))
            bytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            bytes.append(UInt8(0xF0 | (v >> 18)))
            bytes.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (v & 0x3F)))
        }
    }
}
