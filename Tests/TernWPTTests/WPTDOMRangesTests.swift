import XCTest

/// The web-platform-tests of ranges (`wpt/dom/ranges`) and traversal
/// (`wpt/dom/traversal`: NodeIterator and TreeWalker), run by `WPTTestCase`.
final class WPTDOMRangesTests: WPTTestCase {
    /// Subtests that must pass in dom/ranges. Measured 20/23 (2026-12-02): most
    /// files stop in `../common.js`, which needs `createDocumentType`,
    /// `createDocument` and `createProcessingInstruction`. With stand-ins for
    /// those three, 36964/40794 pass; the misses are the five files that
    /// compare against iframes (`frames[0].document`), adoption across
    /// documents, and one timeout of the 30 s harness limit in dataChange.
    /// Raise the floors when the DOM creates those nodes.
    static let rangesFloor = 18
    /// Subtests that must pass in dom/traversal. Measured 3/40; with the
    /// stand-ins, every NodeIterator subtest (769/769) passes. TreeWalker is not here yet.
    static let traversalFloor = 2

    func testDOMRangesSubtestsPass() throws {
        try runSuite("dom/ranges", floor: WPTDOMRangesTests.rangesFloor, minimumFiles: 30)
    }

    func testDOMTraversalSubtestsPass() throws {
        try runSuite("dom/traversal", floor: WPTDOMRangesTests.traversalFloor, minimumFiles: 10)
    }
}
