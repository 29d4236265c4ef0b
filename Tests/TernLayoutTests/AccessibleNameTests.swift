import XCTest
@testable import TernLayout
import TernCSS

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

/// `AccessibleName.of`: W3C Accessible Name and Description Computation
/// 1.2 §4.3.2 with HTML-AAM's host-language rules, on cases after the
/// specifications' examples; the target element has `id=t`.
final class AccessibleNameComputationTests: XCTestCase {
    private func name(_ html: String) throws -> String {
        let document = parse(html)
        let target = try XCTUnwrap(document.element(withID: "t"), html)
        return AccessibleName.of(target) { document.element(withID: $0) }
    }

    func testTheSpecificationsCases() throws {
        let cases: [(html: String, expected: String, note: String)] = [
            ("<input id=t aria-labelledby='l1 l2'><span id=l1>Billing</span> <span id=l2>Name</span>", "Billing Name", "2B, ARIA's aria-labelledby example"),
            ("<button id=t aria-label=Delete aria-labelledby='t file'>X</button><span id=file>Documentation.pdf</span>",
             "Delete Documentation.pdf", "2B then 2D for the element itself"),
            ("<span id=h hidden>Hidden label</span><input id=t aria-labelledby=h>", "Hidden label", "2A: a hidden node referenced directly counts"),
            ("<input type=checkbox id=t><label for=t>Flash the screen <input value=5> times</label>", "Flash the screen 5 times",
             "2C: an embedded text field gives its value"),
            ("<label for=t>Size <select><option>S<option selected>M</select></label><input id=t>", "Size M", "2C: a select gives its choice"),
            ("<label>Email <input id=t type=email value=me@example.org></label>", "Email", "a label around the field, the field itself left out"),
            ("<input id=t aria-label='  Search   the site '>", "Search the site", "2D, whitespace collapsed"),
            ("<input id=t title=Find placeholder=Search>", "Find", "2I before the placeholder"),
            ("<input id=t placeholder='Search the docs'>", "Search the docs", "HTML-AAM: the placeholder last"),
            ("<input id=t type=submit>", "Submit", "HTML-AAM: a submit button's default"),
            ("<input id=t type=reset value=Clear>", "Clear", "a button's value"),
            ("<input id=t type=image src=go.png alt=Go>", "Go", "an image button's alt"),
            ("<a id=t href=/><img src=logo.png alt=Company></a>", "Company", "2F with an image's alt"),
            ("<a id=t href=/><img src='/icons/home%20page.png?v=2'></a>", "home page.png", "lynx: the image's file name, last"),
            ("<a id=t href=/><img src=a.png alt=''></a>", "", "an empty alt is presentational"),
            ("<button id=t><svg><title>Close</title><path/></svg></button>", "Close", "an SVG's title"),
            ("<fieldset id=t><legend>Shipping <b>address</b></legend><input></fieldset>", "Shipping address", "a fieldset's legend"),
            ("<table id=t><caption>Prices</caption><tr><td>1</table>", "Prices", "a table's caption"),
            ("<a id=t href=/>Read <span hidden>secret</span><span aria-hidden=true>icon</span>more</a>", "Read more", "2A: hidden content is left out"),
            ("<a id=t href=/>foo<b>bar</b></a>", "foobar", "inline content runs together"),
            ("<a id=t href=/><div>One</div><div>Two</div></a>", "One Two", "block content apart"),
            ("<div id=t>Just text</div>", "", "a generic element takes no name from its content"),
            ("<div id=t role=button>Press</div>", "Press", "a role that takes its name from content"),
            ("<div id=t aria-labelledby=u>x</div><div id=u aria-labelledby=t>Loop</div>", "Loop", "a reference cycle ends"),
            ("<button id=t><script>bad()</script>OK</button>", "OK", "script text is never read"),
        ]
        for item in cases {
            XCTAssertEqual(try name(item.html), item.expected, item.note)
        }
    }

    /// With the page's styles: 2A leaves out what CSS hides (`display:
    /// none`, `visibility: hidden`), except inside a hidden element a
    /// reference or label points at; 2F.ii reads `::before`/`::after`.
    func testCSSHidingAndGeneratedContent() throws {
        let css = """
            .gone { display: none } .unseen { visibility: hidden }
            .icon::before { content: "★ " } a.ext::after { content: " (" attr(data-site) ")" }
            .gone::before { content: "never" }
            """
        let cases: [(html: String, expected: String, note: String)] = [
            ("<a id=t href=/>Read <span class=gone>secret</span><span class=unseen>hidden</span>more</a>", "Read more", "2A: hidden by CSS"),
            ("<button id=t><span class=icon></span>Save</button>", "★ Save", "2F.ii: ::before content"),
            ("<a id=t class=ext href=/ data-site=w3.org>Spec</a>", "Spec (w3.org)", "2F.ii: ::after with attr()"),
            ("<input id=t aria-labelledby=l><div id=l class=gone>Hidden <span class=gone>too</span> label</div>", "Hidden too label",
             "2A: inside a hidden element aria-labelledby points at, what is hidden is read"),
            ("<label for=t class=gone>Name</label><input id=t>", "Name", "2A: a hidden label still names its field"),
            ("<button id=t class=gone>x</button>", "", "2A: a hidden element has no name"),
            ("<button id=t><svg><title>Close</title></svg></button>", "Close", "an SVG is rendered (Tern's sheet hides it, a browser does not)"),
        ]
        for item in cases {
            let document = parse(item.html)
            let store = ElementStyleStore(document: document, sheets: [StyleSheet(text: css, origin: .author, baseURL: nil)],
                                          environment: MediaEnvironment(columns: 80, rows: 24))
            let target = try XCTUnwrap(document.element(withID: "t"), item.html)
            let styled = AccessibleName.of(target, elementByID: { document.element(withID: $0) }) { node, pseudo in
                pseudo.map { store.style(of: node, pseudoElement: $0) } ?? store.style(of: node)
            }
            XCTAssertEqual(styled, item.expected, item.note)
        }
    }

    /// Each style lookup may restyle the element's ancestors: a hostile
    /// subtree gets a bounded number of them, then the document alone.
    func testStyleLookupsAreBounded() throws {
        let document = parse("<button id=t>" + String(repeating: "<span>w ", count: 3000) + "</button>")
        let target = try XCTUnwrap(document.element(withID: "t"))
        var lookups = 0
        let name = AccessibleName.of(target, elementByID: { _ in nil }) { _, _ in
            lookups += 1
            return nil
        }
        XCTAssertTrue(name.hasPrefix("w w w"), name)
        XCTAssertLessThanOrEqual(lookups, 512)
        XCTAssertGreaterThan(lookups, 100, "the styles were read while the budget lasted")
    }

    func testImagesWithoutAltShowTheirFileNameAsLynxDoes() {
        XCTAssertEqual(dump("<p><a href=/a><img src=\"/img/back-arrow.svg\"></a> <img src=\"data:image/png;base64,AAAA\"> <img title=Map src=m.png></p>"),
                       lines("[1][back-arrow.svg] [image] [Map]"))
    }

    func testAnEmptyFieldShowsTheNameItsAuthorGaveIt() {
        XCTAssertEqual(render("<p><input aria-label=Search> <input title=Year size=6> <input value=x aria-label=Ignored size=4> <input size=3></p>").lines[0].text,
                       "[Search______________] [Year__] [x___] [___]")
    }
}
