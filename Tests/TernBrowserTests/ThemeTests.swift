import XCTest
import TernKit
import TernTerminal
@testable import TernBrowser

/// The settings' `theme` chooses the colours the browser draws with.
final class ThemeTests: XCTestCase {
    override func tearDown() {
        Theme.current = .standard
        super.tearDown()
    }

    private func browser(theme: String) -> Browser {
        var configuration = WebViewConfiguration()
        configuration.eventLoop = EventLoop()
        configuration.websiteDataStore = .nonPersistent()
        var settings = Settings()
        settings.theme = theme
        return Browser(configuration: configuration, settings: settings, terminal: MemoryTerminal(rows: 24, columns: 80))
    }

    func testEachThemeIsChosenByItsName() {
        let red = TextColor(red: 0xCC, green: 0, blue: 0)
        _ = browser(theme: "mono")
        XCTAssertNil(Theme.titleBar.background)
        XCTAssertTrue(Theme.titleBar.reverse)
        let link = Theme.cell(for: .link, color: red)
        XCTAssertNil(link.foreground)
        XCTAssertTrue(link.underline, "a link is underlined without colours")
        XCTAssertNil(Theme.cell(for: [], color: red, lightTerminal: false).foregroundRGB, "no page colours")

        _ = browser(theme: "light")
        XCTAssertEqual(Theme.cell(for: .link, color: nil).foreground, .blue)
        XCTAssertNil(Theme.cell(for: .heading, color: nil).foreground, "headings bold in the text's colour")
        XCTAssertEqual(Theme.dialog.background, .cyan)

        _ = browser(theme: "default")
        XCTAssertEqual(Theme.cell(for: .link, color: nil).foreground, .cyan)
        XCTAssertEqual(Theme.titleBar.background, .blue)
        XCTAssertEqual(Theme.cell(for: [], color: red, lightTerminal: false).foregroundRGB, RGBColor(red: 0xCC, green: 0, blue: 0))
    }
}
