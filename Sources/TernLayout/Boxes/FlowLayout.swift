/// Lays a `Flow` out at a width: margins, indentation, markers, and each
/// item's lines.
enum FlowLayout {
    /// The most indentation allowed: content keeps at least half the width
    /// (and 10 columns when the width has them), however deep the nesting.
    static func maxIndent(width: Int) -> Int {
        max(0, width - min(width, max(10, width / 2)))
    }

    static func spaces(_ count: Int) -> Line.Run {
        Line.Run(text: RepeatedText.spaces(count), width: count)
    }

    /// Lays `flow` out, emptying it as it goes: each item's text is released
    /// once its lines exist, so a page's text and its lines are never held
    /// whole at the same time. (Measuring, for tables, happens before.)
    static func layout(_ flow: inout Flow, width: Int, into out: inout LaidOut) {
        let top = out.lines.count
        let limit = maxIndent(width: width)
        for index in flow.items.indices {
            // Moved out (not copied: no retain and release of each array it holds).
            var item = FlowItem.placeholder
            swap(&item, &flow.items[index])
            if case .empty = item.content, item.marker == nil {
                for name in item.anchors { out.anchors.append((out.lines.count, name)) }
                continue
            }
            if item.marginBefore > 0, out.lines.count > top {
                for _ in 0..<item.marginBefore { out.lines.append(Line()) }
            }
            for name in item.anchors { out.anchors.append((out.lines.count, name)) }
            var indent = min(item.indent, limit)
            // The first line's lead when it differs from the others' (a
            // marker); the others start with `indent` spaces.
            var firstPrefix: [Line.Run]?
            if let marker = item.marker, marker.width + 2 <= width {
                if indent < marker.width + 1 {
                    indent = min(marker.width + 1, max(0, width - 1))
                }
                let column = max(0, indent - 1 - marker.width)
                var lead: [Line.Run] = []
                lead.reserveCapacity(3)
                if column > 0 { lead.append(spaces(column)) }
                let a = marker.attributes
                lead.append(Line.Run(text: marker.text, width: marker.width, style: a.style, color: a.color,
                                     link: a.linkIndex, control: a.controlIndex))
                let after = indent - column - marker.width
                if after > 0 { lead.append(spaces(after)) }
                firstPrefix = lead
            }
            let prefix = { [indent] () -> [Line.Run] in indent > 0 ? [spaces(indent)] : [] }
            let right = min(max(0, item.indentRight), max(0, limit - indent))
            let available = max(1, width - indent - right)
            // Taken out of the item, so that the paragraph is moved, not copied.
            var content = FlowItem.Content.empty
            swap(&content, &item.content)
            switch consume content {
            case .paragraph(let paragraph):
                let first = out.lines.count
                LineBreaker.layout(paragraph, width: available, firstPrefix: firstPrefix, indent: indent, into: &out)
                if let underline = item.underline, out.lines.count > first {
                    // Under the text itself (a centred heading gets a centred rule).
                    var widest = 1, lead = Int.max
                    for line in out.lines[first...] {
                        let spaces = line.text.prefix { $0 == " " }.count
                        lead = min(lead, spaces)
                        widest = max(widest, line.width - spaces)
                    }
                    widest = min(widest, max(1, width - lead))
                    let a = item.underlineAttributes
                    var runs = lead > 0 ? [spaces(lead)] : []
                    runs.append(Line.Run(text: RepeatedText.repeated(Character(underline), widest), width: widest,
                                         style: a.style, color: a.color))
                    out.lines.append(Line(runs: runs))
                }
            case .rule:
                var runs = firstPrefix ?? prefix()
                runs.append(Line.Run(text: RepeatedText.repeated("─", available), width: available))
                out.lines.append(Line(runs: runs))
            case .empty:
                out.lines.append(Line(runs: firstPrefix ?? prefix()))
            case .table(let table):
                var inner = LaidOut()
                table.layout(width: available, into: &inner)
                append(inner, firstPrefix: firstPrefix ?? prefix(), prefix: prefix(), to: &out)
            case .textarea(let box):
                var inner = LaidOut()
                layoutTextarea(box, width: available, into: &inner)
                append(inner, firstPrefix: firstPrefix ?? prefix(), prefix: prefix(), to: &out)
            case .box(var box):
                var inner = LaidOut()
                box.layout(width: available, into: &inner)
                append(inner, firstPrefix: firstPrefix ?? prefix(), prefix: prefix(), to: &out)
            case .frame(var box):
                var inner = LaidOut()
                box.layout(width: available, into: &inner)
                append(inner, firstPrefix: firstPrefix ?? prefix(), prefix: prefix(), to: &out)
            }
        }
    }

    /// Appends lines laid out apart, indented.
    static func append(_ inner: LaidOut, firstPrefix: [Line.Run], prefix: [Line.Run], to out: inout LaidOut) {
        let base = out.lines.count
        for (index, line) in inner.lines.enumerated() {
            let lead = index == 0 ? firstPrefix : prefix
            if lead.isEmpty {
                out.lines.append(line)
            } else {
                out.lines.append(Line(runs: lead + line.runs, scrollsHorizontally: line.scrollsHorizontally))
            }
        }
        if inner.lines.isEmpty && !firstPrefix.isEmpty { out.lines.append(Line(runs: firstPrefix)) }
        for (line, name) in inner.anchors { out.anchors.append((base + line, name)) }
    }

    /// A textarea as a box drawn in light box-drawing characters, its text
    /// wrapped hard at its columns and cut to its rows.
    static func layoutTextarea(_ box: TextareaBox, width: Int, into out: inout LaidOut) {
        let columns = max(1, min(box.columns, width - 2))
        let a = box.attributes
        func run(_ text: String, _ width: Int) -> Line.Run {
            Line.Run(text: text, width: width, style: a.style, color: a.color, link: a.linkIndex, control: a.controlIndex)
        }
        var paragraph = Paragraph()
        paragraph.noWrap = false
        for (index, line) in box.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { paragraph.appendBreak(a) }
            paragraph.appendAtom(String(line), a)
        }
        var text = LaidOut()
        if !paragraph.isEmpty { LineBreaker.layout(paragraph, width: columns, firstPrefix: nil, indent: 0, into: &text) }
        let horizontal = RepeatedText.repeated("─", columns)
        if let number = box.number, case let label = "[\(number)]", label.utf8.count <= columns {
            // `┌[7]───┐`: drawn as the numbers before other fields are, inside the box's region.
            out.lines.append(Line(runs: [run("┌", 1),
                                         Line.Run(text: label, width: label.utf8.count, style: a.style.subtracting(.formControl),
                                                  color: a.color, link: a.linkIndex, control: a.controlIndex),
                                         run(RepeatedText.repeated("─", columns - label.utf8.count) + "┐", columns - label.utf8.count + 1)]))
        } else {
            out.lines.append(Line(runs: [run("┌" + horizontal + "┐", columns + 2)]))
        }
        for row in 0..<max(1, box.rows) {
            var runs = [run("│", 1)]
            var used = 0
            if row < text.lines.count {
                for var r in text.lines[row].runs {
                    r.style.formUnion(a.style)
                    r.link = a.linkIndex
                    r.control = a.controlIndex
                    used += r.width
                    runs.append(r)
                }
            }
            if used < columns { runs.append(run(RepeatedText.spaces(columns - used), columns - used)) }
            runs.append(run("│", 1))
            out.lines.append(Line(runs: runs))
        }
        out.lines.append(Line(runs: [run("└" + horizontal + "┘", columns + 2)]))
    }

    /// What a table needs to know of a cell's flow before laying it out:
    /// `measure`, and whether it is one paragraph and nothing else that
    /// `layout` lays out as one line at any width at least its widest
    /// (no marker, indent or underline, and `LineBreaker.isOneLine`), with
    /// anchors or not. A one-paragraph flow is read in place, passed inout
    /// (a copy of the paragraph would retain and release each of its arrays;
    /// a swap with a placeholder makes and destroys one).
    static func measureCell(_ flow: inout Flow) -> CellMeasure {
        if flow.items.count == 1, case .paragraph = flow.items[0].content {
            return measureOneParagraph(&flow.items[0])
        }
        let m = measure(flow)
        return CellMeasure(min: m.min, max: m.max, oneLine: false, anchored: false)
    }

    private static func measureOneParagraph(_ item: inout FlowItem) -> CellMeasure {
        guard case .paragraph(let paragraph) = item.content else {
            let m = measure(item)
            return CellMeasure(min: m.min, max: m.max, oneLine: false, anchored: false)
        }
        // As `measure(item)` does, on the paragraph bound once.
        let sides = indents(item)
        var m = LineBreaker.measure(paragraph)
        m = (m.min + sides, m.max + sides)
        let oneLine = item.marker == nil && item.underline == nil && item.indent == 0 && item.indentRight <= 0
            && LineBreaker.isOneLine(paragraph)
        return CellMeasure(min: m.min, max: m.max, oneLine: oneLine, anchored: !item.anchors.isEmpty || !paragraph.anchors.isEmpty)
    }

    struct CellMeasure {
        var min: Int
        var max: Int
        var oneLine: Bool
        var anchored: Bool
    }

    /// The anchors of a one-line flow (`measureCell`), in the order `layout` gives them.
    static func oneLineAnchors(_ flow: Flow) -> [String] {
        guard let item = flow.items.first else { return [] }
        guard case .paragraph(let paragraph) = item.content, !paragraph.anchors.isEmpty else { return item.anchors }
        return item.anchors + paragraph.anchors.map(\.name)
    }

    /// Appends the runs of a one-line flow (`measureCell`) laid out at a width
    /// at least its widest to `runs`, emptying the flow; returns their width.
    static func appendOneLine(_ flow: inout Flow, into runs: inout [Line.Run]) -> Int {
        guard !flow.items.isEmpty else { return 0 }
        // Read in place, passed inout (not copied: no retain and release of each array it holds).
        let width = appendOneLine(&flow.items[0], into: &runs)
        flow.items = []
        return width
    }

    private static func appendOneLine(_ item: inout FlowItem, into runs: inout [Line.Run]) -> Int {
        guard case .paragraph(let paragraph) = item.content else { return 0 }
        return LineBreaker.appendLine(paragraph, into: &runs)
    }

    /// The narrowest and widest `flow` can be laid out (for table columns).
    static func measure(_ flow: Flow) -> (min: Int, max: Int) {
        var low = 0, high = 0
        for item in flow.items {
            let m = measure(item)
            low = max(low, m.min)
            high = max(high, m.max)
        }
        return (low, high)
    }

    /// The narrowest and widest one item can be laid out, its indents included.
    private static func measure(_ item: FlowItem) -> (min: Int, max: Int) {
        var m = (min: 0, max: 0)
        switch item.content {
        case .paragraph(let paragraph): m = LineBreaker.measure(paragraph)
        case .rule: m = (1, 1)
        case .table(let table): m = table.measure
        case .textarea(let box): m = (box.columns + 2, box.columns + 2)
        case .box(let box): m = box.measure
        case .frame(let box): m = box.measure
        case .empty: m = (0, 0)
        }
        let sides = indents(item)
        return (m.min + sides, m.max + sides)
    }

    /// The columns an item's indents add to its content's width.
    private static func indents(_ item: FlowItem) -> Int {
        min(max(item.indent, (item.marker?.width ?? -1) + 1), 40) + min(max(0, item.indentRight), 40)
    }
}
