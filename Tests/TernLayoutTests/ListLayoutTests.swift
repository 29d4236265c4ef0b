import XCTest
@testable import TernLayout

final class ListLayoutTests: XCTestCase {
    func testUnorderedListBulletsByDepth() {
        let html = "<ul><li>one<ul><li>two<ul><li>three<ul><li>four</li></ul></li></ul></li></ul></li><li>five</li></ul>"
        // HTML §15.3.7: disc, circle, then square for every deeper level.
        XCTAssertEqual(dump(html), lines("  * one", "    + two", "      - three", "        - four", "  * five"))
    }

    func testWrappedItemTextHangsUnderTheText() {
        let html = "<ul><li>alpha beta gamma delta epsilon</li></ul>"
        XCTAssertEqual(dump(html, width: 20), lines("  * alpha beta gamma", "    delta epsilon"))
        let ordered = "<ol><li>alpha beta gamma delta epsilon</li></ol>"
        XCTAssertEqual(dump(ordered, width: 20), lines("  1. alpha beta", "     gamma delta", "     epsilon"))
    }

    func testOrderedNumbersAreRightAligned() {
        let items = (1...10).map { "<li>i\($0)</li>" }.joined()
        XCTAssertEqual(dump("<ol>\(items)</ol>"), lines(
            "   1. i1", "   2. i2", "   3. i3", "   4. i4", "   5. i5", "   6. i6", "   7. i7", "   8. i8", "   9. i9", "  10. i10"))
    }

    func testStartReversedAndValue() {
        XCTAssertEqual(dump("<ol start=\"4\"><li>a</li><li>b</li></ol>"), lines("  4. a", "  5. b"))
        XCTAssertEqual(dump("<ol reversed><li>a</li><li>b</li><li>c</li></ol>"), lines("  3. a", "  2. b", "  1. c"))
        XCTAssertEqual(dump("<ol reversed start=\"10\"><li>a</li><li>b</li></ol>"), lines("  10. a", "   9. b"))
        XCTAssertEqual(dump("<ol><li>a</li><li value=\"7\">b</li><li>c</li></ol>"), lines("  1. a", "  7. b", "  8. c"))
    }

    func testListTypes() {
        XCTAssertEqual(dump("<ol type=\"a\"><li>x</li><li>y</li></ol>"), lines("  a. x", "  b. y"))
        XCTAssertEqual(dump("<ol type=\"A\" start=\"26\"><li>x</li><li>y</li></ol>"), lines("   Z. x", "  AA. y"))
        XCTAssertEqual(dump("<ol type=\"i\" start=\"3\"><li>x</li><li>y</li></ol>"), lines("  iii. x", "   iv. y"))
        XCTAssertEqual(dump("<ol type=\"I\" start=\"9\"><li>x</li></ol>"), lines("  IX. x"))
    }

    func testNestedOrderedInsideUnordered() {
        let html = "<ul><li>top<ol><li>first</li><li>second</li></ol></li><li>next</li></ul><p>after</p>"
        XCTAssertEqual(dump(html), lines("  * top", "    1. first", "    2. second", "  * next", "", "after"))
    }

    func testListsAreSeparatedFromParagraphs() {
        XCTAssertEqual(dump("<p>before</p><ul><li>x</li></ul><p>after</p>"), lines("before", "", "  * x", "", "after"))
    }

    func testItemStartingWithAParagraph() {
        XCTAssertEqual(dump("<ul><li><p>para</p></li><li>b</li></ul>"), lines("  * para", "", "  * b"))
    }

    func testEmptyItemStillShowsItsMarker() {
        XCTAssertEqual(dump("<ol><li></li><li>b</li></ol>"), lines("  1.", "  2. b"))
    }

    func testDefinitionList() {
        let html = "<dl><dt>Term</dt><dd>The definition of it, which wraps</dd><dt>Other</dt><dd>x</dd></dl>"
        XCTAssertEqual(dump(html, width: 24), lines("Term", "    The definition of", "    it, which wraps", "Other", "    x"))
        let page = render(html)
        XCTAssertTrue(page.lines[0].runs[0].style.contains(.bold))
    }
}
