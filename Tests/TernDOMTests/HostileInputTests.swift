import XCTest
@testable import TernDOM

final class HostileInputTests: XCTestCase {
    /// No C0 (but TAB, LF, CR), DEL or C1 control reaches the tree's text.
    private func assertNoControls(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let allowed = value == 0x09 || value == 0x0A || value == 0x0D
            XCTAssertFalse((value < 0x20 && !allowed) || (0x7F...0x9F).contains(value),
                           "U+\(String(value, radix: 16)) in \(text.debugDescription)", file: file, line: line)
        }
    }

    // MARK: Raw bytes

    func testAnEscapeSequenceInTheTitleBecomesVisible() {
        let document = Document(html: "<title>a\u{1B}]0;evil\u{07}b</title><p>x\u{1B}[31mred")
        XCTAssertEqual(document.title, "a␛]0;evil␇b")
        XCTAssertEqual(document.text, "x␛[31mred")
        assertNoControls(document.title)
    }

    func testControlCharactersBecomeControlPicturesAndNULBecomesAReplacement() {
        let bytes: [UInt8] = Array("<p title=\"t".utf8) + [0x00, 0x01, 0x7F] + Array("\">a".utf8)
            + [0x00, 0x01, 0x08, 0x1F, 0x7F] + Array("b\tc\u{0C}d\r\ne".utf8)
        let document = bytes.withUnsafeBytes { Document(html: $0) }
        XCTAssertEqual(document.text, "a\u{FFFD}␁␈␟␡b c d e")
        let paragraph = document.body?.elementChildren.first
        XCTAssertEqual(paragraph?.attribute("title"), "t\u{FFFD}␁␡")
        assertNoControls(paragraph?.textContent ?? "")
    }

    func testRawC1ControlsBecomeReplacements() {
        // U+009B (CSI) and U+0085 as UTF-8, and windows-1252's undefined 0x81.
        let utf8: [UInt8] = Array("<p>a".utf8) + [0xC2, 0x9B] + Array("b".utf8) + [0xC2, 0x85] + Array("c".utf8)
        XCTAssertEqual(utf8.withUnsafeBytes { Document(html: $0, encoding: "utf-8") }.text, "a\u{FFFD}b\u{FFFD}c")
        let legacy: [UInt8] = Array("<p>a".utf8) + [0x81, 0x80] + Array("b".utf8)
        XCTAssertEqual(legacy.withUnsafeBytes { Document(html: $0, encoding: "windows-1252") }.text, "a\u{FFFD}€b")
    }

    func testInvalidUTF8BecomesReplacementsPerMaximalSubpart() {
        let bytes: [UInt8] = [0x3C, 0x70, 0x3E, 0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE2, 0x82, 0x63, 0xED, 0xA0, 0x80, 0x64,
                              0xEF, 0xBF, 0xBF, 0x65, 0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82]
        let expected = "a\u{FFFD}b\u{FFFD}(\u{FFFD}c\u{FFFD}\u{FFFD}\u{FFFD}d\u{FFFD}e😀\u{FFFD}"
        for chunk in [bytes.count, 1, 2, 3] {
            XCTAssertEqual(parse(bytes, charset: "utf-8", chunk: chunk).text, expected, "chunk \(chunk)")
        }
    }

    // MARK: Character references

    func testNumericReferencesUseTheWindows1252TableAndNeverMakeControls() {
        let html = "<p>&#x80;|&#128;|&#x9B;|&#x81;|&#0;|&#xD800;|&#x1B;|&#x110000;|&#99999999999;|&#x7F;|&#12;|&#65;|&#x263A;|"
            + "&#60;b&#62;|&#x80x|&#128a|&#X9f;|&#;|&#x;|&amp;</p>"
            + "<p title=\"&#x80;&#0;&#x1B;&#128;&#60;\" class=&#x9B;x>t</p>"
            + "<script>var s = \"&#x80;&#0;\";</script>"
        let bytes = Array(html.utf8)
        for chunk in [bytes.count, 1, 3] {
            let document = parse(bytes, chunk: chunk)
            XCTAssertEqual(document.text, "€|€|›|\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}| |A|☺|<b>|€x|€a|Ÿ|&#;|&#x;|&\nt",
                           "chunk \(chunk)")
            let second = document.body?.elementChildren[1]
            XCTAssertEqual(second?.attribute("title"), "€\u{FFFD}\u{FFFD}€<")
            XCTAssertEqual(second?.attribute("class"), "›x")
            XCTAssertEqual(document.documentElement?.elements(named: "script").first?.textContent, "var s = \"&#x80;&#0;\";")
        }
    }

    // MARK: Attributes

    func testAHundredThousandAttributesKeepTheFirst() {
        var html = "<body><p id=first"
        for index in 1..<100_000 { html += " a\(index)=\"\(index)\"" }
        html += ">text</p><p id=next class=\"x\">next</p></body>"
        let document: Document? = Document(html: html)
        let paragraph = document?.body?.elementChildren.first
        XCTAssertEqual(paragraph?.attributes.count, InputFilter.maxAttributes)
        XCTAssertEqual(paragraph?.attribute("id"), "first")
        XCTAssertEqual(paragraph?.attribute("a1"), "1")
        XCTAssertEqual(paragraph?.attribute("a999"), "999")
        XCTAssertNil(paragraph?.attribute("a1000"))
        XCTAssertEqual(document?.text, "text\nnext")
        XCTAssertEqual(document?.element(withID: "next")?.attribute("class"), "x")
    }

    func testTheAttributeLimitHoldsForTagsReadWhole() {
        // Quoted values without references: the filter's fast path reads the tag.
        let html = "<p" + (0..<1_500).map { " a\($0)='\($0)'" }.joined() + ">text</p><p b=\"c\">next</p>"
        let paragraphs = Document(html: html).body?.elementChildren ?? []
        XCTAssertEqual(paragraphs.first?.attributes.count, InputFilter.maxAttributes)
        XCTAssertEqual(paragraphs.first?.attribute("a999"), "999")
        XCTAssertNil(paragraphs.first?.attribute("a1000"))
        XCTAssertEqual(paragraphs.last?.attribute("b"), "c")
        XCTAssertEqual(paragraphs.last?.textContent, "next")
    }

    func testLongAttributeNamesCountAsLibxml2CountsThem() {
        // libxml2 cuts names at 100 characters and reads the rest as more
        // attributes: 200 names of 200 distinct 100-letter pieces would be
        // 40,000 attributes.
        var html = "<p"
        for name in 0..<200 {
            html += " "
            for piece in 0..<200 {
                let label = "x\(name * 200 + piece)"
                html += label + String(repeating: "y", count: 100 - label.count)
            }
        }
        html += ">text</p>"
        let document: Document? = Document(html: html)
        XCTAssertEqual(document?.text, "text")
        XCTAssertLessThanOrEqual(document?.body?.elementChildren.first?.attributes.count ?? 0, InputFilter.maxAttributes)
    }

    func testTheAttributeLimitDoesNotMisfire() {
        let many = (0..<3_000).map { " a\($0)=\($0)" }.joined()
        let html = "<body><p>text\(many) &gt; x>y</p><!-- <p\(many)> --><script>var s = '<p\(many)>';</script>"
            + "<style>/* <p\(many)> */</style><p data-a=\"1>2\" data-b='3>4'\(String(many.prefix(5_000)))>last</p></body>"
        let document = Document(html: html)
        let paragraphs = document.body?.elementChildren.filter { $0.name == "p" } ?? []
        XCTAssertEqual(paragraphs.first?.textContent, "text\(many) > x>y")
        XCTAssertEqual(document.documentElement?.elements(named: "script").first?.textContent, "var s = '<p\(many)>';")
        XCTAssertEqual(document.documentElement?.elements(named: "style").first?.textContent, "/* <p\(many)> */")
        let comment = document.body?.children.first { $0.kind == .comment }
        XCTAssertEqual(comment?.textContent, " <p\(many)> ")
        XCTAssertEqual(paragraphs.last?.attribute("data-a"), "1>2")
        XCTAssertEqual(paragraphs.last?.attribute("data-b"), "3>4")
        XCTAssertEqual(paragraphs.last?.textContent, "last")
    }

    // MARK: Size

    func testATenMegabyteLineParses() {
        let word = "word <b>bold</b> &amp; "
        let small = "<p>" + String(repeating: word, count: 50_000) + "</p>"
        let large = "<p>" + String(repeating: word, count: 500_000) + "</p>"
        XCTAssertGreaterThan(large.utf8.count, 10_000_000)
        // Linear time is measured by make bench (its linearity ratio), not here.
        XCTAssertEqual(Document(html: small).body?.elementChildren.first?.elementChildren.count, 50_000)
        let document: Document? = Document(html: large)
        XCTAssertEqual(document?.body?.elementChildren.first?.elementChildren.count, 500_000)
    }

    func testATenMegabyteTextNodeInSmallChunks() {
        let text = String(repeating: "x", count: 10_000_000)
        let bytes = Array(("<p>" + text + "</p>").utf8)
        let document: Document? = parse(bytes, chunk: 4096)
        XCTAssertEqual(document?.body?.elementChildren.first?.textContent.utf8.count, 10_000_000)
    }
}
