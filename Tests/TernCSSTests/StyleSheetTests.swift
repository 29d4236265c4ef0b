import XCTest
import TernCSS
import TernDOM

/// The rule model, `@supports`, `@import` placement and CSSOM §6.1 insertRule/deleteRule.
final class StyleSheetTests: XCTestCase {
    private func sheet(_ text: String) -> StyleSheet { StyleSheet(text: text, origin: .author, baseURL: "http://127.0.0.1/a/") }

    func testRuleTexts() {
        let s = sheet("""
            @charset "utf-8";
            P , div>a { COLOR : red ; width: 1px!important }
            @media screen and (max-width:600px) { p { color: blue } }
            @font-face { font-family: x; src: url(a.woff) }
            @unknown-rule stuff { p { color: red } }
            @layer a.b, c;
            @layer { p { } }
            @supports (display: block) { p { display: block } }
            """)
        XCTAssertEqual(s.ruleTexts, [
            "P , div>a { color: red; width: 1px !important; }",
            "@media screen and (max-width: 600px) {\n  p { color: blue; }\n}",
            "@font-face { font-family: x; src: url(\"a.woff\") }",
            "@layer a.b, c;",
            "@layer {\n  p { }\n}",
            "@supports (display: block) {\n  p { display: block; }\n}",
        ])
    }

    /// CSSOM §6.7.2: a declared value's numbers in canonical form; a custom
    /// property and a value with var() as written (a unit starting with "e" is
    /// escaped only where it would read back as an exponent).
    func testDeclaredNumbersSerialiseInCanonicalForm() {
        let s = sheet(#"p { width: .5EM; margin-left: -0; line-height: 1e1; --x: .5em; --y: 1\65 3; height: calc(var(--x) + .5em) }"#)
        XCTAssertEqual(s.ruleTexts, [#"p { width: 0.5em; margin-left: 0; line-height: 10; --x: .5em; --y: 1\65 3; height: calc(var(--x) + .5em); }"#])
    }

    func testSupportsConditions() {
        let doc = Document(html: "<p>x</p>")
        let p = CascadeTestSupport.element(doc, "p")
        func applies(_ condition: String) -> Bool {
            let engine = CascadeTestSupport.engine(["@supports \(condition) { p { width: 7px } }"])
            return CascadeTestSupport.winner("width", of: p, in: engine) == "7px"
        }
        XCTAssertTrue(applies("(display: block)"))
        XCTAssertFalse(applies("(display-fancy: block)"), "unknown property")
        XCTAssertTrue(applies("not (display-fancy: block)"))
        XCTAssertTrue(applies("(display: block) or (display-fancy: block)"))
        XCTAssertFalse(applies("(display: block) and (display-fancy: block)"))
        XCTAssertTrue(applies("((display: block) and (--anything: { x }))"), "custom properties are always supported")
        XCTAssertTrue(applies("selector(div > p:not(.x))"))
        XCTAssertFalse(applies("selector(p:frobnicate)"))
        XCTAssertFalse(applies("selector(p::selection)"), "a pseudo-element Tern does not draw")
        XCTAssertTrue(applies("selector(p::before)"))
        XCTAssertFalse(applies("font-tech(color-COLRv1)"), "general-enclosed is false")
        XCTAssertFalse(applies("(display: block) and"), "invalid: the rule is dropped")
        XCTAssertFalse(applies("display: block"), "a declaration needs parentheses")
        XCTAssertEqual(sheet("@supports (display: block) and (display: inline) { }").ruleTexts,
                       ["@supports (display: block) and (display: inline) {\n}"])
    }

    func testImportsOnlyBeforeOtherRules() {
        let s = sheet("""
            @charset "utf-8";
            @layer base;
            @import url(one.css);
            @import "two.css" screen and (min-width: 1px);
            @import url("three.css") layer(base.x) supports(display: block) print;
            @import url(four.css) layer supports(fancy-property: 1);
            p { color: red }
            @import url(late.css);
            """)
        XCTAssertEqual(s.imports.map(\.href), ["one.css", "two.css", "three.css", "four.css"])
        XCTAssertEqual(s.imports.map(\.media), [nil, "screen and (min-width: 1px)", "print", nil])
        XCTAssertEqual(s.imports.map(\.layer), [nil, nil, "base.x", ""])
        XCTAssertEqual(s.imports.map(\.shouldFetch), [true, true, true, false])
        XCTAssertEqual(s.imports[2].cssText, #"@import url("three.css") layer(base.x) supports(display: block) print;"#)
        XCTAssertEqual(s.ruleTexts.count, 6)
        XCTAssertTrue(s.imports.allSatisfy { $0.parentStyleSheet === s })
    }

    func testImportURLResolution() {
        let kept = sheet("@import 'x.css';")
        XCTAssertEqual(kept.imports.first?.url, "x.css", "without a resolver the URL stays as written")
        let resolved = StyleSheet(text: "@import 'x.css';", origin: .author, baseURL: "http://h/a/") { "http://h/a/" + $0 }
        XCTAssertEqual(resolved.imports.first?.url, "http://h/a/x.css")
        XCTAssertEqual(resolved.imports.first?.href, "x.css")
    }

    func testImportedSheetAppliesInPlaceWithMediaAndLayer() {
        let doc = Document(html: "<p>x</p>")
        let p = CascadeTestSupport.element(doc, "p")
        let main = sheet("@import url(a.css); @import url(b.css) print; @import url(c.css) layer(l); p { color: red; height: 1px }")
        main.imports[0].sheet = StyleSheet(text: "p { color: blue; width: 1px }", origin: .author, baseURL: nil)
        main.imports[1].sheet = StyleSheet(text: "p { width: 2px }", origin: .author, baseURL: nil)
        main.imports[2].sheet = StyleSheet(text: "p { height: 2px !important; order: 3 }", origin: .author, baseURL: nil)
        let engine = StyleEngine(sheets: [main], environment: MediaEnvironment(columns: 80, rows: 24))
        XCTAssertEqual(CascadeTestSupport.winner("color", of: p, in: engine), "red", "the import comes before the importing rules")
        XCTAssertEqual(CascadeTestSupport.winner("width", of: p, in: engine), "1px", "the print import does not apply")
        XCTAssertEqual(CascadeTestSupport.winner("height", of: p, in: engine), "2px", "layered !important beats unlayered normal")
        XCTAssertEqual(CascadeTestSupport.winner("order", of: p, in: engine), "3")
        let before = main.revision
        main.imports[0].sheet = nil
        XCTAssertGreaterThan(main.revision, before, "an import arriving or going bumps the revision")
        main.imports[2].sheet = main  // a cycle is skipped, not followed
        XCTAssertEqual(CascadeTestSupport.winner("color", of: p, in: engine), "red")
    }

    func testInsertAndDeleteRule() throws {
        let s = sheet("@import url(a.css); p { color: red }")
        XCTAssertThrowsError(try s.insertRule("p { }", at: 3)) { XCTAssertEqual($0 as? CSSOMError, .indexSize) }
        XCTAssertThrowsError(try s.insertRule("p { }", at: -1)) { XCTAssertEqual($0 as? CSSOMError, .indexSize) }
        XCTAssertThrowsError(try s.insertRule("p {", at: 0)) { XCTAssertEqual($0 as? CSSOMError, .hierarchyRequest) }
        XCTAssertThrowsError(try s.insertRule("p { } q { }", at: 2)) { XCTAssertEqual($0 as? CSSOMError, .syntax) }
        XCTAssertThrowsError(try s.insertRule("p:bogus { }", at: 2)) { XCTAssertEqual($0 as? CSSOMError, .syntax) }
        XCTAssertThrowsError(try s.insertRule("", at: 2)) { XCTAssertEqual($0 as? CSSOMError, .syntax) }
        XCTAssertThrowsError(try s.insertRule("@import url(b.css);", at: 2)) { XCTAssertEqual($0 as? CSSOMError, .hierarchyRequest) }
        XCTAssertThrowsError(try s.insertRule("p { }", at: 0)) { XCTAssertEqual($0 as? CSSOMError, .hierarchyRequest) }
        XCTAssertThrowsError(try s.insertRule("@namespace x url(y);", at: 1)) { XCTAssertEqual($0 as? CSSOMError, .invalidState) }
        let revision = s.revision
        XCTAssertEqual(try s.insertRule("@import url(b.css);", at: 1), 1)
        XCTAssertEqual(s.imports.map(\.href), ["a.css", "b.css"])
        XCTAssertEqual(try s.insertRule("div { width: 1px }", at: 3), 3)
        XCTAssertEqual(s.ruleTexts.last, "div { width: 1px; }")
        XCTAssertGreaterThan(s.revision, revision)
        XCTAssertThrowsError(try s.deleteRule(at: 4)) { XCTAssertEqual($0 as? CSSOMError, .indexSize) }
        XCTAssertThrowsError(try s.deleteRule(at: -1)) { XCTAssertEqual($0 as? CSSOMError, .indexSize) }
        try s.deleteRule(at: 0)
        XCTAssertEqual(s.imports.map(\.href), ["b.css"])
        XCTAssertEqual(s.ruleTexts.count, 3)
    }

    func testMediaAttributeAndDisabled() {
        let doc = Document(html: "<p>x</p>")
        let p = CascadeTestSupport.element(doc, "p")
        let s = sheet("p { color: red }")
        let engine = StyleEngine(sheets: [s], environment: MediaEnvironment(columns: 80, rows: 24))
        s.media = "print"
        XCTAssertNil(CascadeTestSupport.winner("color", of: p, in: engine))
        s.media = "(max-width: 640px)"
        XCTAssertEqual(CascadeTestSupport.winner("color", of: p, in: engine), "red")
        engine.environment = MediaEnvironment(columns: 120, rows: 24)
        XCTAssertNil(CascadeTestSupport.winner("color", of: p, in: engine))
    }

    func testMediaRulesFollowTheWindow() {
        let doc = Document(html: "<nav>menu</nav>")
        let nav = CascadeTestSupport.element(doc, "nav")
        let css = "nav { display: block } @media (max-width: 640px) { nav { display: none } } @media (min-width: 900px) { @media screen { nav { width: 9px } } }"
        let narrow = CascadeTestSupport.engine([css], columns: 80)
        let wide = CascadeTestSupport.engine([css], columns: 120)
        XCTAssertEqual(CascadeTestSupport.winner("display", of: nav, in: narrow), "none")
        XCTAssertEqual(CascadeTestSupport.winner("display", of: nav, in: wide), "block")
        XCTAssertNil(CascadeTestSupport.winner("width", of: nav, in: narrow))
        XCTAssertEqual(CascadeTestSupport.winner("width", of: nav, in: wide), "9px")
    }

    func testUserAgentSheet() {
        let ua = StyleSheet.userAgent
        XCTAssertEqual(ua.origin, .userAgent)
        XCTAssertGreaterThan(ua.ruleTexts.count, 40)
        let doc = Document(html: "<html><head><title>t</title></head><body><noscript>n</noscript><div hidden>h</div><h1>t</h1><blockquote>q</blockquote><ul><li>i</li></ul>")
        let engine = CascadeTestSupport.engine([])
        func w(_ p: String, _ s: String) -> String? { CascadeTestSupport.winner(p, of: CascadeTestSupport.element(doc, s), in: engine) }
        XCTAssertEqual(w("display", "noscript"), "none")
        XCTAssertEqual(w("display", "div"), "none")
        XCTAssertEqual(w("display", "head"), "none")
        XCTAssertEqual(w("text-decoration", "h1"), "underline")
        XCTAssertEqual(w("margin-left", "blockquote"), "32px")
        XCTAssertEqual(w("padding-left", "ul"), nil, "the list's indentation is the layout's")
        XCTAssertEqual(w("display", "li"), "list-item")
        var noScripts = MediaEnvironment(columns: 80, rows: 24)
        noScripts.scriptingEnabled = false
        let off = StyleEngine(sheets: [], environment: noScripts)
        XCTAssertNil(CascadeTestSupport.winner("display", of: CascadeTestSupport.element(doc, "noscript"), in: off))
    }
}
