import XCTest

/// The web-platform-tests `dom/events` files (`.html`; the `.any.js` files
/// and `dom/abort`, which has only `.any.js`, need WPT's server to wrap them).
final class WPTDOMEventsTests: WPTTestCase {
    /// Subtests that must pass. Measured 246/342 in 70 files (2026-12); the
    /// misses are CSS animations and transitions, scrolling and touch input,
    /// shadow trees, custom elements, adoption and processing instructions.
    static let floor = 240

    func testDOMEventsSubtestsPass() throws {
        try runSuite("dom/events", floor: WPTDOMEventsTests.floor, minimumFiles: 40)
    }
}
