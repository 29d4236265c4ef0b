import XCTest
import TernCSS
import TernDOM

/// CSS Cascade 4 §6.1 / Cascade 5 §6.4: origin and importance, layers,
/// specificity, order of appearance, the style attribute.
final class CascadeOrderTests: XCTestCase {
    private let document = Document(html: """
        <html><body><div id="box" class="a b" title="t"><p id="para" class="note">x</p>
        <span class="s">y</span></div></body></html>
        """)
    private func winner(_ property: String, _ selector: String, _ engine: StyleEngine) -> String? {
        CascadeTestSupport.winner(property, of: CascadeTestSupport.element(document, selector), in: engine)
    }

    func testUserAgentSheetAppliesFirstAndAuthorOverrides() {
        let engine = CascadeTestSupport.engine([])
        XCTAssertEqual(winner("display", "p", engine), "block")
        XCTAssertEqual(winner("margin-top", "p", engine), CSSSerializer.serialize(CSSParser.parseComponentValueList("1em")))
        let styled = CascadeTestSupport.engine(["p { display: inline }"])
        XCTAssertEqual(winner("display", "p", styled), "inline")
    }

    func testOriginsNormalAndImportantReverse() {
        let user = StyleSheet(text: "p { color: green } p { background-color: green !important }", origin: .user, baseURL: nil)
        let author = StyleSheet(text: "p { color: red } p { background-color: red !important }", origin: .author, baseURL: nil)
        // Document order lists the author sheet first: origin still decides.
        let engine = StyleEngine(sheets: [author, user], environment: MediaEnvironment(columns: 80, rows: 24))
        XCTAssertEqual(winner("color", "p", engine), "red", "author normal beats user normal")
        XCTAssertEqual(winner("background-color", "p", engine), "green", "user !important beats author !important")
        // UA !important (input[type=hidden]) beats author !important.
        let doc = Document(html: "<input type=hidden>")
        let hidden = CascadeTestSupport.engine(["input { display: inline !important }"])
        XCTAssertEqual(CascadeTestSupport.winner("display", of: CascadeTestSupport.element(doc, "input"), in: hidden), "none")
    }

    func testSpecificityThenOrder() {
        let engine = CascadeTestSupport.engine(["""
            #para { color: red }
            p.note { color: blue }
            div p { order: 1 } p { order: 2 }
            .note { width: 1px } p { width: 2px }
            """])
        XCTAssertEqual(winner("color", "p", engine), "red", "an id beats a class and a type")
        XCTAssertEqual(winner("order", "p", engine), "1", "two types beat one type whatever the order")
        XCTAssertEqual(winner("width", "p", engine), "1px", "a class beats a later type")
        let later = CascadeTestSupport.engine(["p { color: red } p { color: blue }"])
        XCTAssertEqual(winner("color", "p", later), "blue", "the same specificity: later wins")
        let acrossSheets = CascadeTestSupport.engine(["p { color: red }", "p { color: blue }"])
        XCTAssertEqual(winner("color", "p", acrossSheets), "blue", "later sheets come later")
    }

    /// Rules that repeat a selector are matched once for all of them, and a
    /// rule a later one repeats word for word drops out: the order of what is left must not change.
    func testRepeatedSelectorsAndRulesKeepTheirOrder() {
        let engine = CascadeTestSupport.engine(["""
            .note { color: red }
            p { color: blue }
            .note { color: red }
            .note { width: 1px }
            .note { color: green; width: 2px }
            .note { color: red }
            """])
        XCTAssertEqual(winner("color", "p", engine), "red", "the last repeat wins, not the first")
        XCTAssertEqual(winner("width", "p", engine), "2px", "the same selector with other declarations is kept")
        let declarations = engine.cascadedDeclarations(for: CascadeTestSupport.element(document, "p")).filter { $0.name == "color" }
        XCTAssertEqual(declarations.map { CSSSerializer.serialize($0.value) }, ["blue", "green", "red"],
                       "an exact repeat leaves only its last copy")
        let layered = CascadeTestSupport.engine(["@layer x { .note { color: red } } .note { color: blue } @layer x { .note { color: red } }"])
        XCTAssertEqual(winner("color", "p", layered), "blue", "a repeat in a lower layer stays below")
        let important = CascadeTestSupport.engine([".note { color: red !important } .note { color: blue } .note { color: red }"])
        XCTAssertEqual(winner("color", "p", important), "red", "importance is part of a rule's identity")
    }

    /// A rule filed under each alternative of its subject's `:is()` applies once.
    func testRuleFiledUnderSeveralKeysAppliesOnce() {
        let engine = CascadeTestSupport.engine([":is(.note, p, #para) { width: 5px } :where(span, .s):first-child { width: 6px }"])
        let p = CascadeTestSupport.element(document, "p")
        XCTAssertEqual(engine.cascadedDeclarations(for: p).filter { $0.name == "width" }.count, 1, "p.note#para has all three keys")
        XCTAssertEqual(winner("width", "p", engine), "5px")
        XCTAssertNil(winner("width", "span", engine), "the span is not a first child")
        XCTAssertNil(winner("width", "div", engine))
    }

    /// CSS Generated Content 3 §1: `::before`/`::after` make a box only with
    /// a `content` other than normal/none, however many other rules apply.
    func testPseudoElementsWithoutContentMakeNoBox() {
        let engine = CascadeTestSupport.engine(["*, ::before, ::after { color: red } .note::after { content: 'x' }"])
        let p = CascadeTestSupport.element(document, "p"), span = CascadeTestSupport.element(document, "span")
        let style = engine.computedStyle(for: p, parent: nil)
        XCTAssertNil(engine.pseudoElementStyle(.before, of: p, elementStyle: style))
        XCTAssertNotNil(engine.pseudoElementStyle(.after, of: p, elementStyle: style))
        XCTAssertNil(engine.pseudoElementStyle(.after, of: span, elementStyle: engine.computedStyle(for: span, parent: nil)))
        let inherited = CascadeTestSupport.engine(["p { content: 'y' } p::before { all: inherit }"])
        XCTAssertNotNil(inherited.pseudoElementStyle(.before, of: p, elementStyle: inherited.computedStyle(for: p, parent: nil)),
                        "`all: inherit` takes the element's content")
    }

    func testIsWhereNotSpecificity() {
        // :is() takes its most specific argument; :where() counts nothing; :not() as :is().
        let engine = CascadeTestSupport.engine(["""
            :is(#para, p) { color: red }
            p.note { color: blue }
            :where(#para) { width: 1px }
            p { width: 2px }
            :not(#nothing) { height: 1px }
            p.note { height: 2px }
            """])
        XCTAssertEqual(winner("color", "p", engine), "red")
        XCTAssertEqual(winner("width", "p", engine), "2px")
        XCTAssertEqual(winner("height", "p", engine), "1px")
    }

    func testStyleAttributeAboveSelectorsBelowImportant() {
        let doc = Document(html: #"<p id="x" style="color: green; width: 3px !important; HEIGHT: 1px">x</p>"#)
        let p = CascadeTestSupport.element(doc, "p")
        let engine = CascadeTestSupport.engine(["#x#x#x { color: red } p { width: 9px !important } p { height: 2px !important }"])
        XCTAssertEqual(CascadeTestSupport.winner("color", of: p, in: engine), "green", "style attribute beats any selector")
        XCTAssertEqual(CascadeTestSupport.winner("width", of: p, in: engine), "3px", "style !important beats sheet !important")
        XCTAssertEqual(CascadeTestSupport.winner("height", of: p, in: engine), "2px", "sheet !important beats style normal")
    }

    func testLayers() {
        let engine = CascadeTestSupport.engine(["""
            @layer base, theme;
            @layer theme { p { color: blue } p { width: 1px !important } }
            @layer base { #para { color: red } p { width: 2px !important } }
            p { color: green; width: 3px !important }
            @layer theme { p { height: 1px } }
            @layer base { p { height: 2px } }
            """])
        XCTAssertEqual(winner("color", "p", engine), "green", "unlayered beats layered, whatever the specificity")
        XCTAssertEqual(winner("width", "p", engine), "2px", "!important: the first layer wins, unlayered loses")
        XCTAssertEqual(winner("height", "p", engine), "1px", "later-declared layer (theme) beats base")
    }

    func testNestedAndAnonymousLayers() {
        let engine = CascadeTestSupport.engine(["""
            @layer a { p { color: red } @layer b { p { color: blue } } }
            @layer { p { width: 1px } }
            @layer { p { width: 2px } }
            @layer a.b { p { height: 1px } }
            @layer a { p { height: 2px } }
            """])
        XCTAssertEqual(winner("color", "p", engine), "red", "a layer's own rules beat its sublayers")
        XCTAssertEqual(winner("width", "p", engine), "2px", "each anonymous layer is a new, later layer")
        XCTAssertEqual(winner("height", "p", engine), "2px")
    }

    func testInvalidSelectorDropsOnlyItsRule() {
        let engine = CascadeTestSupport.engine(["p { color: red } p:unknown-thing, p { color: blue } p { width: 1px }"])
        XCTAssertEqual(winner("color", "p", engine), "red")
        XCTAssertEqual(winner("width", "p", engine), "1px")
    }

    func testDeclarationNamesLowercasedButCustomPropertiesKept() {
        let engine = CascadeTestSupport.engine(["p { COLOR: red; --Main: 1; --main: 2 }"])
        let declarations = engine.cascadedDeclarations(for: CascadeTestSupport.element(document, "p")).filter { $0.origin == .author }
        XCTAssertEqual(declarations.map(\.name), ["color", "--Main", "--main"])
    }

    func testSheetChangesAreSeen() throws {
        let sheet = StyleSheet(text: "p { color: red }", origin: .author, baseURL: nil)
        let engine = StyleEngine(sheets: [sheet], environment: MediaEnvironment(columns: 80, rows: 24))
        XCTAssertEqual(winner("color", "p", engine), "red")
        _ = try sheet.insertRule("p { color: blue }", at: 1)
        XCTAssertEqual(winner("color", "p", engine), "blue")
        sheet.disabled = true
        XCTAssertNil(winner("color", "p", engine))
    }
}
