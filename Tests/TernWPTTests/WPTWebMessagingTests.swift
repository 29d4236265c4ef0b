import XCTest

/// The web-platform-tests `webmessaging/` folder: postMessage between
/// windows, MessageEvent, MessageChannel and BroadcastChannel.
final class WPTWebMessagingTests: WPTTestCase {
    /// Subtests that must pass: a little under what passes (see README, Issue 18).
    static let floor = 0

    func testWebMessagingSubtestsPass() throws {
        opensPopups = true
        try runSuite("webmessaging", floor: WPTWebMessagingTests.floor, minimumFiles: 50)
    }
}
