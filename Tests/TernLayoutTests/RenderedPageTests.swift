import XCTest
import TernLayout

final class RenderedPageTests: XCTestCase {
    func testAnEmptyPageHasNoLines() {
        XCTAssertTrue(RenderedPage().lines.isEmpty)
    }
}
