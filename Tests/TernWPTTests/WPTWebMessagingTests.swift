import XCTest

/// The web-platform-tests `webmessaging/` folder: postMessage between
/// windows, MessageEvent, MessageChannel and BroadcastChannel.
final class WPTWebMessagingTests: WPTTestCase {
    /// Subtests that must pass. Measured 86/109 in 73 files (2026-12, with
    /// frames; the `.any.js` files are not run); the misses need MessagePorts
    /// in a transfer list, BroadcastChannel, canvas ImageData, workers, or a
    /// `javascript:`/about:blank frame's window before it is made.
    static let floor = 82

    func testWebMessagingSubtestsPass() throws {
        opensPopups = true
        try runSuite("webmessaging", floor: WPTWebMessagingTests.floor, minimumFiles: 50)
    }
}
