import XCTest
import TernCSS
import TernDOM

/// Style sharing in a walk (`StyleEngine.computedStyle` giving an element
/// the style of one like it under an equivalent parent) must give every
/// element the style it gets when asked alone, outside any walk: each
/// selector that reads more than names and attributes (positions, siblings,
/// contents, states, languages) is matched again before a style is shared.
final class StyleSharingTests: XCTestCase {
    /// Styles every element in a walk, as layout does, and each again with
    /// a second engine outside a walk; returns how many elements differed.
    private func mismatches(_ html: String, _ css: String, focus: String? = nil,
                            file: StaticString = #filePath, line: UInt = #line) -> Int {
        let doc = Document(html: html)
        let walking = CascadeTestSupport.engine([css]), alone = CascadeTestSupport.engine([css])
        if let focus {
            walking.focusedElement = CascadeTestSupport.element(doc, focus)
            alone.focusedElement = walking.focusedElement
        }
        var differing = 0
        func visit(_ element: Node, walkedParent: CSSStyle?, aloneParent: CSSStyle?) {
            let walked = walking.computedStyle(for: element, parent: walkedParent)
            let single = alone.computedStyle(for: element, parent: aloneParent)
            if walked != single {
                differing += 1
                XCTFail("\(element.name) #\(element.attribute("id") ?? "?"): the walk's style differs", file: file, line: line)
            }
            walking.enter(element)
            for child in element.elementChildren { visit(child, walkedParent: walked, aloneParent: single) }
            walking.leave()
        }
        guard let root = doc.documentElement else { XCTFail("no root", file: file, line: line); return -1 }
        visit(root, walkedParent: nil, aloneParent: nil)
        return differing
    }

    func testSiblingsAtDifferentPositions() {
        XCTAssertEqual(mismatches("<ul>" + String(repeating: "<li>x</li>", count: 6) + "</ul>", """
            li:first-child { color: red } li:last-child { color: blue } li:nth-child(3) { color: green }
            li:nth-last-of-type(2) { margin-left: 3em } li:only-child { color: gray }
            """), 0)
    }

    func testCousinsUnderParentsAtDifferentPositions() {
        XCTAssertEqual(mismatches("<ul>" + String(repeating: "<li><a><b>x</b></a></li>", count: 4) + "</ul>", """
            li:first-child > a { color: red } li:nth-child(2n) a b { color: blue } ul > :last-child b { color: green }
            """), 0)
    }

    func testSiblingCombinators() {
        XCTAssertEqual(mismatches("<div><h2>t</h2><p>a</p><p class=x>b</p><p class=x>c</p><h3>u</h3><p class=x>d</p></div>", """
            h2 + p { color: red } h2 ~ .x { color: blue } h3 + .x { color: green } div :is(h2 + p) { margin-left: 2em }
            """), 0)
    }

    func testAttributesSelectorsRead() {
        XCTAssertEqual(mismatches("""
            <div><p data-x=1><span>a</span></p><p data-x=2><span>b</span></p><p><span>c</span></p>
            <a href="a.pdf">1</a><a href="b.html">2</a><a>3</a><p style="color: red">s</p><p>t</p>
            <p lang=fr><q>x</q></p><p lang=de><q>y</q></p></div>
            """, """
            [data-x="1"] span { color: red } [data-x] span { margin-left: 1em } a[href$=".pdf"] { color: blue }
            a:link { color: green } :lang(fr) q { color: purple }
            """), 0)
    }

    func testContentsAndStates() {
        XCTAssertEqual(mismatches("""
            <div><p></p><p>t</p><p><b>x</b></p><p><i>y</i></p>
            <input id=i1><input id=i2><input type=checkbox checked><input type=checkbox><input disabled><input></div>
            """, """
            p:empty { color: red } p:has(b) { color: blue } p:not(:has(i)) { margin-left: 1em }
            input:focus { color: green } :checked { color: purple } :disabled { color: gray } div:focus-within p { color: navy }
            """, focus: "#i1"), 0)
    }

    func testPresentationalHintsAndStyleAttributes() {
        XCTAssertEqual(mismatches("""
            <div><font color=red>a</font><font color=blue>b</font><font>c</font>
            <p style="margin-left: 2em">d</p><p style="margin-left: 2em">e</p><p style="margin-left: 3em">f</p></div>
            """, "p { color: red }"), 0)
    }

    /// Random trees under random sheets: every element as it is alone.
    func testRandomTreesAgreeWithStylesAskedAlone() {
        var random = SplitMix(seed: 28)
        let tags = ["div", "p", "span", "li", "a"], classes = ["a", "b", "c"]
        let selectors = [
            "li:first-child", ".a + .b", ".a ~ p", "div > .c:last-child", ":nth-child(2n+1) > span", "p:empty", "div:has(> .b)",
            ".a .b", "[data-k=\"1\"] span", "[data-k] > .c", "span:only-child", ".c:nth-of-type(2)", "a:not(:first-child)",
            "div .a:nth-last-child(2) .b", "p:not(.a) + span", ":is(.a, .b) > li",
        ]
        for round in 0..<150 {
            func tree(depth: Int) -> String {
                var html = ""
                for _ in 0..<random.next(depth > 3 ? 2 : 4) + 1 {
                    let tag = tags[random.next(tags.count)]
                    var attributes = random.next(2) == 0 ? " class=\(classes[random.next(classes.count)])" : ""
                    if random.next(4) == 0 { attributes += " data-k=\(random.next(2))" }
                    let inner = depth < 4 && random.next(3) != 0 ? tree(depth: depth + 1) : (random.next(2) == 0 ? "t" : "")
                    html += "<\(tag)\(attributes)>\(inner)</\(tag)>"
                }
                return html
            }
            var css = ""
            for (i, selector) in selectors.enumerated() where random.next(2) == 0 {
                css += "\(selector) { color: rgb(\(i * 10 + 5), 0, 0) }\n"
            }
            let html = "<div>" + tree(depth: 0) + "</div>"
            XCTAssertEqual(mismatches(html, css), 0, "round \(round): \(html)\n\(css)")
        }
    }
}
