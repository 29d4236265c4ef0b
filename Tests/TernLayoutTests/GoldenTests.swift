import XCTest
import TernDOM
@testable import TernLayout

/// Chawan-style golden tests: `Golden/NAME.html` rendered at 80 columns must
/// equal `Golden/NAME.w80.txt` (written by hand). A missing expected file
/// fails the test; the actual output is written to a temporary file to help
/// write it, never recorded in place.
final class GoldenTests: XCTestCase {
    static let directory: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path + "Golden/"
    }()

    func check(_ name: String, width: Int = 80, references: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
        let html = try String(contentsOfFile: GoldenTests.directory + name + ".html", encoding: .utf8)
        let actual = dump(html, width: width, references: references)
        let expectedPath = GoldenTests.directory + name + ".w\(width).txt"
        guard let expected = try? String(contentsOfFile: expectedPath, encoding: .utf8) else {
            let scratch = NSTemporaryDirectory() + name + ".w\(width).actual.txt"
            try? actual.write(toFile: scratch, atomically: true, encoding: .utf8)
            XCTFail("missing \(expectedPath); the output is in \(scratch)", file: file, line: line)
            return
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            XCTFail("\(name): first difference at line \(first + 1):\nexpected: \(first < e.count ? e[first] : "<end>")\nactual:   \(first < a.count ? a[first] : "<end>")\n--- actual ---\n\(actual)", file: file, line: line)
        }
    }

    func testArticle() throws { try check("article") }
    func testSearchForm() throws { try check("search-form") }
    func testDataTable() throws { try check("data-table") }
}
