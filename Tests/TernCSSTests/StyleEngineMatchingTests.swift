import XCTest
import TernCSS
import TernDOM

/// Pseudo-element routing, the ancestor filter during a walk, dynamic states.
final class StyleEngineMatchingTests: XCTestCase {
    func testPseudoElementRulesGoToTheirPseudoElement() {
        let doc = Document(html: "<ul><li class=x>a</li></ul>")
        let li = CascadeTestSupport.element(doc, "li")
        let engine = CascadeTestSupport.engine(["""
            li::before { content: "B" }
            li:after { content: "A" }
            .x::marker { content: "M" }
            li::selection { color: red }
            li::first-line { color: red }
            li { color: green }
            """])
        XCTAssertEqual(CascadeTestSupport.winner("content", of: li, in: engine, pseudo: .before), #""B""#)
        XCTAssertEqual(CascadeTestSupport.winner("content", of: li, in: engine, pseudo: .after), #""A""#, "legacy :after")
        XCTAssertEqual(CascadeTestSupport.winner("content", of: li, in: engine, pseudo: .marker), #""M""#)
        XCTAssertNil(CascadeTestSupport.winner("content", of: li, in: engine), "pseudo-element rules stay off the element")
        XCTAssertEqual(CascadeTestSupport.winner("color", of: li, in: engine), "green", "::selection and ::first-line apply nowhere")
        XCTAssertNil(CascadeTestSupport.winner("color", of: li, in: engine, pseudo: .before), "element rules stay off its pseudo-elements")
        let style = CSSStyle()
        XCTAssertNil(engine.pseudoElementStyle(.marker, of: li, elementStyle: style), "a marker needs a list item")
    }

    func testPseudoElementStyleNilWithoutContent() {
        let doc = Document(html: "<p>a</p>")
        let p = CascadeTestSupport.element(doc, "p")
        let engine = CascadeTestSupport.engine(["p::after { color: red }"])
        XCTAssertNil(engine.pseudoElementStyle(.after, of: p, elementStyle: CSSStyle()))
        XCTAssertNil(engine.pseudoElementStyle(.before, of: p, elementStyle: CSSStyle()))
    }

    /// Walks the document as layout does (enter before children, leave
    /// after) and checks every element's winner against the answer without a walk.
    private func walkAgreesWithoutFilter(_ doc: Document, _ engine: StyleEngine, property: String,
                                         file: StaticString = #filePath, line: UInt = #line) -> [String: String] {
        var results: [String: String] = [:]
        func visit(_ element: Node) {
            let walked = CascadeTestSupport.winner(property, of: element, in: engine)
            if let id = element.attribute("id") { results[id] = walked ?? "-" }
            engine.enter(element)
            for child in element.elementChildren { visit(child) }
            engine.leave()
        }
        guard let root = doc.documentElement else { XCTFail("no root", file: file, line: line); return [:] }
        visit(root)
        // The same elements asked outside a walk (no filter).
        for (id, walked) in results {
            guard let element = try? doc.querySelector("#" + id) else { continue }
            XCTAssertEqual(CascadeTestSupport.winner(property, of: element, in: engine) ?? "-", walked, id, file: file, line: line)
        }
        return results
    }

    func testAncestorFilterDuringAWalk() {
        let doc = Document(html: """
            <div class="nav main" id="d1"><section id="s1"><a id="a1">1</a></section></div>
            <div class="other" id="d2"><a id="a2">2</a><p class="sib" id="p2"></p><span id="x2"><a id="a3">3</a></span></div>
            <article id="art"><div class="nav" id="d3"><em id="e3"><a id="a4">4</a></em></div></article>
            """)
        let engine = CascadeTestSupport.engine(["""
            .nav a { order: 1 }
            #d2 > a { order: 2 }
            .sib ~ span a { order: 3 }
            article .nav > em a { order: 4 }
            .main section > a { order: 5 }
            body div.other span > a:first-child { order: 6 }
            html .nope a { order: 99 }
            """])
        let results = walkAgreesWithoutFilter(doc, engine, property: "order")
        XCTAssertEqual(results["a1"], "5")
        XCTAssertEqual(results["a2"], "2")
        XCTAssertEqual(results["a3"], "6")
        XCTAssertEqual(results["a4"], "4")
        XCTAssertEqual(results["d1"], "-")
    }

    func testWalkSurvivesMismatchedCalls() {
        // A caller that styles an element out of walk order gets the full answer, not a filtered one.
        let doc = Document(html: #"<div class="nav"><p><a id="deep">x</a></p></div><a id="top">y</a>"#)
        let engine = CascadeTestSupport.engine([".nav a { order: 1 }"])
        engine.enter(CascadeTestSupport.element(doc, "html"))
        XCTAssertEqual(CascadeTestSupport.winner("order", of: CascadeTestSupport.element(doc, "#deep"), in: engine), "1")
        engine.leave()
    }

    func testFocusPseudoClasses() {
        let doc = Document(html: #"<form id="f"><input id="i"><input id="j" placeholder="p"></form>"#)
        let engine = CascadeTestSupport.engine([":focus { order: 1 } form:focus-within { order: 2 } :focus-visible { width: 1px } :placeholder-shown { height: 1px }"])
        let input = CascadeTestSupport.element(doc, "#i")
        let form = CascadeTestSupport.element(doc, "#f")
        XCTAssertNil(CascadeTestSupport.winner("order", of: input, in: engine))
        engine.focusedElement = input
        XCTAssertEqual(CascadeTestSupport.winner("order", of: input, in: engine), "1")
        XCTAssertEqual(CascadeTestSupport.winner("width", of: input, in: engine), "1px")
        XCTAssertEqual(CascadeTestSupport.winner("order", of: form, in: engine), "2")
        XCTAssertNil(CascadeTestSupport.winner("height", of: input, in: engine))
        XCTAssertEqual(CascadeTestSupport.winner("height", of: CascadeTestSupport.element(doc, "#j"), in: engine), "1px")
    }

    func testIndexBucketsDoNotLoseRules() {
        // Each rule is filed under one key; an element must still find rules filed under any of its keys.
        let doc = Document(html: #"<p id="i" class="c d" data-x="1" lang="en">x</p>"#)
        let engine = CascadeTestSupport.engine(["""
            #i { order: 1 } .d { width: 1px } [data-x] { height: 1px } p { color: red } * { z-index: 1 }
            p.c#i[data-x] { top: 1px } [DATA-X="1"] { left: 1px } :lang(en) { right: 1px } #I { bottom: 1px }
            """])
        let p = CascadeTestSupport.element(doc, "p")
        for (property, value) in [("order", "1"), ("width", "1px"), ("height", "1px"), ("color", "red"), ("z-index", "1"),
                                  ("top", "1px"), ("left", "1px"), ("right", "1px")] {
            XCTAssertEqual(CascadeTestSupport.winner(property, of: p, in: engine), value, property)
        }
        XCTAssertNil(CascadeTestSupport.winner("bottom", of: p, in: engine), "ids are case-sensitive")
    }

    /// Rules that read only the element are answered once per kind of
    /// element: elements alike in every attribute such a rule reads share
    /// the answer, and an attribute a rule reads (value, case, presence,
    /// namespace) keeps apart the elements that differ in it.
    func testLocalRulesAnsweredPerKindOfElement() {
        let doc = Document(html: """
            <input id=a type=checkbox><input id=b type=checkbox><input id=c type=text><input id=d type=CHECKBOX>
            <p id=e class="x y">1</p><p id=f class="y x">2</p><p id=g class="x">3</p><p id=h data-k="v" class="x y">4</p>
            <span id=j lang=en>5</span><span id=k>6</span>
            """)
        // A `p` in the SVG namespace, and a `lang` attribute in the XML one.
        let svgP = try! doc.createElement(namespace: "http://www.w3.org/2000/svg", qualifiedName: "p")
        try! svgP.setAttribute("class", "x y")
        try! svgP.setAttribute("id", "i")
        _ = try! CascadeTestSupport.element(doc, "body").appendChild(svgP)
        try! CascadeTestSupport.element(doc, "#k").setAttribute(namespace: "http://www.w3.org/XML/1998/namespace", qualifiedName: "xml:lang", value: "en")
        let engine = CascadeTestSupport.engine(["""
            input[type=checkbox] { width: 1px } input[type=text] { width: 2px }
            .x.y { height: 1px } .x:not(.y) { height: 2px } [data-k=v] { top: 1px }
            P { color: red } span[lang] { left: 1px }
            """])
        func winner(_ property: String, _ id: String) -> String? {
            CascadeTestSupport.winner(property, of: CascadeTestSupport.element(doc, "#" + id), in: engine)
        }
        XCTAssertEqual(winner("width", "a"), "1px")
        XCTAssertEqual(winner("width", "b"), "1px", "the same kind of element: the kept answer")
        XCTAssertEqual(winner("width", "c"), "2px", "another value of an attribute a rule reads")
        XCTAssertEqual(winner("width", "d"), "1px", "type compares without case (HTML's list)")
        XCTAssertEqual(winner("height", "e"), "1px")
        XCTAssertEqual(winner("height", "f"), "1px", "classes in another order")
        XCTAssertEqual(winner("height", "g"), "2px", "one class fewer")
        XCTAssertNil(winner("top", "e"))
        XCTAssertEqual(winner("top", "h"), "1px", "an attribute only one of them has")
        XCTAssertEqual(winner("color", "e"), "red", "an HTML element's name matches without case")
        XCTAssertNil(winner("color", "i"), "the same name in another namespace is another kind of element (exact case)")
        XCTAssertEqual(winner("left", "j"), "1px")
        XCTAssertNil(winner("left", "k"), "a namespaced attribute is not [lang]")
    }

    /// `::before`/`::after` of an element just styled are skipped when no
    /// such rule is filed under its keys, and found when one is.
    func testPseudoElementsSkippedOnlyWithoutRulesForTheElement() {
        let doc = Document(html: #"<div><p class=q>a</p><p>b</p><q>c</q></div>"#)
        let engine = CascadeTestSupport.engine([".q::after { content: 'A' } q::before { content: 'B' }"])  // and the UA sheet's q::before, q::after
        let div = CascadeTestSupport.element(doc, "div")
        engine.enter(div)
        defer { engine.leave() }
        let style = CSSStyle()
        for (selector, before, after) in [("p.q", false, true), ("p:not(.q)", false, false), ("q", true, true)] {
            let element = CascadeTestSupport.element(doc, selector)
            _ = engine.matchedRules(for: element)
            XCTAssertEqual(engine.pseudoElementStyle(.before, of: element, elementStyle: style) != nil, before, selector)
            XCTAssertEqual(engine.pseudoElementStyle(.after, of: element, elementStyle: style) != nil, after, selector)
        }
    }
    /// The root element asked outside a walk is matched afresh each time:
    /// a script may have changed its class in between.
    func testRootElementOutsideAWalkSeesItsNewClass() throws {
        let doc = Document(html: "<html><body>x</body></html>")
        let root = try XCTUnwrap(doc.documentElement)
        let engine = CascadeTestSupport.engine([".dark { color: white }"])
        XCTAssertNil(CascadeTestSupport.winner("color", of: root, in: engine))
        try root.setAttribute("class", "dark")
        XCTAssertEqual(CascadeTestSupport.winner("color", of: root, in: engine), "white")
    }
}

/// Styles share their values until one of them changes (copy on write).
final class CSSStyleSharingTests: XCTestCase {
    func testCopiesShareUntilChanged() {
        var a = CSSStyle()
        a.fontSize = 20
        var b = a
        XCTAssertTrue(a.isIdentical(to: b), "a copy holds the same values")
        b.fontSize = 30
        XCTAssertFalse(a.isIdentical(to: b), "a change copies")
        XCTAssertEqual(a.fontSize, 20, "the original keeps its value")
        XCTAssertEqual(b.fontSize, 30)
        var c = CSSStyle()
        c.fontSize = 20
        XCTAssertEqual(a, c, "equal values in different boxes are equal")
        XCTAssertEqual(a.hashValue, c.hashValue)
        XCTAssertTrue(CSSStyle().isIdentical(to: CSSStyle()), "initial styles share one box")
    }
}
