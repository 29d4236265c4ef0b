import XCTest
@testable import TernCSS

/// Page values that must never trap: NaN, ±Infinity, 1e300, -0, huge inputs.
final class CSSHostileValueTests: XCTestCase {
    func testHugeAndTinyNumbersClamp() {
        let style = StyleFixture.style("margin-left: 1e300px; margin-right: -1e300em; width: 1e308in; font-size: 1e400px; text-indent: -0px; padding-top: 1e-400px")
        XCTAssertEqual(style.marginLeft, .px(CSSLengthParser.limit))
        XCTAssertEqual(style.marginRight, .px(-CSSLengthParser.limit))
        XCTAssertEqual(style.width, .px(CSSLengthParser.limit))
        XCTAssertEqual(style.fontSize, CSSLengthParser.limit)
        XCTAssertEqual(style.textIndent, .px(0))
        XCTAssertEqual(style.paddingTop, .px(0))
        let child = StyleFixture.style("margin-left: 1e300em; font-size: 1e300%", parent: style)
        XCTAssertEqual(child.marginLeft, .px(CSSLengthParser.limit))
        XCTAssertEqual(child.fontSize, CSSLengthParser.limit)
    }

    func testHostileIntegersAndWeights() {
        let style = StyleFixture.style("counter-reset: b calc(1 / 0) c calc(0 / 0); counter-increment: d 5; counter-increment: d 1e300; font-weight: calc(-1e300)")
        XCTAssertEqual(style.counterReset.map(\.value), [10_000_000, 0], "infinity clamps, NaN is 0")
        XCTAssertEqual(style.counterIncrement.map(\.value), [5], "1e300 is not an integer token: invalid")
        XCTAssertEqual(style.fontWeight, 1)
    }

    func testHostileStringsAndTokens() {
        let big = String(repeating: "a", count: 300_000)
        let style = StyleFixture.style("content: \"\(big)\"; list-style-type: \(big); color: \(big); --x: \(big)")
        XCTAssertEqual(style.content?.count, 1)
        XCTAssertEqual(style.listStyleType, .decimal)
        XCTAssertEqual(style.color, .black)
        let nul = StyleFixture.style("display: bl\u{0}ock; content: \"a\u{0}b\"; quotes: \"a\r\nb\" \"c\"")
        XCTAssertEqual(nul.display, .inline)
        XCTAssertEqual(nul.content, [.string("a\u{FFFD}b")])
        XCTAssertNil(nul.quotes, "a string broken by a newline is a bad string: invalid")
    }

    func testManyDeclarationsAndDeepBlocks() {
        var css = ""
        for index in 0..<5000 { css += "margin-left: \(index)px; --p\(index): \(index);" }
        let style = StyleFixture.style(css + "content: " + String(repeating: "(", count: 300) + "\"x\"")
        XCTAssertEqual(style.marginLeft, .px(4999))
        XCTAssertEqual(style.customProperties.count, 5000)
        XCTAssertNil(style.content)
    }
}
