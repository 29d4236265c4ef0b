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

/// Parses `bytes` fed in chunks that end at `cuts` (ascending offsets) and at the end.
func parse(_ bytes: [UInt8], charset: String? = "utf-8", cuts: [Int]) -> Document {
    let parser = HTMLParser(charset: charset)
    var offset = 0
    for cut in cuts + [bytes.count] where cut > offset {
        bytes[offset..<min(cut, bytes.count)].withUnsafeBytes { parser.feed($0) }
        offset = min(cut, bytes.count)
    }
    return parser.finish()
}

/// SplitMix64: a tiny seeded generator, so random chunkings are the same on every run.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in 1...limit (the tiny modulo bias does not matter here).
    mutating func next(upTo limit: Int) -> Int { 1 + Int(next() % UInt64(limit)) }
}

/// The byte offset of the `occurrence`th (from 0) `needle` in `bytes`.
func offset(of needle: String, in bytes: [UInt8], occurrence: Int = 0) -> Int {
    let pattern = Array(needle.utf8)
    var seen = 0
    for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern) {
        if seen == occurrence { return start }
        seen += 1
    }
    preconditionFailure("\(needle) not found")
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

    /// HTML §13.2.6.4.3–4: `head` and `body` always exist, in that order,
    /// whatever the markup leaves out, and in the same place for any chunking.
    func testHeadAndBodyAreImplied() throws {
        for (markup, children) in [("<p>x", ["head", "body"]), ("<title>t</title>", ["head", "body"]),
                                   ("<!--c--><div>x</div>", ["head", "body"]), ("<head></head><p>x", ["head", "body"]),
                                   ("<frameset></frameset>", ["head", "frameset"])] {
            let document = Document(html: markup)
            let root = try XCTUnwrap(document.documentElement)
            XCTAssertEqual(root.elementChildren.map(\.name), children, markup)
            let bytes = Array(markup.utf8)
            let whole = dump(parse(bytes, chunk: bytes.count))
            for chunk in 1...4 { XCTAssertEqual(dump(parse(bytes, chunk: chunk)), whole, "\(markup), chunk size \(chunk)") }
        }
        XCTAssertNotNil(Document(html: "<p>x").head)
    }

    /// HTML §13.2.6.4.4: in the head, a start tag of anything but head
    /// content ends it and opens the body (libxml2 kept `input`, `button`,
    /// `select` … in the head); what follows stays in the body.
    func testContentInTheHeadEndsItAndOpensTheBody() throws {
        for name in ["input", "button", "select", "textarea", "label", "form", "iframe", "div"] {
            let markup = "<title>t</title><meta charset=utf-8><\(name) id=x></\(name)><p>after</p><link rel=x>"
            let document = Document(html: markup)
            let root = try XCTUnwrap(document.documentElement)
            XCTAssertEqual(root.elementChildren.map(\.name), ["head", "body"], markup)
            XCTAssertEqual(document.head?.elementChildren.map(\.name), ["title", "meta"], markup)
            XCTAssertEqual(document.body?.elementChildren.map(\.name), [name, "p", "link"], markup)
            let bytes = Array(markup.utf8)
            let whole = dump(parse(bytes, chunk: bytes.count))
            for chunk in [1, 3] { XCTAssertEqual(dump(parse(bytes, chunk: chunk)), whole, "\(markup), chunk size \(chunk)") }
        }
        // A select's options go on inside it, in the body.
        let document = Document(html: "<head><select><option>a<option>b</select></head><body><p>x")
        XCTAssertEqual(document.body?.elementChildren.map(\.name), ["select", "p"])
        XCTAssertEqual(document.body?.firstElementChild?.elementChildren.count, 2)
    }

    func testTheParserListsTheScriptElementsItMade() {
        func scripts(_ html: String, chunk: Int = 1) -> [String] {
            let parser = HTMLParser(charset: "utf-8")
            let bytes = Array(html.utf8)
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { parser.feed($0) }
            }
            let document = parser.finish()
            let listed = document.parserScriptElements ?? []
            // The same elements a walk of the whole tree finds, in the same order.
            XCTAssertEqual(listed, document.documentElement?.elements(named: "script") ?? [], html)
            return listed.map { $0.attribute("src") ?? $0.textContent }
        }
        XCTAssertEqual(scripts("<p>No <b>scripts</b> here; <scripted> is another tag, so is <scrip>.</p>"), [])
        XCTAssertEqual(scripts("<!-- <script>in a comment</script> --><p>text &lt;script&gt;</p>"), [])
        XCTAssertEqual(scripts("<noscript>without</noscript><textarea><script></textarea>"), [])
        XCTAssertEqual(scripts("<p>a</p><SCRIPT>x = 1</SCRIPT>"), ["x = 1"])
        XCTAssertEqual(scripts("<head><script src=h.js></script></head><body><p>a</p><script src=a.js /><div><script>b()</script></div>", chunk: 3),
                       ["h.js", "a.js", "b()"])
        XCTAssertNil(Document(html: "<script>x</script>").parserScriptElements, "a document not read by the streaming parser is walked")
    }

    func testRandomChunkBoundariesGiveTheSameTree() {
        // Seeded, so a failure names a chunking that fails on every run.
        let bytes = Array(trickyPage.utf8)
        let whole = dump(parse(bytes, chunk: bytes.count))
        for seed in UInt64(1)...200 {
            var generator = SplitMix64(seed: seed)
            var cuts: [Int] = []
            var offset = 0
            while offset < bytes.count {
                offset = min(offset + generator.next(upTo: 40), bytes.count)
                cuts.append(offset)
            }
            XCTAssertEqual(dump(parse(bytes, cuts: cuts)), whole, "seed \(seed), chunks ending at \(cuts)")
        }
    }

    func testAScriptWhoseTextBeganWithEndTagLikeTextDoesNotSwallowThePage() {
        // The splits that failed: chunks ending in 191...193 (before "</div>" in the
        // first script's string, after the "</b" libxml2 already parsed past) and
        // in 216...223 (before "</scrip" + newline, just before the real end tag).
        // libxml2 then read "</div>…// " as script text that began with "</", took
        // that to mean an end tag follows, and ate "</scrip\n</script>" as one
        // unknown end tag: the script swallowed "</head><body …" and the rest.
        let bytes = Array(trickyPage.utf8)
        let whole = dump(parse(bytes, chunk: bytes.count))
        let div = offset(of: "\"</div>", in: bytes) + 1
        let scrip = offset(of: "</scrip\n", in: bytes)
        XCTAssertEqual([div, scrip], [191, 216], "trickyPage changed: the offsets below moved")
        for first in div...(div + 2) {
            for second in scrip...(scrip + 7) {
                XCTAssertEqual(dump(parse(bytes, cuts: [first, second])), whole, "chunks ending at \(first), \(second)")
            }
        }
        // The same in a small page, split every way into three chunks.
        let small = Array("<p>a</p><script>a </b x = \"</div>\"; // </scrip\n</script><p>after</p>".utf8)
        let smallWhole = dump(parse(small, chunk: small.count))
        XCTAssertTrue(smallWhole.contains("\"after\""), smallWhole)
        for first in 1..<small.count {
            for second in first..<small.count {
                XCTAssertEqual(dump(parse(small, cuts: [first, second])), smallWhole, "chunks ending at \(first), \(second)")
            }
        }
    }

    func testEveryTwoChunkSplitGivesTheSameTree() {
        let small = """
            <!DOCTYPE html><html><head><title>A &amp; <b>B</b> </tit</title>
            <script>if (a </b) { s = "</div></scrip"; } /* <!-- */</script>
            <style>p > a { content: "</p>" } </styl</STYLE >
            <!-- comment <p> -- --><!----><!-->x<!--->y<!--!> z --!></head>
            <body><p>one &#x80; &lt;<textarea><b>t</b> </textarea >
            <script></script><script>x</s</script><style></style>end</p></body></html>
            """
        for page in [trickyPage, small] {
            let bytes = Array(page.utf8)
            let whole = dump(parse(bytes, chunk: bytes.count))
            let wholeSniffed = dump(parse(bytes, charset: nil, chunk: bytes.count))
            for cut in 1..<bytes.count {
                XCTAssertEqual(dump(parse(bytes, cuts: [cut])), whole, "split at \(cut) of \(page.prefix(20))")
                XCTAssertEqual(dump(parse(bytes, charset: nil, cuts: [cut])), wholeSniffed, "no charset, split at \(cut)")
            }
        }
    }

    /// libxml2 gets a script's or style's text only together with its end tag.
    func testTheFilterHandsOverScriptTextOnlyWithItsEndTag() {
        let bytes = Array(trickyPage.utf8)
        var filter = InputFilter()
        let output = ByteBuffer()
        var handedOver = 0
        for index in bytes.indices {
            bytes[index...index].withUnsafeBytes { filter.process($0, into: output) }
            XCTAssertGreaterThanOrEqual(filter.safeCount, handedOver)
            handedOver = filter.safeCount
            let safe = String(decoding: UnsafeRawBufferPointer(rebasing: output.bytes[..<handedOver]), as: UTF8.self)
            // Either every script and style handed over is closed, or the text
            // ends with the start tag (the element exists; its text waits).
            for name in ["script", "style"] {
                guard let start = safe.range(of: "<\(name)>", options: .backwards) else { continue }
                let closed = safe.range(of: "</\(name)>", options: .backwards).map { $0.lowerBound > start.lowerBound }
                XCTAssertTrue(closed == true || start.upperBound == safe.endIndex,
                              "handed over inside <\(name)> after byte \(index)")
            }
        }
        filter.finish(into: output)
        XCTAssertEqual(filter.safeCount, output.count)
    }

    func testStreamingStopsOnlyAtTheScriptAndAScriptThatNeverEndsIsParsedAtTheEnd() {
        let parser = HTMLParser(charset: "utf-8")
        Array("<html><body><p>before</p><script>var s = \"</div>\"; ".utf8).withUnsafeBytes { parser.feed($0) }
        XCTAssertEqual(parser.document?.text, "before")
        Array("f(); </script><p>after</p><p>".utf8).withUnsafeBytes { parser.feed($0) }
        XCTAssertEqual(parser.document?.documentElement?.elements(named: "script").first?.textContent,
                       "var s = \"</div>\"; f(); ")
        XCTAssertEqual(parser.document?.text, "before\nafter")

        let unended = HTMLParser(charset: "utf-8")
        Array("<p>before</p><script>var s = \"</div>\"; ".utf8).withUnsafeBytes { unended.feed($0) }
        Array("</scrip\n<p>never".utf8).withUnsafeBytes { unended.feed($0) }
        XCTAssertEqual(unended.document?.text, "before")
        let document = unended.finish()
        XCTAssertEqual(document.documentElement?.elements(named: "script").first?.textContent,
                       "var s = \"</div>\"; </scrip\n<p>never")
        XCTAssertEqual(document.text, "before")
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

    /// Fed a byte at a time, the filter reads every tag through `step`; given
    /// more, it reads what it can through its fast path for tags, which must
    /// leave the same output and state.
    func testTheFastPathForTagsAgreesWithStepping() {
        let long = String(repeating: "n", count: 99)
        var bytes = Array(trickyPage.utf8) + Array("""
            <a href\u{0C}="&#128;">1</a><a b \u{0C}="&#129;"><a \u{0C}b="y" c\u{01}d>2</a><p a b = "c" d='e' f\t>3</p>
            <A HREF="é" b="&#x41;" c=unquoted&#65; d\u{0C}e>4</A ></A\u{0C}><b\u{80}>\u{7F}</b
            ><\(long)x y=1>5</\(long)x><p x\(long)yz="1"><p x\(long)=1><p\((0..<1_002).map { " a\($0)='\($0)'" }.joined())>
            <script src="a.js" async></script><title lang=en>t</title><textarea\ncols="3">a</textarea><p/><br a/>
            """.utf8)
        for raw: [UInt8] in [[0x3C, 0x61, 0x20, 0x62, 0xF0, 0x9F, 0x98, 0x80, 0x3E], [0x3C, 0x61, 0xE2, 0x82], [0x3C, 0x61, 0x62]] {
            bytes += raw
        }
        func run(_ chunk: Int) -> ([UInt8], InputFilter.State) {
            var filter = InputFilter()
            let output = ByteBuffer()
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                bytes[start..<min(start + chunk, bytes.count)].withUnsafeBytes { filter.process($0, into: output) }
            }
            let state = filter.state
            filter.finish(into: output)
            return (Array(output.bytes), state)
        }
        let stepped = run(1)
        for chunk in [bytes.count, 2, 3, 7, 64, 1000] {
            let read = run(chunk)
            XCTAssertEqual(read.0, stepped.0, "chunk size \(chunk)")
            XCTAssertEqual(read.1, stepped.1, "chunk size \(chunk)")
        }
    }
}
