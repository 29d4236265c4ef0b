import XCTest
import TernDOM
@testable import TernLayout

final class RobustnessTests: XCTestCase {
    func testDeepNestingCompletesWithoutRecursion() {
        let depth = 100_000
        for tag in ["div", "blockquote", "ul", "table", "span"] {
            let open = tag == "ul" ? "<ul><li>" : tag == "table" ? "<table><tr><td>" : "<\(tag)>"
            let html = String(repeating: open, count: depth) + "deep text" + String(repeating: "</\(tag)>", count: 10)
            let page = render(html, width: 80)
            XCTAssertTrue(page.plainText(references: false).contains("deep text"), tag)
            assertFits(page, 80)
        }
    }

    func testATenMegabyteLine() {
        let word = "abcdefgh "
        let text = String(repeating: word, count: 10_000_000 / word.utf8.count)
        let page = render("<p>" + text + "</p>", width: 80)
        // Nine words of 8 letters and the 8 spaces between them fill 80 columns.
        XCTAssertEqual(page.lines[0].text, String(repeating: "abcdefgh ", count: 9).dropLast() + "")
        assertFits(page, 80)
        let unbroken = render("<p>" + String(repeating: "x", count: 10_000_000) + "</p>", width: 100)
        XCTAssertEqual(unbroken.lines.count, 100_000)
        let pre = render("<pre>" + String(repeating: "y", count: 1_000_000) + "</pre>", width: 80)
        XCTAssertEqual(pre.lines.count, 1)
        XCTAssertEqual(pre.lines[0].width, 1_000_000)
    }

    func testManyAttributes() {
        // libxml2 checks each attribute against the ones before it, so the
        // parse is quadratic in their number; layout reads a few by name.
        let count = 20_000
        // The id comes first: the parser keeps the first 1,000 attributes of a tag.
        var html = "<p id=\"last\""
        for i in 0..<count { html += " a\(i)=\"\(i)\"" }
        html += ">text</p>"
        let page = render(html)
        XCTAssertEqual(page.plainText(references: false), lines("text"))
        XCTAssertEqual(page.anchors["last"], 0)
    }

    func testHundredThousandLinks() {
        let html = String(repeating: "<a href=\"/x\">link</a> ", count: 100_000)
        let page = render(html, width: 80)
        XCTAssertEqual(page.links.count, 100_000)
        XCTAssertEqual(page.links.last?.number, 100_000)
        XCTAssertEqual(page.links.last?.regions.count, 1)
    }

    func testFiftyThousandRowTable() {
        var html = "<table><tr><th>n</th><th>name</th><th>value</th></tr>"
        for i in 0..<50_000 { html += "<tr><td>\(i)</td><td>row \(i)</td><td>v</td></tr>" }
        html += "</table>"
        let page = render(html, width: 80)
        XCTAssertEqual(page.lines.count, 50_001)
        XCTAssertEqual(page.lines[50_000].text, "49999  row 49999  v")
    }

    func testWidthOne() {
        let page = render("<h1>Hi</h1><ul><li>a b</li></ul><table><tr><td>x</td><td>y</td></tr></table><p>日本</p>", width: 1)
        for line in page.lines { XCTAssertLessThanOrEqual(line.width, 2, line.text) }
    }
}
