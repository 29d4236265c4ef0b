import XCTest

/// The web-platform-tests CSS folders (`wpt/css/cssom`, `css-cascade`,
/// `css-variables`, subfolders included; reftests are not in the snapshot),
/// run by `WPTTestCase`. Each floor is a little under the measured count, so
/// a regression fails. Measured (2026-12): cssom 1106/1301 in 130 files
/// (1108 when insertRule-charset-no-index's script runs after its linked
/// sheet arrived: scripts do not wait for script-blocking sheets),
/// css-cascade 48/113 in 21, css-variables 256/415 in 44; about 4 minutes
/// in a debug build. The misses: iframes, named access on the window,
/// selector serialisation, @layer and @import load events, animations,
/// constructable sheets, computed values Tern does not keep (SVG, line-height,
/// background), and expectations older than the specs (unlayered styles
/// winning over layers, whitespace kept in custom properties).
final class WPTCSSTests: WPTTestCase {
    func testCSSOMSubtestsPass() throws {
        try runSuite("css/cssom", floor: 1090, minimumFiles: 120)
    }

    func testCSSCascadeSubtestsPass() throws {
        try runSuite("css/css-cascade", floor: 46, minimumFiles: 20)
    }

    func testCSSVariablesSubtestsPass() throws {
        try runSuite("css/css-variables", floor: 250, minimumFiles: 40)
    }
}
