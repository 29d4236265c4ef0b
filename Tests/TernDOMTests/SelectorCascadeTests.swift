import XCTest
@testable import TernDOM

/// What the style engine needs from selectors: specificity (Selectors 4
/// §16), pseudo-elements, index keys, ancestor hashes, focus.
final class SelectorCascadeTests: XCTestCase {
    private func specificity(_ text: String, _ alternative: Int = 0) throws -> [Int] {
        let s = try Selector.parse(text).specificity(ofAlternative: alternative)
        return [s.ids, s.classes, s.types]
    }

    func testSpecificity() throws {
        XCTAssertEqual(try specificity("*"), [0, 0, 0])
        XCTAssertEqual(try specificity("li"), [0, 0, 1])
        XCTAssertEqual(try specificity("ul li"), [0, 0, 2])
        XCTAssertEqual(try specificity("ul ol+li"), [0, 0, 3])
        XCTAssertEqual(try specificity("h1 + *[rel=up]"), [0, 1, 1])
        XCTAssertEqual(try specificity("ul ol li.red"), [0, 1, 3])
        XCTAssertEqual(try specificity("li.red.level"), [0, 2, 1])
        XCTAssertEqual(try specificity("#x34y"), [1, 0, 0])
        XCTAssertEqual(try specificity("#s12:not(FOO)"), [1, 0, 1])
        XCTAssertEqual(try specificity(".foo :is(.bar, #baz)"), [1, 1, 0])
        XCTAssertEqual(try specificity(":where(#a, .b) p"), [0, 0, 1])
        XCTAssertEqual(try specificity(":has(> #a, p)"), [1, 0, 0])
        XCTAssertEqual(try specificity(":nth-child(2n of .a, #b)"), [1, 1, 0])
        XCTAssertEqual(try specificity(":nth-child(2n)"), [0, 1, 0])
        XCTAssertEqual(try specificity("p::before"), [0, 0, 2])
        XCTAssertEqual(try specificity("p:before"), [0, 0, 2])
        XCTAssertEqual(try specificity("a, #b.c", 1), [1, 1, 0])
        XCTAssertTrue(SelectorSpecificity(ids: 1) > SelectorSpecificity(classes: 99, types: 99))
    }

    func testPseudoElementsEndTheSubject() throws {
        let s = try Selector.parse("p::before, p:after, li::marker, ::selection, p")
        XCTAssertEqual((0..<s.alternativeCount).map { s.pseudoElement(ofAlternative: $0) }, ["before", "after", "marker", "selection", nil])
        let doc = Document(html: "<p>x</p>")
        let p = try XCTUnwrap(doc.querySelector("p"))
        XCTAssertEqual(try doc.querySelectorAll("p::before").count, 0, "DOM queries never match a pseudo-element")
        XCTAssertFalse(try p.matches("p::after"))
        XCTAssertFalse(try p.matches(":is(p::after)"))
        let matcher = SelectorMatcher(focusedElement: nil)
        XCTAssertTrue(matcher.matches(s, alternative: 0, p), "the engine matches the originating element")
        XCTAssertFalse(matcher.matches(try Selector.parse("p::before span"), alternative: 0, p))
        XCTAssertFalse(matcher.matches(try Selector.parse("::before p"), alternative: 0, p), "a pseudo-element must be last")
        XCTAssertThrowsError(try Selector.parse("p::nonsense"))
    }

    func testSubjectKeys() throws {
        func keys(_ text: String) throws -> [Selector.SubjectKey] { try Selector.parse(text).subjectKeys(ofAlternative: 0) }
        XCTAssertEqual(try keys("div p.a#b[c]"), [.id("b")])
        XCTAssertEqual(try keys("p.a[c]"), [.className("a")])
        XCTAssertEqual(try keys("p[C=x]"), [.attribute("c")])
        XCTAssertEqual(try keys("#a P"), [.tag("p")])
        XCTAssertEqual(try keys(".a > *"), [.universal])
        XCTAssertEqual(try keys(":is(.a)"), [.className("a")], "the subject matches the one alternative")
        XCTAssertEqual(try keys(":is(h1, h2.x, div p):hover"), [.tag("h1"), .className("x"), .tag("p")], "one key per alternative")
        XCTAssertEqual(try keys(":where(h1, *)"), [.universal], "an alternative without a key")
        XCTAssertEqual(try keys(":not(h1)"), [.universal])
        XCTAssertEqual(try keys("p:is(.a, .b)"), [.tag("p")], "the subject's own key first")
        XCTAssertEqual(try keys(":root:not([data-theme])"), [.root])
        XCTAssertEqual(try keys(":root.dark"), [.className("dark")])
        func everyElement(_ text: String) throws -> Bool { try Selector.parse(text).matchesEveryElement(ofAlternative: 0) }
        XCTAssertTrue(try everyElement("*"))
        XCTAssertTrue(try everyElement("*::before"))
        XCTAssertFalse(try everyElement("*.a"))
        XCTAssertFalse(try everyElement("* p"))
        XCTAssertFalse(try everyElement("div"))
        // An element's rule keys name the buckets a rule was filed under.
        let doc = Document(html: #"<html><body><p id=i class="a b a" title=t>x</p></body></html>"#)
        func elementKeys(_ node: Node) -> Set<UInt32> { var keys = Set<UInt32>(); node.forEachRuleKeyHash { keys.insert($0) }; return keys }
        let p = try XCTUnwrap(doc.querySelector("p")), html = try XCTUnwrap(doc.querySelector("html"))
        let expected: [Selector.SubjectKey] = [.id("i"), .className("a"), .className("b"), .attribute("title"), .attribute("class"), .attribute("id"), .tag("p")]
        XCTAssertEqual(elementKeys(p), Set(expected.compactMap(\.hash)))
        XCTAssertTrue(elementKeys(html).contains(try XCTUnwrap(Selector.SubjectKey.root.hash)))
        XCTAssertFalse(elementKeys(p).contains(try XCTUnwrap(Selector.SubjectKey.root.hash)))
    }

    func testAncestorFilter() throws {
        let doc = Document(html: #"<div id="top" class="nav x"><section><p>t</p></section></div>"#)
        var filter = SelectorAncestorFilter()
        let needsNav = try Selector.parse(".nav p").ancestorHashes(ofAlternative: 0)
        let needsMenu = try Selector.parse(".menu p").ancestorHashes(ofAlternative: 0)
        let needsTop = try Selector.parse("div#top > section + p").ancestorHashes(ofAlternative: 0)
        XCTAssertEqual(try Selector.parse(".a + .b p").ancestorHashes(ofAlternative: 0).count, 1, "a sibling is no ancestor")
        XCTAssertFalse(filter.mayContain(needsNav))
        filter.push(try XCTUnwrap(doc.querySelector("div")))
        filter.push(try XCTUnwrap(doc.querySelector("section")))
        XCTAssertTrue(filter.mayContain(needsNav))
        XCTAssertTrue(filter.mayContain(needsTop))
        XCTAssertFalse(filter.mayContain(needsMenu))
        filter.pop()
        filter.pop()
        XCTAssertFalse(filter.mayContain(needsNav), "popping removes the element's keys")
        XCTAssertTrue(filter.mayContain(AncestorHashes()))
    }

    /// An ancestor compound with `:is()`/`:where()` needs one of its alternatives' keys.
    func testAncestorFilterOnIsAlternatives() throws {
        let doc = Document(html: #"<div class="menu"><section id="s"><p>t</p></section></div>"#)
        let p = try XCTUnwrap(doc.querySelector("p"))
        var filter = SelectorAncestorFilter()
        for ancestor in ["html", "body", "div", "section"] { filter.push(try XCTUnwrap(doc.querySelector(ancestor))) }
        func mayMatch(_ text: String) throws -> Bool { filter.mayContain(try Selector.parse(text).ancestorHashes(ofAlternative: 0)) }
        XCTAssertTrue(try mayMatch(":is(.nav, .menu) p"))
        XCTAssertTrue(try mayMatch(":where(#s, .none) > p"))
        XCTAssertFalse(try mayMatch(":is(.nav, .sidebar) p"), "neither alternative's class is on the path")
        XCTAssertFalse(try mayMatch(":where(.nav) p"))
        XCTAssertFalse(try mayMatch("article :is(.menu) p"), "required keys still count")
        XCTAssertTrue(try mayMatch(":is(.nav, [data-x]) p"), "an alternative with no key the filter holds: no test")
        XCTAssertTrue(try mayMatch(":not(.menu) p"), ":not() requires nothing")
        XCTAssertEqual(try Selector.parse(":is(.a, .b) :is(.c, .d) p").ancestorHashes(ofAlternative: 0).count, 1, "one group kept")
        // The filter only rejects: each selector it lets through is decided by matching.
        XCTAssertTrue(p.matches(try Selector.parse(":is(.nav, .menu) p")))
        XCTAssertFalse(p.matches(try Selector.parse(":is(.nav, .sidebar) p")))
    }

    func testFocusAndPlaceholder() throws {
        let doc = Document(html: #"<form><input id=a placeholder=p><input id=b placeholder=p value=v><textarea placeholder=p></textarea><input type=checkbox placeholder=p></form>"#)
        let a = try XCTUnwrap(doc.querySelector("#a"))
        let focusOnA = SelectorMatcher(focusedElement: a)
        let form = try XCTUnwrap(doc.querySelector("form"))
        XCTAssertTrue(focusOnA.matches(try Selector.parse(":focus"), alternative: 0, a))
        XCTAssertTrue(focusOnA.matches(try Selector.parse(":focus-visible"), alternative: 0, a))
        XCTAssertTrue(focusOnA.matches(try Selector.parse("form:focus-within"), alternative: 0, form))
        XCTAssertFalse(focusOnA.matches(try Selector.parse(":focus"), alternative: 0, form))
        XCTAssertEqual(try doc.querySelectorAll(":focus").count, 0, "DOM queries see no focus")
        XCTAssertEqual(try doc.querySelectorAll(":placeholder-shown").map { $0.name }, ["input", "textarea"])
        XCTAssertEqual(try doc.querySelectorAll(":hover, :active, :visited, :target").count, 0)
    }

    func testLongSiblingChainsDoNotOverflowTheStack() throws {
        var html = "<div>"
        for _ in 0..<20_000 { html += "<i></i>" }
        let doc = Document(html: html + "</div>")
        let chain = try Selector.parse(Array(repeating: "i", count: 20_000).joined(separator: " ~ "))
        let last = try XCTUnwrap(doc.querySelector("i:last-child"))
        XCTAssertTrue(last.matches(chain), "20 000 compounds walked without recursion")
        XCTAssertFalse(try XCTUnwrap(doc.querySelector("i")).matches(chain))
        XCTAssertThrowsError(try Selector.parse(String(repeating: ":not(", count: 5_000) + "a" + String(repeating: ")", count: 5_000)))
    }
}
