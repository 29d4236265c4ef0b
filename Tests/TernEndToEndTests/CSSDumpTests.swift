import XCTest
import Foundation
import TernTestSupport

/// Pages with style sheets through the real `tern --dump`: each rule family
/// of issue 15 at least once, compared with the text a reader should see.
final class CSSDumpTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try ProcessRun.temporaryFolder("tern-css-dump")
    }

    /// The page `html` dumped `width` columns wide (XDG folders of the test's own).
    private func dump(_ html: String, width: Int = 80, options: [String] = [], environment: [String: String] = [:]) throws -> String {
        let path = folder + "/page-\(UUID().uuidString).html"
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try ProcessRun.run(ProcessRun.tern, ["--dump", "--no-list", "--width", String(width)] + options + [path],
                                     environment: ["XDG_DATA_HOME": folder + "/data", "XDG_CONFIG_HOME": folder + "/config"]
                                        .merging(environment) { $1 })
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    func testDisplayNoneFromAStyleElementHidesNavigation() throws {
        let page = """
            <style>nav, .cookie-banner { display: none } .skip { position: absolute; left: -9999px }</style>
            <a class=skip href="#main">Skip to content</a>
            <nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
            <div class=cookie-banner>We use cookies</div>
            <main id=main><p>The article.</p></main>
            """
        let text = try dump(page)
        XCTAssertFalse(text.contains("Home"), text)
        XCTAssertFalse(text.contains("cookies"), text)
        XCTAssertTrue(text.contains("Skip to content"), "a skip link is kept for keyboard users: \(text)")
        XCTAssertTrue(text.contains("The article."), text)
        XCTAssertTrue(try dump(page, options: ["--no-css"]).contains("We use cookies"), "--no-css shows the page as the UA sheet does")
    }

    func testCascadeSpecificityImportanceAndStyleAttribute() throws {
        let text = try dump("""
            <style>
              #a.b { display: block } .b { display: none }
              p.c { display: none !important }
              .d { display: none } .d { display: block }
            </style>
            <p id=a class=b>specific wins</p>
            <p class=c style="display: block">important wins</p>
            <p class=d>later wins</p>
            <p style="display: none">inline hides</p>
            """)
        XCTAssertTrue(text.contains("specific wins"), text)
        XCTAssertFalse(text.contains("important wins"), text)
        XCTAssertTrue(text.contains("later wins"), text)
        XCTAssertFalse(text.contains("inline hides"), text)
    }

    func testMediaQueriesFollowTheWindowWidth() throws {
        let page = """
            <style>
              .narrow { display: none } .wide { display: none }
              @media (max-width: 640px) { .narrow { display: block } }
              @media (min-width: 641px) { .wide { display: block } }
              @media print { .print { display: none } }
            </style>
            <p class=narrow>narrow layout</p><p class=wide>wide layout</p><p class=print>screen text</p>
            """
        let narrow = try dump(page, width: 80)
        XCTAssertTrue(narrow.contains("narrow layout") && !narrow.contains("wide layout"), narrow)
        let wide = try dump(page, width: 120)
        XCTAssertTrue(wide.contains("wide layout") && !wide.contains("narrow layout"), wide)
        XCTAssertTrue(wide.contains("screen text"), wide)
    }

    func testCustomPropertiesAndVarWithFallbacks() throws {
        let text = try dump("""
            <style>
              :root { --hide: none; --case: uppercase }
              .a { display: var(--hide) }
              .b { display: var(--missing, none) }
              .c { text-transform: var(--case) }
              .d { display: var(--missing) }
            </style>
            <p class=a>alpha</p><p class=b>beta</p><p class=c>gamma</p><p class=d>delta</p>
            """)
        XCTAssertFalse(text.contains("alpha"), text)
        XCTAssertFalse(text.contains("beta"), text)
        XCTAssertTrue(text.contains("GAMMA"), text)
        XCTAssertTrue(text.contains("delta"), "invalid at computed-value time: display unset (inline), still shown: \(text)")
    }

    func testCountersAndGeneratedContent() throws {
        let text = try dump("""
            <style>
              body { counter-reset: section }
              h2 { counter-increment: section }
              h2::before { content: counter(section) ". " }
              a.ext::after { content: " (" attr(href) ")" }
              q { quotes: "«" "»" }
            </style>
            <h2>Intro</h2><h2>Usage</h2>
            <p><a class=ext href="https://example.com/x">site</a> <q>quoted</q></p>
            """)
        XCTAssertTrue(text.contains("1. Intro"), text)
        XCTAssertTrue(text.contains("2. Usage"), text)
        XCTAssertTrue(text.contains("site (https://example.com/x)"), text)
        XCTAssertTrue(text.contains("«quoted»"), text)
    }

    func testInheritanceAndKeywords() throws {
        let text = try dump("""
            <style>
              .up { text-transform: uppercase }
              .up .back { text-transform: initial }
              .up .same { text-transform: inherit }
              div.x { display: none } div.x.y { display: revert }
            </style>
            <div class=up>shout <span class=same>also</span> <span class=back>quiet</span></div>
            <div class="x y">reverted to block</div>
            """)
        XCTAssertTrue(text.contains("SHOUT ALSO quiet"), text)
        XCTAssertTrue(text.contains("reverted to block"), text)
    }

    func testSelectorsLevel4() throws {
        let text = try dump("""
            <style>
              li:nth-child(odd of .x) { display: none }
              p:not(.keep):is(.a, .b) { display: none }
              section:has(> h3.gone) { display: none }
              input[type="text" i]:placeholder-shown + span { display: none }
              :where(#w) p { display: block }
            </style>
            <ul><li class=x>x1</li><li class=x>x2</li><li>plain</li><li class=x>x3</li></ul>
            <p class=a>a-hidden</p><p class="b keep">b-kept</p>
            <section><h3 class=gone>H</h3>section-hidden</section>
            <input type=TEXT placeholder=p><span>after-placeholder</span>
            """)
        XCTAssertFalse(text.contains("x1"), text)
        XCTAssertTrue(text.contains("x2"), text)
        XCTAssertFalse(text.contains("x3"), text)
        XCTAssertTrue(text.contains("plain"), text)
        XCTAssertFalse(text.contains("a-hidden"), text)
        XCTAssertTrue(text.contains("b-kept"), text)
        XCTAssertFalse(text.contains("section-hidden"), text)
        XCTAssertFalse(text.contains("after-placeholder"), text)
    }

    func testSupportsRules() throws {
        let text = try dump("""
            <style>
              @supports (display: grid) { .g { display: none } }
              @supports not (display: no-such-value) { .n { display: none } }
              @supports (no-such-property: 1) { .u { display: none } }
            </style>
            <p class=g>grid</p><p class=n>not</p><p class=u>unknown</p>
            """)
        XCTAssertFalse(text.contains("grid"), text)
        XCTAssertFalse(text.contains("not"), text)
        XCTAssertTrue(text.contains("unknown"), text)
    }

    func testInvalidDeclarationsAreDroppedOneByOne() throws {
        let text = try dump("""
            <style>
              .a { display: none; color: notacolor; display: blockish }
              .b { display: block; @media x { }; display: none }
              .c { display none; }
              .d { display: none }
            </style>
            <p class=a>a</p><p class=b>bb</p><p class=c>ccc</p><p class=d>dddd</p>
            """)
        XCTAssertFalse(text.contains("a\n"), "the invalid display does not undo the valid one: \(text)")
        XCTAssertFalse(text.contains("bb"), text)
        XCTAssertTrue(text.contains("ccc"), "a declaration without its colon is dropped: \(text)")
        XCTAssertFalse(text.contains("dddd"), "a broken declaration does not lose the next rule: \(text)")
    }

    func testTextTransformsAndWhiteSpace() throws {
        let text = try dump("""
            <style>
              .cap { text-transform: capitalize } .low { text-transform: lowercase }
              .sc { font-variant: small-caps }
              .pl { white-space: pre-line }
            </style>
            <p class=cap>hello big world</p><p class=low>QUIET</p><p class=sc>Small Caps</p>
            <p class=pl>one   two
            three</p>
            """)
        XCTAssertTrue(text.contains("Hello Big World"), text)
        XCTAssertTrue(text.contains("quiet"), text)
        XCTAssertTrue(text.contains("SMALL CAPS"), text)
        XCTAssertTrue(text.contains("one two\nthree"), text)
    }

    func testListStyleTypes() throws {
        let text = try dump("""
            <style> ol.r { list-style-type: upper-roman } ul.n { list-style: none } ol.z { list-style-type: decimal-leading-zero } </style>
            <ol class=r><li>first</li><li>second</li></ol>
            <ul class=n><li>bare</li></ul>
            <ol class=z><li>zero</li></ol>
            """)
        XCTAssertTrue(text.contains("I. first"), text)
        XCTAssertTrue(text.contains("II. second"), text)
        XCTAssertTrue(text.contains("bare"), text)
        XCTAssertFalse(text.contains("* bare"), text)
        XCTAssertTrue(text.contains("01. zero"), text)
    }

    func testScriptInjectedContentHiddenBySiteCSSStaysHidden() throws {
        let text = try dump("""
            <style>.ad, [data-hidden] { display: none }</style>
            <p>Article</p>
            <script>
              document.body.insertAdjacentHTML('beforeend', '<div class=ad>Buy now</div>');
              const d = document.createElement('div'); d.setAttribute('data-hidden', ''); d.textContent = 'Secret'; document.body.append(d);
              const s = document.createElement('style'); s.textContent = '.late { display: none }'; document.head.append(s);
            </script>
            <p class=late>Late rule</p>
            """)
        XCTAssertTrue(text.contains("Article"), text)
        XCTAssertFalse(text.contains("Buy now"), text)
        XCTAssertFalse(text.contains("Secret"), text)
        XCTAssertFalse(text.contains("Late rule"), text)
    }

    func testUserStyleSheet() throws {
        let config = folder + "/config/tern"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try ".promo { display: none }".write(toFile: config + "/user.css", atomically: true, encoding: .utf8)
        let text = try dump("<p class=promo>promo</p><p>body</p>")
        XCTAssertFalse(text.contains("promo"), text)
        XCTAssertTrue(text.contains("body"), text)
        try FileManager.default.removeItem(atPath: config + "/user.css")
    }
}
