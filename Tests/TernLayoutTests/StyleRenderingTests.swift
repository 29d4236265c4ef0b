import XCTest
import TernCSS
import TernDOM
@testable import TernLayout

/// Renders `html` at `width` with `css` as the page's one author sheet.
func styled(_ html: String, width: Int = 40, css: String) -> RenderedPage {
    var options = LayoutOptions(width: width)
    options.styleSheets = [StyleSheet(text: css, origin: .author, baseURL: nil)]
    return Layout.render(parse(html), options: options)
}

/// The `--dump` text of `styled(html, width:, css:)`.
func styledDump(_ html: String, width: Int = 40, css: String) -> String {
    styled(html, width: width, css: css).plainText(references: false)
}

/// How each `ComputedStyle` field is drawn, set on elements through an
/// author style sheet (a cell is 8px wide and 16px tall: 1em vertically is
/// one line, 8px horizontally one column).
final class StyleRenderingTests: XCTestCase {
    func testDisplayNoneAndContents() {
        let html = "<div>a<section class=c>b</section>c<div class=n>gone</div></div>"
        XCTAssertEqual(styledDump(html, css: ".c { display: contents } .n { display: none }"), lines("abc"))
    }

    func testBlocksWithoutWalkedChildrenEndTheirBlock() {
        // An image, a control or a textarea made a block with an indent:
        // what follows is not indented.
        let html = "<div>a<img class=b alt=pic>b<input class=b value=v size=1><textarea class=b cols=1 rows=1></textarea>c</div>"
        XCTAssertEqual(styledDump(html, css: ".b { display: block; margin-left: 32px }"),
                       lines("a", "    [pic]", "b", "    [v]", "    ┌─┐", "    │ │", "    └─┘", "c"))
    }

    func testInlineBlockStaysInTheLineWhenItFitsElseIsABlock() {
        let html = "<p>before <span class=ib>one two</span> after</p>"
        let css = ".ib { display: inline-block }"
        XCTAssertEqual(styledDump(html, css: css), lines("before one two after"))
        // Kept whole: it moves to the next line rather than breaking inside.
        XCTAssertEqual(styledDump(html, width: 12, css: css), lines("before", "one two", "after"))
        let wide = "<p>x <span class=ib>a long text that is wider than the window</span> y</p>"
        XCTAssertEqual(styledDump(wide, width: 20, css: css), lines("x", "a long text that is", "wider than the", "window", "y"))
    }

    func testListStyleTypesAndPosition() {
        func markers(_ type: String, inside: Bool = false) -> String {
            styledDump("<ul class=l><li>a</li><li>b</li></ul>",
                       css: ".l { list-style-type: \(type); list-style-position: \(inside ? "inside" : "outside") }")
        }
        XCTAssertEqual(markers("decimal"), lines("  1. a", "  2. b"))
        XCTAssertEqual(markers("decimal-leading-zero"), lines("  01. a", "  02. b"))
        XCTAssertEqual(markers("upper-alpha"), lines("  A. a", "  B. b"))
        XCTAssertEqual(markers("lower-roman"), lines("  i. a", "  ii. b"))
        XCTAssertEqual(markers("lower-greek"), lines("  α. a", "  β. b"))
        XCTAssertEqual(markers("circle"), lines("  + a", "  + b"))
        XCTAssertEqual(markers("square"), lines("  - a", "  - b"))
        XCTAssertEqual(markers("disclosure-closed"), lines("  ▸ a", "  ▸ b"))
        XCTAssertEqual(markers("\"→\""), lines("  → a", "  → b"))
        XCTAssertEqual(markers("none"), lines("    a", "    b"))
        XCTAssertEqual(markers("disc", inside: true), lines("    * a", "    * b"))
        // `::marker` content replaces the marker.
        XCTAssertEqual(styledDump("<ol><li>a</li><li>b</li></ol>",
                                  css: "li::marker { content: \"(\" counter(list-item, lower-alpha) \")\" }"),
                       lines("  (a) a", "  (b) b"))
    }

    func testFlexRowPutsShortItemsOnOneLine() {
        let html = "<nav class=f><a href=/h>Home</a><a href=/a>About</a><span>Blog</span></nav><p>next</p>"
        let css = ".f { display: flex }"
        XCTAssertEqual(styledDump(html, css: css), lines("[1]Home [2]About Blog", "", "next"))
        XCTAssertEqual(styledDump(html, width: 12, css: css), lines("[1]Home", "[2]About", "Blog", "", "next"))
        let page = styled(html, css: css)
        XCTAssertEqual(page.links.map(\.regions), [[TextRegion(line: 0, columns: 0..<7)], [TextRegion(line: 0, columns: 8..<16)]])
    }

    func testVisibilityHiddenKeepsTheSpaceAndIsNotFocusable() {
        let html = "<p>a <span class=h>secret <a href=/x>link</a> <input value=v size=2></span> b</p>"
        let page = styled(html, css: ".h { visibility: hidden }")
        XCTAssertEqual(page.plainText(references: false), lines("a" + String(repeating: " ", count: 18) + "b"))
        XCTAssertTrue(page.links.isEmpty)
        XCTAssertEqual(page.controls.count, 1)
        XCTAssertTrue(page.controls[0].regions.isEmpty)
    }

    func testWhiteSpaceValues() {
        func dump(_ value: String, width: Int = 12) -> String {
            styledDump("<div class=w>one  two\nthree   four five six</div>", width: width, css: ".w { white-space: \(value) }")
        }
        XCTAssertEqual(dump("normal"), lines("one two", "three four", "five six"))
        XCTAssertEqual(dump("nowrap"), lines("one two three four five six"))
        XCTAssertEqual(dump("pre"), lines("one  two", "three   four five six"))
        XCTAssertEqual(dump("pre-wrap"), lines("one  two", "three   four", "five six"))
        XCTAssertEqual(dump("pre-line"), lines("one two", "three four", "five six"))
        // `nowrap` on a span inside wrapping text keeps its words together.
        XCTAssertEqual(styledDump("<p>aa bb <span class=w>cc dd</span> ee</p>", width: 8, css: ".w { white-space: nowrap }"),
                       lines("aa bb", "cc dd ee"))
    }

    func testPaddingAndIndentsOnBothSides() {
        let html = "<p>above</p><div class=b><p>inside the box here</p></div><p>below</p>"
        let css = ".b { margin: 16px 40px 0 24px; padding: 16px 0 32px }"
        XCTAssertEqual(styledDump(html, width: 20, css: css),
                       lines("above", "", "", "   inside the", "   box here", "", "", "", "below"))
    }

    func testBorders() {
        let html = "<p>x</p><div class=b>boxed text</div>"
        func dump(_ border: String, width: Int = 20) -> String {
            styledDump(html, width: width, css: ".b { \(border) }")
        }
        // One column of padding (8px) between a side border and the text.
        XCTAssertEqual(dump("border: 1px solid; padding: 0 8px"), lines("x", "", "┌──────────────────┐", "│ boxed text       │", "└──────────────────┘"))
        XCTAssertEqual(dump("border: 3px double; padding: 0 8px", width: 14), lines("x", "", "╔════════════╗", "║ boxed text ║", "╚════════════╝"))
        XCTAssertEqual(dump("border: 4px solid; padding: 0 8px", width: 14), lines("x", "", "┏━━━━━━━━━━━━┓", "┃ boxed text ┃", "┗━━━━━━━━━━━━┛"))
        XCTAssertEqual(dump("border: 1px dashed; padding: 0 8px", width: 14), lines("x", "", "┌┄┄┄┄┄┄┄┄┄┄┄┄┐", "┆ boxed text ┆", "└┄┄┄┄┄┄┄┄┄┄┄┄┘"))
        XCTAssertEqual(dump("border-top: 1px solid; border-bottom: 1px solid", width: 12), lines("x", "", "────────────", "boxed text", "────────────"))
        // The margin stays outside the border.
        XCTAssertEqual(dump("border-left: 1px solid; margin-left: 16px; padding-left: 8px", width: 14), lines("x", "", "  │ boxed text"))
        // A frame around nothing draws nothing; a border on one edge alone is a rule.
        XCTAssertEqual(styledDump("<p>x</p><div class=b id=empty></div><div class=r></div><p>y</p>", width: 12,
                                  css: ".b { border: 1px solid; padding: 8px; width: 80px } .r { border-bottom: 1px solid }"),
                       lines("x", "", "────────────", "", "y"))
    }

    func testWidthsAndCentring() {
        func column(width: Int, _ css: String) -> String {
            styledDump("<div class=c>a column of text that wraps</div>", width: width, css: ".c { \(css) }")
        }
        XCTAssertEqual(column(width: 30, "max-width: 80px; margin: 0 auto"),
                       lines("          a column", "          of text", "          that wraps"))
        XCTAssertEqual(column(width: 30, "width: 96px; margin-left: auto"),
                       lines("                  a column of", "                  text that", "                  wraps"))
        // Clamped to the room there is; `min-width` wins over `max-width`.
        XCTAssertEqual(column(width: 20, "width: 4000px; max-width: 40px; min-width: 112px"),
                       lines("a column of", "text that", "wraps"))
    }

    func testDeeplyNestedBoxesAndHostileLengths() {
        // Boxes deeper than `BoxBuilder.maxBoxDepth` are plain blocks: no
        // recursion per level, whatever the depth.
        let html = String(repeating: "<div class=b>", count: 5_000) + "deep" + String(repeating: "</div>", count: 5_000)
        let page = styled(html, width: 80, css: """
            .b { border-top: 1px solid; display: flex; margin-left: 1e300px; margin-right: -1e300px;
                 margin-top: 1e300px; padding-bottom: 1e300px; text-indent: -1e300px; width: 1e300px;
                 padding-top: calc(infinity * 1px); margin-bottom: calc(NaN * 1px) }
            """)
        assertFits(page, 80)
        XCTAssertTrue(page.plainText(references: false).contains("deep"))
        XCTAssertLessThan(page.lines.count, 100_000)
    }

    func testTextIndent() {
        let html = "<p class=i>one two three four five</p>"
        XCTAssertEqual(styledDump(html, width: 14, css: ".i { text-indent: 32px }"), lines("    one two", "three four", "five"))
        XCTAssertEqual(styledDump(html, width: 14, css: ".i { margin-left: 24px; text-indent: -24px }"),
                       lines("one two three", "   four five"))
    }

    func testTextTransform() {
        func dump(_ transform: String) -> String {
            styledDump("<p class=t>hello wORLD don't <b>stop</b>me</p>", css: ".t { text-transform: \(transform) }")
        }
        XCTAssertEqual(dump("uppercase"), lines("HELLO WORLD DON'T STOPME"))
        XCTAssertEqual(dump("lowercase"), lines("hello world don't stopme"))
        XCTAssertEqual(dump("capitalize"), lines("Hello WORLD Don't Stopme"))
        XCTAssertEqual(styledDump("<p class=t>ab 1!</p>", css: ".t { text-transform: full-width }"), lines("ａｂ １！"))
    }

    func testDecorationsAndColoursReachTheRuns() {
        let red = Color(red: 200, green: 0, blue: 0)
        let yellow = Color(red: 255, green: 255, blue: 0)
        let page = styled("<p class=p>plain <span class=s>struck <b>bold</b></span></p>", css: """
            .p { background-color: rgb(255 255 0) }
            .s { text-decoration: line-through; color: rgb(200 0 0) }
            """)
        XCTAssertEqual(page.plainText(references: false), lines("plain struck bold"))
        let runs = page.lines[0].runs
        XCTAssertEqual(runs.map(\.text), ["plain ", "struck ", "bold"])
        XCTAssertEqual(runs.map(\.style), [[], .lineThrough, [.lineThrough, .bold]])
        // Unstyled text keeps the terminal's own colour (`color`'s initial
        // value, CanvasText, inherited unchanged).
        XCTAssertEqual(runs.map(\.color), [nil, red, red])
        XCTAssertEqual(runs.map(\.background), [yellow, yellow, yellow])
    }

    /// Siblings that match the same rules under the same parent share one
    /// computed style; what `MatchedRules` does not hold (presentational
    /// hints) or a different parent keeps them apart.
    func testSharedStylesStayApartWhereTheyDiffer() {
        let red = Color(red: 200, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 200)
        let page = styled("""
            <div class=r><p>a</p><p style="color: rgb(0 0 200)">b</p><p>c</p></div>
            <div><p>d</p><p>e</p></div>
            <table><tr><td>f</td><td bgcolor="#0000c8">g</td><td>h</td></tr></table>
            """, css: ".r { color: rgb(200 0 0) }")
        func run(_ text: String) -> Line.Run? { page.lines.lazy.flatMap(\.runs).first { $0.text.contains(text) } }
        XCTAssertEqual(["a", "b", "c", "d", "e"].map { run($0)?.color }, [red, blue, red, nil, nil])
        XCTAssertEqual(["f", "g", "h"].map { run($0)?.background }, [nil, blue, nil])
    }

    func testVerticalAlign() {
        let css = "sup { vertical-align: super } sub { vertical-align: sub }"
        XCTAssertEqual(styledDump("<p>x<sup>2</sup> + e<sup>i<b>n</b></sup>, H<sub>2</sub>O</p>", css: css), lines("x² + eⁱⁿ, H₂O"))
        XCTAssertEqual(styledDump("<p>see<sup>[1]</sup> and C<sub>q</sub></p>", css: css), lines("see^([1]) and C_(q)"))
    }

    func testScrollingBlocksAreNotWrappedAndAreMarked() {
        // Only a block that does not wrap scrolls (`overflow` alone leaves
        // wrapping text wrapped).
        let page = styled("<p>one two three</p><div class=s>alpha beta gamma delta</div>", width: 10,
                          css: ".s { overflow-x: auto; white-space: nowrap }")
        XCTAssertEqual(page.lines.map(\.text), ["one two", "three", "", "alpha beta gamma delta"])
        XCTAssertEqual(page.lines.map(\.scrollsHorizontally), [false, false, false, true])
    }

    func testBeforeAndAfterContent() {
        let html = "<p><a href=/x class=ext title=Docs>manual</a> end</p><p class=note>careful</p>"
        XCTAssertEqual(styledDump(html, css: """
            .ext::before { content: "<" }
            .ext::after { content: " (" attr(title) attr(none) ")" }
            .note::before { content: "Note:"; display: block }
            """), lines("[1]<manual (Docs) end", "", "Note:", "careful"))
    }

    func testQuotesNest() {
        let html = "<p><span class=q>a <span class=q>b</span> c</span> <span class=p>d</span></p>"
        XCTAssertEqual(styledDump(html, css: """
            .q::before, .p::before { content: open-quote }
            .q::after, .p::after { content: close-quote }
            .p { quotes: "«" "»" }
            """), lines("“a ‘b’ c” «d»"))
        XCTAssertEqual(dump("<p><q>a <q>b</q></q></p>"), lines("“a ‘b’”"))
    }

    func testCountersScopesAndNesting() {
        // CSS Lists 3 §4: a reset on a heading is seen by its following
        // siblings; `counters()` joins the nested scopes.
        let html = """
        <div class=doc><h2>A</h2><h3>x</h3><h3>y</h3><h2>B</h2><h3>z</h3></div>
        """
        XCTAssertEqual(styledDump(html, css: """
            * { margin-block: 0 }
            .doc { counter-reset: h2 }
            h2 { counter-increment: h2; counter-reset: h3 }
            h2::before { content: counter(h2, upper-roman) ". " }
            h3 { counter-increment: h3 }
            h3::before { content: counter(h2) "." counter(h3, lower-alpha) " " }
            """), lines("I. A", "────", "1.a x", "1.b y", "II. B", "─────", "2.a z"))

        let nested = "<ol><li>a<ol><li>b</li><li>c<ol><li>d</li></ol></li></ol></li><li>e</li></ol>"
        XCTAssertEqual(styledDump(nested, css: "li::marker { content: counters(list-item, \".\") }"),
                       lines("   1 a", "     1.1 b", "     1.2 c", "         1.2.1 d", "   2 e"))

        // The list-item counter follows `start`, `reversed` and `value`.
        let counted = "<ol start=5 reversed><li>a</li><li value=9>b</li><li>c</li></ol>"
        XCTAssertEqual(styledDump(counted, css: "li::after { content: \" #\" counter(list-item) }"),
                       lines("  5. a #5", "  9. b #9", "  8. c #8"))
    }
}

/// Issue 31: header links underlined by a border, and badges, are inline
/// blocks: they stay on their line, their border and padding not drawn.
final class InlineBlockBorderTests: XCTestCase {
    func testBorderedInlineBlocksStayOnTheirLine() {
        let css = "#tools a { display: inline-block; border-bottom: 1px solid #ccc; padding: 4px 0 } .badge { display: inline-block; border: 1px solid; padding: 2px 4px }"
        XCTAssertEqual(styledDump("""
            <div id=tools>Welcome. <a href=/site>View site</a> / <a href=/out>Log out</a></div>
            <p>Status <span class=badge>new</span> item</p>
            """, width: 60, css: css), lines("Welcome. [1]View site / [2]Log out", "", "Status new item"))
    }
}
