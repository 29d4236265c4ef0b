import XCTest
import TernDOM

final class QueryTests: XCTestCase {
    private let document = Document(html: """
        <!DOCTYPE html><html><head><title>q</title></head><body>\
        <div id="one" class="a b  a"><p class="b" name="n">1</p><p class="a">2</p></div>\
        <form id="two" class="b a c"><input name="n"><input name="N"></form>\
        <!-- comment -->text</body></html>
        """)

    func testGetElementsByClassNameNeedsEveryClass() {
        XCTAssertEqual(ids(document.getElementsByClassName("a")), ["one", "", "two"])
        XCTAssertEqual(ids(document.getElementsByClassName("  b\ta ")), ["one", "two"])
        XCTAssertEqual(ids(document.getElementsByClassName("a c")), ["two"])
        XCTAssertEqual(document.getElementsByClassName("A"), [], "class names are case-sensitive")
        XCTAssertEqual(document.getElementsByClassName(""), [])
        XCTAssertEqual(document.getElementsByClassName("a d"), [])
        // From an element: descendants only.
        let one = document.element(withID: "one")!
        XCTAssertEqual(one.getElementsByClassName("a").map(\.textContent), ["2"])
    }

    func testGetElementsByNameAndTagName() {
        XCTAssertEqual(document.getElementsByName("n").map(\.name), ["p", "input"])
        XCTAssertEqual(document.getElementsByName("N").count, 1)
        XCTAssertEqual(document.getElementsByName("x").count, 0)
        XCTAssertEqual(document.getElementsByTagName("P").map(\.textContent), ["1", "2"])
        XCTAssertEqual(document.getElementsByTagName("*").count, 10)
        XCTAssertEqual(document.element(withID: "two")!.getElementsByTagName("input").count, 2)
        XCTAssertEqual(document.getElementById("two")?.name, "form")
        XCTAssertNil(document.getElementById("TWO"))
    }

    func testIdAndClassNames() {
        let one = document.element(withID: "one")!
        XCTAssertEqual(one.id, "one")
        XCTAssertEqual(one.classNames, ["a", "b"])
        XCTAssertEqual(document.body!.id, "")
        XCTAssertEqual(document.body!.classNames, [])
    }

    func testPositionAndNavigation() throws {
        let body = document.body!
        let one = document.element(withID: "one")!
        let two = document.element(withID: "two")!
        XCTAssertEqual(one.index, 0)
        XCTAssertEqual(two.index, 1)
        XCTAssertEqual(body.lastChild?.index, 3)
        XCTAssertEqual(one.nextElementSibling, two)
        XCTAssertEqual(two.previousElementSibling, one)
        XCTAssertNil(two.nextElementSibling, "a comment and text follow, no element")
        XCTAssertEqual(body.firstElementChild, one)
        XCTAssertEqual(body.lastElementChild, two)
        XCTAssertEqual(one.firstChild?.parentElement, one)
        XCTAssertNil(document.documentElement?.parentElement)
        XCTAssertEqual(document.documentElement?.parent, document.node)
        XCTAssertTrue(body.contains(one.firstChild!))
        XCTAssertTrue(one.contains(one))
        XCTAssertFalse(one.contains(two))
        XCTAssertEqual(one.firstChild!.root, document.node)
    }

    func testNodeTypesAndOwnership() {
        let body = document.body!
        XCTAssertEqual(document.node?.nodeType, .document)
        XCTAssertEqual(document.node?.firstChild?.nodeType, .documentType)
        XCTAssertEqual(body.nodeType, .element)
        XCTAssertEqual(body.children.map(\.nodeType), [.element, .element, .comment, .text])
        XCTAssertNil(document.node?.ownerDocument)
        XCTAssertTrue(body.ownerDocument === document)
    }

    func testIsConnected() throws {
        let p = document.getElementsByTagName("p")[0]
        XCTAssertTrue(p.isConnected)
        XCTAssertTrue(document.node!.isConnected)
        let document = Document(html: "<html><body><p>x</p></body></html>")
        let q = document.getElementsByTagName("p")[0]
        q.remove()
        XCTAssertFalse(q.isConnected)
        XCTAssertFalse(q.firstChild!.isConnected)
        XCTAssertEqual(q.root, q)
        try document.body!.appendChild(q)
        XCTAssertTrue(q.firstChild!.isConnected)
    }
}
