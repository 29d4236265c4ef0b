import XCTest
@testable import TernCSS

/// CSS Color 4 `<color>` values.
final class CSSColorTests: XCTestCase {
    private func color(_ value: String) -> CSSColor? {
        let style = StyleFixture.style("color: rgb(1, 2, 3); color: \(value)")
        return style.color == CSSColor(red: 1, green: 2, blue: 3) ? nil : style.color
    }

    private func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> CSSColor {
        CSSColor(red: r, green: g, blue: b, alpha: a)
    }

    func testHexNotations() {
        XCTAssertEqual(color("#f00"), rgb(255, 0, 0))
        XCTAssertEqual(color("#F008"), rgb(255, 0, 0, 0x88))
        XCTAssertEqual(color("#123456"), rgb(0x12, 0x34, 0x56))
        XCTAssertEqual(color("#12345678"), rgb(0x12, 0x34, 0x56, 0x78))
        XCTAssertNil(color("#12345"))
        XCTAssertNil(color("#ggg"))
        XCTAssertNil(color("#1234567890"))
    }

    func testNamedColoursAllOfThem() {
        XCTAssertEqual(CSSNamedColors.table.count, 148 + 19)
        XCTAssertEqual(color("RebeccaPurple"), rgb(0x66, 0x33, 0x99))
        XCTAssertEqual(color("lightgoldenrodyellow"), rgb(0xfa, 0xfa, 0xd2))
        XCTAssertEqual(color("grey"), rgb(128, 128, 128))
        XCTAssertEqual(color("transparent"), rgb(0, 0, 0, 0))
        XCTAssertEqual(color("Canvas"), rgb(255, 255, 255))
        XCTAssertEqual(color("LinkText"), rgb(0, 0, 0xee))
        XCTAssertNil(color("notacolor"))
    }

    func testRGBModernAndLegacy() {
        XCTAssertEqual(color("rgb(255, 128, 0)"), rgb(255, 128, 0))
        XCTAssertEqual(color("rgba(255, 128, 0, 0.5)"), rgb(255, 128, 0, 128))
        XCTAssertEqual(color("rgb(100%, 50%, 0%)"), rgb(255, 128, 0))
        XCTAssertEqual(color("rgb(255 128 0 / 50%)"), rgb(255, 128, 0, 128))
        XCTAssertEqual(color("rgb(100% 128 none)"), rgb(255, 128, 0), "the modern syntax mixes numbers and percentages")
        XCTAssertEqual(color("rgba(300 -5 0)"), rgb(255, 0, 0), "channels clamp")
        XCTAssertEqual(color("rgb(calc(200 + 55) 0 0)"), rgb(255, 0, 0))
        XCTAssertNil(color("rgb(100%, 128, 0)"), "legacy syntax: all numbers or all percentages")
        XCTAssertNil(color("rgb(255, 0, none)"), "no none in the legacy syntax")
        XCTAssertNil(color("rgb(255, 0 0)"))
        XCTAssertNil(color("rgb(255 0 0 0.5)"))
        XCTAssertNil(color("rgb(255 0)"))
    }

    func testHSLAndHWB() {
        XCTAssertEqual(color("hsl(120, 100%, 25%)"), rgb(0, 128, 0))
        XCTAssertEqual(color("hsl(0 100% 50%)"), rgb(255, 0, 0))
        XCTAssertEqual(color("hsla(240deg 100% 50% / 0.5)"), rgb(0, 0, 255, 128))
        XCTAssertEqual(color("hsl(0.5turn 100% 50%)"), rgb(0, 255, 255))
        XCTAssertEqual(color("hsl(-120 100% 50%)"), rgb(0, 0, 255), "hue wraps")
        XCTAssertEqual(color("hsl(60 100 50)"), rgb(255, 255, 0), "modern syntax takes numbers")
        XCTAssertNil(color("hsl(60, 100, 50)"), "legacy syntax wants percentages")
        XCTAssertEqual(color("hwb(0 0% 0%)"), rgb(255, 0, 0))
        XCTAssertEqual(color("hwb(0 60% 60%)"), rgb(128, 128, 128))
        XCTAssertEqual(color("hwb(120 20% 20%)"), rgb(51, 204, 51))
        XCTAssertNil(color("hwb(0, 0%, 0%)"))
    }

    func testCurrentColor() {
        var parent = CSSStyle()
        parent.color = rgb(9, 9, 9)
        let style = StyleFixture.style("color: currentColor; background-color: currentcolor; border-top-color: currentcolor; border-left-color: red", parent: parent)
        XCTAssertEqual(style.color, rgb(9, 9, 9), "currentcolor in color is the parent's colour")
        let own = StyleFixture.style("background-color: currentcolor; color: red", parent: parent)
        XCTAssertEqual(own.backgroundColor, rgb(255, 0, 0), "elsewhere it is the element's own colour")
        XCTAssertNil(style.borderTop.color, "a border keeps currentcolor")
        XCTAssertEqual(style.borderLeft.color, rgb(255, 0, 0))
    }

    func testHostileChannels() {
        XCTAssertEqual(color("rgb(1e300 -1e300 0)"), rgb(255, 0, 0))
        XCTAssertEqual(color("rgb(calc(0 / 0) 0 0)"), rgb(0, 0, 0))
        XCTAssertEqual(color("hsl(1e300 100% 50%)")?.alpha, 255)
        XCTAssertEqual(color("hsl(calc(infinity) 100% 50%)")?.alpha, 255)
        XCTAssertEqual(color("hsl(calc(0 / 0) 100% 50%)"), rgb(255, 0, 0), "a NaN hue is 0")
        XCTAssertEqual(color("rgb(calc(infinity) 0 0 / calc(-infinity))"), rgb(255, 0, 0, 0))
    }
}
