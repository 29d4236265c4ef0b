import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Issue 27, item 5: XML entity expansion through `DOMParser` is charged by
/// the bytes it makes, with a budget per document (`XMLParser`: 1 MB, or 5
/// bytes per byte of input, at most 16 MB), not by the nodes it copies: a
/// few large entities referenced some thousands of times (the 25 KB document
/// that grew past 2 GB) end in a parse-error document, and the page lives on.
final class EntityExpansionTests: SecurityTestCase {
    /// A document of about 2 KB plus `references` × 3 bytes whose entities
    /// expand to `references` × 9 copies of a 2 000-byte text: 18 KB per
    /// reference, in few nodes (each entity within libxml2's own check of
    /// ten times the input read so far, which bounds one entity, not all).
    private func amplifying(references: Int, inAttribute: Bool = false) -> String {
        let uses = String(repeating: "&b;", count: references)
        return "<!DOCTYPE x [<!ENTITY a \"" + String(repeating: "A", count: 2000) + "\">"
            + "<!ENTITY b \"" + String(repeating: "&a;", count: 9) + "\">]>"
            + (inAttribute ? "<x v=\"\(uses)\"/>" : "<x>\(uses)</x>")
    }

    private func parsed(_ source: String) -> (root: String, length: Int) {
        loadAndWait(http("a.test", "/mime?type=text/html&body=%3Ctitle%3EXML%3C/title%3E"))
        let literal = "'" + source.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "'", with: "\\'") + "'"
        _ = value("var d = new DOMParser().parseFromString(\(literal), 'application/xml'); 0")
        guard case .string(let root)? = value("d.documentElement.localName"),
              case .number(let length)? = value("(d.documentElement.textContent + (d.documentElement.getAttribute('v') || '')).length")
        else { XCTFail("no document"); return ("", 0) }
        return (root, Int(length))
    }

    func testLargeEntitiesReferencedManyTimesEndInAParseError() {
        // 200 references: 3.6 MB of text from 2.6 KB (old: accepted, 2 000 nodes under its 1M-node cap).
        let text = parsed(amplifying(references: 200))
        XCTAssertEqual(text.root, "parsererror")
        XCTAssertLessThan(text.length, 1000, "the parse-error document holds the message, not the text")
        XCTAssertEqual(value("d.documentElement.textContent.indexOf('entity expansion') >= 0"), .bool(true), "\(String(describing: value("d.documentElement.textContent")))")
        // In an attribute value the same.
        XCTAssertEqual(parsed(amplifying(references: 200, inAttribute: true)).root, "parsererror")
        // The page lives on, and expansion within the budget still works (360 KB from 2 KB).
        let small = parsed(amplifying(references: 20))
        XCTAssertEqual(small.root, "x", "\(String(describing: value("d.documentElement.textContent")))")
        XCTAssertEqual(small.length, 360_000)
        XCTAssertEqual(value("1 + 1"), .number(2))
        XCTAssertEqual(recorder.webContentTerminations, 0)
    }
}
