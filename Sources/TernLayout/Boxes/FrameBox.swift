/// A frame's document (`iframe`, `frame`) laid out inline, inside a light
/// box-drawing frame as elinks draws frames: `┌─ Title ───┐`, `│ text │`,
/// `└─────┘`, a column of padding inside each side (from 10 columns on).
/// Its height is its content's (it scrolls with the page); its
/// width is the room it gets, narrowed by a CSS `width`/`max-width`.
///
/// Nothing is drawn outside the box: a line of the frame wider than the box
/// (a `pre`) is cut at its inner edge, ending in `…`; the title is cut to
/// fit, ending in `…`. Below 3 columns there is no room for the sides: the
/// box is then a rule above and below the content.
struct FrameBox {
    /// The frame document's blocks, built by a `BoxBuilder` of its own.
    var flow: Flow
    /// The title on the top border, already cleaned of controls (may be empty).
    var title: String
    var width: Int?
    var minWidth: Int?
    var maxWidth: Int?

    /// The columns the box takes of `room` (borders included).
    func boxWidth(room: Int) -> Int {
        let room = max(1, room)
        guard width != nil || maxWidth != nil || minWidth != nil else { return room }
        var content = width ?? room
        if let maxWidth { content = min(content, maxWidth) }
        if let minWidth { content = max(content, minWidth) }
        // A CSS width is the content's: the borders and padding come on top.
        return max(1, min(content + 4, room))
    }

    /// Lays the box out `available` columns wide (at least 1).
    mutating func layout(width available: Int, into out: inout LaidOut) {
        let outer = boxWidth(room: available)
        let sides = outer >= 3
        let padding = outer >= 10 ? 1 : 0
        let content = sides ? outer - 2 - 2 * padding : outer
        var inner = LaidOut()
        FlowLayout.layout(&flow, width: content, into: &inner)
        // The frame's anchors are its own: they are not the page's fragment targets.

        out.lines.append(Line(runs: FrameBox.topEdge(title: title, width: outer, sides: sides)))
        func framed(_ runs: [Line.Run], width: Int) -> Line {
            guard sides else { return Line(runs: runs) }
            var all: [Line.Run] = []
            all.reserveCapacity(runs.count + 4)
            all.append(FrameBox.border(padding > 0 ? "│ " : "│", 1 + padding))
            all.append(contentsOf: runs)
            if width < content + padding { all.append(FlowLayout.spaces(content + padding - width)) }
            all.append(FrameBox.border("│", 1))
            return Line(runs: all)
        }
        if inner.lines.isEmpty { out.lines.append(framed([], width: 0)) }
        for line in inner.lines {
            let lineWidth = line.width
            if lineWidth <= content {
                out.lines.append(framed(line.runs, width: lineWidth))
            } else {
                let (runs, width) = FrameBox.clip(line.runs, to: content)
                out.lines.append(framed(runs, width: width))
            }
        }
        let bottom = sides ? "└" + RepeatedText.repeated("─", outer - 2) + "┘" : RepeatedText.repeated("─", outer)
        out.lines.append(Line(runs: [FrameBox.border(bottom, outer)]))
    }

    /// The narrowest and widest the box can be laid out (for table columns).
    var measure: (min: Int, max: Int) {
        let (low, high) = FlowLayout.measure(flow)
        if let width {
            let fixed = boxWidth(room: width + 4)
            return (fixed, fixed)
        }
        let titled = title.isEmpty ? 0 : min(CharacterWidth.of(title), 60) + 6
        var widest = max(high + 4, titled)
        if let maxWidth { widest = min(widest, max(low, maxWidth) + 4) }
        return (max(3, low + 4), max(3, widest))
    }

    static func border(_ text: String, _ width: Int) -> Line.Run {
        Line.Run(text: text, width: width)
    }

    /// `┌─ Title ─…─┐` exactly `width` columns: the title cut to fit (ending in
    /// `…`), or left out when not even one character of it fits.
    static func topEdge(title: String, width: Int, sides: Bool) -> [Line.Run] {
        guard sides else { return [border(RepeatedText.repeated("─", width), width)] }
        // "┌─ " + title + " ─┐": six columns besides the title.
        let room = width - 6
        guard room >= 1, !title.isEmpty else {
            return [border("┌" + RepeatedText.repeated("─", width - 2) + "┐", width)]
        }
        let (shown, shownWidth) = cut(title, to: room)
        return [
            border("┌─ ", 3),
            Line.Run(text: shown, width: shownWidth, style: .bold),
            border(" " + RepeatedText.repeated("─", width - 5 - shownWidth) + "┐", width - 3 - shownWidth),
        ]
    }

    /// `text` cut to at most `columns` display columns, ending in `…` when cut.
    static func cut(_ text: String, to columns: Int) -> (text: String, width: Int) {
        let full = CharacterWidth.of(text)
        if full <= columns { return (text, full) }
        guard columns >= 1 else { return ("", 0) }
        var shown = ""
        var width = 0
        for character in text {
            let w = CharacterWidth.of(String(character))
            if width + w > columns - 1 { break }
            shown.append(character)
            width += w
        }
        shown.append("…")
        return (shown, width + 1)
    }

    /// Runs cut to `columns` display columns, the last column `…` to show the
    /// cut (a wide character that would straddle the edge is left out).
    static func clip(_ runs: [Line.Run], to columns: Int) -> (runs: [Line.Run], width: Int) {
        var out: [Line.Run] = []
        var used = 0
        let keep = columns - 1
        for run in runs {
            if used + run.width <= keep {
                out.append(run)
                used += run.width
                continue
            }
            var piece = ""
            var pieceWidth = 0
            for character in run.text {
                let w = CharacterWidth.of(String(character))
                if used + pieceWidth + w > keep { break }
                piece.append(character)
                pieceWidth += w
            }
            if !piece.isEmpty {
                var cut = run
                cut.text = piece
                cut.width = pieceWidth
                out.append(cut)
                used += pieceWidth
            }
            break
        }
        if used < keep { out.append(FlowLayout.spaces(keep - used)) }
        if columns >= 1 { out.append(border("…", 1)) }
        return (out, max(0, keep) + (columns >= 1 ? 1 : 0))
    }
}
