/// A block laid out apart from the flow around it, in cells (CSS 2.1 §8,
/// the box model): its own flow at its own content width (§10.3.3, with
/// `min-width`/`max-width` per §10.4), blank lines of padding above and
/// below, box-drawing lines for its border, and placed at the start, the
/// centre (`margin: auto`) or the end of the room it has.
///
/// A flex row (CSS Flexbox 1, `flex-direction: row`) puts its items on one
/// line, a space apart, when each is one line of text and together they fit;
/// otherwise its items are laid out as blocks, one under the other.
struct BlockBox {
    var flow: Flow
    var border = ComputedStyle.Border()
    /// Columns outside the left border (margin) and inside it (padding); the
    /// same on the right.
    var marginLeft = 0
    var paddingLeft = 0
    var marginRight = 0
    var paddingRight = 0
    /// Blank lines inside the border, above and below the content.
    var paddingTop = 0
    var paddingBottom = 0
    var width: Int?
    var minWidth: Int?
    var maxWidth: Int?
    var position = ComputedStyle.HorizontalPosition.start
    var flexRow = false
    /// `visibility: hidden`: the border keeps its space, drawn as blanks.
    var hidden = false

    /// The box-drawing characters of a border line: horizontal, vertical and
    /// the corners top-left, top-right, bottom-left, bottom-right.
    static func glyphs(_ line: ComputedStyle.Border.Line) -> (h: Character, v: Character, corners: [Character]) {
        switch line {
        case .single: return ("─", "│", ["┌", "┐", "└", "┘"])
        case .double: return ("═", "║", ["╔", "╗", "╚", "╝"])
        case .heavy: return ("━", "┃", ["┏", "┓", "┗", "┛"])
        case .dashed: return ("┄", "┆", ["┌", "┐", "└", "┘"])
        }
    }

    /// Margins and padding as they fit in `available` columns: when the box
    /// would leave its content less than a quarter of the room (and 10
    /// columns), margins go first, then padding.
    private func sides(_ available: Int) -> (marginLeft: Int, paddingLeft: Int, paddingRight: Int, marginRight: Int) {
        var sides = (max(0, marginLeft), max(0, paddingLeft), max(0, paddingRight), max(0, marginRight))
        let borders = (border.left ? 1 : 0) + (border.right ? 1 : 0)
        let keep = min(available, max(10, available / 4))
        if available - borders - sides.0 - sides.1 - sides.2 - sides.3 < keep {
            sides.0 = 0
            sides.3 = 0
        }
        if available - borders - sides.1 - sides.2 < keep {
            sides.1 = min(sides.1, 1)
            sides.2 = min(sides.2, 1)
        }
        return sides
    }

    /// The content width in `room` columns: `width`, else all of the room,
    /// clamped by `max-width` then `min-width`, and never more than the room.
    func contentWidth(room: Int) -> Int {
        var content = width ?? room
        if let maxWidth { content = min(content, maxWidth) }
        if let minWidth { content = max(content, minWidth) }
        return max(1, min(content, room))
    }

    /// Lays the box out `available` columns wide.
    mutating func layout(width available: Int, into out: inout LaidOut) {
        let fitted = sides(available)
        let ml = fitted.marginLeft, mr = fitted.marginRight
        var pl = fitted.paddingLeft, pr = fitted.paddingRight
        var bl = border.left ? 1 : 0, br = border.right ? 1 : 0
        // A room narrower than the sides and one column of content (a window
        // 1 or 2 columns wide): the padding goes, then the side borders.
        if bl + pl + pr + br + 1 > available {
            (pl, pr) = (0, 0)
            if bl + br + 1 > available { (bl, br) = (0, 0) }
        }
        let content = contentWidth(room: max(1, available - ml - bl - pl - pr - br - mr))
        let used = ml + bl + pl + content + pr + br + mr
        let free = max(0, available - used)
        let lead = ml + (position == .center ? free / 2 : position == .end ? free : 0)

        var inner = LaidOut()
        if flexRow { joinRowIfItFits(width: content) }
        FlowLayout.layout(&flow, width: content, into: &inner)

        let (h, v, corners) = BlockBox.glyphs(border.line)
        func rule(_ text: String, _ width: Int) -> Line.Run {
            hidden ? FlowLayout.spaces(width) : Line.Run(text: text, width: width, color: border.color)
        }
        func edge(_ top: Bool) -> Line {
            var runs: [Line.Run] = []
            if lead > 0 { runs.append(FlowLayout.spaces(lead)) }
            if bl > 0 { runs.append(rule(String(corners[top ? 0 : 2]), 1)) }
            let across = pl + content + pr
            runs.append(rule(RepeatedText.repeated(h, across), across))
            if br > 0 { runs.append(rule(String(corners[top ? 1 : 3]), 1)) }
            return Line(runs: runs)
        }
        func framed(_ line: Line?) -> Line {
            var runs: [Line.Run] = []
            runs.reserveCapacity((line?.runs.count ?? 0) + 5)
            if lead > 0 { runs.append(FlowLayout.spaces(lead)) }
            if bl > 0 { runs.append(rule(String(v), 1)) }
            if pl > 0 { runs.append(FlowLayout.spaces(pl)) }
            var width = 0
            if let line {
                runs.append(contentsOf: line.runs)
                width = line.width
            }
            if br > 0 {
                let pad = content - width + pr
                if pad > 0 { runs.append(FlowLayout.spaces(pad)) }
                runs.append(rule(String(v), 1))
            }
            return Line(runs: runs, scrollsHorizontally: line?.scrollsHorizontally ?? false)
        }

        // A frame around nothing (an empty placeholder a script would fill, an
        // icon drawn by a background) says nothing in text: no lines. A
        // border on one edge alone is a rule, and stays.
        if inner.lines.isEmpty, bl + br > 0 {
            for (_, name) in inner.anchors { out.anchors.append((out.lines.count, name)) }
            return
        }
        if border.top { out.lines.append(edge(true)) }
        for _ in 0..<max(0, paddingTop) { out.lines.append(framed(nil)) }
        let base = out.lines.count
        for line in inner.lines { out.lines.append(framed(line)) }
        for (line, name) in inner.anchors { out.anchors.append((base + line, name)) }
        for _ in 0..<max(0, paddingBottom) { out.lines.append(framed(nil)) }
        if border.bottom { out.lines.append(edge(false)) }
    }

    /// A flex row whose items are each one line of text and fit side by side
    /// in `width` columns becomes one paragraph, the items a space apart.
    private mutating func joinRowIfItFits(width: Int) {
        let items = flow.items
        guard items.count > 1 else { return }
        var total = -1
        for item in items {
            guard case .paragraph(let paragraph) = item.content, item.marker == nil, item.underline == nil,
                  !paragraph.text.contains(0x0A) else { return }
            total += 1 + item.indent + LineBreaker.measure(paragraph).max
            if total > width { return }
        }
        var row = Paragraph()
        var anchors: [String] = []
        for (index, item) in items.enumerated() {
            guard case .paragraph(let paragraph) = item.content else { continue }
            if index == 0 {
                anchors = item.anchors
                row.align = paragraph.align
                row.scrolls = paragraph.scrolls
            } else {
                row.appendText(" ", RunAttributes())
                for name in item.anchors { row.addAnchor(name) }
            }
            row.append(paragraph, atomic: false)
        }
        var first = items[0]
        first.content = .paragraph(row)
        first.anchors = anchors
        flow.items = [first]
    }

    /// The narrowest and widest the box can be laid out (for table columns).
    var measure: (min: Int, max: Int) {
        var (low, high) = FlowLayout.measure(flow)
        if flexRow, flow.items.count > 1 {
            high = -1
            for item in flow.items { high += 1 + FlowLayout.measure(Flow(items: [item])).max }
        }
        let extra = marginLeft + paddingLeft + paddingRight + marginRight + (border.left ? 1 : 0) + (border.right ? 1 : 0)
        if let width {
            let fixed = contentWidth(room: width)
            return (fixed + extra, fixed + extra)
        }
        if let maxWidth { high = min(high, max(low, maxWidth)) }
        if let minWidth {
            low = max(low, minWidth)
            high = max(high, minWidth)
        }
        return (low + extra, high + extra)
    }
}
