import XCTest
@testable import TernDOM

/// A page with the constructs libxml2's push parser finds hard to resume:
/// script and style end tags, `</` inside scripts, comments of every shape,
/// quoted '>' in attributes, references, multi-byte text, a doctype.
let trickyPage = """
    <!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
    <html><head><meta charset="utf-8"><title>Tricky &amp; <b>page</b></title>
    <script>if (a </b) { x = "</div>"; y = '<p>'; } // </scrip
    </script><style>p > a { content: "</p>" }</style>
    <!-- a comment with <p>markup</p> -- and dashes --><!---->
    </head><body class="main" data-x='1>2' id=top><!-->empty comment<!--->before
    <h1>Heading — 中文 日本語 한국어</h1>
    <p>First &euro; &#x80; &#8364; &#60;not a tag&#62; &unknown; <a href="/x?a=1&amp;b=2" title="a > b">link</a></p>
    <!--!> still a comment --> <p>Second<br>line</p>
    <textarea name=t><b>not bold</b> &lt; </textarea>
    <ul><li>one<li>two</ul><table><tr><td>cell</td></tr></table>
    <script>document.write("</scripts>");</script><p>after script</p>
    <?php echo "x" ?><p>after pi</p>
    <p>end &#128512; 😀</p></body></html>
    """

/// The tree as text: one line per node, indented by depth.
func dump(_ document: Document) -> String {
    var lines: [String] = []
    func visit(_ node: Node, _ depth: Int) {
        let indent = String(repeating: " ", count: depth)
        switch node.kind {
        case .element:
            let attributes = node.attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
            lines.append(indent + "<\(node.name)\(attributes)>")
        case .text, .cdata: lines.append(indent + "\"\(node.textContent)\"")
        case .comment: lines.append(indent + "<!--\(node.textContent)-->")
        default: lines.append(indent + "\(node.kind)")
        }
        for child in node.children { visit(child, depth + 1) }
    }
    if let root = document.node { visit(root, 0) }
    return lines.joined(separator: "\n")
}

func parse(_ bytes: [UInt8], charset: String? = "utf-8", chunk: Int) -> Document {
    let parser = HTMLParser(charset: charset)
    var offset = 0
    while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        bytes[offset..<end].withUnsafeBytes { parser.feed($0) }
        offset = end
    }
    return parser.finish()
}

final class HTMLParserTests: XCTestCase {
    func testChunkSizesGiveTheSameTree() {
        let bytes = Array(trickyPage.utf8)
        let whole = dump(parse(bytes, chunk: bytes.count))
        XCTAssertTrue(whole.contains("\"Heading — 中文 日本語 한국어\""), whole)
        for chunk in [1, 2, 3, 4, 5, 6, 7, 13, 64] {
            XCTAssertEqual(dump(parse(bytes, chunk: chunk)), whole, "chunk size \(chunk)")
            // Without a charset the first 1024 bytes wait for the <meta> prescan.
            XCTAssertEqual(dump(parse(bytes, charset: nil, chunk: chunk)), whole, "chunk size \(chunk), no charset")
        }
    }

    func testRandomChunkBoundariesGiveTheSameTree() {
        let bytes = Array(trickyPage.utf8)
        let whole = dump(parse(bytes, chunk: bytes.count))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let parser = HTMLParser(charset: "utf-8")
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + Int.random(in: 1...40, using: &generator), bytes.count)
                bytes[offset..<end].withUnsafeBytes { parser.feed($0) }
                offset = end
            }
            XCTAssertEqual(dump(parser.finish()), whole)
        }
    }

    func testTheTrickyPageParsesAsABrowserWould() {
        let document = Document(html: trickyPage)
        XCTAssertEqual(document.title, "Tricky & <b>page</b>")
        XCTAssertEqual(document.body?.attribute("data-x"), "1>2")
        XCTAssertEqual(document.body?.attribute("id"), "top")
        let scripts = document.documentElement?.elements(named: "script") ?? []
        XCTAssertEqual(scripts.count, 2)
        XCTAssertEqual(scripts.first?.textContent, "if (a </b) { x = \"</div>\"; y = '<p>'; } // </scrip\n")
        // "</scripts>" inside a script is text (HTML); libxml2 alone would end the script there.
        XCTAssertEqual(scripts.last?.textContent, "document.write(\"<\\/scripts>\");")
        let text = document.text
        XCTAssertTrue(text.hasPrefix("empty commentbefore\nHeading"), text)
        XCTAssertTrue(text.contains("First € € € <not a tag> &unknown; link"), text)
        XCTAssertTrue(text.contains("<b>not bold</b> <"), text)
        XCTAssertTrue(text.contains("after script\nafter pi"), text)
        XCTAssertTrue(text.contains("end 😀 😀"), text)
        XCTAssertEqual(document.documentElement?.elements(named: "a").first?.attribute("title"), "a > b")
        XCTAssertEqual(document.documentElement?.elements(named: "a").first?.attribute("href"), "/x?a=1&b=2")
    }

    func testCommentsAndScriptsSplitAnywhereParseTheSame() {
        // libxml2's push parser alone drops or runs on at some of these boundaries.
        for html in ["<p>a<!--!> b --> c</p>", "<p>a<!---!> b --> c</p>", "<p>a<!-- x --!> b --> c</p>",
                     "<p>a<!--> b</p>", "<p>a<!---> b</p>", "<script>a</b>c</script><p>after</p>",
                     "<style>a</STYLE ><p>after</p>", "<!DOCTYPE html SYSTEM \"a>b\"><p>q</p>"] {
            let bytes = Array(html.utf8)
            let whole = dump(parse(bytes, chunk: bytes.count))
            for chunk in 1...12 {
                XCTAssertEqual(dump(parse(bytes, chunk: chunk)), whole, "\(html) in chunks of \(chunk)")
            }
        }
        XCTAssertEqual(Document(html: "<p>a<!--!> b --> c</p>").text, "a c")
        XCTAssertEqual(Document(html: "<p>a<!--> b</p>").text, "a b")
    }

    func testThePartialDocumentHasTheFirstParagraphs() {
        var page = "<html><head><title>Streaming</title></head><body><p>First paragraph.</p><p>Second paragraph.</p>"
        let rest = String(repeating: "<p>Later paragraph.</p>", count: 500) + "<p>The end.</p></body></html>"
        let parser = HTMLParser(charset: "utf-8")
        XCTAssertNil(parser.document)
        page.withUTF8 { parser.feed(UnsafeRawBufferPointer($0)) }
        let early = parser.document
        XCTAssertNotNil(early)
        XCTAssertEqual(early?.title, "Streaming")
        XCTAssertTrue(early?.text.hasPrefix("First paragraph.\nSecond paragraph.") ?? false, early?.text ?? "nil")
        XCTAssertFalse(early?.text.contains("The end.") ?? true)
        var tail = rest
        tail.withUTF8 { parser.feed(UnsafeRawBufferPointer($0)) }
        let document = parser.finish()
        XCTAssertTrue(document === early, "the partial document grows into the finished one")
        XCTAssertTrue(document.text.hasSuffix("Later paragraph.\nThe end."))
        XCTAssertTrue(parser.finish() === document)
        XCTAssertTrue(parser.document === document)
    }

    func testThePartialDocumentWaitsForTheEncodingDecision() {
        // Without a charset the first 1024 bytes are needed for the <meta> prescan.
        let parser = HTMLParser(charset: nil)
        Array("<p>short".utf8).withUnsafeBytes { parser.feed($0) }
        XCTAssertNil(parser.document)
        let document = parser.finish()
        XCTAssertEqual(document.text, "short")
        XCTAssertEqual(parser.encoding, "utf-8")
    }

    func testNestingOfAThousandAndAHundredThousandLevels() {
        for depth in [1_000, 100_000] {
            let html = "<body>" + String(repeating: "<div>", count: depth) + "deep"
                + String(repeating: "</div>", count: depth) + "<p>after</p></body>"
            let document = Document(html: html)
            XCTAssertEqual(document.text, "deep\nafter", "depth \(depth)")
            var levels = 0
            var node = document.body
            while let child = node?.elementChildren.first, child.name == "div" {
                levels += 1
                node = child
            }
            XCTAssertEqual(levels, depth)
        }
    }

    func testAMetaCharsetDoesNotMakeLibxml2DecodeTwice() {
        // UTF-8 bytes announced as UTF-8 by HTTP but ISO-8859-1 by <meta>:
        // the header wins, and libxml2 must not switch on its own.
        for meta in ["<meta charset=\"iso-8859-1\">", "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\">"] {
            let bytes = Array("<html><head>\(meta)<title>naïve</title></head><body>café</body></html>".utf8)
            let document = bytes.withUnsafeBytes { Document(html: $0, encoding: "utf-8") }
            XCTAssertEqual(document.title, "naïve")
            XCTAssertEqual(document.text, "café")
            XCTAssertEqual(document.characterSet, "utf-8")
        }
    }

    func testTitleAndTextareaHoldText() {
        let document = Document(html: "<title>a<b>c</b> &lt;d&gt; </titlex></title><body><textarea><p>x</p></TEXTAREA ><p>after</p>")
        XCTAssertEqual(document.title, "a<b>c</b> <d> </titlex>")
        XCTAssertEqual(document.documentElement?.elements(named: "textarea").first?.textContent, "<p>x</p>")
        XCTAssertEqual(document.documentElement?.elements(named: "p").count, 1)
    }

    func testUnfinishedConstructsAtTheEndDoNotLoseText() {
        for (html, expected) in [
            ("<p>a <", "a <"), ("<p>a &#", "a &#"), ("<p>a &#x", "a &#x"), ("<p>a &#x41", "a A"),
            ("<p>a </", "a </"), ("<p>a <!", "a <!"), ("<p>a <!D", "a <!D"), ("<p>a &#128", "a €"),
        ] {
            XCTAssertEqual(Document(html: html).text, expected, html)
        }
        XCTAssertEqual(Document(html: "<title>a <").title, "a <")
        XCTAssertEqual(Document(html: "<title>a </tit").title, "a </tit")
    }

    func testEmptyInput() {
        let parser = HTMLParser(charset: nil)
        let document = parser.finish()
        XCTAssertEqual(document.title, "")
        XCTAssertEqual(document.text, "")
        XCTAssertEqual(Document(html: "").text, "")
    }

    /// The filter's output must not depend on where chunks end.
    func testFilterOutputDoesNotDependOnChunking() {
        let bytes = Array(trickyPage.utf8) + [0x1B, 0x00, 0xC2, 0x80, 0xE2, 0x82, 0xFF, 0xF0, 0x9F, 0x98]
        func run(_ chunk: Int) -> [UInt8] {
            var filter = InputFilter()
            let output = ByteBuffer()
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                bytes[offset..<end].withUnsafeBytes { filter.process($0, into: output) }
                offset = end
            }
            filter.finish(into: output)
            return Array(output.bytes)
        }
        let whole = run(bytes.count)
        for chunk in [1, 2, 3, 5, 7] { XCTAssertEqual(run(chunk), whole, "chunk size \(chunk)") }
    }
}
