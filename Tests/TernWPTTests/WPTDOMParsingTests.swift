import XCTest

/// The web-platform-tests DOM Parsing subset (`wpt/domparsing/*.html`):
/// DOMParser, XMLSerializer, innerHTML/outerHTML, insertAdjacentHTML and
/// createContextualFragment, run by `WPTTestCase`.
final class WPTDOMParsingTests: WPTTestCase {
    /// Subtests that must pass (measured: see DECISIONS.md, issue 17).
    static let floor = 0

    func testDOMParsingSubtestsPass() throws {
        try runSuite("domparsing", floor: WPTDOMParsingTests.floor, minimumFiles: 15)
    }
}
