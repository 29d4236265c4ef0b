import XCTest
@testable import TernCSS

/// CSS Values 4 §5–§6 lengths and §10 math functions, computed to px.
final class CSSLengthTests: XCTestCase {
    private func margin(_ value: String, parent: CSSStyle? = nil, extra: String = "") -> CSSLength {
        StyleFixture.style("\(extra); margin-left: \(value)", parent: parent).marginLeft
    }

    func testAbsoluteUnitsComputeToPixels() {
        XCTAssertEqual(margin("10px"), .px(10))
        XCTAssertEqual(margin("1in"), .px(96))
        XCTAssertEqual(margin("2.54cm"), .px(96))
        XCTAssertEqual(margin("25.4mm"), .px(96))
        XCTAssertEqual(margin("101.6q"), .px(96))
        XCTAssertEqual(margin("72pt"), .px(96))
        XCTAssertEqual(margin("6pc"), .px(96))
        XCTAssertEqual(margin("0"), .px(0))
        XCTAssertEqual(margin("25%"), .percent(25))
    }

    func testUnitsAreCaseInsensitiveAndUnitlessNonZeroIsInvalid() {
        XCTAssertEqual(margin("2PX"), .px(2))
        XCTAssertEqual(margin("7", extra: "margin-left: 3px"), .px(3), "a unitless non-zero length is invalid: the earlier declaration stays")
        XCTAssertEqual(margin("3deg", extra: "margin-left: 3px"), .px(3))
    }

    func testRelativeUnitsUseTheElementsFontSize() {
        XCTAssertEqual(margin("2em", extra: "font-size: 20px"), .px(40))
        XCTAssertEqual(margin("2em"), .px(32))
        XCTAssertEqual(margin("2ch", extra: "font-size: 20px"), .px(20))
        XCTAssertEqual(margin("2ex"), .px(16))
        // em declared before the font size still uses the element's own size.
        XCTAssertEqual(StyleFixture.style("margin-left: 1em; font-size: 30px").marginLeft, .px(30))
        let root = StyleComputer.compute(StyleFixture.declarations("margin-left: 2rem; font-size: 50px"), parent: nil, rootFontSize: 10)
        XCTAssertEqual(root.marginLeft, .px(20))
    }

    func testViewportUnits() {
        let env = MediaEnvironment(columns: 100, rows: 50) // 800 × 800 px
        let style = StyleComputer.compute(StyleFixture.declarations("margin-left: 10vw; margin-right: 10vh; margin-top: 10vmin; width: 50vmax"),
                                          parent: nil, viewport: env)
        XCTAssertEqual(style.marginLeft, .px(80))
        XCTAssertEqual(style.marginRight, .px(80))
        XCTAssertEqual(style.marginTop, .px(80))
        XCTAssertEqual(style.width, .px(400))
        XCTAssertEqual(StyleFixture.style("margin-left: 10vw").marginLeft, .px(64), "80 columns by default")
    }

    func testFontSizeEmAndPercentAreOfTheParentsSize() {
        var parent = CSSStyle()
        parent.fontSize = 20
        XCTAssertEqual(StyleFixture.style("font-size: 2em", parent: parent).fontSize, 40)
        XCTAssertEqual(StyleFixture.style("font-size: 50%", parent: parent).fontSize, 10)
        XCTAssertEqual(StyleFixture.style("font-size: calc(1em + 10%)", parent: parent).fontSize, 22)
        XCTAssertEqual(StyleFixture.style("font-size: -2px", parent: parent).fontSize, 20, "negative font sizes are invalid")
    }

    func testCalcSumsProductsAndNesting() {
        XCTAssertEqual(margin("calc(10px + 2em)"), .px(42))
        XCTAssertEqual(margin("calc(100% - 20px)"), .calc(px: -20, percent: 100))
        XCTAssertEqual(margin("calc(2 * (3px + 1px) / 4)"), .px(2))
        XCTAssertEqual(margin("calc(50%)"), .percent(50))
        XCTAssertEqual(margin("calc(calc(1px * 3) * 2)"), .px(6))
        XCTAssertEqual(margin("-webkit-calc(1px + 1px)"), .px(2))
        XCTAssertEqual(margin("CALC(1PX + 1px)"), .px(2))
    }

    func testCalcTypeErrorsAreInvalid() {
        for bad in ["calc(1px * 2px)", "calc(1px + 2)", "calc(2 / 1px)", "calc(1px +)", "calc()", "calc(1px 2px)", "calc(foo)"] {
            XCTAssertEqual(margin(bad, extra: "margin-left: 5px"), .px(5), bad)
        }
    }

    func testMinMaxClamp() {
        XCTAssertEqual(margin("min(10px, 2em)"), .px(10))
        XCTAssertEqual(margin("max(10px, 2em)"), .px(32))
        XCTAssertEqual(margin("clamp(1px, 50px, 20px)"), .px(20))
        XCTAssertEqual(margin("clamp(30px, 5px, 40px)"), .px(30))
        XCTAssertEqual(margin("max(1px, min(3px, 2px))"), .px(2))
        // Percentages in min()/max() resolve against the viewport width (640 px).
        XCTAssertEqual(StyleFixture.style("max-width: min(100%, 800px)").maxWidth, .px(640))
        XCTAssertEqual(margin("clamp(1px, 2px)", extra: "margin-left: 5px"), .px(5))
    }

    func testDivisionByZeroAndInfinityAreClamped() {
        XCTAssertEqual(margin("calc(1px / 0)"), .px(CSSLengthParser.limit))
        XCTAssertEqual(margin("calc(-1px / 0)"), .px(-CSSLengthParser.limit))
        XCTAssertEqual(margin("calc(0px / 0)"), .px(0), "NaN becomes 0")
        XCTAssertEqual(margin("calc(1px * infinity)"), .px(CSSLengthParser.limit))
        XCTAssertEqual(margin("calc(1px * NaN)"), .px(0))
    }

    func testDeepNestingIsInvalidNotACrash() {
        let deep = String(repeating: "calc(", count: 200) + "1px" + String(repeating: ")", count: 200)
        XCTAssertEqual(margin(deep, extra: "margin-left: 5px"), .px(5))
        let parens = "calc(" + String(repeating: "(", count: 200) + "1px" + String(repeating: ")", count: 201)
        XCTAssertEqual(margin(parens, extra: "margin-left: 5px"), .px(5))
    }

    func testNegativeValuesWherePropertiesForbidThem() {
        XCTAssertEqual(StyleFixture.style("padding-left: 3px; padding-left: -1px").paddingLeft, .px(3))
        XCTAssertEqual(StyleFixture.style("width: -10px").width, .auto)
        XCTAssertEqual(StyleFixture.style("padding-left: calc(1px - 5px)").paddingLeft, .px(0), "calc() clamps instead")
        XCTAssertEqual(margin("-4px"), .px(-4))
    }
}
