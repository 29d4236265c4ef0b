import XCTest
import TernCSS
import TernDOM
import TernLayout
import TernTestSupport
@testable import TernKit

/// Issue 28: a layout after a change restyles what the change can affect,
/// through the document's `ElementStyleStore`, and nothing else. Each test
/// lays a real page (real sheets) out, makes one change the way a page or a
/// person does (a script, the width, the focus), lays it out again and checks
/// that (a) the page is what a layout from scratch gives, both of the same
/// document with every style computed afresh and of a fresh web view
/// showing the resulting markup, and (b) the store restyled exactly the
/// expected number of elements. So a layout that ignored the store's marks
/// shows stale styles, and one that restyled everything miscounts (every
/// test also makes a change no rule reads, which must restyle nothing).
final class RelayoutTests: WebViewTestCase {
    // Every test counts the restyles of the document's style store and lays the document out again without it: internals of the in-process page.
    override class var reachesIntoThePage: Bool { true }

    // MARK: Scripts

    /// A class change restyles the elements its rules select and, when their
    /// inherited properties changed, their children; a class no rule names
    /// restyles nothing.
    func testAClassChangeRestylesWhatItsRulesSelect() throws {
        try load(css: ".item { color: rgb(0, 0, 128) } .hot { color: rgb(255, 0, 0) } .hot span { font-weight: bold }"
                      + " .gone { display: none } .shout { text-transform: uppercase }",
                 body: filler + "<p id=t class=item><span>target</span> text</p><div id=g>gone <i>soon</i></div>")
        try change("document.getElementById('t').classList.add('hot')", restyling: 2, shows: "target") // the p and its span
        try change("document.getElementById('g').className = 'gone'", restyling: 1, hides: "soon") // its children are not laid out
        // And now they are, with the styles they had (display is not inherited).
        try change("document.getElementById('g').className = ''", restyling: 1, shows: "soon")
        try change("document.getElementById('g').className = 'shout'", restyling: 2, shows: "GONE SOON") // the i inherits it
        try change("document.getElementById('t').classList.add('unnamed')", restyling: 0)
    }

    /// An attribute change restyles for the rules that test it: the element,
    /// its children for `[attr] > em`; the `style` attribute its element.
    func testAnAttributeChangeRestylesForItsRules() throws {
        try load(css: "[data-state=open] > em { text-transform: uppercase } [data-state] { text-decoration: underline }",
                 body: filler + "<div id=d><em>open me</em> <span>beside</span></div>")
        try change("document.getElementById('d').setAttribute('data-state', 'open')", restyling: 3, shows: "OPEN ME")
        try change("document.getElementById('d').setAttribute('data-state', 'shut')", restyling: 3, shows: "open me")
        try change("document.querySelector('p').setAttribute('style', 'display: none')", restyling: 1, hides: "filler 0 ")
        try change("document.getElementById('d').setAttribute('data-unread', '1')", restyling: 0)
    }

    /// A sheet added or removed restyles every element laid out (the page
    /// collects its sheets again); the next change restyles only its own.
    func testASheetAddedOrRemovedRestylesEverything() throws {
        try load(css: "p { color: rgb(0, 0, 128) }", body: filler + "<p id=t>last</p>")
        let everything = try laidOutElementCount()
        try change("""
            var added = document.createElement('style');
            added.textContent = '#t { text-transform: uppercase }';
            document.head.appendChild(added)
            """, restyling: everything, shows: "LAST")
        try change("document.getElementById('t').classList.add('unnamed')", restyling: 0)
        try change("added.remove()", restyling: everything, shows: "last")
        try change("document.body.setAttribute('data-x', '1')", restyling: 0)
    }

    /// A rule inserted into a sheet through CSSOM restyles everything.
    func testARuleInsertedIntoASheetRestylesEverything() throws {
        try load(css: "p { color: rgb(0, 0, 128) }", body: filler + "<p id=t>last</p>")
        let everything = try laidOutElementCount()
        // The markup does not hold the rule: no fresh web view to compare with.
        markupHoldsTheSheets = false
        try change("document.styleSheets[0].insertRule('#t { display: none }', 1)", restyling: everything, hides: "last")
        try change("document.getElementById('t').title = 'x'", restyling: 0)
    }

    /// Another width (a media query's answer) restyles everything; laying the
    /// page out at the same width again restyles nothing.
    func testAWidthChangeRestylesEverything() throws {
        try load(css: "@media (max-width: 500px) { .wide { display: none } } .wide { text-transform: uppercase }",
                 body: filler + "<div class=wide>only <b>when</b> wide</div>")
        try relayout(width: 60, restyling: try laidOutElementCount(width: 60), hides: "ONLY")
        try relayout(width: 80, restyling: try laidOutElementCount(width: 80), shows: "ONLY WHEN WIDE")
        try change("document.body.className = 'unnamed'", restyling: 0)
    }

    /// The focus restyles what `:focus` rules name around the old and the new
    /// focused element, nothing else.
    func testAFocusChangeRestylesTheFocusedElements() throws {
        try load(css: "a:focus { text-transform: uppercase } a:focus b { text-decoration: underline }",
                 body: filler + "<p><a id=a1 href=one>first <b>link</b></a> and <a id=a2 href=two>second</a></p>")
        let document = try XCTUnwrap(webView.page.document)
        let first = try XCTUnwrap(document.element(withID: "a1")), second = try XCTUnwrap(document.element(withID: "a2"))
        webView.page.focus(node: first)
        try relayout(restyling: 2, shows: "FIRST LINK", focusID: "a1") // the link and its b
        webView.page.focus(node: second)
        try relayout(restyling: 3, shows: "SECOND", focusID: "a2") // both links, and the first one's b
        webView.page.focus(node: nil)
        try relayout(restyling: 1, shows: "second", focusID: nil)
        try change("document.getElementById('a1').setAttribute('data-x', '1')", restyling: 0)
    }

    /// A child inserted restyles itself and, for `li:first-child`, its new
    /// siblings (and, for `p:empty + p`, the parent and the element after it:
    /// the store does not look at the tag); text inserted into an empty
    /// element restyles that element and the one after it.
    func testAChildOrTextInsertedRestylesWhatTheTreeRulesName() throws {
        try load(css: "li:first-child { text-transform: uppercase } p:empty { display: none } p:empty + p { color: rgb(0, 128, 0) }",
                 body: filler + "<ul id=u><li>one</li><li>two <i>2</i></li><li>three</li></ul><p id=e></p><p>after</p>")
        try change("""
            var zero = document.createElement('li');
            zero.textContent = 'zero';
            document.getElementById('u').insertBefore(zero, document.getElementById('u').firstChild)
            """, restyling: 6, shows: "ZERO") // the ul and the p after it (`p:empty + p`), the new li and the three it moved
        // The p (:empty), the p after it (`+`); the second li moved no first-child.
        try change("document.getElementById('e').textContent = 'now'", restyling: 2, shows: "now")
        try change("document.getElementById('u').appendChild(document.createElement('li'))", restyling: 7)
        try change("document.getElementById('u').lastChild.setAttribute('data-x', '1')", restyling: 0)
    }

    // MARK: Presentational hints, generated content

    /// `<td nowrap>`, `<font color>` and `bgcolor` are the elements' own
    /// declarations: changing them restyles the element (and, when its
    /// inherited properties changed, its children); `::before`/`::after` content follows a class
    /// change, and elements not restyled keep theirs.
    func testPresentationalHintsAndGeneratedContentFollowChanges() throws {
        let long = String(repeating: "cell words ", count: 12)
        try load(css: ".quote::before { content: '« ' } .quote::after { content: ' »' } .loud::before { content: '!! ' }"
                      + " li::marker { content: '> ' }",
                 body: filler + """
                    <table><tr id=row bgcolor=#ff0000><th>head</th><td id=cell nowrap>\(long)</td></tr></table>
                    <p><font id=f color=#00ff00>green</font> text <span class=quote id=q>quoted</span></p>
                    <ul><li id=m>item</li></ul>
                    """)
        try change("document.getElementById('f').setAttribute('color', '#0000ff')", restyling: 1, shows: "green")
        // The row alone (its cells do not inherit a background); the nowrap cell leaves the header cell two columns.
        try change("document.getElementById('row').setAttribute('bgcolor', '#0000ff')", restyling: 1, shows: "he ")
        try change("document.getElementById('cell').removeAttribute('nowrap')", restyling: 1, shows: "head  cell words")
        try change("document.getElementById('q').classList.add('loud')", restyling: 1, shows: "!! quoted »")
        try change("document.getElementById('m').textContent = 'other item'", restyling: 0, shows: "other item")
        try change("document.getElementById('f').setAttribute('size', '7')", restyling: 0, shows: "!! quoted »")
    }

    // MARK: What styles depend on besides the document

    /// Author styles turned off and on: the page's sheets leave and come
    /// back, so everything is restyled, and each layout is right.
    func testAuthorStylesOffAndOnRestyleEverything() throws {
        try load(css: "#t { text-transform: uppercase }", body: filler + "<p id=t>styled</p>")
        let everything = try laidOutElementCount()
        webView.authorStyleSheetsEnabled = false
        try relayout(restyling: everything, shows: "styled")
        webView.authorStyleSheetsEnabled = true
        try relayout(restyling: everything, shows: "STYLED")
        try change("document.getElementById('t').setAttribute('data-x', '1')", restyling: 0)
    }

    /// A frame's document is styled by its own sheets, afresh each layout:
    /// the page's store holds only the page's elements.
    func testAFramesDocumentKeepsItsOwnSheets() throws {
        try load(css: "p { text-transform: uppercase } .hot { color: rgb(255, 0, 0) }",
                 body: "<p id=t>outer</p><iframe srcdoc=\"<style>p { text-decoration: underline }</style><p>inner</p>\"></iframe>")
        wait { (self.webView.page.renderedPage(width: 80)?.lines.map(\.text).joined() ?? "").contains("inner") }
        let store = try XCTUnwrap(webView.page.session.styles.store)
        let stored = store.count
        try change("document.getElementById('t').classList.add('hot')", restyling: 1, shows: "OUTER")
        let page = try XCTUnwrap(webView.page.renderedPage(width: 80)).lines.map(\.text).joined(separator: "\n")
        XCTAssertTrue(page.contains("inner"), "the frame's p is not the page's: not uppercase\n\(page)")
        XCTAssertEqual(store.count, stored, "no frame element is stored")
    }

    /// A page whose scripts do not run keeps no styles between layouts (it
    /// changes only wholesale, or by the focus): each layout computes every
    /// style, and is right.
    func testAPageWithoutScriptsKeepsNoStyles() throws {
        makeWebView { $0.preferences.javaScriptEnabled = false }
        recorder.clear()
        webView.loadHTMLString("<style>a:focus { text-transform: uppercase }</style><p><a id=a href=x>link</a></p>",
                               baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertNil(webView.page.scriptWindow)
        XCTAssertTrue(try XCTUnwrap(webView.page.renderedPage(width: 80)).lines.map(\.text).joined().contains("link"))
        webView.page.focus(node: webView.page.document?.element(withID: "a"))
        XCTAssertTrue(try XCTUnwrap(webView.page.renderedPage(width: 80)).lines.map(\.text).joined().contains("LINK"))
        XCTAssertNil(webView.page.session.styles.store, "no store")
    }

    // MARK: Cost

    /// A class toggled a hundred times on a page of thousands of elements,
    /// laid out after each toggle: two restyles a layout, not a page's worth.
    func testAHundredTogglesRestyleTwoElementsALayout() throws {
        var body = ""
        for i in 0..<300 { body += "<section><h2>\(i)</h2><ul><li class=item><span>a</span></li><li class=item>b</li></ul></section>" }
        body += "<p id=t class=item><span>target</span></p>"
        try load(css: ".item { color: rgb(0, 0, 128) } .hot { color: rgb(255, 0, 0) } .hot span { font-weight: bold }"
                      + " li:first-child { margin-left: 8px } h2 + ul { margin-top: 8px }", body: body)
        let everything = try laidOutElementCount()
        XCTAssertGreaterThan(everything, 1_800)
        let store = try XCTUnwrap(webView.page.session.styles.store)
        let before = store.restyleCount
        for _ in 0..<100 {
            let revision = webView.documentRevision
            _ = value("document.getElementById('t').classList.toggle('hot')")
            wait { self.webView.documentRevision != revision }
            XCTAssertNotNil(webView.page.renderedPage(width: 80))
        }
        XCTAssertEqual(store.restyleCount - before, 200, "the p and its span, per layout (\(everything) elements)")
        try relayout(restyling: 0, shows: "target")
    }

    // MARK: Support

    /// Whether a fresh web view of the document's markup shows the page
    /// (not after a sheet was changed through CSSOM).
    private var markupHoldsTheSheets = true

    /// 60 paragraphs the changes must not restyle.
    private let filler = (0..<60).map { "<p class=item>filler \($0) <b>bold</b></p>" }.joined()

    /// Loads a page of `css` and `body`, runs a script in it (so it has a
    /// script window) and lays it out, checking the layout.
    private func load(css: String, body: String, file: StaticString = #filePath, line: UInt = #line) throws {
        recorder.clear()
        webView.loadHTMLString("<!doctype html><html><head><title>t</title><style>\(css)</style></head><body>\(body)</body></html>",
                               baseURL: server.url("/app/"))
        wait(file: file, line: line) { recorder.ended }
        XCTAssertEqual(value("1 + 1", file: file, line: line), .number(2))
        spin(0.05)
        XCTAssertNotNil(webView.page.scriptWindow, file: file, line: line)
        let page = try XCTUnwrap(webView.page.renderedPage(width: 80), file: file, line: line)
        try compare(page, width: 80, focusID: nil, file: file, line: line)
        XCTAssertNotNil(webView.page.session.styles.store, "the layout made the document's store", file: file, line: line)
    }

    /// Runs `script` in the page, waits for the document change to reach the
    /// layout, and lays the page out again (see `relayout`).
    private func change(_ script: String, restyling expected: Int, shows shown: String? = nil, hides hidden: String? = nil,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let revision = webView.documentRevision
        _ = value(script + "; 0", file: file, line: line)
        wait(file: file, line: line) { self.webView.documentRevision != revision }
        try relayout(restyling: expected, shows: shown, hides: hidden, focusID: webView.page.focusedNode?.attribute("id"),
                     file: file, line: line)
    }

    /// Lays the page out `width` columns wide: the store must have restyled
    /// `expected` elements, the page must show `shown` and not `hidden`, and
    /// be what a layout from scratch gives.
    private func relayout(width: Int = 80, restyling expected: Int, shows shown: String? = nil, hides hidden: String? = nil,
                          focusID: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let store = try XCTUnwrap(webView.page.session.styles.store, file: file, line: line)
        let before = store.restyleCount
        let page = try XCTUnwrap(webView.page.renderedPage(width: width), file: file, line: line)
        XCTAssertTrue(webView.page.session.styles.store === store, "one store for the document", file: file, line: line)
        XCTAssertEqual(store.restyleCount - before, expected, "elements restyled", file: file, line: line)
        let text = page.lines.map(\.text).joined(separator: "\n")
        if let shown { XCTAssertTrue(text.contains(shown), "\(shown) not in\n\(text)", file: file, line: line) }
        if let hidden { XCTAssertFalse(text.contains(hidden), "\(hidden) in\n\(text)", file: file, line: line) }
        try compare(page, width: width, focusID: focusID, file: file, line: line)
    }

    /// `page` must equal a layout of the same document whose every style is
    /// computed afresh (no store), and one of a fresh web view showing the
    /// document's markup as it is now (focused alike).
    private func compare(_ page: RenderedPage, width: Int, focusID: String?, file: StaticString, line: UInt) throws {
        let document = try XCTUnwrap(webView.page.document, file: file, line: line)
        var options = webView.page.layoutOptions(for: document, width: width, rows: 24)
        options.styleStore = nil
        let fresh = Layout.render(document, options: options)
        XCTAssertTrue(page.lines == fresh.lines, "a layout without the store: \(Self.difference(page, fresh))", file: file, line: line)
        XCTAssertEqual(page.anchors, fresh.anchors, file: file, line: line)
        XCTAssertEqual(page.links.map(\.url), fresh.links.map(\.url), file: file, line: line)

        // A fresh web view of the resulting markup (on this loop, scripts on, the page's base URL).
        guard markupHoldsTheSheets else { return }
        let markup = "<!doctype html>" + (document.documentElement?.outerHTML ?? "")
        var configuration = WebViewConfiguration()
        configuration.eventLoop = loop
        configuration.websiteDataStore = .nonPersistent()
        configuration.websiteDataStore.eventLoop = loop
        configuration.preferences.authorStyleSheetsEnabled = webView.authorStyleSheetsEnabled
        let other = WebView(configuration: configuration)
        other.loadHTMLString(markup, baseURL: server.url("/app/"))
        wait(file: file, line: line) { !other.isLoading }
        if markup.contains("<iframe") { spin(0.2) }
        if let focusID { other.page.focus(node: other.page.document?.element(withID: focusID)) }
        let elsewhere = try XCTUnwrap(other.page.renderedPage(width: width), file: file, line: line)
        XCTAssertTrue(page.lines == elsewhere.lines, "a fresh web view: \(Self.difference(page, elsewhere))", file: file, line: line)
    }

    /// How many elements a layout from scratch styles now at `width` (those
    /// inside an element not displayed are not styled): a fresh store's count
    /// over a copy of the document.
    private func laidOutElementCount(width: Int = 80) throws -> Int {
        let document = try XCTUnwrap(webView.page.document)
        let copy = Document(html: "<!doctype html>" + (document.documentElement?.outerHTML ?? ""))
        var options = webView.page.layoutOptions(for: document, width: width, rows: 24)
        let store = ElementStyleStore(document: copy, sheets: options.styleSheets, environment: MediaEnvironment(columns: width, rows: 24))
        options.styleStore = store
        options.focusedElement = nil
        _ = Layout.render(copy, options: options)
        return store.restyleCount
    }

    /// The first line where two pages differ, as each has it.
    private static func difference(_ page: RenderedPage, _ other: RenderedPage) -> String {
        guard let index = page.lines.indices.first(where: { $0 < other.lines.count && page.lines[$0] != other.lines[$0] }) else {
            return "\(page.lines.count) lines, not \(other.lines.count)"
        }
        return "line \(index):\n\(page.lines[index])\n---\n\(other.lines[index])"
    }
}
