import XCTest
import TernDOM
@testable import TernScript

/// Namespaces in the DOM (https://dom.spec.whatwg.org/#namespaces), through a
/// real JavaScriptCore window and through TernDOM directly.
final class DOMNamespaceTests: DOMTestCase {
    /// The name of the exception `source` throws, or "none".
    func thrown(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        js("(function () { try { \(source); return 'none'; } catch (e) { return e.name; } })()", file: file, line: line).description
    }

    /// DOM §4.9.1: a parsed document's `xmlns` and `xmlns:p` declarations are
    /// attributes in the XMLNS namespace, which "locate a namespace" reads.
    func testParsedNamespaceDeclarationsAreAttributes() throws {
        try load("<body></body>")
        js("""
            var d = new DOMParser().parseFromString('<root xmlns:a="urn:a" xmlns="urn:d" z="1"><a:x/><child><deep/></child></root>',
              'application/xml'), root = d.documentElement, deep = root.lastChild.firstChild;
            """)
        XCTAssertEqual(js("[deep.lookupNamespaceURI('a'), deep.lookupNamespaceURI(null), deep.lookupPrefix('urn:a'), " +
                          "root.isDefaultNamespace('urn:d'), deep.lookupNamespaceURI('b')].join()"),
                       .string("urn:a,urn:d,a,true,"))
        XCTAssertEqual(js("Array.from(root.attributes, a => a.name + '|' + a.namespaceURI + '|' + a.prefix + '|' + a.localName).join(' ')"),
                       .string("xmlns:a|http://www.w3.org/2000/xmlns/|xmlns|a xmlns|http://www.w3.org/2000/xmlns/|null|xmlns z|null|null|z"))
        XCTAssertEqual(js("root.getAttribute('xmlns:a') + ' ' + root.getAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns')"),
                       .string("urn:a urn:d"))
        XCTAssertEqual(js("new XMLSerializer().serializeToString(d)"),
                       .string(#"<root xmlns:a="urn:a" xmlns="urn:d" z="1"><a:x/><child><deep/></child></root>"#),
                       "each declaration written once")
        // Removing the declaration takes it out of the DOM's view and the serialization.
        js("root.removeAttribute('xmlns:a'); root.lastChild.innerHTML = '<a:y xmlns:a=\"urn:a2\"/>'")
        XCTAssertEqual(js("[deep.isConnected, root.lookupNamespaceURI('a'), root.lastChild.firstChild.namespaceURI].join()"),
                       .string("false,,urn:a2"))
    }

    func testValidateAndExtractThrowsInTheSpecOrder() throws {
        try load("<body></body>")
        let svg = "'http://www.w3.org/2000/svg'"
        // InvalidCharacterError comes before NamespaceError.
        XCTAssertEqual(thrown("document.createElementNS(null, ':a')"), "InvalidCharacterError")
        XCTAssertEqual(thrown("document.createElementNS(null, 'a:')"), "InvalidCharacterError")
        XCTAssertEqual(thrown("document.createElementNS(null, '')"), "InvalidCharacterError")
        XCTAssertEqual(thrown("document.createElementNS(null, 'p/x:a')"), "InvalidCharacterError")
        XCTAssertEqual(thrown("document.createElementNS(null, '1a')"), "InvalidCharacterError")
        XCTAssertEqual(thrown("document.createElementNS(null, 'p:a')"), "NamespaceError")
        XCTAssertEqual(thrown("document.createElementNS('', 'p:a')"), "NamespaceError")
        XCTAssertEqual(thrown("document.createElementNS(undefined, 'p:a')"), "NamespaceError")
        XCTAssertEqual(thrown("document.createElementNS(\(svg), 'xml:a')"), "NamespaceError")
        XCTAssertEqual(thrown("document.createElementNS(\(svg), 'xmlns')"), "NamespaceError")
        XCTAssertEqual(thrown("document.createElementNS(\(svg), 'xmlns:a')"), "NamespaceError")
        XCTAssertEqual(thrown("document.createElementNS('http://www.w3.org/2000/xmlns/', 'a')"), "NamespaceError")
        XCTAssertEqual(thrown("document.createElementNS('http://www.w3.org/XML/1998/namespace', 'xml:a')"), "none")
        XCTAssertEqual(thrown("document.createElementNS('http://www.w3.org/2000/xmlns/', 'xmlns')"), "none")
        XCTAssertEqual(thrown("document.createAttributeNS(null, 'a b')"), "InvalidCharacterError")
        XCTAssertEqual(thrown("document.createAttributeNS(null, 'xmlns')"), "NamespaceError")
        // A huge name is only a name.
        XCTAssertEqual(js("document.createElementNS(\(svg), 'p:' + 'a'.repeat(100000)).localName.length"), .number(100000))
    }

    func testElementNamesKeepTheirCaseOutsideHTML() throws {
        try load("<body></body>")
        XCTAssertEqual(js("var e = document.createElementNS(null, 'Foo'); [e.tagName, e.localName, e.namespaceURI, e.prefix, e.nodeName].join()"),
                       .string("Foo,Foo,,,Foo"))
        XCTAssertEqual(js("var s = document.createElementNS('http://www.w3.org/2000/svg', 'svg:Rect'); [s.tagName, s.localName, s.prefix, s.namespaceURI].join()"),
                       .string("svg:Rect,Rect,svg,http://www.w3.org/2000/svg"))
        XCTAssertEqual(js("var h = document.createElementNS('http://www.w3.org/1999/xhtml', 'x:Div'); [h.tagName, h.localName, h instanceof HTMLElement].join()"),
                       .string("X:DIV,Div,true"))
        XCTAssertEqual(js("document.createElement('DiV').tagName"), .string("DIV"))
        XCTAssertEqual(js("document.createElementNS(null, 'Foo') instanceof HTMLElement"), .bool(false))
        XCTAssertEqual(js("document.createElementNS(null, 'Foo') instanceof Element"), .bool(true))
        // SVG and MathML elements have their interfaces, with the members HTML shares with them.
        XCTAssertEqual(js("var c = document.createElementNS('http://www.w3.org/2000/svg', 'circle'); c.style.color = 'red'; c.dataset.k = 'v'; [c instanceof SVGElement, c instanceof HTMLElement, c.getAttribute('style'), c.getAttribute('data-k'), typeof c.onclick].join()"),
                       .string("true,false,color: red;,v,object"))
        XCTAssertEqual(js("document.createElementNS('http://www.w3.org/1998/Math/MathML', 'mi') instanceof MathMLElement"), .bool(true))
        // The serializer writes the qualified name.
        XCTAssertEqual(js("var d = document.createElement('div'); d.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'svg:Rect')); d.innerHTML"),
                       .string("<svg:Rect></svg:Rect>"))
    }

    func testCreateElementInAnXMLDocumentTakesTheNamespaceOfItsContentType() throws {
        try load("<body></body>")
        // DOM "createElement": the HTML namespace in an application/xhtml+xml document, none in another XML one.
        XCTAssertEqual(js("""
            var x = document.implementation.createDocument('http://www.w3.org/1999/xhtml', 'html', null);
            var p = document.implementation.createDocument(null, 'root', null);
            [x.contentType, x.createElement('Head').namespaceURI, x.createElement('Head').localName,
             p.contentType, p.createElement('Head').namespaceURI].join()
            """), .string("application/xhtml+xml,http://www.w3.org/1999/xhtml,Head,application/xml,"))
        XCTAssertEqual(js("""
            var dt = document.implementation.createDocumentType('html', '', '');
            var d3 = document.implementation.createDocument('http://www.w3.org/1999/xhtml', 'html', dt);
            d3.documentElement.appendChild(d3.createElement('head'));
            d3.documentElement.appendChild(d3.createElement('body'));
            d3.isEqualNode(document.implementation.createHTMLDocument())
            """), .bool(true))
    }

    func testAttributesByQualifiedNameAndByNamespace() throws {
        try load("<body><p id=x></p></body>")
        js("""
           var p = document.getElementById('x');
           p.setAttributeNS('http://example.test/a', 'a:Foo', '1');
           p.setAttributeNS('http://example.test/b', 'b:Foo', '2');
           p.setAttribute('FOO', '3');
           """)
        XCTAssertEqual(js("p.getAttributeNames().join()"), .string("id,a:Foo,b:Foo,foo"))
        // HTML element: the name is lower-cased first, so 'a:Foo' is not found that way…
        XCTAssertEqual(js("p.getAttribute('a:Foo')"), .null)
        XCTAssertEqual(js("p.getAttribute('Foo')"), .string("3"))
        // …but it is on an element outside the HTML namespace.
        XCTAssertEqual(js("var q = document.createElementNS('urn:q', 'q'); q.setAttributeNS('urn:a', 'a:Foo', '1'); q.getAttribute('a:Foo')"), .string("1"))
        XCTAssertEqual(js("p.getAttributeNS('http://example.test/b', 'Foo')"), .string("2"))
        XCTAssertEqual(js("p.hasAttributeNS('http://example.test/a', 'Foo')"), .bool(true))
        XCTAssertEqual(js("p.hasAttributeNS('', 'foo')"), .bool(true))
        // setAttributeNS on an existing attribute keeps its prefix.
        js("p.setAttributeNS('http://example.test/a', 'z:Foo', '4')")
        XCTAssertEqual(js("var n = p.getAttributeNodeNS('http://example.test/a', 'Foo'); [n.name, n.prefix, n.value, n.ownerElement === p].join()"),
                       .string("a:Foo,a,4,true"))
        js("p.removeAttributeNS('http://example.test/a', 'Foo')")
        XCTAssertEqual(js("[n.ownerElement, n.value, p.getAttributeNames().join()].join('|')"), .string("|4|id,b:Foo,foo"))
        // A null-namespace element keeps attribute case.
        XCTAssertEqual(js("var e = document.createElementNS(null, 'e'); e.setAttribute('AbC', 'v'); [e.getAttribute('AbC'), e.getAttribute('abc'), e.attributes[0].name].join()"),
                       .string("v,,AbC"))
        // Near misses of "prefix:local" never match.
        XCTAssertEqual(js("[q.getAttribute('a'), q.getAttribute('a:'), q.getAttribute('a:Fo'), q.getAttribute('a:Foo\\u0000'), q.getAttribute(':Foo'), q.getAttribute('Foo')].join('|')"),
                       .string("|||||"))
        // Reflection reads the attribute in no namespace only.
        XCTAssertEqual(js("var r = document.createElement('div'); r.setAttributeNS('urn:x', 'x:title', 'no'); [r.title, r.hasAttribute('title'), r.hidden = false, r.getAttributeNS('urn:x', 'title')].join()"),
                       .string(",false,false,no"))
        XCTAssertEqual(thrown("p.setAttributeNS(null, 'x:y', '')"), "NamespaceError")
        XCTAssertEqual(thrown("p.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:q', 'urn:q')"), "none")
        XCTAssertEqual(js("p.getAttributeNS('http://www.w3.org/2000/xmlns/', 'q')"), .string("urn:q"))
    }

    func testAttrNodesMoveBetweenElements() throws {
        try load("<body><p id=a></p><p id=b></p></body>")
        XCTAssertEqual(js("""
           var a = document.getElementById('a'), b = document.getElementById('b');
           var attr = document.createAttributeNS('urn:x', 'x:k'); attr.value = 'v';
           var before = a.setAttributeNode(attr);
           [before, attr.ownerElement === a, a.getAttributeNS('urn:x', 'k'), a.attributes.length].join()
           """), .string(",true,v,2"))
        XCTAssertEqual(thrown("b.setAttributeNode(attr)"), "InUseAttributeError")
        XCTAssertEqual(thrown("b.removeAttributeNode(attr)"), "NotFoundError")
        XCTAssertEqual(js("a.removeAttributeNode(attr) === attr && attr.ownerElement === null && b.setAttributeNode(attr) === null"), .bool(true))
        XCTAssertEqual(js("b.attributes['x:k'] === attr && b.attributes.getNamedItemNS('urn:x', 'k') === attr"), .bool(true))
        XCTAssertEqual(js("document.createAttribute('ABC').name"), .string("abc"))
        XCTAssertEqual(thrown("document.createAttribute('a=b')"), "InvalidCharacterError")
    }

    func testLookupNamespaceAndPrefix() throws {
        try load("<body><div id=d></div></body>")
        js("""
           var d = document.getElementById('d');
           var s = document.createElementNS('http://www.w3.org/2000/svg', 's:svg');
           s.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:q', 'urn:q');
           s.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns', 'urn:default');
           var child = document.createElementNS(null, 'c'); s.appendChild(child); d.appendChild(s);
           var text = document.createTextNode('t'); child.appendChild(text);
           """)
        XCTAssertEqual(js("d.lookupNamespaceURI(null)"), .string("http://www.w3.org/1999/xhtml"))
        XCTAssertEqual(js("text.lookupNamespaceURI('s')"), .string("http://www.w3.org/2000/svg"))
        XCTAssertEqual(js("text.lookupNamespaceURI('q')"), .string("urn:q"))
        XCTAssertEqual(js("child.lookupNamespaceURI('')"), .string("urn:default"))
        XCTAssertEqual(js("child.lookupNamespaceURI('xml')"), .string("http://www.w3.org/XML/1998/namespace"))
        XCTAssertEqual(js("child.lookupNamespaceURI('nope')"), .null)
        XCTAssertEqual(js("text.lookupPrefix('urn:q')"), .string("q"))
        XCTAssertEqual(js("child.lookupPrefix('http://www.w3.org/2000/svg')"), .string("s"))
        XCTAssertEqual(js("child.lookupPrefix('')"), .null)
        XCTAssertEqual(js("child.isDefaultNamespace('urn:default')"), .bool(true))
        XCTAssertEqual(js("d.isDefaultNamespace('')"), .bool(false))
        XCTAssertEqual(js("document.isDefaultNamespace('http://www.w3.org/1999/xhtml')"), .bool(true))
        XCTAssertEqual(js("document.createDocumentFragment().lookupNamespaceURI(null)"), .null)
        XCTAssertEqual(js("var at = document.createAttribute('a'); at.lookupNamespaceURI('xml')"), .null)
        XCTAssertEqual(js("s.setAttributeNode(at); at.lookupNamespaceURI('q')"), .string("urn:q"))
    }

    func testGetElementsByTagNameCaseRulesAndNamespaces() throws {
        try load("<body><div></div></body>")
        js("""
           var body = document.body;
           body.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'Rect'));
           body.appendChild(document.createElementNS(null, 'DIV'));
           body.appendChild(document.createElementNS('urn:x', 'x:div'));
           """)
        XCTAssertEqual(js("document.getElementsByTagName('DIV').length"), .number(2)) // the HTML div and the null-namespace DIV
        XCTAssertEqual(js("document.getElementsByTagName('rect').length"), .number(0))
        XCTAssertEqual(js("document.getElementsByTagName('Rect').length"), .number(1))
        XCTAssertEqual(js("document.getElementsByTagName('x:div').length"), .number(1))
        XCTAssertEqual(js("document.getElementsByTagNameNS('*', 'div').length"), .number(2))
        XCTAssertEqual(js("document.getElementsByTagNameNS('', 'DIV').length"), .number(1))
        XCTAssertEqual(js("document.getElementsByTagNameNS(null, '*').length"), .number(1))
        XCTAssertEqual(js("document.getElementsByTagNameNS('http://www.w3.org/2000/svg', '*')[0].localName"), .string("Rect"))
        // Type selectors: any case for HTML elements, exact case for the others.
        XCTAssertEqual(js("document.body.matches('BODY')"), .bool(true))
        XCTAssertEqual(js("document.querySelector('Rect') === document.getElementsByTagName('Rect')[0]"), .bool(true))
        XCTAssertEqual(js("document.querySelector('body > DIV:last-of-type').namespaceURI"), .null)
        XCTAssertEqual(js("document.querySelectorAll('RECT').length"), .number(0))
        XCTAssertEqual(js("var r = document.getElementsByTagName('Rect')[0]; r.appendChild(document.createElement('b')); document.querySelector('Rect b') === r.firstChild && document.querySelector('Rect > b') === r.firstChild"), .bool(true))
        XCTAssertEqual(js("r.firstChild.closest('Rect') === r && r.firstChild.closest('rect')"), .null)
    }

    func testCloneAndImportKeepNamespaces() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
           var s = document.createElementNS('http://www.w3.org/2000/svg', 's:g');
           s.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', '#a');
           s.appendChild(document.createElementNS(null, 'Kid'));
           var doc = document.implementation.createHTMLDocument('');
           var copy = doc.importNode(s, true);
           [copy.ownerDocument === doc, copy.tagName, copy.namespaceURI, copy.attributes[0].name,
            copy.getAttributeNS('http://www.w3.org/1999/xlink', 'href'), copy.firstChild.tagName, copy.isEqualNode(s),
            s.cloneNode(false).firstChild].join()
           """), .string("true,s:g,http://www.w3.org/2000/svg,xlink:href,#a,Kid,true,"))
    }

    /// TernDOM's API that other parts build on: names stored on the nodes.
    func testTernDOMStoresNamespacesOnTheNodes() throws {
        let document = Document(html: "<body></body>")
        let element = try document.createElement(namespace: Namespace.svg, qualifiedName: "svg:circle")
        XCTAssertEqual(element.elementName, Namespace.QualifiedName(namespace: Namespace.svg, prefix: "svg", localName: "circle"))
        XCTAssertEqual(element.tagName, "svg:circle")
        try element.setAttribute(namespace: Namespace.xlink, qualifiedName: "xlink:href", value: "#c")
        XCTAssertEqual(element.attributeList, [Node.Attribute(namespaceURI: Namespace.xlink, prefix: "xlink", localName: "href", value: "#c")])
        XCTAssertEqual(element.outerHTML, "<svg:circle xlink:href=\"#c\"></svg:circle>")
        let html = try document.createElement("P")
        XCTAssertTrue(html.isHTMLElementInHTMLDocument)
        XCTAssertEqual(html.namespaceURI, Namespace.html)
        XCTAssertThrowsError(try Namespace.validateAndExtract(namespace: nil, qualifiedName: "a:b", context: .element)) { error in
            XCTAssertEqual(error as? DOMError, .namespace)
        }
    }
}
