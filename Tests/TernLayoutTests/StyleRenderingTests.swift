import XCTest
import TernCSS
import TernDOM
@testable import TernLayout

/// Renders `html` with `adjust` applied to each element's layout style (the
/// seam tests of layout alone use, standing in for the cascade).
func styled(_ html: String, width: Int = 40, _ adjust: @escaping (Node, inout ComputedStyle) -> Void) -> RenderedPage {
    var options = LayoutOptions(width: width)
    options.styleAdjustment = adjust
    return Layout.render(parse(html), options: options)
}

/// The `--dump` text of `styled(html, width:, adjust)`.
func styledDump(_ html: String, width: Int = 40, _ adjust: @escaping (Node, inout ComputedStyle) -> Void) -> String {
    styled(html, width: width, adjust).plainText(references: false)
}

/// Whether `node` has `name` among its classes.
func has(_ node: Node, _ name: String) -> Bool {
    node.attribute("class")?.split(separator: " ").contains(Substring(name)) ?? false
}

/// How each `ComputedStyle` field is drawn, set on elements through
/// `LayoutOptions.styleAdjustment`.
final class StyleRenderingTests: XCTestCase {
    func testDisplayNoneAndContents() {
        let html = "<div>a<section class=c>b</section>c<div class=n>gone</div></div>"
        XCTAssertEqual(styledDump(html) { node, style in
            if has(node, "c") { style.display = .contents }
            if has(node, "n") { style.display = .none }
        }, lines("abc"))
    }

    func testBlocksWithoutWalkedChildrenEndTheirBlock() {
        // An image, a control or a textarea made a block with an indent:
        // what follows is not indented.
        let html = "<div>a<img class=b alt=pic>b<input class=b value=v size=1><textarea class=b cols=1 rows=1></textarea>c</div>"
        XCTAssertEqual(styledDump(html) { node, style in
            if has(node, "b") {
                style.display = .block
                style.indent = 4
            }
        }, lines("a", "    [pic]", "b", "    [v]", "    ┌─┐", "    │ │", "    └─┘", "c"))
    }

    func testInlineBlockStaysInTheLineWhenItFitsElseIsABlock() {
        let html = "<p>before <span class=ib>one two</span> after</p>"
        let adjust: (Node, inout ComputedStyle) -> Void = { node, style in
            if has(node, "ib") { style.display = .inlineBlock }
        }
        XCTAssertEqual(styledDump(html, adjust), lines("before one two after"))
        // Kept whole: it moves to the next line rather than breaking inside.
        XCTAssertEqual(styledDump(html, width: 12, adjust), lines("before", "one two", "after"))
        let wide = "<p>x <span class=ib>a long text that is wider than the window</span> y</p>"
        XCTAssertEqual(styledDump(wide, width: 20, adjust), lines("x", "a long text that is", "wider than the", "window", "y"))
    }

    func testListStyleTypesAndPosition() {
        func markers(_ type: CSSListStyleType, inside: Bool = false) -> String {
            styledDump("<ul class=l><li>a</li><li>b</li></ul>") { node, style in
                if has(node, "l") {
                    style.listStyle = type
                    style.listStyleInside = inside
                }
            }
        }
        XCTAssertEqual(markers(.decimal), lines("  1. a", "  2. b"))
        XCTAssertEqual(markers(.decimalLeadingZero), lines("  01. a", "  02. b"))
        XCTAssertEqual(markers(.upperAlpha), lines("  A. a", "  B. b"))
        XCTAssertEqual(markers(.lowerRoman), lines("  i. a", "  ii. b"))
        XCTAssertEqual(markers(.lowerGreek), lines("  α. a", "  β. b"))
        XCTAssertEqual(markers(.circle), lines("  + a", "  + b"))
        XCTAssertEqual(markers(.square), lines("  - a", "  - b"))
        XCTAssertEqual(markers(.disclosureClosed), lines("  ▸ a", "  ▸ b"))
        XCTAssertEqual(markers(.string("→")), lines("  → a", "  → b"))
        XCTAssertEqual(markers(.none), lines("    a", "    b"))
        XCTAssertEqual(markers(.disc, inside: true), lines("    * a", "    * b"))
        // `::marker` content replaces the marker.
        XCTAssertEqual(styledDump("<ol><li>a</li><li>b</li></ol>") { node, style in
            if node.isElement("li") {
                style.marker = ComputedStyle.GeneratedContent(items: [.string("("), .counter(name: "list-item", style: .lowerAlpha), .string(")")])
            }
        }, lines("  (a) a", "  (b) b"))
    }

    func testFlexRowPutsShortItemsOnOneLine() {
        let html = "<nav class=f><a href=/h>Home</a><a href=/a>About</a><span>Blog</span></nav><p>next</p>"
        let adjust: (Node, inout ComputedStyle) -> Void = { node, style in
            if has(node, "f") {
                style.display = .block
                style.flexRow = true
            }
        }
        XCTAssertEqual(styledDump(html, adjust), lines("[1]Home [2]About Blog", "", "next"))
        XCTAssertEqual(styledDump(html, width: 12, adjust), lines("[1]Home", "[2]About", "Blog", "", "next"))
        let page = styled(html, adjust)
        XCTAssertEqual(page.links.map(\.regions), [[TextRegion(line: 0, columns: 0..<7)], [TextRegion(line: 0, columns: 8..<16)]])
    }

    func testVisibilityHiddenKeepsTheSpaceAndIsNotFocusable() {
        let html = "<p>a <span class=h>secret <a href=/x>link</a> <input value=v size=2></span> b</p>"
        let page = styled(html) { node, style in
            if has(node, "h") { style.hidden = true }
        }
        XCTAssertEqual(page.plainText(references: false), lines("a" + String(repeating: " ", count: 18) + "b"))
        XCTAssertTrue(page.links.isEmpty)
        XCTAssertEqual(page.controls.count, 1)
        XCTAssertTrue(page.controls[0].regions.isEmpty)
    }

    func testWhiteSpaceValues() {
        func dump(_ value: ComputedStyle.WhiteSpace, width: Int = 12) -> String {
            styledDump("<div class=w>one  two\nthree   four five six</div>", width: width) { node, style in
                if has(node, "w") { style.whiteSpace = value }
            }
        }
        XCTAssertEqual(dump(.normal), lines("one two", "three four", "five six"))
        XCTAssertEqual(dump(.nowrap), lines("one two three four five six"))
        XCTAssertEqual(dump(.pre), lines("one  two", "three   four five six"))
        XCTAssertEqual(dump(.preWrap), lines("one  two", "three   four", "five six"))
        XCTAssertEqual(dump(.preLine), lines("one two", "three four", "five six"))
        // `nowrap` on a span inside wrapping text keeps its words together.
        XCTAssertEqual(styledDump("<p>aa bb <span class=w>cc dd</span> ee</p>", width: 8) { node, style in
            if has(node, "w") { style.whiteSpace = .nowrap }
        }, lines("aa bb", "cc dd ee"))
    }

    func testPaddingAndIndentsOnBothSides() {
        let html = "<p>above</p><div class=b><p>inside the box here</p></div><p>below</p>"
        XCTAssertEqual(styledDump(html, width: 20) { node, style in
            if has(node, "b") {
                style.marginTop = 1
                style.paddingTop = 1
                style.paddingBottom = 2
                style.indent = 3
                style.indentRight = 5
            }
        }, lines("above", "", "", "   inside the", "   box here", "", "", "", "below"))
    }

    func testBorders() {
        let html = "<p>x</p><div class=b>boxed text</div>"
        func dump(_ line: ComputedStyle.Border.Line, sides: String = "trbl", width: Int = 20) -> String {
            styledDump(html, width: width) { node, style in
                guard has(node, "b") else { return }
                style.border.line = line
                style.border.top = sides.contains("t")
                style.border.right = sides.contains("r")
                style.border.bottom = sides.contains("b")
                style.border.left = sides.contains("l")
                style.indent = sides.contains("l") ? 2 : 0
                style.indentRight = sides.contains("r") ? 2 : 0
            }
        }
        XCTAssertEqual(dump(.single), lines("x", "", "┌──────────────────┐", "│ boxed text       │", "└──────────────────┘"))
        XCTAssertEqual(dump(.double, width: 14), lines("x", "", "╔════════════╗", "║ boxed text ║", "╚════════════╝"))
        XCTAssertEqual(dump(.heavy, width: 14), lines("x", "", "┏━━━━━━━━━━━━┓", "┃ boxed text ┃", "┗━━━━━━━━━━━━┛"))
        XCTAssertEqual(dump(.dashed, width: 14), lines("x", "", "┌┄┄┄┄┄┄┄┄┄┄┄┄┐", "┆ boxed text ┆", "└┄┄┄┄┄┄┄┄┄┄┄┄┘"))
        XCTAssertEqual(dump(.single, sides: "tb", width: 12), lines("x", "", "────────────", "boxed text", "────────────"))
        // The margin stays outside the border.
        XCTAssertEqual(styledDump(html, width: 14) { node, style in
            guard has(node, "b") else { return }
            style.border.left = true
            style.indent = 4
            style.marginLeft = 2
        }, lines("x", "", "  │ boxed text"))
    }

    func testWidthsAndCentring() {
        func column(width: Int, _ set: @escaping (inout ComputedStyle) -> Void) -> String {
            styledDump("<div class=c>a column of text that wraps</div>", width: width) { node, style in
                if has(node, "c") { set(&style) }
            }
        }
        XCTAssertEqual(column(width: 30) { $0.maxWidth = 10; $0.position = .center },
                       lines("          a column", "          of text", "          that wraps"))
        XCTAssertEqual(column(width: 30) { $0.width = 12; $0.position = .end },
                       lines("                  a column of", "                  text that", "                  wraps"))
        // Clamped to the room there is; `min-width` wins over `max-width`.
        XCTAssertEqual(column(width: 20) { $0.width = 500; $0.maxWidth = 5; $0.minWidth = 14 },
                       lines("a column of", "text that", "wraps"))
    }

    func testDeeplyNestedBoxesAndHostileLengths() {
        // Boxes deeper than `BoxBuilder.maxBoxDepth` are plain blocks: no
        // recursion per level, whatever the depth.
        let html = String(repeating: "<div class=b>", count: 5_000) + "deep" + String(repeating: "</div>", count: 5_000)
        let page = styled(html, width: 80) { node, style in
            guard has(node, "b") else { return }
            style.border.top = true
            style.flexRow = true
            style.indent = Int.max
            style.indentRight = Int.min
            style.marginTop = Int.max
            style.paddingBottom = Int.max
            style.textIndent = Int.min
            style.width = Int.max
        }
        assertFits(page, 80)
        XCTAssertTrue(page.plainText(references: false).contains("deep"))
        XCTAssertLessThan(page.lines.count, 100_000)
    }

    func testTextIndent() {
        let html = "<p class=i>one two three four five</p>"
        XCTAssertEqual(styledDump(html, width: 14) { node, style in
            if has(node, "i") { style.textIndent = 4 }
        }, lines("    one two", "three four", "five"))
        XCTAssertEqual(styledDump(html, width: 14) { node, style in
            if has(node, "i") {
                style.indent = 3
                style.textIndent = -3
            }
        }, lines("one two three", "   four five"))
    }

    func testTextTransform() {
        func dump(_ transform: ComputedStyle.TextTransform) -> String {
            styledDump("<p class=t>hello wORLD don't <b>stop</b>me</p>") { node, style in
                if has(node, "t") { style.textTransform = transform }
            }
        }
        XCTAssertEqual(dump(.uppercase), lines("HELLO WORLD DON'T STOPME"))
        XCTAssertEqual(dump(.lowercase), lines("hello world don't stopme"))
        XCTAssertEqual(dump(.capitalize), lines("Hello WORLD Don't Stopme"))
        XCTAssertEqual(styledDump("<p class=t>ab 1!</p>") { node, style in
            if has(node, "t") { style.textTransform = .fullWidth }
        }, lines("ａｂ １！"))
    }

    func testDecorationsAndColoursReachTheRuns() {
        let red = Color(red: 200, green: 0, blue: 0)
        let yellow = Color(red: 255, green: 255, blue: 0)
        let page = styled("<p class=p>plain <span class=s>struck <b>bold</b></span></p>") { node, style in
            if has(node, "p") { style.background = yellow }
            if has(node, "s") {
                style.lineThrough = true
                style.color = red
            }
        }
        XCTAssertEqual(page.plainText(references: false), lines("plain struck bold"))
        let runs = page.lines[0].runs
        XCTAssertEqual(runs.map(\.text), ["plain ", "struck ", "bold"])
        XCTAssertEqual(runs.map(\.style), [[], .lineThrough, [.lineThrough, .bold]])
        XCTAssertEqual(runs.map(\.color), [nil, red, red])
        XCTAssertEqual(runs.map(\.background), [yellow, yellow, yellow])
    }

    func testVerticalAlign() {
        let adjust: (Node, inout ComputedStyle) -> Void = { node, style in
            if node.isElement("sup") { style.verticalAlign = .super }
            if node.isElement("sub") { style.verticalAlign = .sub }
        }
        XCTAssertEqual(styledDump("<p>x<sup>2</sup> + e<sup>i<b>n</b></sup>, H<sub>2</sub>O</p>", adjust), lines("x² + eⁱⁿ, H₂O"))
        XCTAssertEqual(styledDump("<p>see<sup>[1]</sup> and C<sub>q</sub></p>", adjust), lines("see^([1]) and C_(q)"))
    }

    func testScrollingBlocksAreNotWrappedAndAreMarked() {
        let page = styled("<p>one two three</p><div class=s>alpha beta gamma delta</div>", width: 10) { node, style in
            if has(node, "s") { style.scrollsHorizontally = true }
        }
        XCTAssertEqual(page.lines.map(\.text), ["one two", "three", "", "alpha beta gamma delta"])
        XCTAssertEqual(page.lines.map(\.scrollsHorizontally), [false, false, false, true])
    }

    func testBeforeAndAfterContent() {
        let html = "<p><a href=/x class=ext title=Docs>manual</a> end</p><p class=note>careful</p>"
        XCTAssertEqual(styledDump(html) { node, style in
            if has(node, "ext") {
                style.before = ComputedStyle.GeneratedContent(items: [.string("<")])
                style.after = ComputedStyle.GeneratedContent(items: [.string(" ("), .attribute("title"), .attribute("none"), .string(")")])
            }
            if has(node, "note") {
                var label = ComputedStyle.GeneratedContent(items: [.string("Note:")])
                label.block = true
                style.before = label
            }
        }, lines("[1]<manual (Docs) end", "", "Note:", "careful"))
    }

    func testQuotesNest() {
        let html = "<p><span class=q>a <span class=q>b</span> c</span> <span class=p>d</span></p>"
        XCTAssertEqual(styledDump(html) { node, style in
            if has(node, "q") || has(node, "p") {
                style.before = ComputedStyle.GeneratedContent(items: [.openQuote])
                style.after = ComputedStyle.GeneratedContent(items: [.closeQuote])
            }
            if has(node, "p") { style.quotes = [CSSQuotePair(open: "«", close: "»")] }
        }, lines("“a ‘b’ c” «d»"))
        XCTAssertEqual(dump("<p><q>a <q>b</q></q></p>"), lines("“a ‘b’”"))
    }

    func testCountersScopesAndNesting() {
        // CSS Lists 3 §4: a reset on a heading is seen by its following
        // siblings; `counters()` joins the nested scopes.
        let html = """
        <div class=doc><h2>A</h2><h3>x</h3><h3>y</h3><h2>B</h2><h3>z</h3></div>
        """
        XCTAssertEqual(styledDump(html) { node, style in
            if has(node, "doc") { style.counterReset = [CSSCounterChange(name: "h2", value: 0)] }
            if node.isElement("h2") {
                style.counterIncrement = [CSSCounterChange(name: "h2", value: 1)]
                style.counterReset = [CSSCounterChange(name: "h3", value: 0)]
                style.before = ComputedStyle.GeneratedContent(items: [.counter(name: "h2", style: .upperRoman), .string(". ")])
            }
            if node.isElement("h3") {
                style.counterIncrement = [CSSCounterChange(name: "h3", value: 1)]
                style.before = ComputedStyle.GeneratedContent(items: [.counter(name: "h2", style: .decimal), .string("."),
                                                                      .counter(name: "h3", style: .lowerAlpha), .string(" ")])
            }
            style.marginTop = 0
            style.marginBottom = 0
        }, lines("I. A", "────", "1.a x", "1.b y", "II. B", "─────", "2.a z"))

        let nested = "<ol><li>a<ol><li>b</li><li>c<ol><li>d</li></ol></li></ol></li><li>e</li></ol>"
        XCTAssertEqual(styledDump(nested) { node, style in
            if node.isElement("li") {
                style.marker = ComputedStyle.GeneratedContent(items: [.counters(name: "list-item", separator: ".", style: .decimal)])
            }
        }, lines("   1 a", "     1.1 b", "     1.2 c", "         1.2.1 d", "   2 e"))

        // The list-item counter follows `start`, `reversed` and `value`.
        let counted = "<ol start=5 reversed><li>a</li><li value=9>b</li><li>c</li></ol>"
        XCTAssertEqual(styledDump(counted) { node, style in
            if node.isElement("li") { style.after = ComputedStyle.GeneratedContent(items: [.string(" #"), .counter(name: "list-item", style: .decimal)]) }
        }, lines("  5. a #5", "  9. b #9", "  8. c #8"))
    }
}
