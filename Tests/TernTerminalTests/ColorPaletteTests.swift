import XCTest
@testable import TernTerminal

/// A page's 24-bit colours mapped to what the terminal has.
final class ColorPaletteTests: XCTestCase {
    private func rgb(_ value: Int) -> RGBColor {
        RGBColor(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    func testThePaletteFollowsTheTerminalsColours() {
        XCTAssertEqual(ColorPalette(colors: 0, directColor: false), .none)
        XCTAssertEqual(ColorPalette(colors: 8, directColor: false), .ansi8)
        XCTAssertEqual(ColorPalette(colors: 16, directColor: false), .ansi16)
        XCTAssertEqual(ColorPalette(colors: 88, directColor: false), .ansi16)
        XCTAssertEqual(ColorPalette(colors: 256, directColor: false), .xterm256)
        XCTAssertEqual(ColorPalette(colors: 256, directColor: true), .direct)
        XCTAssertEqual(ColorPalette(colors: 1 << 24, directColor: false), .direct)
        XCTAssertNil(ColorPalette.none.number(for: rgb(0xFF0000)))
    }

    func testDirectColourPacksTheValue() {
        XCTAssertEqual(ColorPalette.direct.number(for: rgb(0x123456)), 0x123456)
    }

    func testNearest256UsesTheCubeAndTheGreyRamp() {
        XCTAssertEqual(ColorPalette.xterm256.number(for: rgb(0xFF0000)), 196, "pure red is the cube's corner")
        XCTAssertEqual(ColorPalette.xterm256.number(for: rgb(0x000000)), 16)
        XCTAssertEqual(ColorPalette.xterm256.number(for: rgb(0xFFFFFF)), 231)
        XCTAssertEqual(ColorPalette.xterm256.number(for: rgb(0x5F87AF)), 67, "an exact cube entry: 16 + 36·1 + 6·2 + 3")
        XCTAssertEqual(ColorPalette.xterm256.number(for: rgb(0x808080)), 244, "mid grey is on the ramp (#808080)")
        XCTAssertEqual(ColorPalette.xterm256.number(for: rgb(0x333333)), 236, "#333 is nearer the ramp's #303030 than the cube")
        XCTAssertEqual(ColorPalette.rgb(ofIndex: 244), rgb(0x808080))
        XCTAssertEqual(ColorPalette.rgb(ofIndex: 67), rgb(0x5F87AF))
        // Every entry maps to itself (the 16 system colours aside).
        for index in 16..<256 {
            let entry = ColorPalette.rgb(ofIndex: index)
            let found = ColorPalette.xterm256.number(for: entry) ?? -1
            XCTAssertEqual(ColorPalette.rgb(ofIndex: Int(found)), entry, "\(index)")
        }
    }

    func testNearestOfSixteenAndEight() {
        XCTAssertEqual(ColorPalette.ansi16.number(for: rgb(0xFF0000)), 9, "bright red")
        XCTAssertEqual(ColorPalette.ansi8.number(for: rgb(0xFF0000)), 1, "red")
        XCTAssertEqual(ColorPalette.ansi8.number(for: rgb(0x0000EE)), 4, "blue")
        XCTAssertEqual(ColorPalette.ansi8.number(for: rgb(0xF0F0F0)), 7, "near white is white")
        XCTAssertEqual(ColorPalette.ansi16.number(for: rgb(0x777777)), 8, "grey is bright black")
        XCTAssertEqual(ColorPalette.ansi8.number(for: rgb(0x202020)), 0, "near black is black")
        XCTAssertEqual(ColorPalette.ansi8.number(for: rgb(0x00C0C0)), 6, "teal is cyan")
    }

    func testContrastRatioIsWCAGs() {
        XCTAssertEqual(RGBColor.black.contrastRatio(with: .white), 21, accuracy: 0.01)
        XCTAssertEqual(RGBColor.white.contrastRatio(with: .white), 1, accuracy: 0.001)
        XCTAssertEqual(rgb(0x767676).contrastRatio(with: .white), 4.54, accuracy: 0.01)
    }
}
