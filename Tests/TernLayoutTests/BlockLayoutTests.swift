import XCTest
@testable import TernLayout

final class BlockLayoutTests: XCTestCase {
    func testAnEmptyPageHasNoLines() {
        XCTAssertTrue(render("").lines.isEmpty)
        XCTAssertEqual(dump("<html><body></body></html>"), "")
    }

    func testParagraphsAreSeparatedByOneBlankLine() {
        XCTAssertEqual(dump("<p>One</p><p>Two</p>\n\n<p>Three</p>"), lines("One", "", "Two", "", "Three"))
    }

    func testWhitespaceCollapsesAcrossElements() {
        XCTAssertEqual(dump("<p>  a \n\t b  <b> c </b>  d </p>"), lines("a b c d"))
        XCTAssertEqual(dump("<div>x<span>y</span> <i>z</i></div>"), lines("xy z"))
    }

    func testTextWrapsAtTheWidth() {
        let html = "<p>The quick brown fox jumps over the lazy dog and keeps running far away.</p>"
        XCTAssertEqual(dump(html, width: 40), lines("The quick brown fox jumps over the lazy", "dog and keeps running far away."))
        XCTAssertEqual(dump(html, width: 80), lines("The quick brown fox jumps over the lazy dog and keeps running far away."))
        XCTAssertEqual(dump(html, width: 20), lines("The quick brown fox", "jumps over the lazy", "dog and keeps", "running far away."))
    }

    func testLineBreaks() {
        XCTAssertEqual(dump("<p>a<br>b<br><br>c<br></p>"), lines("a", "b", "", "c"))
    }

    func testHeadingsAreUnderlinedAndBold() {
        XCTAssertEqual(dump("<h1>Title</h1><p>Text</p><h2>Part one</h2><h3>Small</h3><p>x</p>"),
                       lines("Title", "═════", "", "Text", "", "Part one", "────────", "", "Small", "", "x"))
        let page = render("<h1>Title</h1><h3>Small</h3>")
        XCTAssertTrue(page.lines[0].runs[0].style.contains([.bold, .heading, .underline]))
        XCTAssertTrue(page.lines[1].runs[0].style.contains(.heading))
        XCTAssertTrue(page.lines[3].runs[0].style.contains([.bold, .heading]))
        XCTAssertFalse(page.lines[3].runs[0].style.contains(.underline))
    }

    func testHorizontalRuleSpansTheWidth() {
        XCTAssertEqual(dump("<p>a</p><hr><p>b</p>", width: 40), lines("a", "", String(repeating: "─", count: 40), "", "b"))
        XCTAssertEqual(dump("<div>a</div><hr><div>b</div>", width: 10), lines("a", "──────────", "b"))
    }

    func testBlockquoteIsIndentedByFour() {
        XCTAssertEqual(dump("<p>Before</p><blockquote>Quoted words that wrap here</blockquote>", width: 20),
                       lines("Before", "", "    Quoted words", "    that wrap here"))
    }

    func testPreformattedTextKeepsSpacesNewlinesAndExpandsTabs() {
        let html = "<pre>\nfn main() {\n\tprint(1)  // x\n}\n</pre><p>after</p>"
        XCTAssertEqual(dump(html, width: 40), lines("fn main() {", "        print(1)  // x", "}", "", "after"))
        XCTAssertEqual(dump("<pre>ab\tc</pre>"), lines("ab      c"))
    }

    func testPreformattedLinesAreNotWrapped() {
        let long = String(repeating: "x", count: 100)
        XCTAssertEqual(dump("<pre>\(long)</pre>", width: 40), lines(long))
    }

    func testHiddenContentIsNotShown() {
        let html = """
        <head><title>T</title><style>p { color: red }</style><script>var x = 1;</script></head>
        <body><p>shown</p><p hidden>hidden</p><div style="display:none">no</div>
        <div style="color: red; DISPLAY : None !important">no</div><div style="display: block">yes</div>
        <template><p>tpl</p></template><script>alert(1)</script></body>
        """
        XCTAssertEqual(dump(html), lines("shown", "", "yes"))
    }

    func testNoscriptFollowsScripting() {
        XCTAssertEqual(dump("<p>a</p><noscript><p>Enable JS</p></noscript>"), lines("a", "", "Enable JS"))
        var options = LayoutOptions()
        options.scriptingEnabled = true
        XCTAssertEqual(dump("<p>a</p><noscript><p>Enable JS</p></noscript>", options: options), lines("a"))
    }

    func testHTML5SectioningElementsAreBlocks() {
        XCTAssertEqual(dump("<header>h</header><nav>n</nav><main><article>a</article><section>s</section></main><aside>x</aside><footer>f</footer>"),
                       lines("h", "n", "a", "s", "x", "f"))
    }

    func testFigureAndCaption() {
        XCTAssertEqual(dump("<p>x</p><figure><img alt=\"Chart\"><figcaption>Figure 1: sales</figcaption></figure><p>y</p>"),
                       lines("x", "", "  [Chart]", "  Figure 1: sales", "", "y"))
    }

    func testDetailsIsCollapsedUnlessOpen() {
        XCTAssertEqual(dump("<details><summary>More</summary><p>Secret</p></details>"), lines("▸ More"))
        XCTAssertEqual(dump("<details open><summary>More</summary><p>Shown</p></details>"), lines("▾ More", "", "Shown"))
        XCTAssertEqual(dump("<details><p>Secret</p></details>"), lines("▸ Details"))
    }

    func testImages() {
        XCTAssertEqual(dump("<p>a <img alt=\"Logo\"> b <img src=\"x.png\"> c <img alt=\"\" src=\"spacer.gif\"> d</p>"),
                       lines("a [Logo] b [x.png] c d"))
    }

    func testQuotesAndInlineStyles() {
        XCTAssertEqual(dump("<p>He said <q>hi</q>.</p>"), lines("He said “hi”."))
        let page = render("<p><b>B</b><i>I</i><u>U</u><mark>M</mark></p>")
        let styles = page.lines[0].runs.map(\.style)
        XCTAssertEqual(styles, [.bold, .italic, .underline, .reverse])
    }

    func testCenteredText() {
        XCTAssertEqual(dump("<center>abc</center>", width: 11), lines("    abc"))
    }
}

extension BlockLayoutTests {
    func testCentredHeadingHasACentredUnderline() {
        XCTAssertEqual(dump("<h1 align=\"center\">Title</h1>", width: 11), lines("   Title", "   ═════"))
    }
}

extension BlockLayoutTests {
    func testABorderedPaddedBoxFitsAWindowOfOneOrTwoColumns() {
        let html = "<div style=\"border: 1px solid; padding: 0 2em\">text</div>"
        for width in 1...4 { assertFits(render(html, width: width), width) }
        XCTAssertEqual(dump(html, width: 2), lines("──", "te", "xt", "──"))
        XCTAssertEqual(dump(html, width: 3), lines("┌─┐", "│t│", "│e│", "│x│", "│t│", "└─┘"))
    }
}
