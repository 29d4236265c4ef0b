import XCTest
import TernDOM

/// Checks that every link under `root` agrees: each child names `root`'s
/// node as parent, previous/next siblings mirror each other, and first/last
/// child are the ends of the children list.
func assertTreeIsConsistent(_ root: Node, file: StaticString = #filePath, line: UInt = #line) {
    var stack = [root]
    while let node = stack.popLast() {
        let children = Array(node.children)
        XCTAssertEqual(node.firstChild, children.first, "firstChild of \(node.name)", file: file, line: line)
        XCTAssertEqual(node.lastChild, children.last, "lastChild of \(node.name)", file: file, line: line)
        for (index, child) in children.enumerated() {
            XCTAssertEqual(child.parent, node, "parent of child \(index) of \(node.name)", file: file, line: line)
            XCTAssertEqual(child.previousSibling, index > 0 ? children[index - 1] : nil, file: file, line: line)
            XCTAssertEqual(child.nextSibling, index + 1 < children.count ? children[index + 1] : nil, file: file, line: line)
            XCTAssertEqual(child.index, index, file: file, line: line)
        }
        stack.append(contentsOf: children)
    }
}

/// The ids of `nodes`, in order ("" for nodes without one).
func ids(_ nodes: [Node]) -> [String] { nodes.map(\.id) }
