import XCTest
@testable import TernLayout

final class LinkTests: XCTestCase {
    func testPlainTextBytesAreThePlainText() {
        let html = "<h1>Tître</h1><p>See <a href=\"a b.html\">first</a> and 世界 <a href=\"b.html\">second</a>.</p><pre>x   </pre>"
        let page = render(html, width: 20)
        for references in [false, true] {
            XCTAssertEqual(page.plainTextUTF8(references: references), Array(page.plainText(references: references).utf8))
        }
        XCTAssertEqual(RenderedPage().plainTextUTF8(references: true), [])
        for chunkSize in [1, 7, 64, 1 << 16] {
            for references in [false, true] {
                var pieces: [[UInt8]] = []
                page.writePlainText(references: references, chunkSize: chunkSize) { pieces.append(Array($0)) }
                XCTAssertEqual(pieces.flatMap { $0 }, Array(page.plainText(references: references).utf8), "chunk size \(chunkSize)")
                XCTAssertTrue(pieces.allSatisfy { $0.last == 0x0A }, "pieces end with a line")
            }
        }
        var none = 0
        RenderedPage().writePlainText(references: true) { _ in none += 1 }
        XCTAssertEqual(none, 0)
    }

    func testLinksAreNumberedInReadingOrder() {
        let html = "<p>See <a href=\"a.html\">first</a> and <a href=\"b.html\"> second </a>.</p><ul><li><a href=\"c.html\">third</a></li></ul>"
        let page = render(html)
        XCTAssertEqual(page.plainText(references: false), lines("See [1]first and [2]second .", "", "  * [3]third"))
        XCTAssertEqual(page.links.map(\.number), [1, 2, 3])
        XCTAssertEqual(page.links.map(\.url), ["a.html", "b.html", "c.html"])
        XCTAssertEqual(page.links.map(\.text), ["first", "second", "third"])
    }

    func testALinksTextIsWhatItShowsWithWordsKeptApart() {
        let html = """
            <p><a href="a">one <b>two</b>   three</a>
            <a href="b"><div>four</div><div>five</div></a>
            <p><a href="c">six<br>seven</a>
            <table><tr><td><a href="d">eight</a></td><td>x</td></tr><tr><th>h</th><td>y</td></tr></table>
            <p><a href="e"><img alt="nine"> ten</a> <a href="f"></a>
            <p><a href="g">eleven
            """
        let page = render(html)
        XCTAssertEqual(page.links.map(\.text), ["one two three", "four five", "six seven", "eight", "[nine] ten", "", "eleven"])
    }

    func testAFrameIsALinkOfItsOwnAndALinkAroundItGoesOn() {
        let page = render("<p><iframe src=\"ad.html\" title=\"Ads\"></iframe><p><a href=\"o.html\">before <iframe src=\"f.html\" title=\"F\"></iframe> after</a>")
        XCTAssertEqual(page.links.map(\.url), ["ad.html", "o.html", "f.html"])
        XCTAssertEqual(page.links.map(\.text), ["iframe: Ads", "before after", "iframe: F"])
        XCTAssertTrue(page.plainText(references: false).contains("[2]before [3]iframe: F after"), page.plainText(references: false))
    }

    func testReferencesList() {
        let html = "<p><a href=\"http://x.test/1\">one</a> <a href=\"http://x.test/2\">two</a></p>"
        XCTAssertEqual(dump(html, references: true), lines("[1]one [2]two", "", "References", "", "   1. http://x.test/1", "   2. http://x.test/2"))
        XCTAssertEqual(dump("<p>no links</p>", references: true), lines("no links"))
    }

    func testReferenceNumbersAlignToTheWidest() {
        let html = (1...12345).map { "<a href=\"u\($0)\">l</a>" }.joined(separator: " ")
        let text = dump(html, references: true)
        XCTAssertTrue(text.contains("\n    1. u1\n"))
        XCTAssertTrue(text.contains("\n   99. u99\n"))
        XCTAssertTrue(text.hasSuffix("\n12345. u12345\n"))
    }

    func testURLsGoThroughTheResolverAndBase() {
        var options = LayoutOptions()
        options.resolveURL = { "http://site.test/" + $0 }
        XCTAssertEqual(render("<a href=\" x.html \">x</a>", options: options).links[0].url, "http://site.test/x.html")
        let page = render("<head><base href=\"http://base.test/dir/page\"></head><a href=\"../up.html\">u</a><a href=\"#frag\">f</a><a href=\"//other.test/p\">o</a><a href=\"https://abs.test/\">a</a>")
        XCTAssertEqual(page.links.map(\.url), ["http://base.test/up.html", "http://base.test/dir/page#frag", "http://other.test/p", "https://abs.test/"])
    }

    func testControlCharactersInURLsAreEncodedInReferences() {
        let text = dump("<a href=\"http://x.test/a\u{7F}\u{1B}[31mb\">x</a>", references: true)
        // The parser shows DEL and ESC as ␡ and ␛ before layout sees them.
        XCTAssertTrue(text.hasSuffix("   1. http://x.test/a\u{2421}\u{241B}[31mb\n"), text)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, text)
    }

    func testLinkRegionsCoverTheNumberAndTextOnEachLine() {
        let page = render("<p>go <a href=\"u\">alpha beta gamma</a> end</p>", width: 12)
        XCTAssertEqual(page.plainText(references: false), lines("go [1]alpha", "beta gamma", "end"))
        XCTAssertEqual(page.links[0].regions, [TextRegion(line: 0, columns: 3..<11), TextRegion(line: 1, columns: 0..<10)])
        XCTAssertTrue(page.lines[0].runs.last!.style.contains(.link))
        XCTAssertEqual(page.lines[0].runs.last!.link, 0)
        XCTAssertNil(page.lines[2].runs[0].link)
    }

    func testLinkRegionsInsideTables() {
        let page = render("<table><tr><th>a</th><th>b</th></tr><tr><td>x</td><td><a href=\"u\">link</a></td></tr></table>")
        XCTAssertEqual(page.plainText(references: false), lines("a  b", "x  [1]link"))
        XCTAssertEqual(page.links[0].regions, [TextRegion(line: 1, columns: 3..<10)])
    }

    func testNumbersCanBeTurnedOff() {
        var options = LayoutOptions()
        options.numberLinks = false
        XCTAssertEqual(dump("<a href=\"u\">x</a>", options: options), lines("x"))
    }

    func testAnchorsMapIdsAndNamesToLines() {
        let html = "<p>intro</p><h2 id=\"part\">Part</h2><p>a<br>b <span id=\"inline\">c</span></p><a name=\"old\"></a><p>d</p><table><tr><th>h</th><td id=\"cell\">v</td></tr><tr><td>w</td><td>x</td></tr></table><div id=\"end\"></div>"
        let page = render(html)
        XCTAssertEqual(page.plainText(references: false), lines("intro", "", "Part", "────", "", "a", "b c", "", "d", "", "h  v", "w  x"))
        XCTAssertEqual(page.anchors["part"], 2)
        XCTAssertEqual(page.anchors["inline"], 6)
        XCTAssertEqual(page.anchors["old"], 8)
        XCTAssertEqual(page.anchors["cell"], 10)
        XCTAssertEqual(page.anchors["end"], 11)
    }
}
