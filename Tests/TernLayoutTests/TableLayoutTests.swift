import XCTest
@testable import TernLayout

final class TableLayoutTests: XCTestCase {
    func testColumnsUseTheirMaximumWhenEverythingFits() {
        let html = "<table><tr><th>Name</th><th>Value</th></tr><tr><td>alpha</td><td>1</td></tr><tr><td>beta gamma</td><td>22</td></tr></table>"
        XCTAssertEqual(dump(html), lines("Name        Value", "alpha       1", "beta gamma  22"))
        let page = render(html)
        XCTAssertTrue(page.lines[0].runs.allSatisfy { $0.text.trimmingCharacters(in: .whitespaces).isEmpty || $0.style.contains(.bold) })
    }

    func testCaptionIsCentredAboveTheTable() {
        let html = "<table><caption>Data</caption><tr><td>aaaaaa</td><td>bbbbbb</td></tr></table>"
        XCTAssertEqual(dump(html), lines("     Data", "aaaaaa  bbbbbb"))
    }

    func testColumnsShareTheWidthInProportionToMaxMinusMin() {
        // Column 1: min 5 ("aaaaa"), max 21; column 2: min 5, max 11. Width 20:
        // 18 columns after the separator; minimums 10; 8 more shared 16:6 → 6 and 2.
        let html = "<table><tr><td>aaaaa bbbbb ccccc ddd</td><td>eeeee fffff</td></tr></table>"
        XCTAssertEqual(dump(html, width: 20), lines("aaaaa bbbbb  eeeee", "ccccc ddd    fffff"))
    }

    func testWrappedRowsAreSeparatedByABlankLine() {
        let html = "<table><tr><td>one two three four</td><td>x</td></tr><tr><td>five</td><td>y</td></tr></table>"
        XCTAssertEqual(dump(html, width: 14), lines("one two" + String(repeating: " ", count: 6) + "x", "three four", "", "five" + String(repeating: " ", count: 9) + "y"))
    }

    func testColspanAndRowspan() {
        let html = """
        <table>
        <tr><td colspan="2">wide cell here</td><td>c</td></tr>
        <tr><td rowspan="2">tall</td><td>b1</td><td>c1</td></tr>
        <tr><td>b2</td><td>c2</td></tr>
        </table>
        """
        XCTAssertEqual(dump(html), lines("wide cell here  c", "tall     b1     c1", "         b2     c2"))
    }

    func testNestedTable() {
        let html = "<table><tr><th>Outer</th><th>Inner</th></tr><tr><td>left</td><td><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table></td></tr></table>"
        XCTAssertEqual(dump(html), lines("Outer  Inner", "", "left   a  b", "       c  d"))
    }

    func testATableTooWideStaysReadableAndNeverOverlaps() {
        let words = (1...8).map { "column\($0)word" }
        let row = words.map { "<td>\($0)</td>" }.joined()
        let html = "<table><tr>\(row)</tr><tr>\(row)</tr></table>"
        for width in [40, 80] {
            let page = render(html, width: width)
            assertFits(page, width)
            // Every word is still there, whole or broken, in order.
            let text = page.plainText(references: false).filter { !$0.isWhitespace }
            XCTAssertEqual(text.count, words.joined().count * 2, "at width \(width)")
        }
    }

    func testLinearisedWhenColumnsCannotFit() {
        let html = "<table><tr><td>a</td><td>b</td><td>c</td><td>d</td></tr></table>"
        XCTAssertEqual(dump(html, width: 8), lines("a", "b", "c", "d"))
    }

    func testLayoutTablesRenderAsBlocks() {
        // One column: its cells are blocks.
        XCTAssertEqual(dump("<table><tr><td>Header</td></tr><tr><td>Body text</td></tr></table>"), lines("Header", "Body text"))
        // role=presentation.
        XCTAssertEqual(dump("<table role=\"presentation\"><tr><td>nav</td><td><p>Content</p></td></tr></table>"), lines("nav", "", "Content"))
        // A table positioning headings and lists, with no header cells.
        let html = "<table><tr><td><ul><li>Home</li></ul></td><td><h2>Article</h2><p>Text.</p></td></tr></table>"
        XCTAssertEqual(dump(html), lines("  * Home", "", "Article", "───────", "", "Text."))
    }

    func testTableWidthIsFromContentAt132() {
        let html = "<table><tr><td>\(String(repeating: "word ", count: 30))</td><td>end</td></tr></table>"
        let page = render(html, width: 132)
        assertFits(page, 132)
        XCTAssertEqual(page.lines.count, 2)
        XCTAssertTrue(page.lines[0].text.hasSuffix("end"))
    }

    /// A cell spanning down comes before the next row's own cells, whatever
    /// its column: each row's cells are drawn by column all the same.
    func testCellsSpanningDownDrawnInColumnOrder() {
        let html = """
        <table>
        <tr><td>a</td><td rowspan=2>tall cell</td><td>x</td></tr>
        <tr><td>c</td><td>y</td></tr>
        <tr><td rowspan=0>down</td><td colspan=2>wide</td></tr>
        <tr><td>p</td><td>q</td></tr>
        </table>
        """
        XCTAssertEqual(dump(html), lines("a     tall cell  x", "c                y", "down  wide", "      p          q"))
    }

    /// A cell that is one paragraph no wider than its column is drawn
    /// straight into its row's line (`FlowLayout.appendOneLine`): the same
    /// text, anchors and link regions as a cell laid out on lines of its own.
    func testOneLineCellsDrawnIntoTheirRow() {
        let html = """
        <table>
        <tr><th>h1</th><th align=right>h2</th><th>h3</th></tr>
        <tr><td id=a>plain</td><td rowspan=2><a name=b></a><a href="/x">link</a> <b>bold</b></td><td><span id=c></span>&nbsp;lead</td></tr>
        <tr><td>soft&shy;hy</td><td id=d></td></tr>
        <tr><td> </td><td>wide 漢字 e\u{301}</td><td><a href="/y">end</a></td></tr>
        <tr><td colspan=2 id=e>two columns wide</td><td style="white-space: nowrap">no wrap</td></tr>
        </table>
        """
        let page = render(html)
        XCTAssertEqual(page.plainText(references: false), lines(
            "h1                h2  h3",
            "plain   [1]link bold   lead",
            "softhy",
            "        wide 漢字 e\u{301}   [2]end",
            "two columns wide      no wrap"))
        XCTAssertEqual(page.anchors, ["a": 1, "b": 1, "c": 1, "d": 2, "e": 4])
        XCTAssertEqual(page.links.map(\.regions), [[TextRegion(line: 1, columns: 8..<15)], [TextRegion(line: 3, columns: 22..<28)]])
    }

    func testHeaderAndFooterGroups() {
        let html = "<table><tfoot><tr><td>foot</td><td>f</td></tr></tfoot><thead><tr><th>head</th><th>h</th></tr></thead><tbody><tr><td>body</td><td>b</td></tr></tbody></table>"
        XCTAssertEqual(dump(html), lines("head  h", "body  b", "foot  f"))
    }
}
