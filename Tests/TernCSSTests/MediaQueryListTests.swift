import XCTest
import TernCSS

/// Media Queries 4/5 at terminal sizes: 80 columns = 640px, 120 = 960px.
final class MediaQueryListTests: XCTestCase {
    private let narrow = MediaEnvironment(columns: 80, rows: 24)   // 640 x 384 px
    private let wide = MediaEnvironment(columns: 120, rows: 40)    // 960 x 640 px

    private func matches(_ text: String, _ environment: MediaEnvironment) -> Bool {
        MediaQueryList(parsing: text).matches(environment)
    }

    func testWidthAtEightyAndHundredTwentyColumns() {
        XCTAssertTrue(matches("(max-width: 640px)", narrow))
        XCTAssertFalse(matches("(max-width: 640px)", wide))
        XCTAssertFalse(matches("(min-width: 641px)", narrow))
        XCTAssertTrue(matches("(min-width: 641px)", wide))
        XCTAssertTrue(matches("screen and (max-width: 40em)", narrow), "em is 16px")
        XCTAssertFalse(matches("screen and (max-width: 40em)", wide))
        XCTAssertTrue(matches("(width: 80ch)", narrow), "ch is a cell")
        XCTAssertTrue(matches("(min-height: 24em)", narrow))
        XCTAssertTrue(matches("(max-width: 100vw)", narrow))
        XCTAssertFalse(matches("(max-width: 99vw)", narrow))
    }

    func testRangeSyntax() {
        XCTAssertTrue(matches("(400px <= width < 700px)", narrow))
        XCTAssertFalse(matches("(400px <= width < 700px)", wide))
        XCTAssertTrue(matches("(width >= 900px)", wide))
        XCTAssertFalse(matches("(width > 640px)", narrow))
        XCTAssertTrue(matches("(640px >= width)", narrow))
        XCTAssertTrue(matches("(700px > width > 600px)", narrow))
        XCTAssertFalse(matches("(700px > width < 600px)", narrow), "mixed directions are not a valid range")
        XCTAssertTrue(matches("(width = 640px)", narrow))
        XCTAssertTrue(matches("(aspect-ratio > 1/1)", narrow))
        XCTAssertTrue(matches("(min-aspect-ratio: 16/10)", narrow))
        XCTAssertEqual(MediaQueryList(parsing: "(400px<=width<700px)").text, "(400px <= width < 700px)")
    }

    func testTypesNotOnlyAndLists() {
        XCTAssertTrue(matches("screen", narrow))
        XCTAssertTrue(matches("all", narrow))
        XCTAssertFalse(matches("print", narrow))
        XCTAssertTrue(matches("not print", narrow))
        XCTAssertTrue(matches("only screen and (min-width: 1px)", narrow))
        XCTAssertFalse(matches("tv", narrow))
        XCTAssertTrue(matches("print, (max-width: 700px)", narrow))
        XCTAssertTrue(matches("", narrow), "an empty list matches")
        XCTAssertFalse(matches("not screen and (min-width: 1px)", narrow))
        var printing = narrow
        printing.type = .print
        XCTAssertTrue(matches("print", printing))
        XCTAssertFalse(matches("screen", printing))
    }

    func testConditions() {
        XCTAssertTrue(matches("(min-width: 1000px) or (orientation: landscape)", narrow))
        XCTAssertFalse(matches("(min-width: 1000px) and (orientation: landscape)", narrow))
        XCTAssertTrue(matches("not (min-width: 1000px)", narrow))
        XCTAssertTrue(matches("((min-width: 100px) and (not (hover: hover)))", narrow))
        XCTAssertFalse(matches("screen and (min-width: 1px) or (color)", narrow), "`or` after a type is invalid")
        XCTAssertFalse(matches("(unknown-function(x))", narrow), "general-enclosed is unknown, false")
        XCTAssertFalse(matches("not (unknown-function(x))", narrow), "not unknown stays unknown")
    }

    func testUnknownFeatureOrValueMakesThatQueryNotAll() {
        let list = MediaQueryList(parsing: "(fancy-feature: 1), screen, (orientation: sideways), screen and")
        XCTAssertEqual(list.text, "not all, screen, not all, not all")
        XCTAssertTrue(list.matches(narrow))
        XCTAssertFalse(matches("(max-width: 10)", narrow), "a unitless length is invalid")
        XCTAssertFalse(matches("and", narrow))
    }

    func testTerminalFeatures() {
        XCTAssertTrue(matches("(hover: none) and (pointer: none)", narrow))
        XCTAssertFalse(matches("(hover)", narrow))
        XCTAssertTrue(matches("(any-hover: none) and (any-pointer: none)", narrow))
        XCTAssertTrue(matches("(scripting: enabled)", narrow))
        var noScript = narrow
        noScript.scriptingEnabled = false
        XCTAssertTrue(matches("(scripting: none)", noScript))
        XCTAssertTrue(matches("(update: slow)", narrow))
        XCTAssertTrue(matches("(grid: 0)", narrow))
        XCTAssertTrue(matches("(display-mode: browser)", narrow))
        XCTAssertTrue(matches("(color)", narrow))
        XCTAssertTrue(matches("(min-color: 8)", narrow))
        XCTAssertTrue(matches("(monochrome: 0)", narrow))
        XCTAssertTrue(matches("(orientation: landscape)", narrow))
        XCTAssertTrue(matches("(prefers-color-scheme: light)", narrow))
        XCTAssertTrue(matches("(prefers-reduced-motion: no-preference)", narrow))
        var dark = narrow
        dark.prefersDarkColorScheme = true
        dark.prefersReducedMotion = true
        XCTAssertTrue(matches("(prefers-color-scheme: dark) and (prefers-reduced-motion: reduce)", dark))
        XCTAssertTrue(matches("(prefers-reduced-motion)", dark))
        XCTAssertFalse(matches("(prefers-reduced-motion)", narrow))
    }

    func testSerialization() {
        XCTAssertEqual(MediaQueryList(parsing: "SCREEN  AND (MAX-WIDTH:600px)").text, "screen and (max-width: 600px)")
        XCTAssertEqual(MediaQueryList(parsing: "all and (color)").text, "(color)")
        XCTAssertEqual(MediaQueryList(parsing: "not all and (color)").text, "not all and (color)")
        XCTAssertEqual(MediaQueryList(parsing: "screen,print").text, "screen, print")
    }

    func testHostileQueries() {
        let deep = String(repeating: "(", count: 10_000) + "width" + String(repeating: ")", count: 10_000)
        XCTAssertFalse(matches(deep, narrow))
        let long = Array(repeating: "(min-width: 1px)", count: 20_000).joined(separator: " and ")
        XCTAssertTrue(matches(long, narrow))
        XCTAssertFalse(matches("(min-width: 1e400px)", narrow))
        XCTAssertTrue(matches("(max-width: 1e400px)", narrow))
    }
}
