import XCTest
import TernDOM

final class MutationTests: XCTestCase {
    private func makeDocument() -> Document {
        Document(html: "<!DOCTYPE html><html><head><title>t</title></head><body><div id=\"a\"><p id=\"p\">text</p></div><div id=\"b\"></div></body></html>")
    }

    // MARK: Creating and inserting

    func testCreatedElementsAreLowerCaseDetachedAndOwned() throws {
        let document = makeDocument()
        let element = try document.createElement("SECTION")
        XCTAssertEqual(element.name, "section")
        XCTAssertNil(element.parent)
        XCTAssertFalse(element.isConnected)
        XCTAssertTrue(element.ownerDocument === document)
        XCTAssertEqual(element.nodeType, .element)
        XCTAssertEqual(document.createTextNode("x").nodeType, .text)
        XCTAssertEqual(document.createComment("x").nodeType, .comment)
        XCTAssertEqual(document.createDocumentFragment().nodeType, .documentFragment)
    }

    func testInvalidNamesAreRejected() {
        let document = makeDocument()
        XCTAssertThrowsError(try document.createElement("")) { XCTAssertEqual($0 as? DOMError, .invalidCharacter) }
        XCTAssertThrowsError(try document.createElement("1div")) { XCTAssertEqual($0 as? DOMError, .invalidCharacter) }
        XCTAssertThrowsError(try document.createElement("a b")) { XCTAssertEqual($0 as? DOMError, .invalidCharacter) }
        XCTAssertNoThrow(try document.createElement("my-element"))
        let body = document.body!
        XCTAssertThrowsError(try body.setAttribute("a=b", "x")) { XCTAssertEqual($0 as? DOMError, .invalidCharacter) }
        XCTAssertThrowsError(try body.setAttribute("", "x")) { XCTAssertEqual($0 as? DOMError, .invalidCharacter) }
    }

    func testAppendChildAndInsertBeforePlaceNodesInOrder() throws {
        let document = makeDocument()
        let b = document.element(withID: "b")!
        let one = try document.createElement("i")
        let two = try document.createElement("u")
        let three = try document.createElement("s")
        XCTAssertEqual(try b.appendChild(two), two)
        try b.insertBefore(one, two)
        try b.insertBefore(three, nil)
        XCTAssertEqual(b.innerHTML, "<i></i><u></u><s></s>")
        XCTAssertTrue(one.isConnected)
        XCTAssertEqual(three.index, 2)
        // Inserting a node before itself leaves it where it is.
        try b.insertBefore(two, two)
        XCTAssertEqual(b.innerHTML, "<i></i><u></u><s></s>")
        assertTreeIsConsistent(document.node!)
    }

    func testInsertingANodeThatIsInTheTreeMovesIt() throws {
        let document = makeDocument()
        let a = document.element(withID: "a")!
        let b = document.element(withID: "b")!
        let p = document.element(withID: "p")!
        try b.appendChild(p)
        XCTAssertEqual(a.innerHTML, "")
        XCTAssertEqual(b.innerHTML, "<p id=\"p\">text</p>")
        XCTAssertEqual(p.parent, b)
        // Within one parent: move the first child to the end.
        let x = try document.createElement("x")
        try b.appendChild(x)
        try b.appendChild(p)
        XCTAssertEqual(b.innerHTML, "<x></x><p id=\"p\">text</p>")
        try b.insertBefore(p, x)
        XCTAssertEqual(b.innerHTML, "<p id=\"p\">text</p><x></x>")
        assertTreeIsConsistent(document.node!)
    }

    func testHierarchyErrors() throws {
        let document = makeDocument()
        let body = document.body!
        let a = document.element(withID: "a")!
        let p = document.element(withID: "p")!
        XCTAssertThrowsError(try p.appendChild(a)) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        XCTAssertThrowsError(try a.appendChild(a)) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        XCTAssertThrowsError(try p.insertBefore(body, nil)) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        // Leaves cannot have children.
        let text = p.firstChild!
        XCTAssertThrowsError(try text.appendChild(document.createTextNode("x"))) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        // A document takes no text and only one element.
        let root = document.node!
        XCTAssertThrowsError(try root.appendChild(document.createTextNode("x"))) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        XCTAssertThrowsError(try root.appendChild(document.createElement("html"))) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        XCTAssertNoThrow(try root.appendChild(document.createComment("end")))
        // A document node is never a child.
        XCTAssertThrowsError(try body.appendChild(root)) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        // The reference child must be a child.
        XCTAssertThrowsError(try body.insertBefore(document.createElement("x"), p)) { XCTAssertEqual($0 as? DOMError, .notFound) }
        XCTAssertThrowsError(try body.removeChild(p)) { XCTAssertEqual($0 as? DOMError, .notFound) }
        XCTAssertThrowsError(try body.replaceChild(document.createElement("x"), p)) { XCTAssertEqual($0 as? DOMError, .notFound) }
        // Nothing moved.
        XCTAssertEqual(body.innerHTML, "<div id=\"a\"><p id=\"p\">text</p></div><div id=\"b\"></div>")
        assertTreeIsConsistent(root)
    }

    func testNodesOfAnotherDocumentAreAdoptedOrImported() throws {
        let document = makeDocument()
        do {
            let other = Document(html: "<p id=q>other</p><svg></svg>")
            let q = other.element(withID: "q")!
            // "Insert" adopts the node into the parent's document.
            try document.body!.appendChild(q)
            XCTAssertNil(other.element(withID: "q"), "it left its document")
            let copy = document.importNode(other.body!.lastChild!, deep: true)!
            try document.body!.appendChild(copy)
            XCTAssertNotNil(other.body!.lastChild, "an import copies")
        }
        // The other document is gone from here on; the adopted node is this one's.
        let adopted = document.element(withID: "q")!
        XCTAssertTrue(adopted.document === document)
        try adopted.setAttribute("class", "c")
        XCTAssertEqual(adopted.outerHTML, "<p id=\"q\" class=\"c\">other</p>")
        XCTAssertEqual(document.body!.lastChild?.outerHTML, "<svg></svg>")
        XCTAssertThrowsError(try document.adoptNode(document.node!)) { XCTAssertEqual($0 as? DOMError, .notSupported) }
    }

    // MARK: Removing

    func testARemovedNodeStaysReadable() throws {
        let document = makeDocument()
        let a = document.element(withID: "a")!
        let p = document.element(withID: "p")!
        XCTAssertEqual(try a.removeChild(p), p)
        XCTAssertNil(p.parent)
        XCTAssertNil(p.nextSibling)
        XCTAssertFalse(p.isConnected)
        XCTAssertEqual(p.textContent, "text")
        XCTAssertEqual(p.outerHTML, "<p id=\"p\">text</p>")
        XCTAssertNil(document.element(withID: "p"))
        XCTAssertEqual(a.innerHTML, "")
        // Its subtree is still linked to it.
        XCTAssertEqual(p.firstChild?.parent, p)
        XCTAssertFalse(p.firstChild!.isConnected)
        assertTreeIsConsistent(document.node!)
        assertTreeIsConsistent(p)
    }

    func testRemoveTakesANodeOutAndIsHarmlessWhenDetached() throws {
        let document = makeDocument()
        let b = document.element(withID: "b")!
        b.remove()
        XCTAssertEqual(document.body!.innerHTML, "<div id=\"a\"><p id=\"p\">text</p></div>")
        b.remove()
        XCTAssertNil(b.parent)
        assertTreeIsConsistent(document.node!)
    }

    func testReplaceChild() throws {
        let document = makeDocument()
        let body = document.body!
        let a = document.element(withID: "a")!
        let b = document.element(withID: "b")!
        let nav = try document.createElement("nav")
        XCTAssertEqual(try body.replaceChild(nav, a), a)
        XCTAssertEqual(body.innerHTML, "<nav></nav><div id=\"b\"></div>")
        XCTAssertNil(a.parent)
        // Replacing with the following sibling moves it into place.
        XCTAssertEqual(try body.replaceChild(b, nav), nav)
        XCTAssertEqual(body.innerHTML, "<div id=\"b\"></div>")
        // Replacing a node with itself changes nothing.
        try body.replaceChild(b, b)
        XCTAssertEqual(body.innerHTML, "<div id=\"b\"></div>")
        // A replacement that contains the parent is refused.
        XCTAssertThrowsError(try b.replaceChild(body, b)) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        assertTreeIsConsistent(document.node!)
    }

    func testReplacingTheRootElementOfTheDocument() throws {
        let document = makeDocument()
        let root = document.node!
        let html = document.documentElement!
        let other = try document.createElement("html")
        XCTAssertThrowsError(try root.appendChild(other)) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        try root.replaceChild(other, html)
        XCTAssertEqual(document.documentElement, other)
        XCTAssertNil(document.body)
        XCTAssertEqual(root.innerHTML, "<!DOCTYPE html><html></html>")
        html.remove()  // already out: nothing happens
        try root.replaceChild(html, other)
        XCTAssertEqual(document.body?.id, "")
        assertTreeIsConsistent(root)
    }

    // MARK: Fragments

    func testInsertingAFragmentMovesItsChildren() throws {
        let document = makeDocument()
        let b = document.element(withID: "b")!
        let fragment = document.createDocumentFragment()
        try fragment.appendChild(document.createElement("i"))
        try fragment.appendChild(document.createTextNode("t"))
        try fragment.appendChild(document.createElement("u"))
        XCTAssertEqual(fragment.innerHTML, "<i></i>t<u></u>")
        XCTAssertEqual(fragment.textContent, "t")
        XCTAssertEqual(try fragment.querySelectorAll("i, u").map(\.name), ["i", "u"])
        XCTAssertFalse(fragment.firstChild!.isConnected)
        let existing = try b.appendChild(document.createElement("s"))
        try b.insertBefore(fragment, existing)
        XCTAssertEqual(b.innerHTML, "<i></i>t<u></u><s></s>")
        XCTAssertNil(fragment.firstChild)
        XCTAssertEqual(fragment.innerHTML, "")
        XCTAssertEqual(b.firstChild?.parent, b)
        XCTAssertTrue(b.firstChild!.isConnected)
        // The empty fragment can be filled and used again.
        try fragment.appendChild(document.createComment("again"))
        try b.appendChild(fragment)
        XCTAssertEqual(b.innerHTML, "<i></i>t<u></u><s></s><!--again-->")
        assertTreeIsConsistent(document.node!)
        assertTreeIsConsistent(fragment)
    }

    func testAFragmentWithTextCannotGoIntoADocument() throws {
        let document = makeDocument()
        let fragment = document.createDocumentFragment()
        try fragment.appendChild(document.createTextNode("t"))
        XCTAssertThrowsError(try document.node!.appendChild(fragment)) { XCTAssertEqual($0 as? DOMError, .hierarchyRequest) }
        XCTAssertEqual(fragment.innerHTML, "t")
    }

    // MARK: Text nodes

    func testAppendingTextNextToTextKeepsBothNodes() throws {
        let document = makeDocument()
        let p = document.element(withID: "p")!
        let original = p.firstChild!
        let added = document.createTextNode(" more")
        try p.appendChild(added)
        XCTAssertEqual(Array(p.children).count, 2, "libxml2's xmlAddChild would have merged them")
        XCTAssertEqual(p.firstChild, original)
        XCTAssertEqual(p.lastChild, added)
        XCTAssertEqual(added.data, " more")
        XCTAssertEqual(p.textContent, "text more")
        let before = document.createTextNode("pre ")
        try p.insertBefore(before, original)
        XCTAssertEqual(Array(p.children), [before, original, added])
        added.data = " changed"
        XCTAssertEqual(p.innerHTML, "pre text changed")
        XCTAssertEqual(p.lastChild, added)
        assertTreeIsConsistent(p)
    }

    func testSettingDataOfCommentsAndParsedText() throws {
        let document = Document(html: "<body><p id=p>short</p><!--note--></body>")
        let text = document.element(withID: "p")!.firstChild!
        // A parsed (compact-stored) text node takes a longer value.
        text.data = "a much longer text than the original one & more"
        XCTAssertEqual(text.textContent, "a much longer text than the original one & more")
        let comment = document.body!.lastChild!
        XCTAssertEqual(comment.nodeType, .comment)
        comment.data = "changed"
        XCTAssertEqual(document.body!.innerHTML, "<p id=\"p\">a much longer text than the original one &amp; more</p><!--changed-->")
    }

    func testSettingTextContentReplacesTheChildren() throws {
        let document = makeDocument()
        let a = document.element(withID: "a")!
        let p = document.element(withID: "p")!
        a.textContent = "<b> & text"
        XCTAssertEqual(a.innerHTML, "&lt;b&gt; &amp; text")
        XCTAssertEqual(Array(a.children).count, 1)
        XCTAssertEqual(a.firstChild?.nodeType, .text)
        XCTAssertNil(p.parent)
        XCTAssertEqual(p.textContent, "text", "the old child is detached but readable")
        a.textContent = ""
        XCTAssertNil(a.firstChild)
        // On a text node it sets the data.
        p.firstChild!.textContent = "new"
        XCTAssertEqual(p.outerHTML, "<p id=\"p\">new</p>")
        assertTreeIsConsistent(document.node!)
    }

    // MARK: Attributes

    func testSetRemoveAndToggleAttributes() throws {
        let document = makeDocument()
        let b = document.element(withID: "b")!
        try b.setAttribute("Data-Value", "1 < 2 \"quoted\" & more")
        XCTAssertEqual(b.attribute("data-value"), "1 < 2 \"quoted\" & more")
        try b.setAttribute("data-value", "two")
        XCTAssertEqual(b.attributes.filter { $0.name == "data-value" }.count, 1)
        XCTAssertEqual(b.attribute("data-value"), "two")
        try b.setAttribute("id", "renamed")
        XCTAssertEqual(document.element(withID: "renamed"), b)
        XCTAssertEqual(b.id, "renamed")
        b.removeAttribute("DATA-VALUE")
        XCTAssertNil(b.attribute("data-value"))
        b.removeAttribute("absent")
        XCTAssertTrue(try b.toggleAttribute("hidden"))
        XCTAssertEqual(b.outerHTML, "<div id=\"renamed\" hidden=\"\"></div>")
        XCTAssertTrue(try b.toggleAttribute("hidden", force: true))
        XCTAssertFalse(try b.toggleAttribute("hidden"))
        XCTAssertFalse(b.hasAttribute("hidden"))
        XCTAssertFalse(try b.toggleAttribute("hidden", force: false))
        XCTAssertFalse(b.hasAttribute("hidden"))
    }

    // MARK: Ownership

    func testManyDetachedNodesAreFreedOnceWithTheDocument() throws {
        for _ in 0..<20 {
            let document = makeDocument()
            let body = document.body!
            var kept: [Node] = []
            for index in 0..<500 {
                let element = try document.createElement("div")
                try element.appendChild(document.createTextNode("\(index)"))
                try element.setAttribute("class", "c\(index)")
                switch index % 5 {
                case 0:
                    break  // created and dropped
                case 1:
                    try body.appendChild(element)  // stays in the tree
                case 2:
                    // Removed, re-inserted and removed again: still freed only once.
                    try body.appendChild(element)
                    element.remove()
                    try body.appendChild(element)
                    element.remove()
                case 3:
                    // A detached node whose detached ancestor is freed with it.
                    let child = element.firstChild!
                    child.remove()
                    try element.appendChild(child)
                    let wrapper = try document.createElement("section")
                    try wrapper.appendChild(element)
                    kept.append(wrapper)
                default:
                    // Into a fragment and out again into the tree, then replaced.
                    let fragment = document.createDocumentFragment()
                    try fragment.appendChild(element)
                    try body.appendChild(fragment)
                    try body.replaceChild(document.createComment("x"), element)
                }
            }
            body.innerHTML = "<p>reset</p>"
            body.textContent = "reset again"
            XCTAssertEqual(kept.count, 100)
            XCTAssertEqual(kept.last?.firstChild?.textContent, "498")
        }
    }

    func testANodeKeepsItsDocumentAlive() throws {
        var node: Node?
        do {
            let document = makeDocument()
            let created = try document.createElement("span")
            try created.appendChild(document.createTextNode("alive"))
            node = created
        }
        XCTAssertEqual(node?.outerHTML, "<span>alive</span>")
        XCTAssertEqual(node?.ownerDocument?.title, "t")
    }

    func testAnEmptyDocumentCanStillCreateNodes() throws {
        let document = Document(html: "")
        let element = try document.createElement("div")
        try element.appendChild(document.createTextNode("x"))
        XCTAssertEqual(element.outerHTML, "<div>x</div>")
        XCTAssertNil(try document.querySelector("div"))
    }
}
