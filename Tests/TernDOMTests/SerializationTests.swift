import XCTest
import TernDOM

final class SerializationTests: XCTestCase {
    private func body(_ html: String) -> Node {
        Document(html: "<!DOCTYPE html><html><head></head><body>" + html + "</body></html>").body!
    }

    func testVoidElementsHaveNoEndTag() {
        // (libxml2 gives HTML 4 boolean attributes such as `disabled` their
        // name as value, so an attribute it does not know shows the empty value.)
        XCTAssertEqual(body("a<br>b<img src=x.png><hr><input data-flag><wbr>").innerHTML,
                       "a<br>b<img src=\"x.png\"><hr><input data-flag=\"\"><wbr>")
    }

    func testAttributeValuesAreEscaped() {
        // & U+00A0 " < > are escaped in attribute values (the HTML standard
        // added < and > in 2025); ' is not.
        let node = body("<p title='say \"hi\" &amp; &nbsp;go' data-x=\"a<b>c\" data-y=\"it's\"></p>").firstChild!
        XCTAssertEqual(node.outerHTML, "<p title=\"say &quot;hi&quot; &amp; &nbsp;go\" data-x=\"a&lt;b&gt;c\" data-y=\"it's\"></p>")
    }

    func testTextIsEscaped() {
        let node = body("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 &nbsp;\"quoted\" 'single'</p>").firstChild!
        XCTAssertEqual(node.innerHTML, "1 &lt; 2 &amp;&amp; 3 &gt; 2 &nbsp;\"quoted\" 'single'")
    }

    func testRawTextElementsAreNotEscaped() {
        let node = body("<script>if (a < b && c > d) {}</script><style>p > a { content: \"&\" }</style><xmp></xmp>")
        // libxml2 parses <xmp> contents as markup; text put in by the DOM is raw.
        node.lastChild!.textContent = "<b>&</b>"
        XCTAssertEqual(node.innerHTML, "<script>if (a < b && c > d) {}</script><style>p > a { content: \"&\" }</style><xmp><b>&</b></xmp>")
        // Text appended to a script by the DOM is raw too.
        let script = node.firstChild!
        script.textContent = "x = 1 < 2"
        XCTAssertEqual(script.outerHTML, "<script>x = 1 < 2</script>")
    }

    func testCommentsAndTheDoctype() {
        let document = Document(html: "<!DOCTYPE html><html><head></head><body><!-- a -- b --><p>x</p></body></html>")
        XCTAssertEqual(document.body?.innerHTML, "<!-- a -- b --><p>x</p>")
        XCTAssertEqual(document.node?.innerHTML, "<!DOCTYPE html><html><head></head><body><!-- a -- b --><p>x</p></body></html>")
    }

    func testOuterHTMLOfTextAndNonASCII() {
        let node = body("<p lang=ja>日本語 &amp; émoji 😀</p>").firstChild!
        XCTAssertEqual(node.outerHTML, "<p lang=\"ja\">日本語 &amp; émoji 😀</p>")
        XCTAssertEqual(node.firstChild?.outerHTML, "日本語 &amp; émoji 😀")
    }

    func testDeepTreesSerialiseWithoutRecursion() {
        let depth = 5_000
        let node = body(String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth))
        let html = node.innerHTML
        XCTAssertEqual(html, String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth))
    }

    // MARK: The innerHTML setter

    func testInnerHTMLRoundTrips() {
        let node = body("<div id=target>old</div>").firstChild!
        let markup = "<p class=\"a b\">x &amp; y</p><br><!--note--><section><article>HTML5 <em>inline</em></article></section>tail &lt;"
        node.innerHTML = markup
        XCTAssertEqual(node.innerHTML, markup)
        XCTAssertEqual(node.firstChild?.name, "p")
        XCTAssertEqual(node.firstChild?.parent, node)
        XCTAssertTrue(node.firstChild!.isConnected)
        assertTreeIsConsistent(node)
        // The parsed nodes answer queries.
        XCTAssertEqual(try node.querySelector("article em")?.textContent, "inline")
    }

    func testInnerHTMLKeepsWhitespaceAndEntities() {
        let node = body("<div></div>").firstChild!
        node.innerHTML = "  <b>a</b> <i>b</i>&copy;&#x41;"
        XCTAssertEqual(node.innerHTML, "  <b>a</b> <i>b</i>©A")
    }

    func testInnerHTMLIgnoresACharsetInTheMarkup() {
        let node = body("<div></div>").firstChild!
        node.innerHTML = "<meta charset=\"iso-8859-1\">café ü"
        XCTAssertEqual(node.innerHTML, "<meta charset=\"iso-8859-1\">café ü")
    }

    func testInnerHTMLReplacesChildrenWhichStayReadable() {
        let node = body("<div><p>old</p></div>").firstChild!
        let old = node.firstChild!
        node.innerHTML = "new"
        XCTAssertEqual(node.innerHTML, "new")
        XCTAssertNil(old.parent)
        XCTAssertEqual(old.outerHTML, "<p>old</p>")
        node.innerHTML = ""
        XCTAssertNil(node.firstChild)
    }

    func testInnerHTMLOfARawTextElementIsText() {
        let script = body("<script></script>").firstChild!
        script.innerHTML = "if (a < b) { x = '<p>' }"
        XCTAssertEqual(Array(script.children).count, 1)
        XCTAssertEqual(script.textContent, "if (a < b) { x = '<p>' }")
        XCTAssertEqual(script.outerHTML, "<script>if (a < b) { x = '<p>' }</script>")
    }

    func testInnerHTMLOnADetachedElementAndAFragment() throws {
        // (Longer than 15 bytes: Document.init(html: String) reads a small
        // string's bytes after withUTF8 has returned; see the report.)
        let document = Document(html: "<html><body><p>x</p></body></html>")
        let element = try document.createElement("div")
        element.innerHTML = "<span>in</span>"
        XCTAssertEqual(element.outerHTML, "<div><span>in</span></div>")
        let fragment = document.createDocumentFragment()
        fragment.innerHTML = "<i>1</i><i>2</i>"
        try document.body!.appendChild(fragment)
        XCTAssertEqual(document.body?.innerHTML, "<p>x</p><i>1</i><i>2</i>")
    }

    func testOuterHTMLSetterReplacesTheElement() {
        let container = body("<div><p id=old>old</p><b>after</b></div>").firstChild!
        let old = container.firstChild!
        old.outerHTML = "<h1>new</h1>text"
        XCTAssertEqual(container.innerHTML, "<h1>new</h1>text<b>after</b>")
        XCTAssertNil(old.parent)
        assertTreeIsConsistent(container)
    }
}
