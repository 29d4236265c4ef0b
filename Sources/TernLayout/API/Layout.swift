import TernDOM

/// The entry point: lays a document out as text lines.
///
/// Rendering conventions (what a reader sees):
/// - Paragraphs, lists, tables, blockquotes, `pre`, `figure` and `dl` are
///   separated by one blank line (margins collapse, none at the top or end).
/// - Headings are bold with the `heading` style; `h1` is also underlined and
///   followed by a row of `═` as wide as its text, `h2` by a row of `─`.
/// - `hr` is a row of `─` across the width. Blockquotes and `dd` indent 4
///   columns, `figure` and `fieldset` 2. Indentation stops growing when text
///   would get less than half the width (10 columns at least).
/// - Lists indent 2 columns; bullets are `*`, `+`, `-` by depth (repeating);
///   numbers (`1.`, `a.`, `iv.`) are right-aligned and wrapped text hangs
///   under the item's text. A list inside an item lines up with its text.
/// - `pre` keeps spaces and newlines, expands tabs to 8 and never wraps.
/// - Links read `[n]text` (lynx style), `n` counting from 1 in reading order.
/// - Images show `[alt]`; nothing for `alt=""`; `[image]` without `alt`.
/// - Controls: `[value____]` (size or 20), `[****]`, `[X]`/`[ ]`, `(*)`/`( )`,
///   `[Submit]`, `[chosen ▾]` for a select, a box of `rows` × `cols` drawn in
///   `┌─┐│└┘` for a textarea. Hidden inputs are listed but not shown.
/// - `details` shows its summary after `▸ ` (closed, content hidden) or `▾ `.
/// - Frames (`iframe`, `frame`) that `LayoutOptions.frameContent` answers
///   with a document: that document laid out in a box of its own lines,
///   `┌─ Title ─┐`/`│ text │`/`└─┘`, as tall as its content; its links and
///   controls numbered on with the page's. Otherwise a link to the `src`,
///   `[n]iframe: title`, with the reason a frame is unavailable after it.
/// - Tables: no borders, columns 2 spaces apart, a blank line between rows
///   when some row wraps, `th` bold, caption centred above. A layout table
///   (one column, `role=presentation`, or no header cells while a cell holds
///   headings or tables or several blocks) is laid out as plain blocks.
/// - Widths are display columns: East Asian wide/fullwidth count 2 (Ambiguous
///   counts 1), combining marks and format characters 0.
/// - Control characters never reach the output: U+0080–U+009F take their
///   windows-1252 meaning, other controls become U+FFFD, bidi overrides are
///   dropped.
///
/// Two phases, neither recursive in the document's depth:
/// 1. `BoxBuilder` walks the DOM with an explicit stack and builds flat block
///    flows (paragraphs, rules, tables whose cells hold flows of their own);
/// 2. `FlowLayout` breaks the paragraphs into lines at the width and composes
///    tables; the result's link and control regions and anchors are read
///    off the finished lines.
/// Only tables nest (at most `BoxBuilder.maxTableDepth` deep; deeper tables
/// are laid out as plain blocks), boxes (`maxBoxDepth`) and frames (a
/// builder of their own each, at most `maxFrameDepth` deep and `maxFrames`
/// in all), so the stack stays shallow on any input.
public enum Layout {
    /// Elements styled between two `LayoutOptions.shouldStop` questions.
    public static let stopCheckInterval = 64
    /// The line that ends a page whose layout was stopped.
    public static let stoppedNotice = "[Tern stopped laying out this page here: it took too long.]"

    public static func render(_ document: Document, options: LayoutOptions = LayoutOptions()) -> RenderedPage {
        let width = max(1, options.width)
        let builder = BoxBuilder(document: document, options: options)
        var flow = builder.build()
        var out = LaidOut()
        FlowLayout.layout(&flow, width: width, into: &out)
        flow = Flow() // its emptied items: a few MB on a large page, not needed past here
        var layers: [PageLayer] = []
        for var layer in builder.takeLayers() {
            // A blank line apart from the page before it (in a plain-text reading).
            if !out.lines.isEmpty { out.lines.append(Line()) }
            let start = out.lines.count
            FlowLayout.layout(&layer.flow, width: max(1, width - PageLayer.inset), into: &out)
            while out.lines.count > start, out.lines[out.lines.count - 1].runs.allSatisfy({ $0.text.allSatisfy { $0 == " " } }) {
                out.lines.removeLast()
            }
            if out.lines.count > start {
                layers.append(PageLayer(lines: start..<out.lines.count, isModal: layer.isModal))
            } else if start > 0 {
                out.lines.removeLast() // an empty layer (a backdrop): not even its blank line
            }
        }

        var page = RenderedPage()
        page.title = TextNormalizer.clean(document.title)
        page.lines = out.lines
        (page.links, page.controls) = builder.takeLinksAndControls()
        let lastLine = max(0, out.lines.count - 1)
        page.extents = Array(repeating: nil, count: options.measuredElements.count)
        let outline = builder.outline
        var outlineLines = Array(repeating: 0, count: outline.count)
        for (line, name) in out.anchors {
            let line = max(0, min(line, lastLine))
            if let mark = BoxBuilder.OutlineMark(name) {
                if outlineLines.indices.contains(mark.index) { outlineLines[mark.index] = line }
                continue
            }
            guard let measured = BoxBuilder.MeasureMark(name) else {
                if page.anchors[name] == nil { page.anchors[name] = line }
                continue
            }
            guard page.extents.indices.contains(measured.index) else { continue }
            if let columns = measured.columns {
                if page.extents[measured.index] == nil {
                    page.extents[measured.index] = ElementExtent(firstLine: line, lastLine: line, columns: columns)
                }
            } else if let start = page.extents[measured.index] {
                page.extents[measured.index] = ElementExtent(firstLine: start.firstLine, lastLine: line, columns: start.columns)
            }
        }
        page.layers = layers
        page.outline = zip(outline, outlineLines).map { PageOutlineItem(kind: $0.kind, name: $0.name, line: $1) }
        page.isIncomplete = builder.wasStopped
        collectRegions(&page)
        return page
    }

    /// Fills in link and control regions from the runs of the finished lines,
    /// merging runs that touch on one line.
    static func collectRegions(_ page: inout RenderedPage) {
        for (index, line) in page.lines.enumerated() {
            var column = 0
            for run in line.runs {
                let columns = column..<(column + run.width)
                column += run.width
                if let link = run.link, link < page.links.count {
                    add(columns, line: index, to: &page.links[link].regions)
                }
                if let control = run.control, control < page.controls.count {
                    add(columns, line: index, to: &page.controls[control].regions)
                }
            }
        }
    }

    private static func add(_ columns: Range<Int>, line: Int, to regions: inout [TextRegion]) {
        if let last = regions.last, last.line == line, last.columns.upperBound == columns.lowerBound {
            regions[regions.count - 1].columns = last.columns.lowerBound..<columns.upperBound
        } else {
            regions.append(TextRegion(line: line, columns: columns))
        }
    }
}
