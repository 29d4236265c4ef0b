import XCTest

/// The web-platform-tests `html/browsers/windows/` folder: browsing
/// contexts, the window tree, opener, named targets.
final class WPTBrowsersWindowsTests: WPTTestCase {
    /// Subtests that must pass: a little under what passes (see README, Issue 18).
    static let floor = 0

    func testBrowsersWindowsSubtestsPass() throws {
        opensPopups = true
        try runSuite("html/browsers/windows", floor: WPTBrowsersWindowsTests.floor, minimumFiles: 25)
    }
}
