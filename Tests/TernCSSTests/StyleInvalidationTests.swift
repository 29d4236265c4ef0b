import XCTest
import TernCSS
import TernDOM

/// Style invalidation (issue 28): one test per rule of `ElementStyleStore` and
/// `StyleInvalidationSet`, on parsed documents and real sheets. Each test
/// reads every element's style, makes one change, reads every element again
/// and checks (a) that the styles equal a restyle of the whole document from
/// scratch, and (b) that exactly the expected elements were restyled, so a
/// store that restyled nothing, or everything, fails.
final class StyleInvalidationTests: XCTestCase {
    private let environment = MediaEnvironment(columns: 80, rows: 24)

    // MARK: Classes, ids, attributes

    /// Selectors 4 §6.6: a class change restyles the elements a `.class`
    /// rule selects (and their descendants, which inherit the new colour);
    /// a class no rule names restyles nothing.
    func testAClassChangeRestylesWhatTheClassRuleSelects() throws {
        let page = try Page("""
            <div id=list><p id=a><span id=s>x</span></p><p id=b><span id=t>y</span></p></div><p id=c>z</p>
            """, css: [".hot { color: red }"])
        try page.change(expecting: ["a", "s"]) { try page["a"].setAttribute("class", "hot") }
        XCTAssertEqual(page.store.style(of: try page["s"])?.color, try page.fresh("s").color)
        XCTAssertNotEqual(page.store.style(of: try page["s"])?.color, page.store.style(of: try page["t"])?.color, "the change shows")
        try page.change(expecting: []) { try page["b"].setAttribute("class", "unnamed other") }
        try page.change(expecting: ["a", "s"]) { try page["a"].setAttribute("class", "unnamed") }
    }

    /// §14.1–14.2: a class on an ancestor compound restyles the descendants
    /// (`.wide p`) or the children (`.tight > li`), not the element itself.
    func testAnAncestorsClassRestylesItsDescendantsOrChildren() throws {
        let page = try Page("""
            <div id=box><section id=sec><p id=p1>a</p></section><p id=p2>b</p></div><p id=out>c</p>
            <ul id=u><li id=l1><b id=b1><i id=i1>x</i></b></li><li id=l2>y</li></ul>
            """, css: [".wide p { margin-left: 16px }", ".tight > li { margin-top: 16px }"])
        try page.change(expecting: ["sec", "p1", "p2"]) { try page["box"].setAttribute("class", "wide") }
        XCTAssertEqual(page.store.style(of: try page["p1"])?.marginLeft, .px(16))
        // l1 and l2 changed only a margin, which their children do not inherit: b1 keeps its style.
        try page.change(expecting: ["l1", "l2"]) { try page["u"].setAttribute("class", "tight") }
    }

    /// CSS Cascade 4 §7.1: children start from their parent's inherited
    /// properties only. A change of others (padding, display) restyles the
    /// element alone, but for the children that say `inherit` for one of
    /// them; a change of an inherited one restyles the children too.
    func testAChangeChildrenDoNotInheritRestylesOnlyThoseThatAskForIt() throws {
        let page = try Page("""
            <div id=d><p id=plain>a</p><p id=heir>b <b id=deep>c</b></p></div>
            """, css: [".wide { padding-left: 16px }", "#heir { padding-left: inherit }", ".red { color: red }"])
        try page.change(expecting: ["d", "heir"]) { try page["d"].setAttribute("class", "wide") }
        XCTAssertEqual(page.store.style(of: try page["heir"])?.paddingLeft, .px(16))
        XCTAssertEqual(page.store.style(of: try page["plain"])?.paddingLeft, .px(0))
        XCTAssertEqual(page.store.style(of: try page["deep"])?.paddingLeft, .px(0))
        try page.change(expecting: ["d", "heir"]) { try page["d"].removeAttribute("class") }
        try page.change(expecting: ["d", "plain", "heir", "deep"]) { try page["d"].setAttribute("class", "red") }
    }

    /// A class on the root element (a theme switch): the root, and everything
    /// below that inherits from it. The root is read again after the change
    /// (`StyleEngine` outside a walk kept the root's rule keys from one call to
    /// the next; the store always walks, so it never sees stale ones).
    func testARootClassChangeRestylesTheRootAndWhatInherits() throws {
        let page = try Page("<p id=p>a</p>", css: [".dark { color: white }", ".dark p { font-style: italic }"])
        let root = try XCTUnwrap(page.document.documentElement)
        try page.change(expecting: page.allIDs) { try root.setAttribute("class", "dark") }
        XCTAssertEqual(page.store.style(of: root)?.color, CSSColor.white)
        try page.change(expecting: page.allIDs) { root.removeAttribute("class") }
        XCTAssertEqual(page.store.style(of: root)?.color, CSSColor.black)
    }

    /// §6: an attribute change restyles for `[attr]` rules (the element, and
    /// its children for `[attr] > em`); an attribute no rule names restyles nothing.
    func testAnAttributeChangeRestylesForAttributeRules() throws {
        let page = try Page("""
            <div id=d><em id=e>x</em><span id=s>y</span></div><div id=other><em id=e2>z</em></div>
            """, css: ["[data-state=open] { padding-left: 8px }", "[data-state] > em { font-weight: bold }"])
        try page.change(expecting: ["d", "e", "s"]) { try page["d"].setAttribute("data-state", "open") }
        XCTAssertEqual(page.store.style(of: try page["e"])?.fontWeight, 700)
        try page.change(expecting: []) { try page["d"].setAttribute("data-unnamed", "1") }
        try page.change(expecting: ["d", "e", "s"]) { try page["d"].removeAttribute("data-state") }
        // The style attribute is its element's own: it alone (and the children it changes).
        try page.change(expecting: ["e2"]) { try page["e2"].setAttribute("style", "color: blue") }
    }

    /// §6.7: an id change restyles for the old and the new id's rules.
    func testAnIdChangeRestylesForTheOldAndTheNewId() throws {
        let page = try Page("""
            <div id=x><p id=p>a</p></div><div id=y><p id=q>b</p></div>
            """, css: ["#main { color: green }"])
        let x = try page["x"]
        try page.change(expecting: ["main", "p"]) { try x.setAttribute("id", "main") }
        XCTAssertEqual(page.store.style(of: try page["p"])?.color, CSSColor(red: 0, green: 128, blue: 0))
        try page.change(expecting: ["elsewhere", "p"]) { try x.setAttribute("id", "elsewhere") }
        try page.change(expecting: []) { try x.setAttribute("id", "nowhere") }
    }

    // MARK: Sibling combinators

    /// §14.3: `.mark + li` restyles the next sibling only.
    func testANextSiblingCombinatorRestylesTheNextSibling() throws {
        let page = try Page("<ul><li id=l1>1</li><li id=l2>2</li><li id=l3>3</li><li id=l4>4</li><li id=l5>5</li></ul>",
                            css: [".mark + li { color: red }"])
        try page.change(expecting: ["l3"]) { try page["l2"].setAttribute("class", "mark") }
        XCTAssertEqual(page.store.style(of: try page["l3"])?.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    /// §14.4: `.mark ~ li` restyles every later sibling.
    func testASubsequentSiblingCombinatorRestylesTheLaterSiblings() throws {
        let page = try Page("<ul><li id=l1>1</li><li id=l2>2</li><li id=l3>3</li><li id=l4>4</li><li id=l5>5</li></ul>",
                            css: [".mark ~ li { color: red }"])
        try page.change(expecting: ["l3", "l4", "l5"]) { try page["l2"].setAttribute("class", "mark") }
        XCTAssertEqual(page.store.style(of: try page["l5"])?.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    /// A sibling combinator left of a descendant one (`.mark + li b`): the
    /// later siblings' subtrees.
    func testASiblingThenDescendantCombinatorRestylesTheLaterSiblingsSubtrees() throws {
        let page = try Page("<ul><li id=l1><b id=b1>1</b></li><li id=l2><b id=b2>2</b></li><li id=l3><b id=b3>3</b></li></ul>",
                            css: [".mark + li b { color: red }"])
        try page.change(expecting: ["l3", "b3"]) { try page["l2"].setAttribute("class", "mark") }
        XCTAssertEqual(page.store.style(of: try page["b3"])?.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    // MARK: Sheets and media

    /// A sheet added or removed restyles every element.
    func testASheetAddedOrRemovedRestylesEverything() throws {
        let page = try Page("<div id=d><p id=p>a</p><p id=q>b</p></div>", css: ["p { color: blue }"])
        let added = StyleSheet(text: "#q { color: red }", origin: .author, baseURL: nil)
        try page.change(expecting: page.allIDs) { page.sheets.append(added) }
        XCTAssertEqual(page.store.style(of: try page["q"])?.color, CSSColor(red: 255, green: 0, blue: 0))
        try page.change(expecting: page.allIDs) { page.sheets.removeLast() }
        // A rule inserted into a sheet is a changed sheet.
        try page.change(expecting: page.allIDs) { _ = try page.sheets[0].insertRule("#p { color: green }", at: 1) }
    }

    /// A media (viewport) change restyles every element.
    func testAMediaChangeRestylesEverything() throws {
        let page = try Page("<div id=d><p id=p>a</p></div>", css: ["@media (max-width: 400px) { p { color: red } }"])
        try page.change(expecting: page.allIDs) { page.environment = MediaEnvironment(columns: 40, rows: 24) }
        XCTAssertEqual(page.store.style(of: try page["p"])?.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    // MARK: Child lists

    /// §13.3: a child inserted or removed restyles its parent's children when
    /// rules test child positions (`:first-child`, `:nth-child()`).
    func testChildInsertionAndRemovalRestyleSiblingsForChildIndexedRules() throws {
        let page = try Page("<ul id=u><li id=l1>1</li><li id=l2>2</li><li id=l3>3</li></ul><p id=out>x</p>",
                            css: ["li:first-child { color: red }", "li:nth-child(2n) { font-weight: bold }"])
        let ul = try page["u"]
        let first = try page.document.createElement("li")
        try first.setAttribute("id", "l0")
        try page.change(expecting: ["l0", "l1", "l2", "l3"]) { try ul.insertBefore(first, try page["l1"]) }
        XCTAssertEqual(page.store.style(of: try page["l1"])?.color, try page.fresh("l2").color, "l1 is no longer the first child")
        try page.change(expecting: ["l1", "l2", "l3"]) { first.remove() }
        XCTAssertEqual(page.store.style(of: try page["l1"])?.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    /// Without child-indexed or sibling rules, an inserted child is styled
    /// alone, and its siblings keep their styles.
    func testAChildInsertedWhereNoRuleTestsPositionsRestylesOnlyItself() throws {
        let page = try Page("<ul id=u><li id=l1>1</li><li id=l2>2</li></ul>", css: ["li { color: red }", ".x li { color: blue }"])
        let item = try page.document.createElement("li")
        try item.setAttribute("id", "l0")
        try page.change(expecting: ["l0"]) { try page["u"].insertBefore(item, try page["l1"]) }
        try page.change(expecting: ["l0", "l1", "l2"]) { try page["u"].setAttribute("class", "x") }
        try page.change(expecting: []) { item.remove() }
    }

    /// §14.3 with a child list: an element inserted before `.a + li`'s
    /// subject restyles the element after it.
    func testAChildInsertedBeforeASiblingRuleRestylesTheNextElement() throws {
        let page = try Page("<ul id=u><li id=l1 class=a>1</li><li id=l2>2</li><li id=l3>3</li></ul>", css: [".a + li { color: red }"])
        let item = try page.document.createElement("li")
        try item.setAttribute("id", "l0")
        try page.change(expecting: ["l0", "l2"]) { try page["u"].insertBefore(item, try page["l2"]) }
        XCTAssertNotEqual(page.store.style(of: try page["l2"])?.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    /// §13.2 `:empty`: a text child added to an element, or its text
    /// changed, restyles the element.
    func testTextChangesRestyleForEmpty() throws {
        let page = try Page("<div id=d><p id=p></p><p id=q>b</p></div>", css: ["p:empty { display: none }"])
        let text = page.document.createTextNode("")
        try page.change(expecting: ["p"]) { try page["p"].appendChild(text) }
        XCTAssertEqual(page.store.style(of: try page["p"])?.display, CSSDisplay.none, "empty text is still empty")
        try page.change(expecting: ["p"]) { text.data = "now" }
        XCTAssertEqual(page.store.style(of: try page["p"])?.display, try page.fresh("q").display)
    }

    /// A removed subtree leaves the store; put back, it is styled anew.
    func testARemovedSubtreeIsDroppedAndStyledAnewWhenInserted() throws {
        let page = try Page("<div id=a><p id=p><b id=b>x</b></p></div><div id=z class=dark></div>",
                            css: [".dark b { color: white }"])
        let p = try page["p"]
        let count = page.store.count
        try page.change(expecting: []) { p.remove() }
        XCTAssertEqual(page.store.count, count - 2)
        try page.change(expecting: ["p", "b"]) { try page["z"].appendChild(p) }
        XCTAssertEqual(page.store.style(of: try page["b"])?.color, CSSColor(red: 255, green: 255, blue: 255))
    }

    // MARK: Focus and :has()

    /// `:focus` restyles the old and the new focused element (and what inherits from them).
    func testAFocusChangeRestylesTheFocusedElements() throws {
        let page = try Page("<a id=a href=#>1</a><a id=b href=#>2</a><a id=c href=#>3</a>", css: [":focus { color: red }"])
        try page.change(expecting: ["a"]) { page.focus = try page["a"] }
        try page.change(expecting: ["a", "b"]) { page.focus = try page["b"] }
    }

    /// §4.5 `:has()`: not tracked; any change restyles the whole document.
    func testHasRestylesTheWholeDocument() throws {
        let page = try Page("<div id=d><p id=p>a</p></div><div id=e><p id=q>b</p></div>", css: ["div:has(.on) { color: red }"])
        try page.change(expecting: page.allIDs) { try page["p"].setAttribute("class", "on") }
        XCTAssertEqual(page.store.style(of: try page["d"])?.color, CSSColor(red: 255, green: 0, blue: 0))
    }

    // MARK: Cost

    /// A class toggled 1,000 times, each followed by a read of the element
    /// and its child (what `getComputedStyle` in a loop does), costs two
    /// restyles a toggle, not a page's worth.
    func testAThousandTogglesRestyleOnlyWhatTheyAffect() throws {
        var html = "<div id=top>"
        for i in 0..<400 { html += "<section><h2>\(i)</h2><ul><li class=item><span>a</span></li><li class=item>b</li></ul></section>" }
        html += "<p id=target class=item><span id=inner>x</span></p></div>"
        let page = try Page(html, css: [".item { color: navy }", ".hot { color: red }", ".hot span { font-weight: bold }",
                                        "li:first-child { margin-left: 8px }", "h2 + ul { margin-top: 8px }"])
        let target = try page["target"], inner = try page["inner"]
        let elements = page.allElements.count
        XCTAssertGreaterThan(elements, 2_000)
        let before = page.store.restyleCount
        for i in 0..<1_000 {
            try target.setAttribute("class", i % 2 == 0 ? "item hot" : "item")
            XCTAssertEqual(page.store.style(of: target)?.color,
                           i % 2 == 0 ? CSSColor(red: 255, green: 0, blue: 0) : CSSColor(red: 0, green: 0, blue: 128))
            XCTAssertEqual(page.store.style(of: inner)?.fontWeight, i % 2 == 0 ? 700 : 400)
        }
        XCTAssertEqual(page.store.restyleCount - before, 2_000, "the element and its child, per toggle (\(elements) elements)")
        try page.checkAgainstFullRestyle()
    }
}

// MARK: - Support

/// A parsed document, its sheets and a store over them, with what a test asks of them.
private final class Page {
    let document: Document
    let store: ElementStyleStore
    var sheets: [StyleSheet]
    var environment = MediaEnvironment(columns: 80, rows: 24)
    var focus: Node?

    init(_ html: String, css: [String]) throws {
        document = Document(html: "<!doctype html><html><head></head><body>" + html + "</body></html>")
        sheets = css.map { StyleSheet(text: $0, origin: .author, baseURL: nil) }
        store = ElementStyleStore(document: document, sheets: sheets, environment: environment)
        _ = readAll()
    }

    subscript(id: String) -> Node {
        get throws { try XCTUnwrap(document.element(withID: id), "no #\(id)") }
    }

    /// Every element in document order.
    var allElements: [Node] {
        var found: [Node] = []
        document.node?.walk { node in
            if node.isElement { found.append(node) }
            return true
        }
        return found
    }

    /// Every element's label (see `label(of:)`).
    var allIDs: Set<String> { Set(allElements.map(Page.label)) }

    /// An element's id, or its tag in angle brackets (`<body>`).
    static func label(of element: Node) -> String { element.attribute("id") ?? "<\(element.name)>" }

    /// Reads every element's style in document order (an element's ancestors
    /// first, so each read restyles at most that element); the elements the
    /// read restyled.
    func readAll() -> [Node] {
        store.update(sheets: sheets, environment: environment, focusedElement: focus)
        var restyled: [Node] = []
        for element in allElements {
            let count = store.restyleCount
            _ = store.style(of: element)
            if store.restyleCount > count { restyled.append(element) }
        }
        return restyled
    }

    /// Makes `change`, then reads everything: exactly `expected` (by label)
    /// must have been restyled, and every
    /// style must be what a restyle from scratch gives.
    func change(expecting expected: Set<String>, file: StaticString = #filePath, line: UInt = #line,
                _ change: () throws -> Void) throws {
        try change()
        let restyled = readAll()
        let ids = restyled.map(Page.label)
        XCTAssertEqual(Set(ids), expected, "restyled", file: file, line: line)
        XCTAssertEqual(ids.count, Set(ids).count, "each once", file: file, line: line)
        try checkAgainstFullRestyle(file: file, line: line)
    }

    /// Every element's stored style equals one computed from scratch.
    func checkAgainstFullRestyle(file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = freshStyles()
        for element in allElements {
            XCTAssertEqual(store.style(of: element), fresh[element], "<\(element.name) id=\(element.attribute("id") ?? "")>",
                           file: file, line: line)
        }
    }

    /// The style of `#id` from a restyle of the whole document from scratch.
    func fresh(_ id: String) throws -> CSSStyle {
        try XCTUnwrap(freshStyles()[try self[id]])
    }

    /// Every element's style from a new engine, top-down, as layout computes them.
    func freshStyles() -> [Node: CSSStyle] {
        let engine = StyleEngine(sheets: sheets, environment: environment)
        engine.focusedElement = focus
        var styles: [Node: CSSStyle] = [:]
        guard let root = document.documentElement else { return styles }
        var parents: [CSSStyle] = []
        root.traverse(entering: { element in
            let style = engine.computedStyle(for: element, parent: parents.last)
            styles[element] = style
            engine.enter(element)
            parents.append(style)
            return true
        }, text: { _ in }, leaving: {
            engine.leave()
            parents.removeLast()
        })
        return styles
    }
}

// MARK: - The invalidation set

/// What `StyleInvalidationSet` records for one selector: the scope of each
/// feature follows from the combinators between its compound and the subject.
final class StyleInvalidationSetTests: XCTestCase {
    private func set(_ text: String) throws -> StyleInvalidationSet {
        StyleInvalidationSet(selector: try Selector.parse(text))
    }

    func testScopesFollowTheCombinators() throws {
        XCTAssertEqual(try set(".a").classes, ["a": .element])
        XCTAssertEqual(try set(".a .b").classes, ["a": .descendants, "b": .element])
        XCTAssertEqual(try set(".a > .b").classes["a"], .children)
        XCTAssertEqual(try set(".a > .b > .c").classes["a"], .descendants, "two child steps: conservatively descendants")
        XCTAssertEqual(try set(".a + .b").classes["a"], .nextSibling)
        XCTAssertEqual(try set(".a ~ .b").classes["a"], .followingSiblings)
        XCTAssertEqual(try set(".a + .b + .c").classes["a"], .followingSiblings)
        XCTAssertEqual(try set(".a + .b .c").classes["a"], .followingSiblingSubtrees)
        XCTAssertEqual(try set(".a .b + .c").classes["a"], .descendants, "an ancestor of the previous sibling is the subject's")
        XCTAssertEqual(try set("#x p").ids["x"], .descendants)
        XCTAssertEqual(try set("[data-x=on] > em").attributes["data-x"], .children)
    }

    func testNestedSelectorsArePlacedWhereTheirPseudoClassIs() throws {
        XCTAssertEqual(try set(":is(.a .b) + .c").classes, ["a": .descendants, "b": .nextSibling, "c": .element])
        XCTAssertEqual(try set(".c:not(.a)").classes["a"], .element)
        XCTAssertEqual(try set("li:nth-child(2n of .a)").classes["a"], .parentSubtree, "the siblings S counts")
        XCTAssertEqual(try set("li:nth-child(2n of .a)").childIndex, .children)
        let has = try set("div:has(.x) p")
        XCTAssertEqual(has.classes["x"], .document)
        XCTAssertTrue(has.usesRelational)
    }

    func testPseudoClassesReadAttributesAndTreeState() throws {
        XCTAssertEqual(try set(":lang(fr) span").attributes["lang"], .descendants)
        XCTAssertEqual(try set("input:checked + span").attributes["checked"], .nextSibling)
        XCTAssertEqual(try set("input:disabled").attributes["disabled"], [.element, .descendants], "a fieldset's reaches down")
        XCTAssertEqual(try set("p:empty").childContent, .element)
        XCTAssertEqual(try set("li:first-child a").childIndex, .descendants)
        XCTAssertEqual(try set("p:last-of-type").typedChildIndex, ["p": .children])
        XCTAssertEqual(try set(".a + li").nextSiblingInsertion, .element)
        XCTAssertEqual(try set(".a ~ li").followingSiblingInsertion, .element)
        XCTAssertEqual(try set(":focus-within > p").focusWithin, .children)
        XCTAssertTrue(try set(":target").usesTarget)
    }
}

// MARK: - Random changes

/// Many random changes, with reads in between, against rules of every kind
/// the invalidation set tells apart: after each round the store must agree
/// with a restyle from scratch (the rules above, checked where they meet).
final class StyleInvalidationRandomTests: XCTestCase {
    func testRandomChangesKeepTheStoreEqualToAFullRestyle() throws {
        let css = [
            ".a { color: red } .b .c { color: blue } .a > .b { margin-left: 8px } .c + .a { font-weight: bold }",
            ".b ~ .c { text-indent: 8px } :is(.a .b, .c) .d { padding-left: 8px } :not(.a) > .d { margin-top: 8px }",
            "li:first-child { color: green } li:nth-child(2n of .a) { padding-top: 8px } p:last-of-type { margin-bottom: 8px }",
            "p:empty { display: none } [data-x] .d { color: navy } [data-x=on] + * { color: olive } #one .b { font-style: italic }",
            ":lang(fr) span { color: purple } fieldset[disabled] input, input:disabled { color: gray } input:checked + span { color: teal }",
            ".a + .b + .c { text-decoration: underline } .d > .a ~ * span { font-weight: 300 }",
        ]
        var random = SplitMix(seed: 28)
        for round in 0..<12 {
            var html = ""
            for i in 0..<6 {
                html += "<div class='\(["a", "b", "c", "d", ""][i % 5])'><ul><li>x</li><li class=a>y</li><li><span>z</span></li></ul>"
                html += "<p></p><p class=c>t</p><fieldset><legend>l</legend><input type=checkbox><span>s</span></fieldset></div>"
            }
            let document = Document(html: "<!doctype html><body>" + html + "</body>")
            let sheets = css.map { StyleSheet(text: $0, origin: .author, baseURL: nil) }
            let environment = MediaEnvironment(columns: 80, rows: 24)
            let store = ElementStyleStore(document: document, sheets: sheets, environment: environment)
            func elements() -> [Node] {
                var found: [Node] = []
                document.node?.walk { node in
                    if node.isElement { found.append(node) }
                    return true
                }
                return found
            }
            for element in elements() { _ = store.style(of: element) }
            for step in 0..<60 {
                let all = elements().filter { !$0.isElement("html") && !$0.isElement("body") && !$0.isElement("head") }
                guard !all.isEmpty else { break }
                let target = all[random.next(all.count)]
                switch random.next(9) {
                case 0, 1: try target.setAttribute("class", ["a", "b", "c", "d", "a b", "c d", ""][random.next(7)])
                case 2: try target.setAttribute("data-x", random.next(2) == 0 ? "on" : "off")
                case 3: target.removeAttribute(["data-x", "class", "id", "disabled", "checked"][random.next(5)])
                case 4: try target.setAttribute(["id", "lang", "disabled", "checked"][random.next(4)], ["one", "fr", "", "en"][random.next(4)])
                case 5:
                    let parent = all[random.next(all.count)]
                    if !target.contains(parent), parent.isElement {
                        let children = Array(parent.children)
                        try parent.insertBefore(target, children.isEmpty ? nil : children[random.next(children.count)])
                    }
                case 6: target.remove()
                case 7:
                    let element = try document.createElement(["li", "p", "span", "div"][random.next(4)])
                    try element.setAttribute("class", ["a", "b", "c", "d"][random.next(4)])
                    try target.appendChild(element)
                default:
                    if let text = target.firstChild, text.isText { text.data = random.next(2) == 0 ? "" : "w" }
                    else { try target.appendChild(document.createTextNode("")) }
                }
                // Read some now and then, as scripts do.
                if step % 3 == 0 { for element in elements() where random.next(4) == 0 { _ = store.style(of: element) } }
            }
            // A restyle from scratch, top-down as layout does it.
            let engine = StyleEngine(sheets: sheets, environment: environment)
            var parents: [CSSStyle] = []
            document.documentElement?.traverse(entering: { element in
                let style = engine.computedStyle(for: element, parent: parents.last)
                XCTAssertEqual(store.style(of: element), style, "round \(round): <\(element.name) class=\(element.attribute("class") ?? "")>")
                engine.enter(element)
                parents.append(style)
                return true
            }, text: { _ in }, leaving: {
                engine.leave()
                parents.removeLast()
            })
        }
    }
}
