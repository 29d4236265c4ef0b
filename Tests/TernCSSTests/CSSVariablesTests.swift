import XCTest
@testable import TernCSS

/// Custom properties and `var()` (CSS Variables 1).
final class CSSVariablesTests: XCTestCase {
    private func value(_ text: String) -> [CSSComponentValue] { CSSParser.parseComponentValueList(text) }

    func testSubstitutionInLonghandsAndShorthands() {
        let style = StyleFixture.style("--gap: 4px; --c: #00f; margin: var(--gap) 0; color: var(--c); border: VAR(--w, 2px) solid")
        XCTAssertEqual(style.marginTop, .px(4))
        XCTAssertEqual(style.marginLeft, .px(0))
        XCTAssertEqual(style.color, CSSColor(red: 0, green: 0, blue: 255))
        XCTAssertEqual(style.borderTop.width, 2, "the fallback of an undefined property")
        XCTAssertEqual(style.customProperties["--gap"], value("4px"))
    }

    func testCustomPropertiesInheritAndAreCaseSensitive() {
        let parent = StyleFixture.style("--Size: 3px")
        let child = StyleFixture.style("margin-left: var(--Size); margin-right: var(--size, 9px)", parent: parent)
        XCTAssertEqual(child.marginLeft, .px(3))
        XCTAssertEqual(child.marginRight, .px(9))
    }

    func testVarInsideCalcAndReferencesBetweenCustomProperties() {
        let style = StyleFixture.style("--b: calc(var(--a) * 2); --a: 5px; margin-left: calc(var(--b) + 1px); width: calc(var(--n) * 1px); --n: 12")
        XCTAssertEqual(style.marginLeft, .px(11))
        XCTAssertEqual(style.width, .px(12))
    }

    func testInvalidAtComputedValueTimeIsUnset() {
        var parent = CSSStyle()
        parent.color = CSSColor(red: 1, green: 1, blue: 1)
        let style = StyleFixture.style("--x: 3px; color: red; color: var(--x); margin-left: 5px; margin-left: var(--missing)", parent: parent)
        XCTAssertEqual(style.color, parent.color, "color is inherited: unset inherits")
        XCTAssertEqual(style.marginLeft, .px(0), "margin is not: unset is initial")
        XCTAssertEqual(StyleFixture.style("--x: 3px; margin-left: 5px; margin-left: var(--x)").marginLeft, .px(3))
    }

    func testCyclesMakeTheCustomPropertiesInvalid() {
        let style = StyleFixture.style("--a: var(--b); --b: var(--a); --c: var(--a, 1px); --d: var(--d); --ok: 2px; margin-left: var(--a, 7px); margin-right: var(--c, 8px)")
        XCTAssertNil(style.customProperties["--a"])
        XCTAssertNil(style.customProperties["--b"])
        XCTAssertNil(style.customProperties["--d"])
        XCTAssertEqual(style.customProperties["--c"], value("1px"), "outside the cycle: the fallback")
        XCTAssertEqual(style.customProperties["--ok"], value("2px"))
        XCTAssertEqual(style.marginLeft, .px(7))
        XCTAssertEqual(style.marginRight, .px(1))
    }

    func testCycleMembersDoNotKeepTheInheritedValue() {
        let parent = StyleFixture.style("--a: 1px")
        let child = StyleFixture.style("--a: var(--b); --b: var(--a); --c: var(--a, 4px)", parent: parent)
        XCTAssertNil(child.customProperties["--a"])
        XCTAssertEqual(child.customProperties["--c"], value("4px"))
    }

    func testCSSWideKeywordsOnCustomProperties() {
        let parent = StyleFixture.style("--a: 1px; --b: 2px")
        let child = StyleFixture.style("--a: 5px; --a: initial; --b: 6px; --b: inherit; --c: unset", parent: parent)
        XCTAssertNil(child.customProperties["--a"])
        XCTAssertEqual(child.customProperties["--b"], value("2px"))
        XCTAssertNil(child.customProperties["--c"])
    }

    func testFallbacksMayBeEmptyOrHoldCommas() {
        let style = StyleFixture.style("--list: var(--none,); font-family: var(--f, a, b); margin-left: var(--none, var(--none2, 6px))")
        XCTAssertEqual(style.customProperties["--list"], [])
        XCTAssertEqual(style.marginLeft, .px(6))
        XCTAssertTrue(StyleComputer.supports(property: "font-family", value: value("var(--f, a, b)")))
    }

    /// §3: a malformed var() makes the declaration invalid at parse time: it
    /// is dropped (the earlier declaration stays), not unset.
    func testMalformedVarIsInvalid() {
        XCTAssertEqual(StyleFixture.style("--a: 1px; margin-left: 4px; margin-left: var(a)").marginLeft, .px(4))
        XCTAssertFalse(StyleComputer.supports(property: "width", value: value("var(--a 2px)")))
        XCTAssertFalse(StyleComputer.supports(property: "width", value: value("var(--a, var(b))")))
        XCTAssertFalse(StyleComputer.supports(property: "width", value: value("var(--)")))
        XCTAssertTrue(StyleComputer.supports(property: "width", value: value("var(--a, var(--b))")))
        XCTAssertEqual(StyleFixture.style("--a: 1px; margin-left: var(--a 2px)").marginLeft, .px(0))
        XCTAssertEqual(StyleFixture.style("--a: 1px; margin-left: var( --a )").marginLeft, .px(1))
    }

    /// §2 and CSS Syntax 3 §8.2: a custom property holds a <declaration-value>
    /// (no unmatched closing bracket, no top-level `!`); `--` alone is reserved.
    func testCustomPropertyValuesAreDeclarationValues() {
        for text in ["a)", "(a]) b", "[}]", "a ! b"] {
            XCTAssertFalse(StyleComputer.supports(property: "--x", value: value(text)), text)
            XCTAssertEqual(StyleFixture.style("--x: ok; --x: \(text)").customProperties["--x"], value("ok"), "dropped: \(text)")
        }
        XCTAssertTrue(StyleComputer.supports(property: "--x", value: value("(a) [b] {c}")))
        XCTAssertFalse(StyleComputer.supports(property: "--", value: value("initial")))
    }

    func testExponentialExpansionIsCapped() {
        var css = "--v0: x x;"
        for level in 1...40 { css += " --v\(level): var(--v\(level - 1)) var(--v\(level - 1));" }
        css += " margin-left: var(--v40, 3px); color: red; color: var(--v40)"
        let style = StyleFixture.style(css)
        XCTAssertNil(style.customProperties["--v40"], "2^41 tokens: beyond the cap")
        XCTAssertNotNil(style.customProperties["--v10"], "2^11 tokens: kept")
        XCTAssertEqual(style.marginLeft, .px(3))
        XCTAssertEqual(style.color, .black)
    }

    func testLongChainsStayBounded() {
        var css = "--v0: 1px;"
        for level in 1...2000 { css += " --v\(level): var(--v\(level - 1));" }
        let style = StyleFixture.style(css + " margin-left: var(--v2000, 2px)")
        XCTAssertEqual(style.customProperties["--v1"], value("1px"))
        XCTAssertNotNil(style.marginLeft)
    }
}
