import XCTest
import TernDOM

final class DocumentTests: XCTestCase {
    func testTitleIsCollapsedAndTextIsInDocumentOrder() {
        let document = Document(html: """
            <html><head><title>  A   page\n title </title><style>p { color: red }</style>
            <script>var hidden = 1;</script></head>
            <body><h1>Heading</h1><p>First <b>bold</b>   words.</p><ul><li>one</li><li>two</li></ul>
            <div>after<br>break</div></body></html>
            """)
        XCTAssertEqual(document.title, "A page title")
        XCTAssertEqual(document.text, "Heading\nFirst bold words.\none\ntwo\nafter\nbreak")
    }

    func testTextContentBytesAreTheTextContent() {
        let document = Document(html: "<body><p id=p>caf\u{E9} &amp; <b>\u{4E16}</b><!-- note --></p><p id=e></p></body>")
        guard let p = document.getElementById("p"), let empty = document.getElementById("e") else { return XCTFail("no p") }
        var nodes = [p, empty]
        p.walk { nodes.append($0); return true }
        for node in nodes {
            XCTAssertEqual(node.withTextContentUTF8 { Array($0) }, Array(node.textContent.utf8), "\(node.kind)")
        }
        XCTAssertEqual(p.firstChild?.withTextContentUTF8 { String(decoding: $0, as: UTF8.self) }, "caf\u{E9} & ")
    }

    func testHTML5ElementsAreKeptAsBlocks() {
        let document = Document(html: "<body><header>Top</header><main><section><article>Story</article></section></main><footer>End</footer></body>")
        XCTAssertEqual(document.text, "Top\nStory\nEnd")
    }

    func testDeepNestingDoesNotStopTheParser() {
        // libxml2 2.9 stops at depth 256 without XML_PARSE_HUGE.
        let depth = 5_000
        let html = "<body>" + String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth) + "<p>after</p></body>"
        let document = Document(html: html)
        XCTAssertEqual(document.text, "deep\nafter")
    }

    func testTheCharsetParameterDecodesLegacyBytes() {
        // "café" in ISO-8859-1.
        let bytes: [UInt8] = Array("<title>caf".utf8) + [0xE9] + Array("</title>".utf8)
        let document = bytes.withUnsafeBytes { Document(html: $0, encoding: "iso-8859-1") }
        XCTAssertEqual(document.title, "café")
    }

    func testMetaCharsetIsHonouredWithoutAHeader() {
        let bytes: [UInt8] = Array("<html><head><meta charset=\"iso-8859-1\"><title>na".utf8) + [0xEF] + Array("ve</title></head></html>".utf8)
        let document = bytes.withUnsafeBytes { Document(html: $0, encoding: nil) }
        XCTAssertEqual(document.title, "naïve")
    }

    func testEmptyInputGivesAnEmptyDocument() {
        let document = Document(html: "")
        XCTAssertEqual(document.title, "")
        XCTAssertEqual(document.text, "")
    }
}

final class TraversalTests: XCTestCase {
    func testTraverseEntersLeavesAndSkipsInDocumentOrder() throws {
        let document = Document(html: "<html><body><div>a<b>b</b><i></i></div><p hidden>c<span>d</span></p>e<!-- f --></body></html>")
        let root = try XCTUnwrap(document.documentElement)
        var events: [String] = []
        var open: [String] = []
        root.traverse(entering: { node in
            events.append("<" + node.name)
            if node.hasAttribute("hidden") { return false }
            open.append(node.name)
            return true
        }, text: { node in
            events.append(node.textContent)
        }, leaving: {
            events.append("/" + open.removeLast())
        })
        // The parser's implied <head> comes first (HTML §13.2.6.4.3).
        XCTAssertEqual(events, ["<html", "<head", "/head", "<body", "<div", "a", "<b", "b", "/b", "<i", "/i", "/div", "<p", "e", "/body", "/html"])
        XCTAssertTrue(open.isEmpty, "every element entered is left")
    }
}
