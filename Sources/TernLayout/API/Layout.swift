import TernDOM

/// The entry point: lays a document out as text lines.
///
/// Two phases, neither recursive in the document's depth:
/// 1. `BoxBuilder` walks the DOM with an explicit stack and builds flat block
///    flows (paragraphs, rules, tables whose cells hold flows of their own);
/// 2. `FlowLayout` breaks the paragraphs into lines at the width and composes
///    tables; the result's link and control regions and anchors are read
///    off the finished lines.
/// Only tables nest (at most `BoxBuilder.maxTableDepth` deep; deeper tables
/// are laid out as plain blocks), so the stack stays shallow on any input.
public enum Layout {
    public static func render(_ document: Document, options: LayoutOptions = LayoutOptions()) -> RenderedPage {
        let width = max(1, options.width)
        let builder = BoxBuilder(document: document, options: options)
        let flow = builder.build()
        var out = LaidOut()
        FlowLayout.layout(flow, width: width, into: &out)

        var page = RenderedPage()
        page.title = TextSanitizer.clean(document.title)
        page.lines = out.lines
        page.links = builder.links
        page.controls = builder.controls
        for (line, name) in out.anchors where page.anchors[name] == nil {
            page.anchors[name] = max(0, min(line, out.lines.count - 1))
        }
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
