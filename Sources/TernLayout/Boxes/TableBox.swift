/// A table: cells placed on a grid, columns sized from their content.
///
/// Grid: the HTML table model (https://html.spec.whatwg.org/multipage/tables.html#forming-a-table),
/// `colspan` capped at 1000 and `rowspan` at 65534 as the spec says, `rowspan=0` to the last row.
/// Column widths: automatic table layout (CSS 2.1 §17.5.2.2, css-tables-3 §"width distribution"):
/// each column's minimum is its longest unbreakable piece, its maximum its
/// longest unwrapped line; if all maximums fit they are used, otherwise every
/// column gets its minimum and the rest is shared in proportion to max − min;
/// if even the minimums do not fit, columns share the width in proportion to
/// their minimums and cells break words. When there is not room for 3 columns
/// of text per column, rows are laid out one cell under the other.
///
/// Drawing: no borders; columns are separated by two spaces; when any row
/// takes more than one line, rows are separated by a blank line. Empty
/// columns take no room. The caption is centred above.
final class TableBox {
    struct Cell {
        /// The cell's blocks, unless it is a `TextCell`.
        var flow: Flow
        /// A cell that is one paragraph drawn one way (most data cells) is
        /// this, its text in the table's `text`, and `flow` is empty: no
        /// paragraph, item or array of items to make and free per cell.
        var text: TextCell?
        var colspan: Int
        var rowspan: Int
        var header: Bool
        var row = 0
        var column = 0
    }

    /// A paragraph drawn one way with nothing else in its cell (no anchors,
    /// marker or indent), as `BoxBuilder` ended it: `item(in:)` makes it again.
    struct TextCell {
        /// Where its text is in the table's `text`.
        var range: Range<Int>
        var attributes: RunAttributes
        var noWrap: Bool
        var scrolls: Bool
        var align: TextAlign
        var marginBefore: Int

        /// `FlowLayout.measureCell` of `item(in:)`: no indents, and one line
        /// when left-aligned without a forced break.
        func measure(in text: UnsafeBufferPointer<UInt8>) -> FlowLayout.CellMeasure {
            let bytes = UnsafeBufferPointer(rebasing: text[range])
            let m = LineBreaker.measure(bytes, noWrap: noWrap)
            return FlowLayout.CellMeasure(min: m.min, max: m.max, oneLine: align == .left && !bytes.contains(0x0A),
                                          anchored: false)
        }

        /// `FlowLayout.appendOneLine` of `item(in:)`.
        func appendOneLine(in text: UnsafeBufferPointer<UInt8>, into runs: inout [Line.Run]) -> Int {
            LineBreaker.appendLine(UnsafeBufferPointer(rebasing: text[range]), noWrap: noWrap, attributes: attributes,
                                   into: &runs)
        }

        /// The item it stands for.
        func item(in text: [UInt8]) -> FlowItem {
            var paragraph = Paragraph()
            paragraph.text = Array(text[range])
            paragraph.runs.append(AttributeRun(start: 0, attributes: attributes))
            paragraph.noWrap = noWrap
            paragraph.scrolls = scrolls
            paragraph.align = align
            return FlowItem(content: .paragraph(paragraph), indent: 0, indentRight: 0, marginBefore: marginBefore,
                            marker: nil, anchors: [], underline: nil, underlineAttributes: FlowItem.headingUnderline)
        }
    }

    /// Cells row after row: row `r` is `cells[ends[r - 1]..<ends[r]]` (one
    /// array for the whole table, not one a row).
    struct Rows {
        var cells: [Cell] = []
        var ends: [Int] = []
        /// The text of the `TextCell`s, one after another.
        var text: [UInt8] = []

        /// Appends `other`'s rows after these.
        mutating func append(_ other: Rows) {
            let base = cells.count, textBase = text.count
            cells += other.cells
            for index in base..<cells.count {
                guard let range = cells[index].text?.range else { continue }
                cells[index].text?.range = (range.lowerBound + textBase)..<(range.upperBound + textBase)
            }
            text += other.text
            ends += other.ends.map { base + $0 }
        }
    }

    static let separator = 2
    private(set) var cells: [Cell] = []
    /// The text of the `TextCell`s.
    private(set) var text: [UInt8] = []
    private(set) var rowCount = 0
    private(set) var columnCount = 0
    /// The cells covering each row as (column, cell index), by column: row
    /// `r`'s are `slots[slotStarts[r]..<slotStarts[r + 1]]`.
    private var slots: [(column: Int, cell: Int)] = []
    private var slotStarts: [Int] = [0]
    var caption: Flow?

    /// Takes the cells of `rows` (moved, not copied).
    init(rows: consuming Rows, caption: Flow?) {
        self.caption = caption
        rowCount = rows.ends.count
        swap(&cells, &rows.cells)
        swap(&text, &rows.text)
        var remaining: [Int] = [] // rows still covered below, per column
        var covered: [Bool] = []
        var start = 0
        for r in 0..<rowCount {
            let end = min(max(start, rows.ends[r]), cells.count)
            covered.removeAll(keepingCapacity: true)
            covered.append(contentsOf: repeatElement(false, count: remaining.count))
            for c in 0..<remaining.count where remaining[c] > 0 {
                covered[c] = true
                remaining[c] -= 1
            }
            var column = 0
            for index in start..<end {
                while column < covered.count && covered[column] { column += 1 }
                let colspan = max(1, min(cells[index].colspan, 1000))
                let rowspan = cells[index].rowspan
                let span = max(1, rowspan <= 0 ? rowCount - r : min(rowspan, 65534, rowCount - r))
                cells[index].colspan = colspan
                cells[index].rowspan = span
                cells[index].row = r
                cells[index].column = column
                let last = column + colspan
                if remaining.count < last {
                    remaining += Array(repeating: 0, count: last - remaining.count)
                    covered += Array(repeating: false, count: last - covered.count)
                }
                for c in column..<last {
                    remaining[c] = max(remaining[c], span - 1)
                    covered[c] = true
                }
                column = last
            }
            columnCount = max(columnCount, remaining.count)
            start = end
        }
        // The slots: counted per row, then placed, each row's in cell order
        // (the cells spanning down from rows above first), then by column.
        var counts = [Int](repeating: 0, count: rowCount + 1)
        for index in cells.indices {
            for r in cells[index].row..<(cells[index].row + cells[index].rowspan) { counts[r + 1] += 1 }
        }
        slotStarts = counts
        for r in 0..<rowCount { slotStarts[r + 1] += slotStarts[r] }
        var next = slotStarts
        slots = Array(repeating: (0, 0), count: slotStarts[rowCount])
        for index in cells.indices {
            for r in cells[index].row..<(cells[index].row + cells[index].rowspan) {
                slots[next[r]] = (cells[index].column, index)
                next[r] += 1
            }
        }
        for r in 0..<rowCount where slotStarts[r + 1] - slotStarts[r] > 1 {
            let range = slotStarts[r]..<slotStarts[r + 1]
            // Most rows are in order already (no cell spans down into them).
            if range.dropFirst().contains(where: { slots[$0 - 1].column > slots[$0].column }) {
                slots[range].sort { $0.column < $1.column }
            }
        }
    }

    // MARK: Measuring

    private lazy var cellMeasures: [FlowLayout.CellMeasure] = {
        var measures: [FlowLayout.CellMeasure] = []
        measures.reserveCapacity(cells.count)
        text.withUnsafeBufferPointer { text in
            for index in cells.indices {
                if let cell = cells[index].text {
                    measures.append(cell.measure(in: text))
                } else {
                    measures.append(FlowLayout.measureCell(&cells[index].flow))
                }
            }
        }
        return measures
    }()

    /// Per column, (minimum, maximum) widths.
    private lazy var columnMeasures: (min: [Int], max: [Int]) = {
        var low = [Int](repeating: 0, count: columnCount)
        var high = [Int](repeating: 0, count: columnCount)
        var spanning: [Int] = []
        let cellMeasures = self.cellMeasures
        for index in cells.indices {
            let column = cells[index].column
            if cells[index].colspan == 1 {
                low[column] = max(low[column], cellMeasures[index].min)
                high[column] = max(high[column], cellMeasures[index].max)
            } else {
                spanning.append(index)
            }
        }
        spanning.sort { cells[$0].colspan < cells[$1].colspan }
        for index in spanning {
            let cell = cells[index]
            let range = cell.column..<min(columnCount, cell.column + cell.colspan)
            let seps = TableBox.separator * (range.count - 1)
            for pass in 0..<2 {
                let need = pass == 0 ? cellMeasures[index].min : cellMeasures[index].max
                var have = seps
                for c in range { have += pass == 0 ? low[c] : high[c] }
                if need > have {
                    let extra = need - have
                    for (k, c) in range.enumerated() {
                        let share = extra / range.count + (k < extra % range.count ? 1 : 0)
                        if pass == 0 { low[c] += share } else { high[c] += share }
                    }
                }
            }
        }
        for c in 0..<columnCount { high[c] = max(high[c], low[c]) }
        return (low, high)
    }()

    /// The table's narrowest and widest layout.
    lazy var measure: (min: Int, max: Int) = {
        let (low, high) = columnMeasures
        let visible = high.filter { $0 > 0 }.count
        let seps = TableBox.separator * max(0, visible - 1)
        var m = (min: low.reduce(0, +) + seps, max: high.reduce(0, +) + seps)
        if let caption {
            let c = FlowLayout.measure(caption)
            m = (max(m.min, c.min), max(m.max, c.min))
        }
        return m
    }()

    /// Column widths for `width` columns, or nil when the table must be linearised.
    func columnWidths(width: Int) -> [Int]? {
        let (low, high) = columnMeasures
        let visible = high.filter { $0 > 0 }.count
        if visible == 0 { return high }
        let available = width - TableBox.separator * (visible - 1)
        let sumMax = high.reduce(0, +), sumMin = low.reduce(0, +)
        if sumMax <= available { return high }
        if sumMin <= available {
            var widths = low
            let extra = available - sumMin
            let flexible = sumMax - sumMin
            var given = 0
            for c in 0..<columnCount {
                let share = flexible > 0 ? extra * (high[c] - low[c]) / flexible : 0
                widths[c] += share
                given += share
            }
            var c = 0
            while given < extra && flexible > 0 {
                if widths[c] < high[c] { widths[c] += 1; given += 1 }
                c = (c + 1) % columnCount
            }
            return widths
        }
        if visible * 3 > available { return nil }
        var widths = [Int](repeating: 0, count: columnCount)
        var total = 0
        for c in 0..<columnCount where high[c] > 0 {
            widths[c] = max(1, available * max(low[c], 1) / max(sumMin, 1))
            total += widths[c]
        }
        while total > available {
            let widest = widths.indices.max { widths[$0] < widths[$1] }!
            widths[widest] -= 1
            total -= 1
        }
        return widths
    }

    // MARK: Layout

    func layout(width: Int, into out: inout LaidOut) {
        guard let widths = columnWidths(width: width) else {
            linearize(width: width, into: &out)
            return
        }
        var x = [Int](repeating: 0, count: columnCount + 1)
        var visibleSeen = false
        for c in 0..<columnCount {
            let sep = visibleSeen && widths[c] > 0 ? TableBox.separator : 0
            if widths[c] > 0 { visibleSeen = true }
            x[c] = (c > 0 ? x[c - 1] + widths[c - 1] : 0) + sep
        }
        let tableWidth = columnCount > 0 ? x[columnCount - 1] + widths[columnCount - 1] : 0

        if var caption {
            self.caption = nil
            var inner = LaidOut()
            let captionWidth = max(1, min(width, max(tableWidth, 1)))
            FlowLayout.layout(&caption, width: captionWidth, into: &inner)
            for (line, name) in inner.anchors { out.anchors.append((out.lines.count + line, name)) }
            out.lines += inner.lines // centred by the caption's text-align
        }

        // Lay every cell out at the width of the columns it spans. A cell
        // that is one paragraph no wider than that is one line: its runs go
        // straight into its row's line when the row is drawn
        // (`FlowLayout.appendOneLine`), and it has no lines of its own.
        var laid = [LaidOut?](repeating: nil, count: cells.count)
        var oneLine = [Bool](repeating: false, count: cells.count)
        var spaced = false
        let measures = cellMeasures
        for index in cells.indices {
            let column = cells[index].column
            let end = min(columnCount, column + cells[index].colspan) - 1
            let cellWidth = max(1, x[end] + widths[end] - x[column])
            if measures[index].oneLine, measures[index].max <= cellWidth {
                oneLine[index] = true
                continue
            }
            var inner = LaidOut()
            layoutCell(index, width: cellWidth, into: &inner)
            if inner.lines.count > 1 { spaced = true }
            laid[index] = inner
        }
        func lineCount(_ index: Int) -> Int { oneLine[index] ? 1 : laid[index]?.lines.count ?? 0 }

        // Row heights; a cell spanning rows stretches the last of them.
        var heights = [Int](repeating: 0, count: rowCount)
        for index in cells.indices where cells[index].rowspan == 1 {
            let row = cells[index].row
            heights[row] = max(heights[row], lineCount(index))
        }
        var gaps = [Int](repeating: 0, count: rowCount)
        func computeGaps() {
            guard spaced, let last = heights.lastIndex(where: { $0 > 0 }) else { return }
            for r in 0..<last { gaps[r] = heights[r] > 0 ? 1 : 0 }
        }
        for pass in 0..<2 {
            if pass == 1 { computeGaps() }
            for index in cells.indices where cells[index].rowspan > 1 {
                let first = cells[index].row
                let last = first + cells[index].rowspan - 1
                var total = 0
                for r in first...last { total += heights[r] + (r < last ? gaps[r] : 0) }
                let need = lineCount(index)
                if need > total { heights[last] += need - total }
            }
        }
        var tops = [Int](repeating: 0, count: rowCount + 1)
        for r in 0..<rowCount { tops[r + 1] = tops[r] + heights[r] + gaps[r] }

        let base = out.lines.count
        for index in cells.indices {
            if oneLine[index] {
                guard measures[index].anchored else { continue }
                for name in FlowLayout.oneLineAnchors(cells[index].flow) { out.anchors.append((base + tops[cells[index].row], name)) }
            } else if let anchors = laid[index]?.anchors {
                for (line, name) in anchors { out.anchors.append((base + tops[cells[index].row] + line, name)) }
            }
        }
        let cellRow = cells.map(\.row), cellLastRow = cells.map { $0.row + $0.rowspan - 1 }, cellColumn = cells.map(\.column)
        out.lines.reserveCapacity(out.lines.count + tops[rowCount])
        for r in 0..<rowCount {
            for k in 0..<(heights[r] + gaps[r]) {
                let line = tops[r] + k
                let inGap = k >= heights[r]
                // Room for every run at once: each cell's, and the spaces before it.
                var capacity = 0
                for slot in slots[slotStarts[r]..<slotStarts[r + 1]] where !(inGap && cellLastRow[slot.cell] <= r) {
                    let index = line - tops[cellRow[slot.cell]]
                    if oneLine[slot.cell] {
                        if index == 0 { capacity += 2 }
                    } else if let cellLines = laid[slot.cell]?.lines, index < cellLines.count {
                        capacity += cellLines[index].runs.count + 1
                    }
                }
                var runs: [Line.Run] = []
                runs.reserveCapacity(capacity)
                var column = 0
                for slot in slots[slotStarts[r]..<slotStarts[r + 1]] {
                    let cell = slot.cell
                    if inGap && cellLastRow[cell] <= r { continue }
                    let index = line - tops[cellRow[cell]]
                    if oneLine[cell] {
                        guard index == 0 else { continue }
                        var start = x[cellColumn[cell]]
                        if column > 0 && start < column + 1 { start = column + 1 } // never overlap
                        let mark = runs.count
                        if start > column { runs.append(FlowLayout.spaces(start - column)) }
                        let lead = runs.count
                        let width: Int
                        if let textCell = cells[cell].text {
                            width = text.withUnsafeBufferPointer { textCell.appendOneLine(in: $0, into: &runs) }
                        } else {
                            width = FlowLayout.appendOneLine(&cells[cell].flow, into: &runs)
                        }
                        if runs.count == lead {
                            // An empty line draws nothing, not even the spaces before it.
                            runs.removeSubrange(mark..<lead)
                            continue
                        }
                        column = start + width
                        continue
                    }
                    guard let cellLines = laid[cell]?.lines, index < cellLines.count, !cellLines[index].runs.isEmpty else { continue }
                    var start = x[cellColumn[cell]]
                    if column > 0 && start < column + 1 { start = column + 1 } // never overlap
                    if start > column { runs.append(FlowLayout.spaces(start - column)) }
                    runs.append(contentsOf: cellLines[index].runs)
                    column = start + cellLines[index].width
                }
                out.lines.append(Line(runs: runs))
            }
            // Cells that end on this row are drawn: release their lines.
            for slot in slots[slotStarts[r]..<slotStarts[r + 1]] where cellLastRow[slot.cell] == r && laid[slot.cell] != nil {
                laid[slot.cell] = nil
            }
        }
    }

    /// Too narrow for columns: each cell under the previous, rows apart.
    private func linearize(width: Int, into out: inout LaidOut) {
        if var caption {
            self.caption = nil
            FlowLayout.layout(&caption, width: width, into: &out)
        }
        var row = -1
        for index in cells.indices {
            if cells[index].row != row, !out.lines.isEmpty { out.lines.append(Line()) }
            row = cells[index].row
            layoutCell(index, width: width, into: &out)
        }
    }

    /// Lays a cell out, emptying its flow.
    private func layoutCell(_ index: Int, width: Int, into out: inout LaidOut) {
        if let cell = cells[index].text {
            // Not one line at this width: laid out as the flow of its item.
            var flow = Flow(items: [cell.item(in: text)])
            FlowLayout.layout(&flow, width: width, into: &out)
        } else {
            FlowLayout.layout(&cells[index].flow, width: width, into: &out)
        }
    }
}
