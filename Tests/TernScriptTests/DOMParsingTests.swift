import XCTest
import TernDOM
@testable import TernScript

/// DOMParser, XMLSerializer, createDocument/createDocumentType and what a
/// document says about itself, in a real JavaScriptCore window.
final class DOMParsingTests: DOMTestCase {
    private func string(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        js(source, file: file, line: line).description
    }

    // MARK: DOMParser

    func testEachXMLTypeParsesIntoADocumentOfThatType() throws {
        try load("<p>x</p>")
        for type in ["text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml"] {
            js("var d = new DOMParser().parseFromString('<foo a=\"1\"><bar/>text</foo>', '\(type)')")
            XCTAssertEqual(string("d.contentType"), type)
            XCTAssertEqual(string("d instanceof Document && !(d instanceof XMLDocument)"), "true")
            XCTAssertEqual(string("d.documentElement.localName + ' ' + d.documentElement.firstChild.localName"), "foo bar")
            XCTAssertEqual(string("d.documentElement.getAttribute('a')"), "1")
            XCTAssertEqual(string("[d.characterSet, d.charset, d.inputEncoding, d.compatMode].join()"), "UTF-8,UTF-8,UTF-8,CSS1Compat")
            XCTAssertEqual(string("d.URL + ' ' + d.documentURI"), "https://example.test/dir/page.html https://example.test/dir/page.html")
            XCTAssertEqual(string("d.location"), "null")
        }
    }

    func testXMLIsCaseSensitiveAndKeepsCDATAAndProcessingInstructions() throws {
        try load("<p>x</p>")
        js("var d = new DOMParser().parseFromString('<?pi data?><Root><Child/><![CDATA[a<b]]></Root>', 'application/xml')")
        XCTAssertEqual(string("d.documentElement.localName + ' ' + d.documentElement.firstChild.localName"), "Root Child")
        XCTAssertEqual(string("d.firstChild.nodeType + ' ' + d.documentElement.lastChild.nodeType"), "7 4")
        XCTAssertEqual(string("d.createElement('MixedCase').localName"), "MixedCase")
        XCTAssertEqual(string("new XMLSerializer().serializeToString(d)"), "<?pi data?><Root><Child/><![CDATA[a<b]]></Root>")
    }

    func testTextHTMLParsesWithTheHTMLParserAndRunsNoScript() throws {
        try load("<p>x</p>")
        js("var d = new DOMParser().parseFromString('<!DOCTYPE html><title>T</title><script>window.ran = 1<\\/script><noscript><p>a</p></noscript><P>b', 'text/html')")
        XCTAssertEqual(string("d instanceof HTMLDocument"), "true")
        XCTAssertEqual(string("d.contentType + ' ' + d.compatMode + ' ' + d.title"), "text/html CSS1Compat T")
        XCTAssertEqual(string("typeof window.ran"), "undefined")
        XCTAssertEqual(string("d.querySelector('noscript').children.length"), "1", "scripting is disabled: noscript holds markup")
        XCTAssertEqual(string("d.querySelectorAll('p').length"), "2")
        XCTAssertEqual(string("new DOMParser().parseFromString('<p>quirky', 'text/html').compatMode"), "BackCompat")
        XCTAssertEqual(string("new DOMParser().parseFromString('', 'text/html').body.localName"), "body")
    }

    func testAnUnknownTypeIsATypeError() throws {
        try load("<p>x</p>")
        XCTAssertEqual(string("try { new DOMParser().parseFromString('<a/>', 'text/plain'); 'no' } catch (e) { e.name }"), "TypeError")
    }

    func testAWellFormednessErrorGivesTheParserErrorDocument() throws {
        try load("<p>x</p>")
        for source in ["<foo>", "", "<a></b>", "<a x:y='1'/>", "<a b=c/>", "<a/><b/>", "&undeclared;<a/>"] {
            js("var d = new DOMParser().parseFromString(\(jsString(source)), 'image/svg+xml')")
            XCTAssertEqual(string("d.documentElement.localName"), "parsererror", source)
            XCTAssertEqual(string("d.childNodes.length + ' ' + d.getElementsByTagName('parsererror').length"), "1 1", source)
            XCTAssertEqual(string("d.contentType"), "image/svg+xml")
            XCTAssertTrue(string("new XMLSerializer().serializeToString(d)")
                .hasPrefix("<parsererror xmlns=\"http://www.mozilla.org/newlayout/xml/parsererror.xml\">error on line"), source)
        }
    }

    private func jsString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    // MARK: Hostile XML

    func testAnExternalEntityIsNeverRead() throws {
        try load("<p>x</p>")
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("tern-xxe-\(getpid()).txt")
        try "SECRET-CONTENT".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let sources = [
            "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>",
            "<!DOCTYPE x [<!ENTITY e SYSTEM \"\(secret.path)\">]><x>&e;</x>",
            "<!DOCTYPE x [<!ENTITY e SYSTEM \"file://\(secret.path)\">]><x a=\"&e;\">&e;</x>",
            "<!DOCTYPE x [<!ENTITY % p SYSTEM \"file://\(secret.path)\"> %p;]><x/>",
            "<!DOCTYPE x SYSTEM \"file://\(secret.path)\"><x/>",
        ]
        for source in sources {
            js("var d = new DOMParser().parseFromString(\(jsString(source)), 'text/xml')")
            let text = string("new XMLSerializer().serializeToString(d) + d.documentElement.textContent")
            XCTAssertFalse(text.contains("SECRET-CONTENT") || text.contains("root:"), "\(source) read the file: \(text)")
        }
    }

    func testInternalEntitiesAreExpanded() throws {
        try load("<p>x</p>")
        js("var d = new DOMParser().parseFromString('<!DOCTYPE foo [ <!ENTITY x \"y\"> <!ENTITY z \"<b>&x;</b>\"> ]><foo a=\"&x;&x;\">&x;&z;</foo>', 'text/xml')")
        XCTAssertEqual(string("new XMLSerializer().serializeToString(d.documentElement)"), "<foo a=\"yy\">y<b>y</b></foo>")
        XCTAssertEqual(string("new XMLSerializer().serializeToString(d.doctype) + ' ' + d.doctype.publicId.length"), "<!DOCTYPE foo> 0")
    }

    func testBillionLaughsEndsInAParseError() throws {
        try load("<p>x</p>")
        var source = "<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        source += "<!ENTITY lol1 \"" + String(repeating: "&lol;", count: 10) + "\">"
        for level in 2...9 { source += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">" }
        source += "]><lolz>&lol9;</lolz>"
        let started = Date()
        js("var d = new DOMParser().parseFromString(\(jsString(source)), 'application/xml')")
        XCTAssertEqual(string("d.documentElement.localName"), "parsererror")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        // The same in an attribute value.
        js("var d = new DOMParser().parseFromString(\(jsString(source.replacingOccurrences(of: "<lolz>&lol9;</lolz>", with: "<lolz a=\"&lol9;\"/>"))), 'application/xml')")
        XCTAssertEqual(string("d.documentElement.localName"), "parsererror")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testTenMegabytesParse() throws {
        try load("<p>x</p>")
        // ~10.5 MB: 700 000 elements.
        js("var big = '<r>' + '<item>0123</item>'.repeat(700000) + '</r>'")
        XCTAssertGreaterThan(Int(string("big.length")) ?? 0, 10_000_000)
        XCTAssertEqual(string("new DOMParser().parseFromString(big, 'text/xml').documentElement.childNodes.length"), "700000")
        // libxml2's XML parser stops at 256 levels (Chromium goes on): a parse error, a limitation of Tern.
        XCTAssertEqual(string("new DOMParser().parseFromString('<a>'.repeat(255) + '</a>'.repeat(255), 'text/xml').documentElement.localName"), "a")
        XCTAssertEqual(string("new DOMParser().parseFromString('<a>'.repeat(300) + '</a>'.repeat(300), 'text/xml').documentElement.localName"), "parsererror")
        // A tree a script builds deeper than any stack still serializes.
        XCTAssertEqual(string("var x = new Document(), e = x.appendChild(x.createElement('e')); for (var i = 0; i < 30000; i++) e = e.appendChild(x.createElement('e')); new XMLSerializer().serializeToString(x).length"), "\(30_000 * 7 + 4)")
        // Past the cap: a parse error, not an attempt.
        js("var huge = '<r>' + 'x'.repeat(\(XMLParser.maximumInputLength)) + '</r>'")
        XCTAssertEqual(string("new DOMParser().parseFromString(huge, 'text/xml').documentElement.localName"), "parsererror")
    }

    func testXHTMLDoctypeGivesHTMLEntities() throws {
        try load("<p>x</p>")
        js("var d = new DOMParser().parseFromString('<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"><html xmlns=\"http://www.w3.org/1999/xhtml\"><p>a&nbsp;b&hellip;</p></html>', 'application/xhtml+xml')")
        XCTAssertEqual(string("d.documentElement.textContent"), "a\u{A0}b\u{2026}")
        XCTAssertEqual(string("d.doctype.name + '|' + d.doctype.publicId + '|' + d.doctype.systemId"),
                       "html|-//W3C//DTD XHTML 1.0 Strict//EN|http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd")
    }

    // MARK: XMLSerializer

    func testNamespacesAndPrefixesRoundTrip() throws {
        try load("<p>x</p>")
        let sources = [
            "<root xmlns=\"urn:a\" xmlns:b=\"urn:b\"><b:child b:attr=\"1\" xml:lang=\"en\"><inner/></b:child></root>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><use xlink:href=\"#a\"/></svg>",
            "<root xmlns=\"urn:bar\"><outer xmlns=\"\"><inner>value1</inner></outer></root>",
            "<a:x xmlns:a=\"urn:1\"><a:y xmlns:a=\"urn:2\"/></a:x>",
        ]
        for source in sources {
            XCTAssertEqual(string("new XMLSerializer().serializeToString(new DOMParser().parseFromString(\(jsString(source)), 'text/xml'))"), source)
        }
        // Redundant declarations are dropped (DOM-Parsing issue 47).
        XCTAssertEqual(string("new XMLSerializer().serializeToString(new DOMParser().parseFromString('<root xmlns=\"u1\"><child xmlns=\"u1\"/></root>', 'text/xml'))"),
                       "<root xmlns=\"u1\"><child/></root>")
    }

    func testEveryNodeTypeSerializes() throws {
        try load("<p>x</p>")
        js("""
        var d = new DOMParser().parseFromString('<!DOCTYPE r PUBLIC "p" "s"><?t d?><r a="&quot;&amp;&#9;&#10;">&lt;&amp;&gt;<![CDATA[<c>]]><!--k--></r>', 'text/xml');
        var s = new XMLSerializer();
        """)
        XCTAssertEqual(string("s.serializeToString(d)"), "<!DOCTYPE r PUBLIC \"p\" \"s\"><?t d?><r a=\"&quot;&amp;&#9;&#10;\">&lt;&amp;&gt;<![CDATA[<c>]]><!--k--></r>")
        XCTAssertEqual(string("s.serializeToString(d.documentElement.firstChild)"), "&lt;&amp;&gt;")
        XCTAssertEqual(string("s.serializeToString(d.documentElement.lastChild)"), "<!--k-->")
        XCTAssertEqual(string("s.serializeToString(d.firstChild)"), "<!DOCTYPE r PUBLIC \"p\" \"s\">")
        XCTAssertEqual(string("s.serializeToString(d.childNodes[1])"), "<?t d?>")
        XCTAssertEqual(string("s.serializeToString(document.implementation.createDocumentType('x', '', 'sys'))"), "<!DOCTYPE x SYSTEM \"sys\">")
        // HTML elements are in the XHTML namespace; void elements close themselves.
        XCTAssertEqual(string("var f = document.createDocumentFragment(); f.append(document.createElement('div'), document.createElement('br'), 'x'); s.serializeToString(f)"),
                       "<div xmlns=\"http://www.w3.org/1999/xhtml\"></div><br xmlns=\"http://www.w3.org/1999/xhtml\" />x")
        XCTAssertEqual(string("try { s.serializeToString({}); 'no' } catch (e) { e.name }"), "TypeError")
    }

    func testTheWellFormedFlagThrowsInvalidStateError() throws {
        try load("<p>x</p>")
        js("var d = new DOMParser().parseFromString('<r><c/></r>', 'application/xml'), r = d.documentElement")
        XCTAssertEqual(string("r.innerHTML + ' ' + r.outerHTML"), "<c/> <r><c/></r>")
        // A comment with "--" is not well-formed: innerHTML (flag set) throws, XMLSerializer (flag unset) writes it.
        js("r.appendChild(d.createComment('a--b'))")
        XCTAssertEqual(string("try { r.innerHTML; 'no' } catch (e) { e.name }"), "InvalidStateError")
        XCTAssertEqual(string("new XMLSerializer().serializeToString(r)"), "<r><c/><!--a--b--></r>")
        js("r.lastChild.remove(); r.appendChild(d.createTextNode('\\u0001'))")
        XCTAssertEqual(string("try { r.outerHTML; 'no' } catch (e) { e.name }"), "InvalidStateError")
    }

    func testInnerHTMLInAnXMLDocumentParsesXML() throws {
        try load("<p>x</p>")
        js("var d = new DOMParser().parseFromString('<r xmlns=\"urn:r\" xmlns:p=\"urn:p\"><old/></r>', 'application/xml'), r = d.documentElement")
        js("r.innerHTML = '<Kid p:a=\"1\"/><p:q>t</p:q>'")
        XCTAssertEqual(string("r.childNodes.length + ' ' + r.firstChild.localName"), "2 Kid")
        XCTAssertEqual(string("new XMLSerializer().serializeToString(r)"), "<r xmlns=\"urn:r\" xmlns:p=\"urn:p\"><Kid p:a=\"1\"/><p:q>t</p:q></r>")
        XCTAssertEqual(string("try { r.innerHTML = '<unclosed>'; 'no' } catch (e) { e.name }"), "SyntaxError")
        XCTAssertEqual(string("r.childNodes.length"), "2", "a failed parse changes nothing")
        js("r.firstChild.outerHTML = '<a/><b/>'")
        XCTAssertEqual(string("new XMLSerializer().serializeToString(r)"), "<r xmlns=\"urn:r\" xmlns:p=\"urn:p\"><a/><b/><p:q>t</p:q></r>")
    }

    // MARK: DOMImplementation and document facts

    func testCreateDocumentMakesAnXMLDocument() throws {
        try load("<p>x</p>")
        js("var x = document.implementation.createDocument(null, 'root', null)")
        XCTAssertEqual(string("x instanceof XMLDocument"), "true")
        XCTAssertEqual(string("[x.contentType, x.URL, x.documentURI, x.compatMode, x.characterSet].join()"),
                       "application/xml,about:blank,about:blank,CSS1Compat,UTF-8")
        XCTAssertEqual(string("x.documentElement.localName + ' ' + x.childNodes.length"), "root 1")
        XCTAssertEqual(string("document.implementation.createDocument('http://www.w3.org/1999/xhtml', '').contentType"), "application/xhtml+xml")
        XCTAssertEqual(string("document.implementation.createDocument('http://www.w3.org/2000/svg', null).contentType"), "image/svg+xml")
        XCTAssertEqual(string("document.implementation.createDocument('urn:x', '').childNodes.length"), "0")
        XCTAssertEqual(string("try { document.implementation.createDocument(null, 'a', {}); 'no' } catch (e) { e.name }"), "TypeError")
        // new Document() is an XML document too (not an XMLDocument).
        XCTAssertEqual(string("var n = new Document(); [n instanceof XMLDocument, n.contentType, n.childNodes.length].join()"), "false,application/xml,0")
        XCTAssertEqual(string("new Document().createElement('aBc').localName"), "aBc")
        XCTAssertEqual(string("x.cloneNode(true).contentType + ' ' + (x.cloneNode(true) instanceof XMLDocument)"), "application/xml true")
    }

    func testCreateDocumentTypeValidatesTheName() throws {
        try load("<p>x</p>")
        XCTAssertEqual(string("var t = document.implementation.createDocumentType('svg:svg', 'pub', 'sys'); [t.nodeType, t.name, t.publicId, t.systemId, t.ownerDocument === document].join()"),
                       "10,svg:svg,pub,sys,true")
        // The current DOM accepts any name without ASCII whitespace, U+0000 or ">".
        XCTAssertEqual(string("document.implementation.createDocumentType('1:bad?', '', '').name"), "1:bad?")
        XCTAssertEqual(string("document.implementation.createDocumentType('', '', '').name"), "")
        for bad in ["a b", "a>", "a\\u0000", "\\t"] {
            XCTAssertEqual(string("try { document.implementation.createDocumentType('\(bad)', '', ''); 'no' } catch (e) { e.name }"), "InvalidCharacterError", bad)
        }
    }

    func testCreateHTMLDocument() throws {
        try load("<p>x</p>")
        js("var h = document.implementation.createHTMLDocument('A & <b>')")
        XCTAssertEqual(string("h instanceof HTMLDocument"), "true")
        XCTAssertEqual(string("[h.title, h.contentType, h.compatMode, h.characterSet, h.URL, h.doctype.name].join()"),
                       "A & <b>,text/html,CSS1Compat,UTF-8,about:blank,html")
        XCTAssertEqual(string("h.documentElement.outerHTML"), "<html><head><title>A &amp; &lt;b&gt;</title></head><body></body></html>")
        XCTAssertEqual(string("document.implementation.createHTMLDocument().querySelector('title')"), "null")
    }

    func testTheMainDocumentsFacts() throws {
        try load("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\" \"http://www.w3.org/TR/html4/loose.dtd\"><p>x</p>")
        XCTAssertEqual(string("[document.contentType, document.compatMode, document.characterSet, document.URL].join()"),
                       "text/html,CSS1Compat,UTF-8,https://example.test/dir/page.html")
        XCTAssertEqual(string("document.doctype.publicId"), "-//W3C//DTD HTML 4.01 Transitional//EN")
        try load("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\"><p>x</p>")
        XCTAssertEqual(string("document.compatMode"), "BackCompat")
    }
}
