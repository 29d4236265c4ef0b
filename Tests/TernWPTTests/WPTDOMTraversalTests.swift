import XCTest

/// The web-platform-tests `dom/traversal` files: TreeWalker, NodeFilter and NodeIterator.
final class WPTDOMTraversalTests: WPTTestCase {
    /// Subtests that must pass. Measured 39/40 in 13 files (2026-12), before
    /// NodeIterator and createDocumentType; the miss is a whitespace text
    /// node the parser keeps before `<head>` (TreeWalker-currentNode).
    static let floor = 37

    func testDOMTraversalSubtestsPass() throws {
        try runSuite("dom/traversal", floor: WPTDOMTraversalTests.floor, minimumFiles: 10)
    }
}
