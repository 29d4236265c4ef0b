import XCTest
import TernDOM

final class HTMLTextTests: XCTestCase {
    func testEscapesWhatCouldOpenMarkupOrLeaveAnAttribute() {
        XCTAssertEqual(HTMLText.escaped("a<b>&\"c\" 漢'"), "a&lt;b&gt;&amp;&quot;c&quot; 漢'")
        XCTAssertEqual(HTMLText.escaped("plain"), "plain")
        // Escaped text parses back to itself, as text and as an attribute value.
        let hostile = "\"><script>alert(1)</script>&amp;"
        let document = Document(html: "<p title=\"\(HTMLText.escaped(hostile))\">\(HTMLText.escaped(hostile))</p>")
        let p = document.getElementsByTagName("p").first
        XCTAssertEqual(p?.textContent, hostile)
        XCTAssertEqual(p?.attribute("title"), hostile)
        XCTAssertTrue(document.getElementsByTagName("script").isEmpty)
    }
}
