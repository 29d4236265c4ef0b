import XCTest
import TernLayout
@testable import TernBrowser

final class PageSearchTests: XCTestCase {
    private func page(_ lines: [String]) -> RenderedPage {
        RenderedPage(lines: lines.map { Line(runs: [Line.Run(text: $0, width: DisplayWidth.of($0))]) })
    }

    func testCaseInsensitiveUnlessTheQueryHasACapital() {
        let page = page(["Tern and tern", "TERN"])
        XCTAssertEqual(PageSearch(query: "tern", page: page).all.count, 3)
        XCTAssertEqual(PageSearch(query: "Tern", page: page).all.count, 1)
    }

    func testMatchesAreInDisplayColumns() {
        let search = PageSearch(query: "b", page: page(["漢字 ab"]))
        XCTAssertEqual(search.all, [TextRegion(line: 0, columns: 6..<7)])
    }

    func testSteppingWrapsAroundBothWays() {
        var search = PageSearch(query: "x", page: page(["x", "", "x", "x"]))
        XCTAssertTrue(search.select(from: TextRegion(line: 1, columns: 0..<0), forward: true))
        XCTAssertEqual(search.current?.line, 2)
        _ = search.step(forward: true)
        XCTAssertEqual(search.current?.line, 3)
        _ = search.step(forward: true)
        XCTAssertEqual(search.current?.line, 0, "wraps to the top")
        _ = search.step(forward: false)
        XCTAssertEqual(search.current?.line, 3, "and back to the bottom")
        XCTAssertFalse(PageSearch(query: "zzz", page: page(["x"])).all.count > 0)
    }
}
