import XCTest
import TernDOM

final class SelectorTests: XCTestCase {
    private static let fixture = """
        <!DOCTYPE html><html><head><title>s</title></head><body>\
        <div id="main" class="box big">\
        <p id="p1" class="intro first">One</p>\
        <p id="p2" lang="en-GB" title="hello world">Two <span id="s1" class="x">s</span></p>\
        <ul id="list"><li id="l1">a</li><li id="l2" class="odd">b</li><li id="l3">c</li><li id="l4">d</li><li id="l5">e</li></ul>\
        <section id="sec"><h2 id="h">H</h2><p id="p3" data-x="a-b">x</p><em id="e1"></em><p id="p4"><!--c--></p></section>\
        </div>\
        <form id="f">\
        <input id="cb" type="checkbox" checked><input id="rd" type="RADIO" checked><input id="tx" type="text" checked disabled>\
        <select id="sel"><option id="o1">1</option><option id="o2" selected>2</option>\
        <optgroup id="og" disabled><option id="o3">3</option></optgroup></select>\
        <fieldset id="fs" disabled><legend id="lg1"><input id="in1"></legend><legend id="lg2"><input id="in2"></legend>\
        <button id="btn">b</button></fieldset>\
        <textarea id="ta" required></textarea>\
        </form>\
        <a id="link" href="/x">l</a><a id="nolink">n</a>\
        </body></html>
        """
    private let document = Document(html: SelectorTests.fixture)

    /// The ids `selector` finds in the fixture, in document order.
    private func select(_ selector: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            return ids(try document.querySelectorAll(selector))
        } catch {
            XCTFail("\(selector) threw \(error)", file: file, line: line)
            return []
        }
    }

    // MARK: Simple selectors

    func testTypeAndUniversal() {
        XCTAssertEqual(select("p"), ["p1", "p2", "p3", "p4"])
        XCTAssertEqual(select("P"), ["p1", "p2", "p3", "p4"], "tag names are case-insensitive")
        XCTAssertEqual(select("article"), [])
        XCTAssertEqual(select("ul *"), ["l1", "l2", "l3", "l4", "l5"])
        XCTAssertEqual(try document.querySelectorAll("*").count, 37)
        XCTAssertEqual(select("*|em"), ["e1"])
        XCTAssertEqual(select("|em"), [], "HTML elements have a namespace")
    }

    func testClassAndID() {
        XCTAssertEqual(select(".box"), ["main"])
        XCTAssertEqual(select(".box.big"), ["main"])
        XCTAssertEqual(select(".box.small"), [])
        XCTAssertEqual(select(".Box"), [], "classes are case-sensitive")
        XCTAssertEqual(select("#p1"), ["p1"])
        XCTAssertEqual(select("#P1"), [], "ids are case-sensitive")
        XCTAssertEqual(select("p#p1.intro.first"), ["p1"])
        XCTAssertEqual(select("span#p1"), [])
        XCTAssertEqual(select("#\\70 1"), ["p1"], "an escaped identifier")
        XCTAssertEqual(select(".\\78"), ["s1"])
    }

    func testAttributeSelectors() {
        XCTAssertEqual(select("[title]"), ["p2"])
        XCTAssertEqual(select("[TITLE]"), ["p2"], "attribute names are case-insensitive")
        XCTAssertEqual(select("[title=\"hello world\"]"), ["p2"])
        XCTAssertEqual(select("[title='hello world']"), ["p2"])
        XCTAssertEqual(select("[title=hello]"), [])
        XCTAssertEqual(select("[title^=hel]"), ["p2"])
        XCTAssertEqual(select("[title^=world]"), [])
        XCTAssertEqual(select("[title$=world]"), ["p2"])
        XCTAssertEqual(select("[title$=hello]"), [])
        XCTAssertEqual(select("[title*=\"o w\"]"), ["p2"])
        XCTAssertEqual(select("[title*=xyz]"), [])
        XCTAssertEqual(select("[title~=world]"), ["p2"])
        XCTAssertEqual(select("[title~=wor]"), [])
        XCTAssertEqual(select("[title~=\"hello world\"]"), [], "~= never matches a value with spaces")
        XCTAssertEqual(select("[data-x|=a]"), ["p3"])
        XCTAssertEqual(select("[data-x|=a-]"), [])
        XCTAssertEqual(select("[lang|=en]"), ["p2"])
        XCTAssertEqual(select("[lang|=EN]"), ["p2"], "lang values are case-insensitive in HTML")
        XCTAssertEqual(select("[title=\"HELLO WORLD\" i]"), ["p2"])
        XCTAssertEqual(select("[title=\"HELLO WORLD\"]"), [])
        XCTAssertEqual(select("[type=radio]"), ["rd"], "type values are case-insensitive in HTML")
        XCTAssertEqual(select("[type=radio s]"), [])
        XCTAssertEqual(select("[title^=\"\"]"), [], "empty prefix, suffix and substring never match")
        XCTAssertEqual(select("[title$='']"), [])
        XCTAssertEqual(select("[title*='']"), [])
        XCTAssertEqual(select("[ title = 'hello world' ]"), ["p2"])
        XCTAssertEqual(select("[*|title]"), ["p2"])
    }

    // MARK: Combinators and lists

    func testCombinators() {
        XCTAssertEqual(select("div p"), ["p1", "p2", "p3", "p4"])
        XCTAssertEqual(select("section p"), ["p3", "p4"])
        XCTAssertEqual(select("#main > p"), ["p1", "p2"])
        XCTAssertEqual(select("#main > span"), [])
        XCTAssertEqual(select("#main>p>span"), ["s1"])
        XCTAssertEqual(select("div > p span"), ["s1"])
        XCTAssertEqual(select("#h + p"), ["p3"])
        XCTAssertEqual(select("#h + em"), [])
        XCTAssertEqual(select("#h ~ p"), ["p3", "p4"])
        XCTAssertEqual(select("#p1 ~ *"), ["p2", "list", "sec"])
        XCTAssertEqual(select("ul li + li"), ["l2", "l3", "l4", "l5"])
        XCTAssertEqual(select("#p1 + p > span.x"), ["s1"])
        XCTAssertEqual(select("div ul ~ section > em"), ["e1"])
        XCTAssertEqual(select("body > div ul > li ~ .odd"), ["l2"])
        XCTAssertEqual(select("body > ul li"), [])
        XCTAssertEqual(select("li ~ #l1"), [])
        XCTAssertEqual(select("form fieldset legend ~ button"), ["btn"])
        XCTAssertEqual(select("html body   section\n p"), ["p3", "p4"])
    }

    func testSelectorListsAreInDocumentOrderWithoutDuplicates() {
        XCTAssertEqual(select("#h, #p1, #p1, p#p1"), ["p1", "h"])
        XCTAssertEqual(select("li.odd, li:first-child"), ["l1", "l2"])
    }

    // MARK: Pseudo-classes

    func testNotIsAndWhere() {
        XCTAssertEqual(select("li:not(.odd)"), ["l1", "l3", "l4", "l5"])
        XCTAssertEqual(select("li:not(#l1, #l2)"), ["l3", "l4", "l5"])
        XCTAssertEqual(select("p:not(section > p)"), ["p1", "p2"])
        XCTAssertEqual(select("p:not(p)"), [])
        XCTAssertEqual(select(":is(#p1, #h)"), ["p1", "h"])
        XCTAssertEqual(select(":where(h2) + p"), ["p3"])
        XCTAssertEqual(select("section :is(h2, em)"), ["h", "e1"])
    }

    func testHas() {
        XCTAssertEqual(select("p:has(span)"), ["p2"])
        XCTAssertEqual(select("p:has(em)"), [])
        XCTAssertEqual(select("div:has(> ul > li.odd)"), ["main"])
        XCTAssertEqual(select("div:has(> li)"), [], "li is not a child of the div")
        XCTAssertEqual(select("h2:has(+ p)"), ["h"])
        XCTAssertEqual(select("h2:has(+ em)"), [])
        XCTAssertEqual(select("li:has(~ .odd)"), ["l1"])
        XCTAssertEqual(select("#sec > :has(~ em, ~ h2)"), ["h", "p3"])
        XCTAssertEqual(select(":not(:has(*))").count, 24, "leaf elements")
        let select = document.element(withID: "o2")!
        XCTAssertEqual(try select.closest(":has(> :scope)")?.id, "sel", "the closest parent of the scope")
    }

    func testChildPositions() {
        XCTAssertEqual(select("li:first-child"), ["l1"])
        XCTAssertEqual(select("li:last-child"), ["l5"])
        XCTAssertEqual(select("li:only-child"), [])
        XCTAssertEqual(select("span:only-child"), ["s1"], "text siblings do not count")
        XCTAssertEqual(select("li:nth-child(2n+1)"), ["l1", "l3", "l5"])
        XCTAssertEqual(select("li:nth-child(odd)"), ["l1", "l3", "l5"])
        XCTAssertEqual(select("li:nth-child(even)"), ["l2", "l4"])
        XCTAssertEqual(select("li:nth-child(2n)"), ["l2", "l4"])
        XCTAssertEqual(select("li:nth-child( -n + 2 )"), ["l1", "l2"])
        XCTAssertEqual(select("li:nth-child(3)"), ["l3"])
        XCTAssertEqual(select("li:nth-child(0)"), [])
        XCTAssertEqual(select("li:nth-child(n+4)"), ["l4", "l5"])
        XCTAssertEqual(select("li:nth-child(3n-1)"), ["l2", "l5"])
        XCTAssertEqual(select("li:nth-last-child(1)"), ["l5"])
        XCTAssertEqual(select("li:nth-last-child(2n)"), ["l2", "l4"])
        XCTAssertEqual(select("li:nth-child(1 of .odd)"), ["l2"])
        XCTAssertEqual(select("li:nth-child(2 of :not(.odd))"), ["l3"])
        XCTAssertEqual(select("li:nth-last-child(1 of :not(#l5))"), ["l4"])
    }

    func testTypePositions() {
        XCTAssertEqual(select("#sec > p:first-of-type"), ["p3"])
        XCTAssertEqual(select("#sec > p:last-of-type"), ["p4"])
        XCTAssertEqual(select("#sec > :nth-of-type(1)"), ["h", "p3", "e1"])
        XCTAssertEqual(select("#sec > :nth-last-of-type(1)"), ["h", "e1", "p4"])
        XCTAssertEqual(select("#sec > :only-of-type"), ["h", "e1"])
        XCTAssertEqual(select("#sec > p:nth-of-type(2)"), ["p4"])
        XCTAssertEqual(select("#main > p:first-child"), ["p1"])
        XCTAssertEqual(select("#main > p:last-of-type"), ["p2"])
    }

    func testFormStates() {
        XCTAssertEqual(select(":checked"), ["cb", "rd", "o2"], "a text input is never checked")
        XCTAssertEqual(select(":disabled"), ["tx", "og", "o3", "fs", "in2", "btn"],
                       "inside a disabled fieldset except its first legend")
        XCTAssertEqual(select(":enabled"), ["cb", "rd", "sel", "o1", "o2", "in1", "ta"])
        XCTAssertEqual(select("input:enabled"), ["cb", "rd", "in1"])
        XCTAssertEqual(select(":required"), ["ta"])
        XCTAssertEqual(select("input:optional"), ["cb", "rd", "tx", "in1", "in2"])
        XCTAssertEqual(select("textarea:read-write"), ["ta"])
        XCTAssertEqual(select("p:read-only").count, 4)
    }

    func testOtherPseudoClasses() throws {
        XCTAssertEqual(try document.querySelectorAll(":root").map(\.name), ["html"])
        XCTAssertEqual(select("section :empty"), ["e1", "p4"], "a comment leaves an element empty")
        XCTAssertEqual(select("#main :empty"), ["e1", "p4"])
        XCTAssertEqual(select(":lang(en)"), ["p2", "s1"], "lang is inherited")
        XCTAssertEqual(select(":lang(en-gb)"), ["p2", "s1"])
        XCTAssertEqual(select(":lang(fr)"), [])
        XCTAssertEqual(select("a:link"), ["link"])
        XCTAssertEqual(select(":any-link"), ["link"])
        XCTAssertEqual(select("a:visited, p:hover, p:focus, :target"), [])
        XCTAssertEqual(select("p::before, p:after, ::first-line"), [], "pseudo-elements match no element")
    }

    func testScope() throws {
        let main = document.element(withID: "main")!
        XCTAssertEqual(ids(try main.querySelectorAll(":scope > p")), ["p1", "p2"])
        XCTAssertEqual(ids(try main.querySelectorAll(":scope")), [], "the scope itself is not a descendant")
        XCTAssertTrue(try main.matches(":scope"))
        XCTAssertEqual(try document.querySelectorAll(":scope").map(\.name), ["html"], "the document's scope is the root")
        // Combinators reach outside the scope.
        XCTAssertEqual(ids(try document.element(withID: "sec")!.querySelectorAll("div p")), ["p3", "p4"])
        XCTAssertEqual(ids(try main.querySelectorAll("body p:first-child")), ["p1"])
    }

    // MARK: matches, closest, querySelector

    func testMatchesClosestAndQuerySelector() throws {
        let span = document.element(withID: "s1")!
        XCTAssertTrue(try span.matches("p > span.x"))
        XCTAssertTrue(try span.matches("div span, em"))
        XCTAssertFalse(try span.matches("section span"))
        XCTAssertFalse(try span.firstChild!.matches("*"), "text never matches")
        XCTAssertEqual(try span.closest("p")?.id, "p2")
        XCTAssertEqual(try span.closest("#s1")?.id, "s1", "closest includes the element")
        XCTAssertEqual(try span.closest("div.box")?.id, "main")
        XCTAssertNil(try span.closest("section"))
        XCTAssertEqual(try document.querySelector("li:nth-child(2)")?.id, "l2")
        XCTAssertNil(try document.querySelector("li:nth-child(9)"))
        let compiled = try Selector.parse("li.odd")
        XCTAssertEqual(compiled.description, "li.odd")
        XCTAssertEqual(ids(document.querySelectorAll(compiled)), ["l2"])
        XCTAssertTrue(compiled.matches(document.element(withID: "l2")!))
        XCTAssertFalse(compiled.matches(document.element(withID: "l1")!))
    }

    func testDetachedSubtreesCanBeQueried() throws {
        let main = document.element(withID: "main")!
        main.remove()
        XCTAssertEqual(ids(try main.querySelectorAll("p")), ["p1", "p2", "p3", "p4"])
        XCTAssertTrue(try main.matches("div:not(:root)"))
        XCTAssertEqual(select("p"), [])
    }

    // MARK: Syntax

    func testInvalidSelectorsThrow() {
        let invalid = [
            "", " ", "[", "]", "(", ")", "{", "}", "<", ">", "#", "div,", ",div", ".", ".5cm", "..test", ".foo..quux",
            ".bar.", "div & address, p", "div ++ address, p", "div ~~ address, p", "[*=test]", "[*|*=test]",
            "[class= space unquoted ]", "div:example", ":example", "div:linkexample", "div::example", "::example",
            ":::before", ":: before", "ns|div", ":not(ns|div)", "^|div", "$|div", ">*", "#5", "[a=\"b\nc\"]",
            ":nth-child(2 n)", ":nth-child(+ 2n)", ":nth-child(n+)", ":nth-child()", ":nth-child(2n+1 of)",
            ":not()", "p:not(", ":has()", ":has(> )", "[a=1", "[a b]", "[a=b c]", "[a~b]", "a > > b", "p ~", ":lang()",
        ]
        // CSS Syntax §5.4.8/§5.4.9: the end of the input closes an open `[` or function (as in Chromium).
        for text in ["[a", "[b=\"x\"", "div:not(p", ":is(div", "::slotted(foo", "[a=\"1\" i"] {
            XCTAssertNoThrow(try Selector.parse(text), text)
        }
        for text in invalid {
            XCTAssertThrowsError(try Selector.parse(text), "\(text.debugDescription) should not parse") {
                guard case .syntax = $0 as? SelectorError else { return XCTFail("\($0)") }
            }
            XCTAssertThrowsError(try document.querySelector(text))
        }
    }

    func testValidSelectorsParse() {
        let valid = [
            "*", "*|*", "|*", "div, p", "a[href]", "[a=b i]", "[a=\"b\" S]", ":nth-child(+n)", ":nth-child(-n+3)",
            ":nth-child(N)", ":NTH-CHILD(ODD)", ":nth-child(2n - 1)", ":nth-child(2n- 1)", ":nth-child(-2n+ 3)",
            ":nth-last-child(even of p, div)", "p::before", "p:before", "::slotted(span)", "div /* comment */ p",
            "#-minus", "#\\31 23", "#a\\.b", ".\\@x", "a\\:b", ":is()".isEmpty ? "" : ":is(p)", ":where(p, div)",
            ":lang(en, \"fr\")", "input:focus-visible", ":has(> p, + a, ~ b, c d)",
        ]
        for text in valid {
            XCTAssertNoThrow(try Selector.parse(text), text)
        }
    }

    func testTheErrorPointsAtTheProblem() {
        XCTAssertThrowsError(try Selector.parse("div:example")) { XCTAssertEqual($0 as? SelectorError, .syntax(position: 4)) }
        XCTAssertThrowsError(try Selector.parse("p, ns|div")) { XCTAssertEqual($0 as? SelectorError, .syntax(position: 3)) }
        XCTAssertThrowsError(try Selector.parse("a & b")) { XCTAssertEqual($0 as? SelectorError, .syntax(position: 2)) }
    }

    func testEscapesInIdentifiersAndStrings() throws {
        let document = Document(html: #"<p id="a.b" class="1x" title="q&quot;t">x</p><i id="😀">y</i><b data-v="café">z</b>"#)
        XCTAssertEqual(try document.querySelector("#a\\.b")?.name, "p")
        XCTAssertEqual(try document.querySelector(".\\31 x")?.name, "p")
        XCTAssertEqual(try document.querySelector("[title=\"q\\\"t\"]")?.name, "p")
        XCTAssertEqual(try document.querySelector("#\\1f600")?.name, "i")
        XCTAssertEqual(try document.querySelector("#😀")?.name, "i")
        XCTAssertEqual(try document.querySelector("[data-v=caf\\e9]")?.name, "b")
        XCTAssertNil(try document.querySelector("[data-v=CAFÉ i]"), "only ASCII letters fold")
    }

    // MARK: Performance

    /// Time for querySelectorAll over a document of `count` list items.
    private func timeQueries(count: Int) throws -> Double {
        var html = "<body><div id=root><ul class=list>"
        html.reserveCapacity(count * 40)
        for index in 0..<count { html += index % 10 == 0 ? "<li class=\"x\"><b>\(index)</b></li>" : "<li>\(index)</li>" }
        html += "</ul></div></body>"
        let document = Document(html: html)
        let selectors = try ["div ul li.x > b", "li:nth-child(2n+1)", "li:nth-last-of-type(3n)", "#root li:not(.x)"].map(Selector.parse)
        let clock = ContinuousClock()
        var found = 0
        let elapsed = clock.measure {
            for selector in selectors { found += document.querySelectorAll(selector).count }
        }
        XCTAssertEqual(found, count / 10 + (count + 1) / 2 + count / 3 + count - count / 10)
        return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    }

    func testQueriesStayLinearOnALargeDocument() throws {
        _ = try timeQueries(count: 1_000)  // warm up
        let small = try timeQueries(count: 10_000)
        let large = try timeQueries(count: 100_000)
        // Ten times the elements should take about ten times as long; a
        // quadratic :nth-child would take a hundred times.
        print("querySelectorAll, 4 selectors: 10k items \(small)s, 100k items \(large)s")
        XCTAssertLessThan(large / small, 30, "10k: \(small)s, 100k: \(large)s")
        XCTAssertLessThan(large, 10)
    }

    /// `:has(C)` and `:has(~ C)` with C one compound are answered bottom-up
    /// (issue 27 item 4); a list of two such selectors takes the full
    /// search. Both must find the same elements on irregular trees, each
    /// query asked in document order and, through `closest`, upwards first.
    func testHasShortcutsAgreeWithTheFullSearch() throws {
        var generator = SystemRandomNumberGenerator()
        let tags = ["a", "b", "i", "p"]
        for _ in 0..<10 {
            var html = "<body>"
            var open: [String] = []
            for _ in 0..<200 {
                if !open.isEmpty, Int.random(in: 0..<3, using: &generator) == 0 {
                    html += "</\(open.removeLast())>"
                } else {
                    let tag = tags.randomElement(using: &generator)!
                    html += "<\(tag) class=c\(Int.random(in: 0..<4, using: &generator))>"
                    open.append(tag)
                }
            }
            let document = Document(html: html)
            let all = try document.querySelectorAll("body *")
            for (fast, full) in [("i:has(b)", "i:has(b, b)"), (":has(~ b.c1)", ":has(~ b.c1, ~ b.c1)"),
                                 ("a:has(b:has(~ i))", "a:has(b:has(~ i, ~ i), b:has(~ i, ~ i))"),
                                 (":not(:has(.c2))", ":not(:has(.c2, .c2))")] {
                XCTAssertEqual(try document.querySelectorAll(fast), try document.querySelectorAll(full), "\(fast) in \(html)")
                for element in all.reversed() {
                    XCTAssertEqual(try element.closest(fast), try element.closest(full), "\(fast) in \(html)")
                }
            }
        }
    }

    /// Style sharing's sibling test: name, namespace and every attribute
    /// (name and value, in order) must agree; anything else differing says no.
    func testSameNameAndAttributesComparesEverything() throws {
        let document = Document(html: #"<div id=r><p class="a" title="x">1</p><p class="a" title="x">2</p><p class="a" title="y">3</p><p class="a">4</p><p title="x" class="a">5</p><span class="a" title="x">6</span><p class="a" title="x" hidden>7</p><p class="a" title="x">8</p></div>"#)
        let root = try XCTUnwrap(document.node?.querySelector("#r"))
        let items = root.elementChildren
        XCTAssertEqual(items.count, 8)
        XCTAssertTrue(items[0].hasSameNameAndAttributes(as: items[1]))
        XCTAssertTrue(items[0].hasSameNameAndAttributes(as: items[7]))
        for other in [2, 3, 4, 5, 6] {
            XCTAssertFalse(items[0].hasSameNameAndAttributes(as: items[other]), "item \(other + 1)")
            XCTAssertFalse(items[other].hasSameNameAndAttributes(as: items[0]), "item \(other + 1), reversed")
        }
        let text = try XCTUnwrap(items[0].firstChild)
        XCTAssertFalse(text.hasSameNameAndAttributes(as: text), "only elements")
    }
}
