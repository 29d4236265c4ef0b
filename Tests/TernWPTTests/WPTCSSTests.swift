import XCTest

/// The web-platform-tests CSS folders (`wpt/css/cssom`, `css-cascade`,
/// `css-variables`, subfolders included; reftests are not in the snapshot),
/// run by `WPTTestCase`. Each floor is a little under the measured count, so
/// a regression fails.
final class WPTCSSTests: WPTTestCase {
    func testCSSOMSubtestsPass() throws {
        try runSuite("css/cssom", floor: 1050, minimumFiles: 120)
    }

    func testCSSCascadeSubtestsPass() throws {
        try runSuite("css/css-cascade", floor: 44, minimumFiles: 20)
    }

    func testCSSVariablesSubtestsPass() throws {
        try runSuite("css/css-variables", floor: 230, minimumFiles: 40)
    }
}
