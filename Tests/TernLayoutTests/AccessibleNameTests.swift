import XCTest
@testable import TernLayout

/// `<summary>` markers on the first line of their text, and the names of
/// icon-only links and buttons.
final class AccessibleNameTests: XCTestCase {
    func testSummaryMarkerGoesOnTheFirstLineOfItsBlocks() {
        let html = "<details open><summary><h3>Title</h3><p>more</p></summary><p>body</p></details>"
        XCTAssertEqual(dump(html), lines("▾ Title", "", "more", "", "body"))
        XCTAssertEqual(dump("<details><summary><div>Closed</div></summary><p>x</p></details>"), lines("▸ Closed"))
    }

    func testIconOnlyLinksUseTheirAccessibleName() {
        let html = """
        <p><a href=/a aria-label="Home"><svg><title>house</title></svg></a>
        <a href=/b aria-labelledby="l1 l2"><img src=i.png alt=""></a>
        <a href=/c title="Search"><span class=icon></span></a>
        <a href=/d><svg><title>Settings</title></svg></a>
        <a href=/e><span aria-label="Inner"></span></a>
        <a href=/f>Text</a></p>
        <p><span id=l1>Read</span> <span id=l2>more</span></p>
        """
        let page = render(html)
        XCTAssertEqual(page.lines[0].text, "[1]Home [2]Read more [3]Search [4]Settings [5]Inner [6]Text")
        XCTAssertEqual(page.links.map(\.text), ["Home", "Read more", "Search", "Settings", "Inner", "Text"])
    }

    func testIconOnlyButtonsAreNeverEmpty() {
        let html = "<p><button aria-label=\"Close\"><svg></svg></button> <button title=Copy><i></i></button> <button></button> <button>Go</button></p>"
        XCTAssertEqual(dump(html), lines("[Close] [Copy] [button] [Go]"))
    }
}
