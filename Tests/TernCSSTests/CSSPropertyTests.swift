import XCTest
@testable import TernCSS

/// Each supported property's grammar and computed value.
final class CSSPropertyTests: XCTestCase {
    private func style(_ css: String, parent: CSSStyle? = nil) -> CSSStyle { StyleFixture.style(css, parent: parent) }

    func testDisplayKeywordsAndTwoValueSyntax() {
        let cases: [(String, CSSDisplay)] = [
            ("none", .none), ("contents", .contents), ("block", .block), ("inline", .inline), ("INLINE-BLOCK", .inlineBlock),
            ("list-item", .listItem), ("flow-root", .flowRoot), ("flex", .flex), ("inline-flex", .inlineFlex),
            ("grid", .grid), ("inline-grid", .inlineGrid), ("table", .table), ("inline-table", .inlineTable),
            ("table-row-group", .tableRowGroup), ("table-header-group", .tableHeaderGroup),
            ("table-footer-group", .tableFooterGroup), ("table-row", .tableRow), ("table-cell", .tableCell),
            ("table-column-group", .tableColumnGroup), ("table-column", .tableColumn), ("table-caption", .tableCaption),
            ("block flow", .block), ("inline flow-root", .inlineBlock), ("flow-root block", .flowRoot),
            ("inline flex", .inlineFlex), ("block grid", .grid), ("inline table", .inlineTable),
            ("list-item block", .listItem), ("block flow list-item", .listItem), ("flow", .block), ("run-in", .inline),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(style("display: \(value)").display, expected, value)
        }
        for bad in ["block block", "inline-block flow", "list-item table", "blocky", "flex grid"] {
            XCTAssertEqual(style("display: block; display: \(bad)").display, .block, bad)
        }
    }

    func testBoxKeywords() {
        let s = style("visibility: HIDDEN; position: sticky; float: right; overflow: hidden auto; flex-direction: column; flex-wrap: wrap; vertical-align: super")
        XCTAssertEqual(s.visibility, .hidden)
        XCTAssertEqual(s.position, .sticky)
        XCTAssertEqual(s.float, .right)
        XCTAssertEqual(s.overflowX, .hidden)
        XCTAssertEqual(s.overflowY, .auto)
        XCTAssertEqual(s.flexDirection, .column)
        XCTAssertTrue(s.flexWrap)
        XCTAssertEqual(s.verticalAlign, .super)
        XCTAssertEqual(style("vertical-align: 3px").verticalAlign, .other)
        XCTAssertEqual(style("overflow: scroll").overflowY, .scroll)
        XCTAssertEqual(style("flex-flow: column-reverse wrap-reverse").flexDirection, .columnReverse)
        XCTAssertEqual(style("flex-wrap: wrap; flex-flow: row").flexWrap, false, "flex-flow resets what it omits")
    }

    /// CSS Flexbox 1 §7.2–7.3: the grow factor, from `flex-grow` and the `flex` shorthand.
    func testFlexGrow() {
        let cases: [(String, Double)] = [
            ("flex-grow: 2", 2), ("flex: 1", 1), ("flex: 1 1 auto", 1), ("flex: 3 0", 3), ("flex: 10em", 1), ("flex: auto", 1),
            ("flex: none", 0), ("flex: 0 1 0", 0), ("flex-grow: 2; flex: none", 0), ("flex-grow: 2; flex-grow: -1", 2),
            ("flex-grow: 2; flex: 1 2 3 4", 2), ("", 0),
        ]
        for (declarations, expected) in cases {
            XCTAssertEqual(style(declarations).flexGrow, expected, declarations)
        }
    }

    func testMarginAndPaddingShorthands() {
        let one = style("margin: 1px")
        XCTAssertEqual([one.marginTop, one.marginRight, one.marginBottom, one.marginLeft], [.px(1), .px(1), .px(1), .px(1)])
        let three = style("padding: 1px 2px 3px")
        XCTAssertEqual([three.paddingTop, three.paddingRight, three.paddingBottom, three.paddingLeft], [.px(1), .px(2), .px(3), .px(2)])
        let four = style("margin: 1px auto 3% 4px")
        XCTAssertEqual([four.marginTop, four.marginRight, four.marginBottom, four.marginLeft], [.px(1), .auto, .percent(3), .px(4)])
        XCTAssertEqual(style("margin: 1px 2px 3px 4px 5px").marginTop, .px(0), "five values are invalid")
        XCTAssertEqual(style("margin: 2px; margin: 1px foo").marginTop, .px(2), "an invalid shorthand sets nothing")
        XCTAssertEqual(style("padding: 1px -2px").paddingTop, .px(0))
        let logical = style("margin-inline: auto; padding-block: 8px 4px; margin-block-start: 5px")
        XCTAssertEqual(logical.marginLeft, .auto)
        XCTAssertEqual(logical.marginRight, .auto)
        XCTAssertEqual(logical.paddingTop, .px(8))
        XCTAssertEqual(logical.paddingBottom, .px(4))
        XCTAssertEqual(logical.marginTop, .px(5))
    }

    func testBorders() {
        let s = style("border: 2px solid red")
        for side in [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft] {
            XCTAssertEqual(side.width, 2)
            XCTAssertEqual(side.style, .solid)
            XCTAssertEqual(side.color, CSSColor(red: 255, green: 0, blue: 0))
        }
        XCTAssertEqual(style("border-style: solid").borderTop.width, 3, "initial width is medium")
        XCTAssertEqual(style("border-width: 4px").borderTop.width, 0, "no style, no width")
        XCTAssertEqual(style("border-left: thick double").borderLeft.width, 5)
        XCTAssertEqual(style("border-left: thick double").borderLeft.style, .double)
        XCTAssertEqual(style("border-left: thick double").borderTop.style, .none)
        let mixed = style("border-width: 1px 2px; border-style: dashed none; border-color: red blue green")
        XCTAssertEqual(mixed.borderTop.width, 1)
        XCTAssertEqual(mixed.borderRight.width, 0)
        XCTAssertEqual(mixed.borderBottom.style, .dashed)
        XCTAssertEqual(mixed.borderLeft.color, CSSColor(red: 0, green: 0, blue: 255))
        XCTAssertEqual(style("border: 1px solid red; border: 1px 2px solid").borderTop.width, 1, "two widths are invalid")
        XCTAssertEqual(style("border: 1px solid; border-top-style: hidden").borderTop.width, 0)
        XCTAssertEqual(style("border: 1px solid red; border: none").borderTop.style, .none)
        XCTAssertEqual(style("border-top-width: -1px; border-top-style: solid").borderTop.width, 3)
    }

    func testSizes() {
        let s = style("width: 50%; min-width: 10em; max-width: 40em; height: 3px")
        XCTAssertEqual(s.width, .percent(50))
        XCTAssertEqual(s.minWidth, .px(160))
        XCTAssertEqual(s.maxWidth, .px(640))
        XCTAssertEqual(s.height, .px(3))
        XCTAssertEqual(style("max-width: 3px; max-width: none").maxWidth, CSSLength.none)
        XCTAssertEqual(style("width: 3px; width: none").width, .px(3), "none is not a width")
        XCTAssertEqual(style("width: 3px; width: max-content").width, .auto)
        XCTAssertEqual(style("width: 3px; width: fit-content(20px)").width, .auto)
        XCTAssertTrue(StyleFixture.supports("min-height", "100vh"))
    }

    func testClipAndClipPathVisuallyHiddenPatterns() {
        XCTAssertTrue(style("clip: rect(0 0 0 0)").clippedToNothing)
        XCTAssertTrue(style("clip: rect(1px, 1px, 1px, 1px)").clippedToNothing)
        XCTAssertFalse(style("clip: rect(0, 10px, 10px, 0)").clippedToNothing)
        XCTAssertFalse(style("clip: rect(0 0 0 0); clip: auto").clippedToNothing)
        XCTAssertFalse(style("clip: rect(auto auto auto auto)").clippedToNothing)
        XCTAssertTrue(style("clip-path: inset(50%)").clippedToNothing)
        XCTAssertTrue(style("clip-path: inset(0 0 100% 0)").clippedToNothing)
        XCTAssertFalse(style("clip-path: inset(10%)").clippedToNothing)
        XCTAssertTrue(style("clip-path: circle(0)").clippedToNothing)
        XCTAssertTrue(style("clip-path: circle(0 at 50% 50%)").clippedToNothing)
        XCTAssertTrue(style("clip-path: ellipse(0 0)").clippedToNothing)
        XCTAssertFalse(style("clip-path: circle(40%)").clippedToNothing)
        XCTAssertTrue(style("clip: rect(0 0 0 0); clip-path: none").clippedToNothing, "either property hides")
        XCTAssertFalse(StyleFixture.supports("clip-path", "bogus(1px)"))
        XCTAssertTrue(StyleFixture.supports("clip-path", "url(#a)"))
    }

    func testFontWeightStyleVariantSize() {
        XCTAssertEqual(style("font-weight: bold").fontWeight, 700)
        XCTAssertEqual(style("font-weight: 650").fontWeight, 650)
        XCTAssertEqual(style("font-weight: 500; font-weight: 1001").fontWeight, 500)
        XCTAssertEqual(style("font-weight: 500; font-weight: 0").fontWeight, 500)
        XCTAssertEqual(style("font-weight: calc(5000)").fontWeight, 1000, "calc() clamps to the range")
        var parent = CSSStyle()
        parent.fontWeight = 400
        XCTAssertEqual(style("font-weight: bolder", parent: parent).fontWeight, 700)
        XCTAssertEqual(style("font-weight: lighter", parent: parent).fontWeight, 100)
        parent.fontWeight = 700
        XCTAssertEqual(style("font-weight: bolder", parent: parent).fontWeight, 900)
        XCTAssertEqual(style("font-weight: lighter", parent: parent).fontWeight, 400)
        XCTAssertEqual(style("font-style: italic").fontStyle, .italic)
        XCTAssertEqual(style("font-style: oblique 10deg").fontStyle, .oblique)
        XCTAssertTrue(style("font-variant: small-caps").smallCaps)
        XCTAssertTrue(style("font-variant-caps: all-small-caps").smallCaps)
        XCTAssertFalse(style("font-variant: small-caps; font-variant: normal").smallCaps)
        XCTAssertEqual(style("font-size: x-large").fontSize, 24)
        XCTAssertEqual(style("font-size: small").fontSize, 128.0 / 9)
        parent.fontSize = 10
        XCTAssertEqual(style("font-size: larger", parent: parent).fontSize, 12)
    }

    func testFontShorthand() {
        let s = style("font-weight: 300; font: italic small-caps bold 20px/1.5 \"Helvetica Neue\", Arial, sans-serif")
        XCTAssertEqual(s.fontStyle, .italic)
        XCTAssertTrue(s.smallCaps)
        XCTAssertEqual(s.fontWeight, 700)
        XCTAssertEqual(s.fontSize, 20)
        let reset = style("font-weight: bold; font-style: italic; font: 12px serif")
        XCTAssertEqual(reset.fontWeight, 400, "font resets the weight it omits")
        XCTAssertEqual(reset.fontStyle, .normal)
        XCTAssertEqual(reset.fontSize, 12)
        XCTAssertEqual(style("font: 600 2em monospace").fontSize, 32)
        XCTAssertEqual(style("font: 600 2em monospace").fontWeight, 600)
        XCTAssertEqual(style("font-size: 5px; font: bold serif").fontSize, 5, "a font without a size is invalid")
        XCTAssertEqual(style("font-size: 5px; font: 12px").fontSize, 5, "a font without a family is invalid")
        XCTAssertEqual(style("font-size: 5px; font: menu").fontSize, 16)
        XCTAssertEqual(style("font: 10px/2 a; margin-left: 2em").marginLeft, .px(20), "the font shorthand's size feeds em")
    }

    func testTextProperties() {
        let s = style("text-decoration: underline line-through dotted red; text-transform: uppercase; text-align: center; text-indent: 2em hanging; white-space: pre-wrap")
        XCTAssertEqual(s.textDecorationLine, [.underline, .lineThrough])
        XCTAssertEqual(s.textTransform, .uppercase)
        XCTAssertEqual(s.textAlign, .center)
        XCTAssertEqual(s.textIndent, .px(32))
        XCTAssertEqual(s.whiteSpace, .preWrap)
        XCTAssertEqual(style("text-decoration: underline; text-decoration: none").textDecorationLine, [])
        XCTAssertEqual(style("text-decoration-line: overline").textDecorationLine, .overline)
        XCTAssertEqual(style("text-decoration-line: underline underline").textDecorationLine, [])
        XCTAssertEqual(style("text-transform: full-width").textTransform, .fullWidth)
        XCTAssertEqual(style("text-transform: capitalize full-width").textTransform, .capitalize)
        XCTAssertEqual(style("text-align: -webkit-center").textAlign, .center)
        var parent = CSSStyle()
        parent.textAlign = .end
        XCTAssertEqual(style("text-align: match-parent", parent: parent).textAlign, .right)
    }

    func testWhiteSpaceAndItsLonghands() {
        for (value, expected) in [("normal", CSSWhiteSpace.normal), ("pre", .pre), ("nowrap", .nowrap), ("pre-wrap", .preWrap),
                                  ("pre-line", .preLine), ("break-spaces", .breakSpaces), ("preserve nowrap", .pre),
                                  ("collapse", .normal), ("preserve", .preWrap)] {
            XCTAssertEqual(style("white-space: \(value)").whiteSpace, expected, value)
        }
        XCTAssertEqual(style("white-space: pre; text-wrap-mode: wrap").whiteSpace, .preWrap)
        XCTAssertEqual(style("white-space: pre; white-space-collapse: collapse").whiteSpace, .nowrap)
        XCTAssertEqual(style("text-wrap: nowrap").whiteSpace, .nowrap)
        XCTAssertEqual(style("white-space: pre; white-space: pre pre").whiteSpace, .pre)
    }

    func testListStyle() {
        XCTAssertEqual(style("list-style-type: upper-roman").listStyleType, .upperRoman)
        XCTAssertEqual(style("list-style-type: \"→ \"").listStyleType, .string("→ "))
        XCTAssertEqual(style("list-style-type: none").listStyleType, CSSListStyleType.none)
        XCTAssertEqual(style("list-style-type: armenian").listStyleType, .decimal, "unknown counter styles draw as decimal")
        XCTAssertEqual(style("list-style-type: square; list-style-type: 3px").listStyleType, .square)
        let s = style("list-style: inside square")
        XCTAssertEqual(s.listStyleType, .square)
        XCTAssertEqual(s.listStylePosition, .inside)
        XCTAssertEqual(style("list-style-type: square; list-style: none").listStyleType, CSSListStyleType.none)
        XCTAssertEqual(style("list-style: url(a.png) none").listStyleType, CSSListStyleType.none)
        XCTAssertEqual(style("list-style: none none").listStyleType, CSSListStyleType.none)
        XCTAssertEqual(style("list-style: square none").listStyleType, .square)
        XCTAssertEqual(style("list-style-type: square; list-style: none none none").listStyleType, .square)
        XCTAssertEqual(style("list-style: lower-greek outside").listStyleType, .lowerGreek)
    }

    func testQuotesAndContent() {
        XCTAssertNil(style("quotes: auto").quotes)
        XCTAssertEqual(style("quotes: none").quotes, [])
        XCTAssertEqual(style("quotes: \"«\" \"»\" '‹' '›'").quotes, [CSSQuotePair(open: "«", close: "»"), CSSQuotePair(open: "‹", close: "›")])
        XCTAssertNil(style("quotes: \"a\"").quotes, "an odd number of strings is invalid")
        let content = style("content: \"[\" attr(href) counter(item) counters(sec, \".\", upper-roman) open-quote close-quote no-open-quote no-close-quote url(x.png) \"]\" / \"alt\"").content
        XCTAssertEqual(content, [.string("["), .attribute("href"), .counter(name: "item", style: .decimal),
                                 .counters(name: "sec", separator: ".", style: .upperRoman), .openQuote, .closeQuote,
                                 .noOpenQuote, .noCloseQuote, .string("]")])
        XCTAssertNil(style("content: \"x\"; content: none").content)
        XCTAssertNil(style("content: \"x\"; content: normal").content)
        XCTAssertEqual(style("content: \"\"").content, [.string("")])
        XCTAssertEqual(style("content: \"x\"; content: bogus").content, [.string("x")])
        XCTAssertEqual(style("content: \"x\"; content: counter(a, \"b\")").content, [.string("x")])
        XCTAssertEqual(style("content: url(a.png)").content, [.string("")], "only an image: a box with no text")
    }

    func testCounters() {
        XCTAssertEqual(style("counter-reset: a b 5 c -2").counterReset,
                       [CSSCounterChange(name: "a", value: 0), CSSCounterChange(name: "b", value: 5), CSSCounterChange(name: "c", value: -2)])
        XCTAssertEqual(style("counter-increment: item").counterIncrement, [CSSCounterChange(name: "item", value: 1)])
        XCTAssertEqual(style("counter-set: item").counterSet, [CSSCounterChange(name: "item", value: 0)])
        XCTAssertEqual(style("counter-increment: a; counter-increment: none").counterIncrement, [])
        XCTAssertEqual(style("counter-reset: a; counter-reset: 3").counterReset, [CSSCounterChange(name: "a", value: 0)])
        XCTAssertEqual(style("counter-reset: a; counter-reset: a 1.5").counterReset, [CSSCounterChange(name: "a", value: 0)])
        XCTAssertEqual(style("counter-reset: a 99999999999999").counterReset, [CSSCounterChange(name: "a", value: 2_147_483_647)])
    }

    func testBackgroundShorthandTakesTheColour() {
        XCTAssertEqual(style("background: #fff url(a.png) no-repeat center / cover").backgroundColor, .white)
        XCTAssertEqual(style("background: url(a.png), linear-gradient(red, blue) red").backgroundColor, CSSColor(red: 255, green: 0, blue: 0))
        XCTAssertEqual(style("background-color: red; background: none").backgroundColor, .transparent)
        XCTAssertEqual(style("background-color: red; background: red, blue").backgroundColor, CSSColor(red: 255, green: 0, blue: 0),
                       "a colour only in the last layer")
        XCTAssertEqual(style("background: 10px 20px rgba(0,0,0,.5)").backgroundColor.alpha, 128)
    }

    func testAcceptedWithoutEffect() {
        for (property, value) in [("top", "0"), ("inset", "0 auto"), ("flex", "1 1 0%"), ("flex", "none"), ("flex", "2"),
                                  ("flex", "auto"), ("line-height", "1.5"), ("font-family", "a b, \"c\""), ("flex-basis", "content")] {
            XCTAssertTrue(StyleFixture.supports(property, value), "\(property): \(value)")
        }
        for (property, value) in [("top", "red"), ("flex", "1 2 3"), ("flex", "1px 2px"), ("line-height", "-1"), ("font-family", "1px")] {
            XCTAssertFalse(StyleFixture.supports(property, value), "\(property): \(value)")
        }
    }

    func testSupports() {
        XCTAssertTrue(StyleFixture.supports("display", "grid"))
        XCTAssertTrue(StyleFixture.supports("DISPLAY", "Flex"))
        XCTAssertFalse(StyleFixture.supports("display", "bogus"))
        XCTAssertFalse(StyleFixture.supports("bogus", "block"))
        XCTAssertTrue(StyleFixture.supports("color", "inherit"))
        XCTAssertTrue(StyleFixture.supports("color", "var(--x)"))
        XCTAssertTrue(StyleFixture.supports("--anything", "{}"))
        XCTAssertTrue(StyleFixture.supports("position", "sticky"))
        XCTAssertFalse(StyleFixture.supports("all", "block"))
    }

    /// CSS Fonts 4 §2.8: style, variant, weight and width each at most once before the size.
    func testFontShorthandTakesEachPrefixOnce() {
        XCTAssertEqual(StyleFixture.style("font: italic bold 16px serif").fontStyle, .italic)
        XCTAssertEqual(StyleFixture.style("font-style: normal; font: italic italic 16px serif").fontStyle, .normal)
        XCTAssertEqual(StyleFixture.style("font-style: normal; font: oblique italic 16px serif").fontStyle, .normal)
        XCTAssertEqual(StyleFixture.style("font-weight: 300; font: bold bolder 16px serif").fontWeight, 300)
    }

    /// The longhands a terminal ignores still have their grammars (CSS
    /// Backgrounds 3, CSS UI 4, CSS 2.1 tables, CSS Fragmentation 3).
    func testInertLonghandsAreValidatedByTheirGrammars() {
        for (property, value) in [("background-position", "5% -5%"), ("background-position", "right 10px top"),
                                  ("background-position", "top left, 1em center"), ("background-position", "bottom 0 right 5%"),
                                  ("background-image", "url(a.png), none"), ("background-repeat", "repeat-x, space round"),
                                  ("background-attachment", "fixed"), ("cursor", "url(a.cur) 1 2, pointer"), ("cursor", "e-resize"),
                                  ("outline-style", "auto"), ("outline-width", "thick"), ("outline-color", "rgba(5, 7, 10, 0.5)"),
                                  ("z-index", "-3"), ("letter-spacing", "normal"), ("word-spacing", "1px"), ("border-spacing", "1px 2em"),
                                  ("clear", "both"), ("unicode-bidi", "bidi-override"), ("page-break-after", "avoid"), ("widows", "2")] {
            XCTAssertTrue(StyleFixture.supports(property, value), "\(property): \(value)")
        }
        for (property, value) in [("background-position", "left right"), ("background-position", "top 5% bottom"),
                                  ("background-position", "center 1px top"), ("background-position", "1px 2px 3px"),
                                  ("background-position", "5%,"), ("background-repeat", "repeat-x repeat"), ("cursor", "url(a.cur)"),
                                  ("cursor", "bogus"), ("outline-style", "hidden"), ("z-index", "1.5"), ("border-spacing", "-1px"),
                                  ("border-spacing", "1px 2px 3px"), ("widows", "0"), ("page-break-inside", "left"), ("clear", "top")] {
            XCTAssertFalse(StyleFixture.supports(property, value), "\(property): \(value)")
        }
    }

    /// CSS Cascade 4 §3.2: `all` leaves direction and unicode-bidi alone.
    func testAllSkipsDirectionAndUnicodeBidi() {
        let names = CSSShorthand.all.longhands.map { "\($0)" }
        XCTAssertFalse(names.contains("direction"))
        XCTAssertFalse(names.contains("unicodeBidi"))
        XCTAssertTrue(names.contains("display"))
    }
}
