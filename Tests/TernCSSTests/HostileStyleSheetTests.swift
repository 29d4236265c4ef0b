import XCTest
import TernCSS
import TernDOM

/// Sheets a hostile page can send: they must parse and cascade without a
/// crash and without quadratic work (no timing asserts: a quadratic path
/// would take hours here, so finishing at all is the check).
final class HostileStyleSheetTests: XCTestCase {
    func testTwentyThousandRules() {
        var css = ""
        for i in 0..<20_000 { css += ".c\(i) > p, #i\(i) { color: red; width: \(i)px }\n" }
        let sheet = StyleSheet(text: css, origin: .author, baseURL: nil)
        XCTAssertEqual(sheet.ruleTexts.count, 20_000)
        var html = "<div class=c19999>"
        for i in 0..<200 { html += "<p id=i\(i)>x</p>" }
        let doc = Document(html: html + "</div>")
        let engine = StyleEngine(sheets: [sheet], environment: MediaEnvironment(columns: 80, rows: 24))
        let p = CascadeTestSupport.element(doc, "#i199")
        XCTAssertEqual(CascadeTestSupport.winner("width", of: p, in: engine), "199px", "the id beats the class and type")
        // Every element: each only tries its own buckets.
        var count = 0
        doc.documentElement?.walk { node in
            if node.isElement { count += engine.cascadedDeclarations(for: node).count }
            return true
        }
        XCTAssertGreaterThan(count, 400)
    }

    func testTenMegabyteSheet() {
        let filler = String(repeating: "a", count: 10_000_000)
        let sheet = StyleSheet(text: "p { color: red } .x { content: \"\(filler)\" } div { width: 1px", origin: .author, baseURL: nil)
        XCTAssertEqual(sheet.ruleTexts.count, 3, "an unclosed last block still ends the rule")
        let garbage = StyleSheet(text: String(repeating: "}{;@x(]", count: 300_000), origin: .author, baseURL: nil)
        _ = garbage.ruleTexts
    }

    func testDeeplyNestedConditionalRules() {
        let depth = 50_000
        let css = String(repeating: "@media all { @supports (display: block) { @layer x { ", count: depth)
            + "p { color: red }" + String(repeating: "} } } ", count: depth)
        let sheet = StyleSheet(text: css, origin: .author, baseURL: nil)
        XCTAssertEqual(sheet.ruleTexts.count, 1)
        let doc = Document(html: "<p>x</p>")
        let engine = StyleEngine(sheets: [sheet], environment: MediaEnvironment(columns: 80, rows: 24))
        XCTAssertNil(CascadeTestSupport.winner("color", of: CascadeTestSupport.element(doc, "p"), in: engine),
                     "rules nested past the limit are dropped")
        let shallow = StyleSheet(text: String(repeating: "@media all { ", count: 20) + "p { color: red }" + String(repeating: "}", count: 20),
                                 origin: .author, baseURL: nil)
        let ok = StyleEngine(sheets: [shallow], environment: MediaEnvironment(columns: 80, rows: 24))
        XCTAssertEqual(CascadeTestSupport.winner("color", of: CascadeTestSupport.element(doc, "p"), in: ok), "red")
    }

    func testSelectorsOfTenThousandCompounds() {
        var siblings = "<div>"
        for _ in 0..<10_001 { siblings += "<i></i>" }
        let doc = Document(html: siblings + "</div>")
        let chain = Array(repeating: "i", count: 10_000).joined(separator: " + ")
        let descendants = Array(repeating: "div", count: 10_000).joined(separator: " ") + " i"
        let nested = String(repeating: ":is(", count: 10_000) + "i" + String(repeating: ")", count: 10_000)
        let engine = CascadeTestSupport.engine(["\(chain) { order: 1 } \(descendants) { width: 1px } \(nested) { height: 1px }"])
        var last: Node?
        doc.documentElement?.walk { node in
            if node.isElement, node.name == "i" { last = node }
            return true
        }
        guard let last else { return XCTFail("no i") }
        XCTAssertEqual(CascadeTestSupport.winner("order", of: last, in: engine), "1", "10 000 siblings chained")
        XCTAssertNil(CascadeTestSupport.winner("width", of: last, in: engine))
        XCTAssertNil(CascadeTestSupport.winner("height", of: last, in: engine), "nesting past the limit is invalid")
        let first = try? doc.querySelector("i")
        XCTAssertNotNil(first)
        XCTAssertNil(first.flatMap { CascadeTestSupport.winner("order", of: $0, in: engine) })
    }

    func testHostileStyleAttributeAndValues() {
        let doc = Document(html: "<p style=\"color: red;;;: x; ;{;}; width: 1e400px; --x: \u{0}\">x</p>")
        let engine = CascadeTestSupport.engine([])
        let p = CascadeTestSupport.element(doc, "p")
        XCTAssertEqual(CascadeTestSupport.winner("color", of: p, in: engine), "red")
        XCTAssertNotNil(CascadeTestSupport.winner("width", of: p, in: engine))
    }
}
