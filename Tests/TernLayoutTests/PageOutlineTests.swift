import XCTest
import TernDOM
@testable import TernLayout

/// `RenderedPage.outline`: the headings, landmarks (WAI-ARIA 1.2 §5.3.4,
/// and the HTML elements HTML-AAM §4 maps to them) and tables quick
/// navigation moves between, with their lines.
final class PageOutlineTests: XCTestCase {
    private func outline(_ html: String) -> [String] {
        render(html).outline.map { item in
            switch item.kind {
            case .heading(let level): return "h\(level) \(item.name)"
            case .landmark(let role): return "[\(role)] \(item.name)".trimmingCharacters(in: .whitespaces)
            case .table: return "table \(item.name)".trimmingCharacters(in: .whitespaces)
            }
        }
    }

    func testHeadingsAndTheLandmarksHTMLElementsImply() {
        XCTAssertEqual(outline("""
            <header><h1>Site</h1></header>
            <nav aria-label="Main menu"><a href=/>Home</a></nav>
            <main><h2>Title <em>here</em></h2><search><input></search>
            <section><h3>Unnamed section</h3></section>
            <section aria-label="Named"><p>x</p></section>
            <article><header>Article header</header><footer>Article footer</footer></article>
            <aside title="Related">r</aside>
            <form><input></form></main>
            <footer>Page footer</footer>
            """), ["[banner]", "h1 Site", "[navigation] Main menu", "[main]", "h2 Title here", "[search]", "h3 Unnamed section",
                   "[region] Named", "[complementary] Related", "[form]", "[contentinfo]"])
    }

    func testRoleAttributesAndTheirLevels() {
        XCTAssertEqual(outline("""
            <div role=banner>b</div><div role="navigation">n</div><div role=heading aria-level=4>Four</div>
            <div role=heading>Default level</div><div role="bogus main">m</div><div role=region>unnamed</div>
            <div role=region aria-labelledby=l><span id=l>Labelled</span></div><h2 role=presentation>Not a heading</h2>
            """), ["[banner]", "[navigation]", "h4 Four", "h2 Default level", "[main]", "[region] Labelled"])
    }

    func testTablesWithTheirCaptionsAndNotLayoutTablesMarkedSo() {
        XCTAssertEqual(outline("""
            <table><caption>Prices</caption><tr><td>1</table>
            <table role=presentation><tr><td>layout</table>
            <table aria-label="Named table"><tr><td>2</table>
            """), ["table Prices", "table Named table"])
    }

    func testEachItemKnowsItsLine() {
        let page = render("<p>Intro</p><h2>Second</h2><p>Text</p><main><p>Main text</p></main>", width: 40)
        XCTAssertEqual(page.outline.count, 2)
        for item in page.outline {
            let text = page.lines[item.line].text
            XCTAssertTrue(text.hasPrefix(item.kind == .heading(level: 2) ? "Second" : "Main text"), "\(item): \(text)")
        }
    }

    func testHostileNamesAndLevelsAreBounded() {
        let long = String(repeating: "word ", count: 1000)
        let page = render("<h1>\(long)</h1><div role=heading aria-level=99999999999999999999>x</div><div role=heading aria-level=-3>y</div>")
        XCTAssertEqual(page.outline.first?.name.count, 200)
        XCTAssertEqual(page.outline.dropFirst().map(\.kind), [.heading(level: 2), .heading(level: 1)])
    }
}
