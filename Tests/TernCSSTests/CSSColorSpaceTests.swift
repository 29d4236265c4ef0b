import XCTest
@testable import TernCSS

/// CSS Color 4 §9–§11 colour spaces, converted to sRGB.
final class CSSColorSpaceTests: XCTestCase {
    private func color(_ value: String) -> CSSColor? {
        let style = StyleFixture.style("color: rgb(1, 2, 3); color: \(value)")
        return style.color == CSSColor(red: 1, green: 2, blue: 3) ? nil : style.color
    }

    /// Each channel within 1 of the expected value (the spec's sample code rounds the same way, not the same digits).
    private func assertNear(_ value: String, _ r: Int, _ g: Int, _ b: Int, _ a: UInt8 = 255, line: UInt = #line) {
        guard let c = color(value) else { return XCTFail("\(value) rejected", line: line) }
        XCTAssertLessThanOrEqual(abs(Int(c.red) - r), 1, value, line: line)
        XCTAssertLessThanOrEqual(abs(Int(c.green) - g), 1, value, line: line)
        XCTAssertLessThanOrEqual(abs(Int(c.blue) - b), 1, value, line: line)
        XCTAssertEqual(c.alpha, a, value, line: line)
    }

    func testLabAndLCH() {
        assertNear("lab(100 0 0)", 255, 255, 255)
        assertNear("lab(0% 0 0)", 0, 0, 0)
        assertNear("lab(54.29 80.82 69.89)", 255, 0, 0)
        assertNear("lch(54.29 106.84 40.85deg / 50%)", 255, 0, 0, 128)
        assertNear("lab(50 none none)", 119, 119, 119)
    }

    func testOKLabAndOKLCH() {
        assertNear("oklab(1 0 0)", 255, 255, 255)
        assertNear("oklab(62.8% 0.2249 0.1258)", 255, 0, 0)
        assertNear("oklch(0.628 0.2577 29.23)", 255, 0, 0)
        assertNear("oklch(45.2% 0.313 264.05)", 0, 0, 255)
    }

    func testColorFunction() {
        assertNear("color(srgb 1 0.5 0)", 255, 128, 0)
        assertNear("color(srgb 100% 50% 0% / 0.25)", 255, 128, 0, 64)
        assertNear("color(srgb-linear 0.2140 0.2140 0.2140)", 128, 128, 128)
        assertNear("color(display-p3 1 0 0)", 255, 0, 0)
        assertNear("color(xyz-d65 0.9505 1 1.089)", 255, 255, 255)
        XCTAssertNil(color("color(bogus 1 0 0)"))
        XCTAssertNil(color("lab(50 0)"))
        XCTAssertNil(color("oklch(1 0 0 0.5)"))
    }

    func testHostileComponents() {
        XCTAssertNotNil(color("lab(calc(1 / 0) 1e300 -1e300)"))
        XCTAssertNotNil(color("oklch(0.5 calc(0 / 0) calc(infinity))"))
    }
}
