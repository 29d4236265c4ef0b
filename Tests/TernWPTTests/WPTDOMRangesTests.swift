import XCTest

/// The web-platform-tests of ranges (`wpt/dom/ranges`) and traversal
/// (`wpt/dom/traversal`: NodeIterator and TreeWalker), run by `WPTTestCase`.
final class WPTDOMRangesTests: WPTTestCase {
    /// Subtests that must pass in dom/ranges.
    static let rangesFloor = 0
    /// Subtests that must pass in dom/traversal.
    static let traversalFloor = 0

    func testDOMRangesSubtestsPass() throws {
        try runSuite("dom/ranges", floor: WPTDOMRangesTests.rangesFloor, minimumFiles: 30)
    }

    func testDOMTraversalSubtestsPass() throws {
        try runSuite("dom/traversal", floor: WPTDOMRangesTests.traversalFloor, minimumFiles: 10)
    }
}
