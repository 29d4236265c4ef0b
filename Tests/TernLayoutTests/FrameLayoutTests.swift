import XCTest
import TernCSS
import TernDOM
@testable import TernLayout

/// Frames drawn inline (`LayoutOptions.frameContent`): the box and its
/// title, the frame's links and controls in the page's, nesting, the depth
/// guard, unavailable frames, framesets, narrow widths and hostile titles.
final class FrameLayoutTests: XCTestCase {
    /// Documents by `src`, answered as a host would; a `src` in
    /// `unavailable` answers its reason.
    final class Host {
        var documents: [String: FrameDocument] = [:]
        var unavailable: [String: String] = [:]
        var asked: [String] = []

        func add(_ src: String, title: String, _ html: String, styleSheets: [StyleSheet] = [],
                 scriptingEnabled: Bool = false) {
            documents[src] = FrameDocument(document: parse(html), title: title, styleSheets: styleSheets,
                                           resolveURL: { $0.contains("://") ? $0 : "http://frame.test/" + $0 }, scriptingEnabled: scriptingEnabled)
        }

        func answer(_ node: Node) -> FrameContent? {
            let src = node.attribute("src") ?? node.attribute("name") ?? ""
            asked.append(src)
            if let reason = unavailable[src] { return .unavailable(reason: reason) }
            return documents[src].map(FrameContent.document)
        }

        var options: LayoutOptions {
            var options = LayoutOptions()
            options.frameContent = { [self] in answer($0) }
            return options
        }
    }

    private func page(_ html: String, _ host: Host, width: Int = 40) -> RenderedPage {
        render(html, width: width, options: host.options)
    }

    func testAFramesDocumentIsDrawnInABoxWithItsTitle() {
        let host = Host()
        host.add("a.html", title: "Inner", "<title>Inner</title><p>Hello <a href=\"x.html\">there</a></p><p>Second</p>")
        let rendered = page("<p>Before</p><iframe src=\"a.html\"></iframe><p>After</p>", host, width: 30)
        XCTAssertEqual(rendered.plainText(references: false), lines(
            "Before",
            "",
            "┌─ Inner ────────────────────┐",
            "│ Hello [1]there             │",
            "│                            │",
            "│ Second                     │",
            "└────────────────────────────┘",
            "",
            "After"))
        XCTAssertEqual(rendered.links.map(\.url), ["http://frame.test/x.html"])
        XCTAssertEqual(rendered.links.first?.regions, [TextRegion(line: 3, columns: 8..<16)])
        assertFits(rendered, 30)
        assertWidthsConsistent(rendered)
    }

    func testAFrameAmongTextBreaksTheLineAndTheTextGoesOn() {
        let host = Host()
        host.add("a.html", title: "T", "<p>in")
        let text = page("<p>one <iframe src=\"a.html\"></iframe> two</p>", host, width: 12).plainText(references: false)
        XCTAssertEqual(text, lines("one", "┌─ T ──────┐", "│ in       │", "└──────────┘", "two"))
    }

    func testLinkNumberingContinuesAcrossTheFrameWithTheFramesNodes() throws {
        let host = Host()
        host.add("f.html", title: "F", "<p><a href=\"in1\">in one</a> <a href=\"in2\">in two</a>")
        let parent = "<p><a href=\"p1\">first</a></p><iframe src=\"f.html\"></iframe><p><a href=\"p2\">last</a></p>"
        let rendered = page(parent, host)
        XCTAssertEqual(rendered.links.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(rendered.links.map(\.url), ["p1", "http://frame.test/in1", "http://frame.test/in2", "p2"])
        XCTAssertEqual(rendered.links.map(\.text), ["first", "in one", "in two", "last"])
        let frameDocument = try XCTUnwrap(host.documents["f.html"]?.document)
        // The frame's links are nodes of the frame's document, found there.
        let frameAnchors = (try? frameDocument.querySelectorAll("a")) ?? []
        XCTAssertEqual(frameAnchors.count, 2)
        XCTAssertTrue(rendered.links[1].node == frameAnchors[0])
        XCTAssertTrue(rendered.links[2].node == frameAnchors[1])
        XCTAssertTrue(rendered.plainText(references: false).contains("│ [2]in one [3]in two"), rendered.plainText(references: false))
        XCTAssertTrue(rendered.plainText(references: false).contains("[4]last"))
        for link in rendered.links { XCTAssertFalse(link.regions.isEmpty, "link \(link.number) is drawn") }
    }

    func testAFormControlInAFrameIsAmongThePagesControls() throws {
        let host = Host()
        host.add("login.html", title: "Login", "<form action=\"/in\"><input name=\"user\" size=\"6\"> <input type=\"submit\" value=\"Go\"></form>")
        let rendered = page("<form><input name=\"q\" size=\"4\"></form><iframe src=\"login.html\"></iframe>", host)
        XCTAssertEqual(rendered.controls.map(\.name), ["q", "user", ""])
        XCTAssertEqual(rendered.controls.map(\.kind), [.text, .text, .submit])
        let frameDocument = try XCTUnwrap(host.documents["login.html"]?.document)
        XCTAssertTrue(rendered.controls[1].node.document === frameDocument)
        XCTAssertEqual(rendered.controls[1].form?.attribute("action"), "/in")
        XCTAssertEqual(rendered.controls[1].regions, [TextRegion(line: 2, columns: 2..<10)])
        XCTAssertEqual(rendered.lines[2].text, "│ [______] [Go]" + String(repeating: " ", count: 24) + "│")
    }

    func testFramesInsideFramesAreDrawnInsideEachOther() {
        let host = Host()
        host.add("outer.html", title: "Outer", "<p>o <a href=\"o\">o</a></p><iframe src=\"inner.html\"></iframe>")
        host.add("inner.html", title: "Inner", "<p>i <a href=\"i\">i</a>")
        let rendered = page("<iframe src=\"outer.html\"></iframe><p><a href=\"p\">p</a>", host, width: 24)
        XCTAssertEqual(rendered.plainText(references: false), lines(
            "┌─ Outer ──────────────┐",
            "│ o [1]o               │",
            "│                      │",
            "│ ┌─ Inner ──────────┐ │",
            "│ │ i [2]i           │ │",
            "│ └──────────────────┘ │",
            "└──────────────────────┘",
            "",
            "[3]p"))
        XCTAssertEqual(rendered.links.map(\.url), ["http://frame.test/o", "http://frame.test/i", "p"])
    }

    func testACyclicHostStopsAtTheDepthCap() {
        let host = Host()
        // The frame's document holds a frame answered with itself, twice over.
        host.add("self.html", title: "Me", "<p>x</p><iframe src=\"self.html\"></iframe><iframe src=\"self.html\"></iframe>")
        let rendered = page("<iframe src=\"self.html\"></iframe>", host, width: 60)
        let text = rendered.plainText(references: false)
        XCTAssertTrue(text.contains("[1]iframe (frames nested too"), text)
        XCTAssertLessThanOrEqual(host.asked.count, 2 * BoxBuilder.maxFrames + 2)
        assertFits(rendered, 60)
        assertWidthsConsistent(rendered)
        // Deepest box: 8 frames inside each other.
        XCTAssertTrue(text.contains(String(repeating: "│ ", count: BoxBuilder.maxFrameDepth) + "x"), text)
        XCTAssertFalse(text.contains(String(repeating: "│ ", count: BoxBuilder.maxFrameDepth + 1) + "x"), text)
    }

    func testAWideCyclicHostStopsAtTheFrameCount() {
        let host = Host()
        let many = String(repeating: "<iframe src=\"self.html\"></iframe>", count: 10)
        host.add("self.html", title: "Me", "<p>x</p>" + many)
        let rendered = page("<iframe src=\"self.html\"></iframe>", host, width: 80)
        let drawn = rendered.lines.filter { $0.text.contains("┌─ Me") }.count
        XCTAssertEqual(drawn, BoxBuilder.maxFrames)
        XCTAssertTrue(rendered.plainText(references: false).contains("(too many frames)"))
        assertFits(rendered, 80)
    }

    func testAnUnavailableFrameIsALinkWithTheReason() {
        let host = Host()
        host.unavailable["pay.html"] = "blocked: mixed\u{1B}[31m content"
        host.unavailable["nosrc"] = "sandboxed"
        let rendered = page("<p><iframe src=\"pay.html\" title=\"Login\"></iframe></p><p><iframe name=\"nosrc\"></iframe>", host, width: 60)
        XCTAssertEqual(rendered.plainText(references: false), lines("[1]iframe: Login (blocked: mixed\u{FFFD}[31m content)", "", "iframe: nosrc (sandboxed)"))
        XCTAssertEqual(rendered.links.map(\.url), ["pay.html"])
        XCTAssertEqual(rendered.links.map(\.text), ["iframe: Login"])
    }

    func testNilKeepsTodaysOutputExactly() {
        let html = """
            <p>A <a href="a">link</a> <iframe src="f.html" title="Ads"></iframe> and <frame src="x" name="n">
            <frameset><frame src="l.html" name="left"><frame src="r.html"><noframes>No frames</noframes></frameset>
            <iframe src="g.html"></iframe>
            """
        let plain = render(html, width: 50)
        var answersNil = LayoutOptions()
        answersNil.frameContent = { _ in nil }
        let withNil = render(html, width: 50, options: answersNil)
        XCTAssertEqual(withNil.plainText(references: true), plain.plainText(references: true))
        XCTAssertEqual(withNil.lines, plain.lines)
        XCTAssertEqual(withNil.links.map(\.url), plain.links.map(\.url))
        XCTAssertEqual(withNil.links.map(\.regions), plain.links.map(\.regions))
        XCTAssertTrue(plain.plainText(references: false).contains("[2]iframe: Ads"), plain.plainText(references: false))
    }

    func testFramesetFramesOneAfterAnotherWithTheirNames() throws {
        let html = """
            <!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN"><html><head><title>Set</title></head>
            <frameset cols="20%,80%"><frame src="nav.html" name="nav"><frameset rows="50%,50%">
            <frame src="main.html" name="main"><frame src="foot.html"></frameset>
            <noframes><body><p>Your browser does not support frames.</p></body></noframes></frameset></html>
            """
        let host = Host()
        host.add("nav.html", title: "Navigation", "<p><a href=\"one\">One</a>")
        host.add("main.html", title: "Main page", "<h1>Welcome</h1>")
        host.add("foot.html", title: "Footer title", "<p>(c)")
        let rendered = page(html, host, width: 30)
        XCTAssertEqual(rendered.plainText(references: false), lines(
            "┌─ nav ──────────────────────┐",
            "│ [1]One                     │",
            "└────────────────────────────┘",
            "┌─ main ─────────────────────┐",
            "│ Welcome                    │",
            "│ ═══════                    │",
            "└────────────────────────────┘",
            "┌─ Footer title ─────────────┐",
            "│ (c)                        │",
            "└────────────────────────────┘"))
        // Without frame support: links, and still no <noframes> (the UA sheet hides it, HTML §15.3.1).
        XCTAssertEqual(render(html, width: 30).plainText(references: false),
                       lines("[1]frame: nav", "[2]frame: main", "[3]frame"))
    }

    func testTheFramesOwnStylesURLsAndScripting() {
        let host = Host()
        let sheet = StyleSheet(text: ".x { display: none }", origin: .author, baseURL: nil)
        host.add("s.html", title: "S", "<head><base href=\"sub/\"></head><p class=x>hidden</p><p class=y>shown <a href=\"l\">l</a></p><noscript>NS</noscript>",
                 styleSheets: [sheet], scriptingEnabled: true)
        let parentSheet = StyleSheet(text: ".y { display: none }", origin: .author, baseURL: nil)
        var options = host.options
        options.styleSheets = [parentSheet]
        options.width = 30
        let rendered = Layout.render(parse("<p class=y>gone</p><iframe src=\"s.html\"></iframe><noscript>parent NS</noscript>"), options: options)
        let text = rendered.plainText(references: false)
        XCTAssertFalse(text.contains("hidden"), text)
        XCTAssertFalse(text.contains("gone"), text)
        XCTAssertTrue(text.contains("│ shown [1]l"), text)
        XCTAssertFalse(text.contains("│ NS"), text)
        XCTAssertTrue(text.contains("parent NS"), text)
        XCTAssertEqual(rendered.links.map(\.url), [URLReference.resolve("l", against: "http://frame.test/sub/")])
        // Author styles off: the frame's sheet goes too.
        options.authorStylesEnabled = false
        XCTAssertTrue(Layout.render(parse("<iframe src=\"s.html\"></iframe>"), options: options).plainText(references: false).contains("hidden"))
    }

    func testTheFramesAnchorsAreNotThePagesTargets() {
        let host = Host()
        host.add("a.html", title: "A", "<p id=inner>in</p><a name=named>n</a>")
        let rendered = page("<p id=top>top</p><iframe id=frame src=\"a.html\"></iframe><p id=end>end", host)
        XCTAssertEqual(rendered.anchors["top"], 0)
        XCTAssertEqual(rendered.anchors["frame"], 2)
        XCTAssertNil(rendered.anchors["inner"])
        XCTAssertNil(rendered.anchors["named"])
        XCTAssertEqual(rendered.anchors["end"], 8)
    }

    func testACSSWidthNarrowsTheBox() {
        let host = Host()
        host.add("a.html", title: "A", "<p>one two three four five six")
        var options = host.options
        options.styleSheets = [StyleSheet(text: "iframe { width: 12ch }", origin: .author, baseURL: nil)]
        let text = dump("<iframe src=\"a.html\"></iframe>", width: 40, options: options)
        XCTAssertEqual(text, lines(
            "┌─ A ──────────┐",
            "│ one two      │",
            "│ three four   │",
            "│ five six     │",
            "└──────────────┘"))
    }

    func testNarrowWidthsNeverOverflow() {
        let host = Host()
        host.add("a.html", title: "世界のタイトル", "<p>Hello <a href=x>wide 世界</a> <input size=9></p><pre>a very long preformatted line</pre>")
        for width in 1...12 {
            let rendered = page("<iframe src=\"a.html\"></iframe>", host, width: width)
            assertFits(rendered, width)
            assertWidthsConsistent(rendered)
            XCTAssertEqual(rendered.links.count, 1, "width \(width)")
        }
        XCTAssertEqual(page("<iframe src=\"a.html\"></iframe>", host, width: 2).lines.first?.text, "──")
        XCTAssertEqual(page("<iframe src=\"a.html\"></iframe>", host, width: 6).lines.first?.text, "┌────┐")
        XCTAssertEqual(page("<iframe src=\"a.html\"></iframe>", host, width: 9).lines.first?.text, "┌─ 世… ─┐")
        XCTAssertEqual(page("<iframe src=\"a.html\"></iframe>", host, width: 10).lines.first?.text, "┌─ 世… ──┐")
    }

    func testAPreLineWiderThanTheBoxIsCutInsideIt() {
        let host = Host()
        host.add("a.html", title: "A", "<pre>0123456789abcdefghij</pre>")
        XCTAssertEqual(page("<iframe src=\"a.html\"></iframe>", host, width: 14).plainText(references: false),
                       lines("┌─ A ────────┐", "│ 012345678… │", "└────────────┘"))
    }

    func testHostileTitlesAreCleanedAndCut() {
        let host = Host()
        host.add("c.html", title: "Bad\u{1B}]0;owned\u{07}\u{202E}title\n\tend", "<p>x")
        host.add("long.html", title: String(repeating: "Long title ", count: 1000), "<p>x")
        host.add("cjk.html", title: "中文标题中文标题中文标题", "<p>x")
        let control = page("<iframe src=\"c.html\"></iframe>", host, width: 40)
        XCTAssertEqual(control.lines.first?.text, "┌─ Bad\u{FFFD}]0;owned\u{FFFD}title end ─────────────┐")
        for src in ["long.html", "cjk.html"] {
            for width in [7, 8, 9, 10, 11, 20, 33] {
                let rendered = page("<iframe src=\"\(src)\"></iframe>", host, width: width)
                assertFits(rendered, width)
                assertWidthsConsistent(rendered)
                XCTAssertEqual(rendered.lines.first?.width, width, "\(src) at \(width)")
                XCTAssertTrue(rendered.lines.first?.text.hasSuffix("┐") ?? false)
            }
        }
        XCTAssertEqual(page("<iframe src=\"cjk.html\"></iframe>", host, width: 20).lines.first?.text, "┌─ 中文标题中文… ──┐")
    }

    func testAnEmptyDocumentIsAnEmptyBox() {
        let host = Host()
        host.add("e.html", title: "", "")
        XCTAssertEqual(page("<iframe src=\"e.html\"></iframe>", host, width: 12).plainText(references: false),
                       lines("┌──────────┐", "│          │", "└──────────┘"))
    }

    func testAFrameOfTenThousandLines() {
        let host = Host()
        host.add("big.html", title: "Big", "<pre>" + String(repeating: "line of text\n", count: 10_000) + "</pre><a href=end>end</a>")
        let rendered = page("<iframe src=\"big.html\"></iframe>", host, width: 20)
        XCTAssertEqual(rendered.lines.count, 10_004)
        XCTAssertEqual(rendered.links.first?.regions.first?.line, 10_002)
        assertFits(rendered, 20)
    }

    func testFramesInTablesListsAndQuotesFitAtEveryWidth() {
        let host = Host()
        host.add("a.html", title: "A frame", "<p>Some text in the frame <a href=l>link</a></p><table><tr><th>h</th><td>d</td></tr></table>")
        let html = """
            <table><tr><th>Name</th><th>Frame</th></tr><tr><td>one</td><td><iframe src="a.html"></iframe></td></tr></table>
            <ul><li>item <iframe src="a.html"></iframe></li></ul>
            <blockquote><iframe src="a.html" style="display:block; border: 1px solid; width: 50%"></iframe></blockquote>
            <p><iframe src="a.html" style="display:none"></iframe><iframe src="a.html" style="visibility:hidden"></iframe>
            """
        for width in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89] {
            let rendered = page(html, host, width: width)
            assertFits(rendered, width)
            assertWidthsConsistent(rendered)
            // Three drawn frames with a link each; the hidden one stays a (blank) link, as without frames.
            XCTAssertEqual(rendered.links.map(\.url), ["http://frame.test/l", "http://frame.test/l", "http://frame.test/l", "a.html"], "width \(width)")
        }
        XCTAssertEqual(host.asked.filter { $0 == "a.html" }.count, 30, "display:none and hidden frames are not asked for")
    }

    func testTheUsersSheetsApplyInFrames() {
        let host = Host()
        host.add("plain.html", title: "P", "<p class=u>user-hidden</p><p>kept")
        let frameUserSheet = StyleSheet(text: ".k { display: none }", origin: .user, baseURL: nil)
        host.add("own.html", title: "O", "<p class=u>shown-here</p><p class=k>frame-user-hidden</p>", styleSheets: [frameUserSheet])
        var options = host.options
        options.styleSheets = [StyleSheet(text: ".u { display: none }", origin: .user, baseURL: nil)]
        options.authorStylesEnabled = false
        let text = Layout.render(parse("<iframe src=plain.html></iframe><iframe src=own.html></iframe>"), options: options)
            .plainText(references: false)
        XCTAssertFalse(text.contains("user-hidden"), text)
        XCTAssertTrue(text.contains("kept"), text)
        // A frame given user sheets of its own takes those instead of the page's.
        XCTAssertTrue(text.contains("shown-here"), text)
        XCTAssertFalse(text.contains("frame-user-hidden"), text)
    }
}
