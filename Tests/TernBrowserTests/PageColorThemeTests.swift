import XCTest
import TernKit
import TernTerminal
@testable import TernBrowser

/// Page colours through the theme: kept where they can be read, replaced
/// where they would vanish into their background, and never over links,
/// form controls or the focus.
final class PageColorThemeTests: XCTestCase {
    private let grey = TextColor(red: 0x33, green: 0x33, blue: 0x33)
    private let red = TextColor(red: 0xE0, green: 0x20, blue: 0x20)
    private let white = TextColor(red: 255, green: 255, blue: 255)
    private let paleYellow = TextColor(red: 0xFF, green: 0xFF, blue: 0xE0)

    func testAReadableColourIsKept() {
        let cell = Theme.cell(for: [], color: red, lightTerminal: false)
        XCTAssertEqual(cell.foregroundRGB, RGBColor(red: 0xE0, green: 0x20, blue: 0x20))
        XCTAssertNil(cell.backgroundRGB)
    }

    func testDarkTextOnADarkTerminalFallsBackToTheDefaultForeground() {
        XCTAssertNil(Theme.cell(for: [], color: grey, lightTerminal: false).foregroundRGB, "#333 on a dark terminal")
        XCTAssertEqual(Theme.cell(for: [], color: grey, lightTerminal: true).foregroundRGB, RGBColor(red: 0x33, green: 0x33, blue: 0x33),
                       "#333 on a light terminal reads")
        XCTAssertNil(Theme.cell(for: [], color: white, lightTerminal: true).foregroundRGB, "white on a light terminal")
    }

    func testTextTooCloseToItsPageBackgroundBecomesBlackOrWhite() {
        let cell = Theme.cell(for: [], color: white, background: paleYellow, lightTerminal: false)
        XCTAssertEqual(cell.backgroundRGB, RGBColor(red: 0xFF, green: 0xFF, blue: 0xE0))
        XCTAssertEqual(cell.foregroundRGB, .black, "white on pale yellow: black stands out more")
        let dark = Theme.cell(for: [], color: grey, background: TextColor(red: 0x20, green: 0x20, blue: 0x20), lightTerminal: true)
        XCTAssertEqual(dark.foregroundRGB, .white)
        let kept = Theme.cell(for: [], color: grey, background: paleYellow, lightTerminal: false)
        XCTAssertEqual(kept.foregroundRGB, RGBColor(red: 0x33, green: 0x33, blue: 0x33), "dark on a page's light ground reads")
    }

    func testLinksControlsAndFocusKeepTheTheme() {
        for style: TextStyle in [.link, .formControl, [.link, .focused]] {
            let cell = Theme.cell(for: style, color: red, background: paleYellow, lightTerminal: false)
            XCTAssertNil(cell.foregroundRGB, "\(style)")
            XCTAssertNil(cell.backgroundRGB, "\(style)")
        }
        XCTAssertEqual(Theme.cell(for: .link, color: red).foreground, .cyan)
        XCTAssertEqual(Theme.cell(for: .heading, color: nil).foreground, .yellow)
        XCTAssertEqual(Theme.cell(for: .heading, color: red, lightTerminal: false).foregroundRGB,
                       RGBColor(red: 0xE0, green: 0x20, blue: 0x20), "a heading the page colours keeps its colour")
    }
}
