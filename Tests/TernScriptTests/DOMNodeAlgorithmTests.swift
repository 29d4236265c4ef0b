import XCTest
import TernDOM
@testable import TernScript

/// The Node algorithms of the DOM Standard (https://dom.spec.whatwg.org/#interface-node)
/// through a real JavaScriptCore window, with hostile arguments.
final class DOMNodeAlgorithmTests: DOMTestCase {
    func thrown(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        js("(function () { try { \(source); return 'none'; } catch (e) { return e.name; } })()", file: file, line: line).description
    }

    /// "Ensure pre-insertion validity": each check in the spec's order.
    func testPreInsertionValidityInSpecOrder() throws {
        try load("<body><div id=a><p id=b></p></div></body>")
        js("var a = document.getElementById('a'), b = document.getElementById('b'), t = document.createTextNode('t');")
        // 1. A text node cannot be a parent, before anything else is looked at.
        XCTAssertEqual(thrown("t.insertBefore(a, document.body)"), "HierarchyRequestError")
        // 2. Appending an ancestor (or itself) makes a cycle.
        XCTAssertEqual(thrown("b.appendChild(a)"), "HierarchyRequestError")
        XCTAssertEqual(thrown("a.appendChild(a)"), "HierarchyRequestError")
        XCTAssertEqual(thrown("b.appendChild(document.documentElement)"), "HierarchyRequestError")
        // 3. The reference child must be a child, checked before the node's kind (4) and the document rules (6).
        XCTAssertEqual(thrown("a.insertBefore(document, document.body)"), "HierarchyRequestError") // 2: document is an ancestor of a
        XCTAssertEqual(thrown("document.createElement('x').insertBefore(document, b)"), "NotFoundError")
        XCTAssertEqual(thrown("document.insertBefore(document.createElement('x'), b)"), "NotFoundError")
        // 4. A document is never a child.
        XCTAssertEqual(thrown("a.appendChild(document)"), "HierarchyRequestError")
        // 5. No text in a document.
        XCTAssertEqual(thrown("document.appendChild(t)"), "HierarchyRequestError")
        // 6. One element in a document.
        XCTAssertEqual(thrown("document.appendChild(document.createElement('x'))"), "HierarchyRequestError")
        XCTAssertEqual(thrown("var f = document.createDocumentFragment(); f.append('x'); document.appendChild(f)"), "HierarchyRequestError")
        // replaceChild: the child must be a child (3), after the cycle check (2).
        XCTAssertEqual(thrown("b.replaceChild(a, t)"), "HierarchyRequestError")
        XCTAssertEqual(thrown("a.replaceChild(t, document.body)"), "NotFoundError")
        XCTAssertEqual(thrown("a.insertBefore(null, b)"), "TypeError")
        XCTAssertEqual(thrown("a.appendChild({})"), "TypeError")
        // Nothing moved.
        XCTAssertEqual(js("document.body.innerHTML"), .string("<div id=\"a\"><p id=\"b\"></p></div>"))
    }

    func testAdoptionAcrossDocuments() throws {
        try load("<body><p id=p>x</p></body>")
        XCTAssertEqual(js("""
           var doc = document.implementation.createHTMLDocument('t');
           var p = document.getElementById('p');
           doc.body.appendChild(p);
           [p.ownerDocument === doc, p.firstChild.ownerDocument === doc, document.getElementById('p'), doc.body.innerHTML].join()
           """), .string("true,true,,<p id=\"p\">x</p>"))
        XCTAssertEqual(js("document.adoptNode(p) === p && p.ownerDocument === document && p.parentNode === null && doc.body.childNodes.length"),
                       .number(0))
        XCTAssertEqual(js("var f = doc.createDocumentFragment(); f.append(doc.createElement('i'), 'y'); document.body.append(f); document.body.innerHTML"),
                       .string("<i></i>y"))
        XCTAssertEqual(js("document.body.firstChild.ownerDocument === document"), .bool(true))
        XCTAssertEqual(thrown("document.adoptNode(doc)"), "NotSupportedError")
        XCTAssertEqual(thrown("document.importNode(doc)"), "NotSupportedError")
        // An adopted element keeps working: attributes, selectors, serialization.
        XCTAssertEqual(js("document.body.appendChild(p); p.setAttribute('class', 'c'); document.querySelector('p.c') === p"), .bool(true))
    }

    func testTextContentForEveryNodeType() throws {
        try load("<!DOCTYPE html><body><p>a<b>b</b><!--c--></p></body>")
        XCTAssertEqual(js("document.textContent"), .null)
        XCTAssertEqual(js("document.doctype.textContent"), .null)
        XCTAssertEqual(js("document.querySelector('p').textContent"), .string("ab"))
        XCTAssertEqual(js("document.querySelector('p').lastChild.textContent"), .string("c"))
        XCTAssertEqual(js("var f = document.createDocumentFragment(); f.append('x', document.createElement('y')); f.textContent = 'z'; f.childNodes.length + f.textContent"),
                       .string("1z"))
        XCTAssertEqual(js("var e = document.createElement('e'); e.append('q'); e.textContent = ''; e.childNodes.length"), .number(0))
        XCTAssertEqual(js("e.textContent = null; e.childNodes.length"), .number(0))
        XCTAssertEqual(js("document.textContent = 'ignored'; document.body.textContent"), .string("abc".replacingOccurrences(of: "c", with: "")))
        XCTAssertEqual(js("var at = document.createAttribute('a'); at.textContent = 'v'; at.value"), .string("v"))
    }

    func testNormalizeSplitTextAndWholeText() throws {
        try load("<body><div id=d></div></body>")
        XCTAssertEqual(js("""
           var d = document.getElementById('d');
           d.append('a', '', 'b', document.createElement('i'), '', 'c');
           var first = d.firstChild;
           d.normalize();
           [d.childNodes.length, first.data, d.lastChild.data, first === d.firstChild].join()
           """), .string("3,ab,c,true"))
        XCTAssertEqual(js("var rest = first.splitText(1); [first.data, rest.data, first.nextSibling === rest, rest.wholeText, first.wholeText].join()"),
                       .string("a,b,true,ab,ab"))
        XCTAssertEqual(thrown("first.splitText(5)"), "IndexSizeError")
        XCTAssertEqual(js("new Text('x').data + new Comment('y').data + (new DocumentFragment()).nodeType"), .string("xy11"))
        XCTAssertEqual(js("new Text().ownerDocument === document"), .bool(true))
    }

    func testEqualityAndPosition() throws {
        try load("<body><div id=a><p id=b></p><p id=c></p></div></body>")
        js("var a = document.getElementById('a'), b = document.getElementById('b'), c = document.getElementById('c');")
        XCTAssertEqual(js("b.isEqualNode(c)"), .bool(false))
        XCTAssertEqual(js("c.removeAttribute('id'); b.removeAttribute('id'); var r = b.isEqualNode(c); b.id = 'b'; c.id = 'c'; r"), .bool(true))
        XCTAssertEqual(js("b.isSameNode(b) && !b.isSameNode(c) && !b.isEqualNode(null)"), .bool(true))
        XCTAssertEqual(js("b.compareDocumentPosition(c)"), .number(4))
        XCTAssertEqual(js("c.compareDocumentPosition(b)"), .number(2))
        XCTAssertEqual(js("b.compareDocumentPosition(a)"), .number(10))
        XCTAssertEqual(js("a.compareDocumentPosition(b)"), .number(20))
        // Disconnected: implementation-specific, and the two directions agree.
        XCTAssertEqual(js("""
           var x = document.createElement('x'), one = b.compareDocumentPosition(x), two = x.compareDocumentPosition(b);
           (one & 1) && (one & 32) && (two & 1) && (two & 32) && ((one & 6) ^ (two & 6)) === 6
           """), .bool(true))
        // Attributes: of the same element in list order, and after their element.
        XCTAssertEqual(js("a.setAttribute('z', ''); var i = a.getAttributeNode('id'), z = a.getAttributeNode('z'); [i.compareDocumentPosition(z), z.compareDocumentPosition(i), a.compareDocumentPosition(i), i.compareDocumentPosition(a)].join()"),
                       .string("36,34,20,10"))
        XCTAssertEqual(js("var p1 = document.createAttribute('p'), p2 = document.createAttribute('q'); [p1.compareDocumentPosition(p2), p2.compareDocumentPosition(p1), a.compareDocumentPosition(p1), p1.compareDocumentPosition(a)].join()"),
                       .string("37,35,37,35")) // the later-made attribute follows; attributes follow trees
        XCTAssertEqual(thrown("a.compareDocumentPosition({})"), "TypeError")
    }

    func testChildNodeAndParentNodeMethods() throws {
        try load("<body><div id=d><i></i><b></b></div></body>")
        js("var d = document.getElementById('d'), i = d.firstChild, b = d.lastChild;")
        XCTAssertEqual(js("b.before(b, 'x'); d.innerHTML"), .string("<i></i><b></b>x"))
        XCTAssertEqual(js("i.after('y', i); d.innerHTML"), .string("y<i></i><b></b>x"))
        XCTAssertEqual(js("b.replaceWith('z'); d.innerHTML"), .string("y<i></i>zx"))
        XCTAssertEqual(js("d.prepend(b); d.append(); d.innerHTML"), .string("<b></b>y<i></i>zx"))
        XCTAssertEqual(js("d.replaceChildren('only'); d.innerHTML"), .string("only"))
        XCTAssertEqual(thrown("d.append(document.body)"), "HierarchyRequestError")
        XCTAssertEqual(js("i.remove(); i.remove(); i.parentNode"), .null)
        XCTAssertEqual(js("d.closest('body > div') === d && d.matches('DIV#d') && d.webkitMatchesSelector('div')"), .bool(true))
        XCTAssertEqual(thrown("d.matches('::[')"), "SyntaxError")
    }

    func testInsertAdjacentAndToggleAttribute() throws {
        try load("<body><div id=d></div></body>")
        js("var d = document.getElementById('d');")
        XCTAssertEqual(thrown("d.insertAdjacentText('middle', 'x')"), "SyntaxError")
        XCTAssertEqual(thrown("d.insertAdjacentHTML('nowhere', '<i>')"), "SyntaxError")
        XCTAssertEqual(js("d.insertAdjacentHTML('afterBegin', '<i>1</i>'); d.insertAdjacentText('beforeend', '2'); d.innerHTML"), .string("<i>1</i>2"))
        XCTAssertEqual(js("document.createElement('q').insertAdjacentElement('beforebegin', d)"), .null)
        XCTAssertEqual(thrown("d.insertAdjacentElement('afterbegin', 'text')"), "TypeError")
        XCTAssertEqual(js("[d.toggleAttribute('Hidden'), d.hasAttribute('hidden'), d.toggleAttribute('hidden', true), d.toggleAttribute('hidden'), d.toggleAttribute('hidden', false)].join()"),
                       .string("true,true,true,false,false"))
        XCTAssertEqual(thrown("d.toggleAttribute('a b')"), "InvalidCharacterError")
    }

    func testLiveCollections() throws {
        try load("<body><p id=one name=n></p><form name=f></form></body>")
        js("var all = document.body.getElementsByTagName('*'), ps = document.getElementsByTagName('P'), kids = document.body.childNodes;")
        XCTAssertEqual(js("[all.length, ps.length, kids.length].join()"), .string("2,1,2"))
        js("document.body.appendChild(document.createElement('p'))")
        XCTAssertEqual(js("[all.length, ps.length, kids.length].join()"), .string("3,2,3"))
        XCTAssertEqual(js("ps.namedItem('one') === ps[0] && ps.namedItem('n') === ps[0] && ps.namedItem('') === null"), .bool(true))
        XCTAssertEqual(js("document.body.children.namedItem('f').tagName"), .string("FORM"))
        XCTAssertEqual(js("ps.item(-1) === null && ps[5] === undefined"), .bool(true))
    }

    func testCloneNodeForEveryKind() throws {
        try load("<!DOCTYPE html><body><p class=c>t<!--k--></p></body>")
        XCTAssertEqual(js("var p = document.querySelector('p'), q = p.cloneNode(true); [q.outerHTML, q.parentNode, q.ownerDocument === document].join()"),
                       .string("<p class=\"c\">t<!--k--></p>,,true"))
        XCTAssertEqual(js("p.cloneNode().childNodes.length"), .number(0))
        XCTAssertEqual(js("p.firstChild.cloneNode().data + p.lastChild.cloneNode().data"), .string("tk"))
        XCTAssertEqual(js("document.doctype.cloneNode().name"), .string("html"))
        XCTAssertEqual(js("var a = p.getAttributeNode('class').cloneNode(); [a.value, a.ownerElement].join()"), .string("c,"))
        XCTAssertEqual(js("document.cloneNode(true).documentElement.outerHTML === document.documentElement.outerHTML"), .bool(true))
    }

    /// A deep tree does not exhaust the stack in cloneNode, importNode or isEqualNode.
    func testDeepTreesCloneWithoutRecursion() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
           var root = document.createElement('div'), node = root;
           for (var i = 0; i < 20000; i++) node = node.appendChild(document.createElement('div'));
           var copy = root.cloneNode(true), depth = 0;
           for (var n = copy; n.firstChild; n = n.firstChild) depth++;
           depth
           """), .number(20000))
    }
}
