import XCTest
import TernDOM
@testable import TernLayout

/// The overlapped layout (lines made on a second thread while the page is
/// still being built) gives exactly what the one-thread layout gives.
final class FlowLayoutPipelineTests: XCTestCase {
    /// A page with every kind of top-level item, many times over: margins,
    /// headings with rules, lists with markers, a data table, a layout table
    /// whose cells' items move into the page flow, `pre`, anchors, links,
    /// form controls, rules.
    private func largePage(sections: Int) -> String {
        var html = "<title>Big</title><body>"
        for n in 0..<sections {
            html += """
            <h1 id="s\(n)">Section \(n)</h1>
            <p>Paragraph <a href="/p\(n)">link \(n)</a> with <b>bold</b> text that wraps
            across the narrow widths: \(String(repeating: "word ", count: n % 17))</p>
            <ul><li>one<li>two <a href="#s\(n)">back</a><ol start="\(n)"><li>nested</ol></ul>
            <table><tr><th>Name<th>Value<tr><td>\(n)<td>\(n * n) units</table>
            <table><tr><td><h3>Laid out as blocks</h3><p>cell text \(n)</p><p>more</p></table>
            <pre>  pre \(n)
              kept</pre>
            <blockquote><p name="q\(n)">Quoted <input value="v\(n)"> text</p></blockquote>
            <hr><div><span id="a\(n)"></span></div>
            """
        }
        return html
    }

    func testOverlappedLayoutGivesTheSameLinesLinksAndAnchors() {
        let document = parse(largePage(sections: 120))
        for width in [40, 80, 132] {
            var options = LayoutOptions()
            options.width = width
            let alone = Layout.render(document, options: options, overlapping: false)
            let overlapped = Layout.render(document, options: options, overlapping: true)
            XCTAssertGreaterThan(alone.lines.count, 2_000)
            assertSame(overlapped.lines, alone.lines, "lines at width \(width)")
            XCTAssertTrue(overlapped.anchors == alone.anchors, "anchors at width \(width)")
            assertSame(overlapped.links.map(\.url), alone.links.map(\.url), "link URLs")
            assertSame(overlapped.links.map(\.text), alone.links.map(\.text), "link texts")
            assertSame(overlapped.links.map(\.regions), alone.links.map(\.regions), "link regions at width \(width)")
            assertSame(overlapped.controls.map(\.regions), alone.controls.map(\.regions), "control regions at width \(width)")
        }
    }

    func testALargePageGoesThroughTheSecondThreadAndASmallOneDoesNot() {
        for (sections, handsOver) in [(120, true), (2, false)] {
            let document = parse(largePage(sections: sections))
            let options = LayoutOptions()
            let pipeline = FlowLayoutPipeline(width: options.width)
            var flow = BoxBuilder(document: document, options: options, pipeline: pipeline).build()
            let overlapped = pipeline.finish(with: &flow)
            XCTAssertEqual(pipeline.submitted > 2, handsOver, "\(sections) sections: \(pipeline.submitted) batches")

            var alone = Flow(items: BoxBuilder(document: document, options: options).build().items)
            var out = LaidOut()
            FlowLayout.layout(&alone, width: options.width, into: &out)
            assertSame(overlapped.lines, out.lines, "lines")
            assertSame(overlapped.anchors.map(\.line), out.anchors.map(\.line), "anchor lines")
            assertSame(overlapped.anchors.map(\.name), out.anchors.map(\.name), "anchor names")
        }
    }

    /// Equal arrays; when not, names the first place they differ (the
    /// arrays are thousands long).
    private func assertSame<T: Equatable>(_ got: [T], _ expected: [T], _ what: String,
                                         file: StaticString = #filePath, line: UInt = #line) {
        guard got != expected else { return }
        let index = got.indices.first { $0 >= expected.count || got[$0] != expected[$0] } ?? got.count
        let shown = { (items: [T]) in index < items.count ? "\(items[index])" : "(none)" }
        XCTFail("\(what): \(got.count) vs \(expected.count); first difference at \(index): \(shown(got)) vs \(shown(expected))",
                file: file, line: line)
    }
}
