import XCTest
import TernDOM

/// Records what a document tells its observer, as text.
final class MutationRecorder: DocumentMutationObserver {
    var records: [String] = []

    private static func label(_ node: Node?) -> String {
        guard let node else { return "nil" }
        if node.isElement { return node.attribute("id").map { "#" + $0 } ?? node.name }
        if node.isText { return "'" + node.textContent + "'" }
        return node.isDocument ? "document" : "node"
    }

    func attributeChanged(_ element: Node, localName: String, namespace: String?, oldValue: String?) {
        records.append("attr \(Self.label(element)) \(namespace.map { $0 + " " } ?? "")\(localName) \(oldValue ?? "nil")->\(element.attribute(namespace: namespace, localName: localName)?.value ?? "nil")")
    }
    func childInserted(_ child: Node, into parent: Node) {
        records.append("insert \(Self.label(child)) into \(Self.label(parent))")
    }
    func childRemoved(_ child: Node, from parent: Node, previousSibling: Node?, nextSibling: Node?) {
        records.append("remove \(Self.label(child)) from \(Self.label(parent)) between \(Self.label(previousSibling)) \(Self.label(nextSibling))")
    }
    func characterDataChanged(_ node: Node) {
        records.append("data \(Self.label(node))")
    }
    func documentChanged(_ document: Document) {
        records.append("document")
    }

    /// The records so far, then none.
    func take() -> [String] {
        defer { records = [] }
        return records
    }
}

/// `DocumentMutationObserver`: every TernDOM path that changes a tree tells
/// the document's observer, once, after the change.
final class DocumentMutationObserverTests: XCTestCase {
    private func makeDocument() -> (Document, MutationRecorder) {
        let document = Document(html: "<!DOCTYPE html><body><div id=a><p id=p>text</p></div><div id=b class='x y'></div></body>")
        let recorder = MutationRecorder()
        document.mutationObserver = recorder
        return (document, recorder)
    }

    func testAttributeChangesAreToldWithTheOldValue() throws {
        let (document, recorder) = makeDocument()
        let b = try XCTUnwrap(document.element(withID: "b"))
        try b.setAttribute("class", "z")
        try b.setAttribute("data-new", "1")
        b.removeAttribute("data-new")
        b.removeAttribute("absent")
        XCTAssertTrue(try b.toggleAttribute("hidden"))
        XCTAssertFalse(try b.toggleAttribute("hidden"))
        try b.setAttribute(namespace: "urn:x", qualifiedName: "x:k", value: "v")
        try b.setAttribute(namespace: "urn:x", qualifiedName: "x:k", value: "w")
        b.removeAttribute(namespace: "urn:x", localName: "k")
        b.setAttribute(Node.Attribute(namespaceURI: nil, prefix: nil, localName: "title", value: "t"))
        b.setAttribute(Node.Attribute(namespaceURI: nil, prefix: nil, localName: "title", value: "u"))
        XCTAssertEqual(recorder.take(), [
            "attr #b class x y->z", "attr #b data-new nil->1", "attr #b data-new 1->nil",
            "attr #b hidden nil->", "attr #b hidden ->nil",
            "attr #b urn:x k nil->v", "attr #b urn:x k v->w", "attr #b urn:x k w->nil",
            "attr #b title nil->t", "attr #b title t->u",
        ])
    }

    func testInsertionRemovalAndMovesAreTold() throws {
        let (document, recorder) = makeDocument()
        let a = try XCTUnwrap(document.element(withID: "a")), b = try XCTUnwrap(document.element(withID: "b"))
        let p = try XCTUnwrap(document.element(withID: "p"))
        let fresh = try document.createElement("span")
        try fresh.setAttribute("id", "s")
        XCTAssertEqual(recorder.take(), ["attr #s id nil->s"], "a detached element's attributes too (the observer decides)")
        try b.appendChild(fresh)
        try b.insertBefore(p, fresh)
        XCTAssertEqual(recorder.take(), ["insert #s into #b", "remove #p from #a between nil nil", "insert #p into #b"])
        fresh.remove()
        try b.replaceChild(fresh, p)
        XCTAssertEqual(recorder.take(), ["remove #s from #b between #p nil", "remove #p from #b between nil nil", "insert #s into #b"])
        let fragment = document.createDocumentFragment()
        try fragment.appendChild(p)
        try a.appendChild(fragment)
        XCTAssertEqual(recorder.take(), ["insert #p into node", "remove #p from node between nil nil", "insert #p into #a"])
        b.removeAllChildren()
        XCTAssertEqual(recorder.take(), ["remove #s from #b between nil nil"])
    }

    func testMarkupTextAndDataChangesAreTold() throws {
        let (document, recorder) = makeDocument()
        let a = try XCTUnwrap(document.element(withID: "a")), b = try XCTUnwrap(document.element(withID: "b"))
        a.innerHTML = "<i id=i>1</i>"
        XCTAssertEqual(recorder.take(), ["remove #p from #a between nil nil", "insert #i into #a"])
        let i = try XCTUnwrap(document.element(withID: "i"))
        i.outerHTML = "<u id=u></u>"
        XCTAssertEqual(recorder.take(), ["remove #i from #a between nil nil", "insert #u into #a"])
        b.textContent = "words"
        XCTAssertEqual(recorder.take(), ["insert 'words' into #b"])
        let text = try XCTUnwrap(b.firstChild)
        text.data = "other"
        XCTAssertEqual(recorder.take(), ["data 'other'"])
        b.textContent = ""
        XCTAssertEqual(recorder.take(), ["remove 'other' from #b between nil nil"])
    }

    /// What is not told piece by piece is told wholesale: the streaming
    /// parser's appends, a new URL fragment (`:target`).
    func testTheParsersAppendsAndTheFragmentAreToldWholesale() throws {
        let parser = HTMLParser(charset: "utf-8")
        Array("<!doctype html><body><p>one</p>".utf8).withUnsafeBytes { parser.feed($0) }
        let document = try XCTUnwrap(parser.document)
        let recorder = MutationRecorder()
        document.mutationObserver = recorder
        Array("<p>two</p>".utf8).withUnsafeBytes { parser.feed($0) }
        _ = parser.finish()
        XCTAssertTrue(recorder.take().contains("document"))
        document.urlFragment = "top"
        document.urlFragment = "top"
        XCTAssertEqual(recorder.take(), ["document"])
    }

    /// The observer is held weakly; without one, changes cost nothing more.
    func testTheObserverIsWeak() throws {
        let document = Document(html: "<p id=p>x</p>")
        do {
            let recorder = MutationRecorder()
            document.mutationObserver = recorder
        }
        XCTAssertNil(document.mutationObserver)
        try document.element(withID: "p")?.setAttribute("class", "c")
    }
}
