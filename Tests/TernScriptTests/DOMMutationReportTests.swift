import XCTest
import TernDOM
@testable import TernScript

/// Every way a script changes the document reaches the document's
/// `DocumentMutationObserver` (what the style store invalidates from):
/// the bindings go through TernDOM's mutation paths, none around them.
final class DOMMutationReportTests: DOMTestCase {
    private final class Recorder: DocumentMutationObserver {
        var records: [String] = []
        func attributeChanged(_ element: Node, localName: String, namespace: String?, oldValue: String?) {
            records.append("attr \(element.name) \(localName) \(oldValue ?? "nil")->\(element.attribute(localName) ?? "nil")")
        }
        func childInserted(_ child: Node, into parent: Node) { records.append("insert \(child.isText ? "#text" : child.name) into \(parent.name)") }
        func childRemoved(_ child: Node, from parent: Node, previousSibling: Node?, nextSibling: Node?) {
            records.append("remove \(child.isText ? "#text" : child.name) from \(parent.name)")
        }
        func characterDataChanged(_ node: Node) { records.append("data \(node.textContent)") }
        func documentChanged(_ document: Document) { records.append("document") }
    }

    func testScriptChangesAreReported() throws {
        try load("<body><div id=d class=a><p>x</p></div></body>")
        let recorder = Recorder()
        document.mutationObserver = recorder
        func run(_ source: String) -> [String] {
            recorder.records = []
            js(source)
            return recorder.records
        }
        js("var d = document.getElementById('d')")
        XCTAssertEqual(run("d.className = 'b'"), ["attr div class a->b"])
        XCTAssertEqual(run("d.classList.add('c')"), ["attr div class b->b c"])
        XCTAssertEqual(run("d.classList.remove('b')"), ["attr div class b c->c"])
        XCTAssertEqual(run("d.classList.toggle('e')"), ["attr div class c->c e"])
        XCTAssertEqual(run("d.style.color = 'red'"), ["attr div style nil->color: red;"])
        XCTAssertEqual(run("d.id = 'n'"), ["attr div id d->n"])
        XCTAssertEqual(run("d.setAttribute('data-x', '1'); d.removeAttribute('data-x'); d.toggleAttribute('hidden')"),
                       ["attr div data-x nil->1", "attr div data-x 1->nil", "attr div hidden nil->"])
        XCTAssertEqual(run("d.dataset.k = 'v'"), ["attr div data-k nil->v"])
        XCTAssertEqual(run("d.innerHTML = '<i>1</i>'"), ["remove p from div", "insert i into div"])
        XCTAssertEqual(run("d.textContent = 'plain'"), ["remove i from div", "insert #text into div"])
        XCTAssertEqual(run("d.firstChild.data = 'new'"), ["data new"])
        XCTAssertEqual(run("d.firstChild.appendData('er')"), ["data newer"])
        XCTAssertEqual(run("var s = document.createElement('span'); d.appendChild(s); d.insertBefore(s, d.firstChild); s.remove()"),
                       ["insert span into div", "remove span from div", "insert span into div", "remove span from div"])
        XCTAssertEqual(run("d.outerHTML = '<section></section>'"), ["remove div from body", "insert section into body"])
    }
}
