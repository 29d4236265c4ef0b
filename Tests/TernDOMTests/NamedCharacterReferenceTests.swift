import XCTest
@testable import TernDOM

/// HTML's named character references (HTML §13.2.5.73, the WHATWG table of
/// 2231 names), which libxml2's HTML 4 parser alone prints raw.
final class NamedCharacterReferenceTests: XCTestCase {
    private func paragraph(_ html: String) -> String {
        Document(html: "<p>" + html).documentElement?.elements(named: "p").first?.textContent ?? "(no p)"
    }

    private func title(_ attribute: String) -> String? {
        Document(html: "<p " + attribute + ">x</p>").documentElement?.elements(named: "p").first?.attribute("title")
    }

    func testHTML5NamesAreDecodedInText() {
        XCTAssertEqual(paragraph("&quest;&semi;&lsqb;&check;&starf;&NewLine;x"), "?;[✓★\nx")
        XCTAssertEqual(paragraph("a&Tab;b &rsqb; &excl; &lbrace;&rbrace; &Star; &nbsp;"), "a\tb ] ! {} ⋆ \u{A0}")
        // Two code points, and the longest name of all.
        XCTAssertEqual(paragraph("&NotEqualTilde;|&fjlig;|&CounterClockwiseContourIntegral;"), "\u{2242}\u{338}|fj|∳")
    }

    func testWhatLibxml2DecodedStillDecodesAndStaysText() {
        XCTAssertEqual(paragraph("&amp; &lt;b&gt; &eacute; &euro; &quot;&apos; &hellip;"), "& <b> é € \"' …")
        XCTAssertEqual(Document(html: "<p>&lt;b&gt;x").documentElement?.elements(named: "b").count, 0)
        XCTAssertEqual(paragraph("&unknown; &amp"), "&unknown; &")
    }

    func testNamesWithoutSemicolonOnlyForTheLegacyOnes() {
        XCTAssertEqual(paragraph("&copy 2024 &AMP &quest x"), "© 2024 & &quest x")
        // Longest match: "&notin;" is one name, "&notit;" is "&not" and text.
        XCTAssertEqual(paragraph("&notin; &notit; &noti"), "∉ ¬it; ¬i")
        XCTAssertEqual(paragraph("&ampx &ltfoo &Eacutex"), "&x <foo Éx")
        // Case matters.
        XCTAssertEqual(paragraph("&QUEST; &Amp;"), "&QUEST; &Amp;")
    }

    func testAttributeValues() {
        XCTAssertEqual(title(#"title="&quest;&check;&NewLine;&lt;&quot;""#), "?✓\n<\"")
        XCTAssertEqual(title("title='&apos;&amp;&starf;'"), "'&★")
        XCTAssertEqual(title("title=a&gt;b&Tab;c&quest;"), "a>b\tc?")
        // "&name=" and "&namex" stay as written in attributes (query strings), unless ';' ends the name.
        XCTAssertEqual(title(#"title="?a=1&copy=2&copyx&not;y&notb&amp=3&lang=en""#), "?a=1&copy=2&copyx¬y&notb&amp=3&lang=en")
        XCTAssertEqual(title(#"title="&copy 1 &copy""#), "© 1 ©")
        XCTAssertEqual(Document(html: "<a href='/s?q=1&sect=2&para;3'>x</a>").documentElement?
            .elements(named: "a").first?.attribute("href"), "/s?q=1&sect=2¶3")
    }

    func testRawTextAndTitles() {
        let document = Document(html: "<title>&quest;&check;</title><script>s = '&quest;'</script><textarea>&starf;</textarea>")
        XCTAssertEqual(document.title, "?✓")
        XCTAssertEqual(document.documentElement?.elements(named: "script").first?.textContent, "s = '&quest;'")
        XCTAssertEqual(document.documentElement?.elements(named: "textarea").first?.textContent, "★")
    }

    func testEndOfInputAndHostileNames() {
        XCTAssertEqual(paragraph("a &quest"), "a &quest")
        XCTAssertEqual(paragraph("a &copy"), "a ©")
        let long = String(repeating: "a", count: 40)
        XCTAssertEqual(paragraph("&\(long);&\(long)"), "&\(long);&\(long)")
        let many = String(repeating: "&quest;&zz;", count: 20_000)
        XCTAssertEqual(paragraph(many), String(repeating: "?&zz;", count: 20_000))
    }

    /// The filter's output must not depend on where chunks end.
    func testChunkBoundariesInsideNames() {
        let html = Array("<p title=\"&copy=1&quest;\">&NotEqualTilde;&notit;&quest&CounterClockwiseContourIntegral;&copy".utf8)
        let whole = html.withUnsafeBytes { Document(html: $0) }
        let parser = HTMLParser(charset: "utf-8")
        for byte in html { [byte].withUnsafeBytes { parser.feed($0) } }
        let pieces = parser.finish()
        XCTAssertEqual(pieces.text, "\u{2242}\u{338}¬it;&quest∳©")
        XCTAssertEqual(pieces.text, whole.text)
        XCTAssertEqual(pieces.documentElement?.elements(named: "p").first?.attribute("title"), "&copy=1?")
    }

    func testTheTable() {
        var buffer = Array("NotEqualTilde".utf8)
        let match = buffer.withUnsafeBufferPointer { NamedCharacterReferences.match($0, semicolon: true) }
        XCTAssertEqual(match, .init(length: 13, semicolon: true, first: 0x2242, second: 0x338))
        buffer = Array("zwnj".utf8)
        XCTAssertEqual(buffer.withUnsafeBufferPointer { NamedCharacterReferences.match($0, semicolon: true) }?.first, 0x200C)
        buffer = Array("AElig".utf8)
        XCTAssertEqual(buffer.withUnsafeBufferPointer { NamedCharacterReferences.match($0, semicolon: false) }?.first, 0xC6)
        // Every record is a name (alphanumerics, then ';' unless legacy), a space and hex code points.
        let table = NamedCharacterReferences.table
        let text = String(decoding: UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount), as: UTF8.self)
        let records = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(records.count, 2231)
        XCTAssertEqual(records.filter { !$0.contains(";") }.count, 106)
        let names = records.map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(names.map { Array($0.utf8) }, names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
        XCTAssertEqual(names.map { $0.utf8.count - ($0.hasSuffix(";") ? 1 : 0) }.max(), NamedCharacterReferences.maxNameLength)
        XCTAssertEqual(names.filter { !$0.hasSuffix(";") }.map(\.utf8.count).max(), NamedCharacterReferences.maxLegacyNameLength)
    }
}
