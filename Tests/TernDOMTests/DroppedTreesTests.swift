import XCTest
import TernDOM

/// Document+DroppedTrees: which detached trees may be freed before their
/// document (never connected, never handed out, no node held) and which
/// are kept, and that freeing gives libxml2's memory back.
final class DroppedTreesTests: XCTestCase {
    private func makeDocument() -> Document {
        Document(html: "<!DOCTYPE html><html><head></head><body><div id=a><p>text</p></div><div id=b></div></body></html>")
    }

    private func freeAll(_ document: Document) -> Int { document.freeDroppedTrees { _ in false } }

    func testATreeNeverInsertedIsFreedWithItsMemory() throws {
        let document = makeDocument()
        _ = freeAll(document)
        let before = DOMMemory.allocatedBytes
        for _ in 0..<100 {
            let div = try document.createElement("div")
            try div.setAttribute("class", "row")
            try div.appendChild(document.createElement("span")).appendChild(document.createTextNode("some text"))
            _ = document.createComment("c")
        }
        XCTAssertGreaterThan(DOMMemory.allocatedBytes, before)
        XCTAssertEqual(freeAll(document), 400)
        XCTAssertEqual(DOMMemory.allocatedBytes, before, "every byte the trees held is back")
        XCTAssertEqual(freeAll(document), 0, "each tree is freed once")
    }

    func testATreeWithAHeldNodeStays() throws {
        let document = makeDocument()
        let div = try document.createElement("div")
        let leaf = try div.appendChild(document.createElement("b")).appendChild(document.createTextNode("kept"))
        XCTAssertEqual(document.freeDroppedTrees { $0 == leaf }, 0)
        XCTAssertEqual(leaf.parent?.parent, div)
        XCTAssertEqual(div.textContent, "kept")
        XCTAssertEqual(freeAll(document), 3)
    }

    func testATreeThatWasConnectedIsKept() throws {
        let document = makeDocument()
        let a = try XCTUnwrap(document.getElementById("a"))
        a.remove()
        XCTAssertEqual(freeAll(document), 0, "removed from the document: the browser may hold its nodes")
        // Kept travels with its nodes: a node of it moved into a fresh tree keeps that tree.
        let fresh = try document.createElement("section")
        try fresh.appendChild(XCTUnwrap(a.firstChild))
        XCTAssertEqual(freeAll(document), 0)
        XCTAssertEqual(fresh.textContent, "text")
        // A node taken out of a kept detached tree is kept too.
        let inner = try XCTUnwrap(fresh.firstChild)
        inner.remove()
        XCTAssertEqual(freeAll(document), 0)
        XCTAssertEqual(inner.textContent, "text")
    }

    func testFragmentsCarryWhetherTheirNodesWereConnected() throws {
        let document = makeDocument()
        let fragment = document.createDocumentFragment()
        try fragment.appendChild(document.createElement("i"))
        try fragment.appendChild(XCTUnwrap(document.getElementById("b")))
        let target = try document.createElement("div")
        try target.appendChild(fragment)
        XCTAssertEqual(freeAll(document), 0, "the div holds a node that was connected (and the fragment, once kept, stays kept)")
        XCTAssertEqual(target.children.map(\.name), ["i", "div"])

        let clean = document.createDocumentFragment()
        try clean.appendChild(document.createElement("u"))
        let other = try document.createElement("div")
        try other.appendChild(clean)
        XCTAssertEqual(freeAll(document), 3, "the fresh div with its <u>, and the emptied fragment")
    }

    func testATreeHandedOutIsKept() throws {
        let document = makeDocument()
        let form = try document.createElement("form")
        try form.appendChild(document.createElement("input"))
        document.keepTree(of: try XCTUnwrap(form.firstChild))
        XCTAssertEqual(freeAll(document), 0)
        XCTAssertEqual(form.firstChild?.name, "input")
    }

    func testANodeAdoptedFromAnotherDocumentIsKept() throws {
        let document = makeDocument(), other = makeDocument()
        let adopted = try document.adoptNode(try other.createElement("aside"))
        XCTAssertEqual(freeAll(document), 0)
        XCTAssertEqual(freeAll(other), 0)
        XCTAssertEqual(adopted.name, "aside")
    }
}
