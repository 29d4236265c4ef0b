import XCTest
import TernKit
@testable import TernBrowser

final class PageSearchTests: XCTestCase {
    private func page(_ lines: [String]) -> [Line] {
        lines.map { Line(runs: [Line.Run(text: $0, width: DisplayWidth.of($0))]) }
    }

    func testCaseInsensitiveUnlessTheQueryHasACapital() {
        let page = page(["Tern and tern", "TERN"])
        XCTAssertEqual(PageSearch(query: "tern", lines: page).all.count, 3)
        XCTAssertEqual(PageSearch(query: "Tern", lines: page).all.count, 1)
    }

    func testMatchesAreInDisplayColumns() {
        let search = PageSearch(query: "b", lines: page(["漢字 ab"]))
        XCTAssertEqual(search.all, [TextRegion(line: 0, columns: 6..<7)])
    }

    func testSteppingWrapsAroundBothWays() {
        var search = PageSearch(query: "x", lines: page(["x", "", "x", "x"]))
        XCTAssertTrue(search.select(from: TextRegion(line: 1, columns: 0..<0), forward: true))
        XCTAssertEqual(search.current?.line, 2)
        _ = search.step(forward: true)
        XCTAssertEqual(search.current?.line, 3)
        _ = search.step(forward: true)
        XCTAssertEqual(search.current?.line, 0, "wraps to the top")
        _ = search.step(forward: false)
        XCTAssertEqual(search.current?.line, 3, "and back to the bottom")
        XCTAssertFalse(PageSearch(query: "zzz", lines: page(["x"])).all.count > 0)
    }
}
