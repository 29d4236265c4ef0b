import XCTest
@testable import TernCSS

/// Inheritance (CSS Cascade 4 §3.3) and the CSS-wide keywords (§7).
final class CSSWideKeywordTests: XCTestCase {
    private var parent: CSSStyle {
        var parent = CSSStyle()
        parent.color = CSSColor(red: 1, green: 2, blue: 3)
        parent.marginLeft = .px(7)
        parent.fontSize = 20
        parent.display = .block
        parent.whiteSpace = .pre
        parent.backgroundColor = .white
        parent.customProperties = ["--a": CSSParser.parseComponentValueList("1px")]
        return parent
    }

    func testInheritedPropertiesInheritTheRestStartInitial() {
        let child = StyleComputer.compute([], parent: parent)
        XCTAssertEqual(child.color, parent.color)
        XCTAssertEqual(child.fontSize, 20)
        XCTAssertEqual(child.whiteSpace, .pre)
        XCTAssertEqual(child.marginLeft, .px(0))
        XCTAssertEqual(child.display, .inline)
        XCTAssertEqual(child.backgroundColor, .transparent)
        XCTAssertEqual(child.customProperties["--a"], parent.customProperties["--a"])
        XCTAssertEqual(StyleComputer.compute([], parent: nil), CSSStyle(), "the root gets the initial values")
    }

    func testInheritInitialUnset() {
        let style = StyleFixture.style("margin-left: inherit; color: initial; display: INHERIT; background-color: unset; white-space: unset", parent: parent)
        XCTAssertEqual(style.marginLeft, .px(7))
        XCTAssertEqual(style.color, .black)
        XCTAssertEqual(style.display, .block)
        XCTAssertEqual(style.backgroundColor, .transparent, "unset on a non-inherited property is initial")
        XCTAssertEqual(style.whiteSpace, .pre, "unset on an inherited property is inherit")
        XCTAssertEqual(StyleFixture.style("font-size: initial", parent: parent).fontSize, 16)
    }

    func testKeywordOnShorthandSetsEveryLonghand() {
        let style = StyleFixture.style("margin: 3px; margin: inherit", parent: parent)
        XCTAssertEqual(style.marginLeft, .px(7))
        XCTAssertEqual(style.marginTop, .px(0))
        let border = StyleFixture.style("border: 1px solid red; border: initial")
        XCTAssertEqual(border.borderTop.style, .none)
        XCTAssertNil(border.borderTop.color)
        XCTAssertEqual(StyleFixture.style("border-top: 2px solid; border-top-width: initial").borderTop.width, 3)
    }

    func testAllShorthand() {
        let style = StyleFixture.style("margin-left: 3px; display: block; all: inherit", parent: parent)
        XCTAssertEqual(style.marginLeft, .px(7))
        XCTAssertEqual(style.display, .block)
        let initial = StyleFixture.style("display: block; color: red; all: initial; margin-top: 1px", parent: parent)
        XCTAssertEqual(initial.display, .inline)
        XCTAssertEqual(initial.color, .black)
        XCTAssertEqual(initial.marginTop, .px(1))
        XCTAssertEqual(initial.customProperties["--a"], parent.customProperties["--a"], "all leaves custom properties alone")
    }

    func testRevertRollsBackToThePreviousOrigin() {
        let declarations = StyleFixture.declarations("display: block; margin-left: 4px", origin: .userAgent)
            + StyleFixture.declarations("display: flex; color: red", origin: .user)
            + StyleFixture.declarations("display: none; margin-left: 9px; color: blue", origin: .author)
            + StyleFixture.declarations("display: revert; margin-left: revert; color: revert-layer", origin: .author)
        let style = StyleComputer.compute(declarations, parent: parent)
        XCTAssertEqual(style.display, .flex, "the user origin's value")
        XCTAssertEqual(style.marginLeft, .px(4), "the user-agent origin's value")
        XCTAssertEqual(style.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    func testRevertThroughShorthandsAndToUnset() {
        let declarations = StyleFixture.declarations("margin: 1px 2px", origin: .userAgent)
            + StyleFixture.declarations("margin-right: revert; padding-left: revert; white-space: revert", origin: .author)
        let style = StyleComputer.compute(declarations, parent: parent)
        XCTAssertEqual(style.marginRight, .px(2))
        XCTAssertEqual(style.paddingLeft, .px(0), "no earlier origin: unset")
        XCTAssertEqual(style.whiteSpace, .pre, "unset inherits an inherited property")
        let ua = StyleFixture.declarations("display: block", origin: .userAgent)
            + StyleFixture.declarations("display: revert", origin: .userAgent)
        XCTAssertEqual(StyleComputer.compute(ua, parent: nil).display, .inline, "revert in the UA origin is unset")
        let chain = StyleFixture.declarations("display: table", origin: .userAgent)
            + StyleFixture.declarations("display: revert", origin: .user)
            + StyleFixture.declarations("display: revert", origin: .author)
        XCTAssertEqual(StyleComputer.compute(chain, parent: nil).display, .table)
    }

    func testInvalidDeclarationsAreDroppedOneByOne() {
        let style = StyleFixture.style("color: red; color: notacolor; margin-left: 3px; margin-left: 3 px; display: block; display: ;")
        XCTAssertEqual(style.color, CSSColor(red: 255, green: 0, blue: 0))
        XCTAssertEqual(style.marginLeft, .px(3))
        XCTAssertEqual(style.display, .block)
        XCTAssertEqual(StyleFixture.style("unknown-property: 1px; display: block").display, .block)
        XCTAssertEqual(StyleFixture.style("color: red; color: inherit inherit").color, CSSColor(red: 255, green: 0, blue: 0))
    }
}
