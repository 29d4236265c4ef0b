import XCTest
import TernCSS
import TernDOM
import TernNet
@testable import TernScript

/// A host with styles: the computed style and the sheets a test sets, and
/// what the bindings told it.
final class CSSOMTestHost: ScriptHost {
    var computed: [Node: CSSStyle] = [:]
    var askedPseudoElements: [PseudoElement?] = []
    var sheets: [(sheet: StyleSheet, ownerNode: Node)] = []
    var changedSheets: [StyleSheet] = []
    var console: [String] = []
    func scriptAlert(_ message: String) {}
    func scriptConfirm(_ message: String) -> Bool { false }
    func scriptPrompt(_ message: String, defaultText: String?) -> String? { nil }
    func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?) {}
    func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage) { console.append("\(message.level): \(message.text)") }
    func scriptComputedStyle(of element: Node, pseudoElement: PseudoElement?) -> CSSStyle? {
        askedPseudoElements.append(pseudoElement)
        return computed[element]
    }
    func scriptStyleSheets() -> [(sheet: StyleSheet, ownerNode: Node)] { sheets }
    func scriptStyleSheetDidChange(_ sheet: StyleSheet) { changedSheets.append(sheet) }
}

/// CSSOM's bindings over real JavaScriptCore: element.style (CSSOM §6.6-6.7),
/// getComputedStyle (§9), document.styleSheets (§6.1-6.4), matchMedia (CSSOM
/// View §4.2), CSS.supports and CSS.escape.
final class CSSOMTests: DOMTestCase {
    /// The window's host (DOMTestCase's `host` stays nil here).
    var styles: CSSOMTestHost!

    override func load(_ html: String, url: String = "https://example.test/page.html") throws {
        styles = CSSOMTestHost()
        loop = EventLoop()
        document = Document(html: html)
        window = try ScriptWindow(host: styles, loader: Loader(loop: loop), documentURL: WebURL(url))
        window.attach(document: document)
    }

    private func strings(_ values: [String]) -> ScriptValue { .array(values.map { .string($0) }) }

    // MARK: element.style

    func testStyleRoundTripsWithTheAttribute() throws {
        try load(#"<body><div id=d style="display: block; --Gap:  1px 2px ; colr: red"></div></body>"#)
        // The attribute parsed as a declaration block: the unknown property dropped, the custom one kept as written.
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            [d.style.length, d.style[0], d.style.item(1), d.style.getPropertyValue('--Gap'), d.style.getPropertyValue('--gap'),
             d.style.display, d.style.cssText, String(d.style[2])]
            """), .array([.number(2), .string("display"), .string("--Gap"), .string("1px 2px"), .string(""),
                          .string("block"), .string("display: block; --Gap: 1px 2px;"), .string("undefined")]))
        // Set through the style object: the attribute is its serialisation.
        XCTAssertEqual(js("""
            d.style.setProperty('display', 'none');
            d.style.setProperty('--n', '3', 'important');
            [d.getAttribute('style'), d.style.getPropertyPriority('--n'), d.style.getPropertyPriority('display')]
            """), strings(["display: none; --Gap: 1px 2px; --n: 3 !important;", "important", ""]))
        XCTAssertEqual(document.element(withID: "d")?.attribute("style"), "display: none; --Gap: 1px 2px; --n: 3 !important;")
        // Set through the attribute: the style object reads it again.
        XCTAssertEqual(js("""
            d.setAttribute('style', 'DISPLAY: inline !important; display: block');
            [d.style.display, d.style.getPropertyPriority('display'), d.style.length, d.style.cssText]
            """), .array([.string("inline"), .string("important"), .number(1), .string("display: inline !important;")]))
        // cssText, removeProperty, and `style = …` (PutForwards=cssText).
        XCTAssertEqual(js("""
            d.style.cssText = 'display:flex;bogus:1;--a:x';
            var a = d.getAttribute('style');
            var removed = d.style.removeProperty('DISPLAY');
            var missing = d.style.removeProperty('display');
            d.style.removeProperty('--a');
            var b = d.getAttribute('style');
            d.style = 'display: grid';
            [a, removed, missing, b, d.getAttribute('style'), d.style.display]
            """), strings(["display: flex; --a: x;", "flex", "", "", "display: grid;", "grid"]))
    }

    func testInvalidPropertiesAndPrioritiesAreIgnored() throws {
        try load("<body><div id=d style='display: block'></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            d.style.setProperty('colr', 'red');
            d.style.setProperty('display', 'none', 'urgent');
            d.style.setProperty('--x', '');
            d.style.colr = 'red';
            [d.getAttribute('style'), d.style.colr, 'colr' in d.style, 'display' in d.style, d.style.getPropertyValue('colr')]
            """), .array([.string("display: block"), .string("red"), .bool(true), .bool(true), .string("")]), "nothing valid was set")
        // An empty value removes; null is the empty string.
        XCTAssertEqual(js("d.style.display = null; [d.getAttribute('style'), d.style.length]"), .array([.string(""), .number(0)]))
    }

    /// CSSOM §6.7.2: a value's numbers are serialised in canonical form, a custom property's as written.
    func testValuesSerialiseNumbersInCanonicalForm() throws {
        try load("<body><div id=d></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            d.style.width = '.1em'; d.style.top = '-.5%'; d.style.lineHeight = '-0'; d.style.setProperty('--a', '.1em');
            [d.style.width, d.style.top, d.style.lineHeight, d.style.getPropertyValue('--a')]
            """), strings(["0.1em", "-0.5%", "0", ".1em"]))
    }

    /// CSSOM §6.6-6.7: a shorthand sets its longhands, reads back from them,
    /// and the block's serialisation recombines them (§6.7.2).
    func testShorthandsAreKeptAsTheirLonghands() throws {
        try load("<body><div id=d></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            d.style.margin = '1px 2px';
            var a = [d.style.marginTop, d.style.marginLeft, d.style.margin, d.style.cssText, d.style.length];
            d.style.marginTop = '3px';
            var b = [d.style.margin, d.style.cssText];
            d.style.setProperty('margin-bottom', '1px', 'important');
            var c = [d.style.margin, d.style.getPropertyPriority('margin'), d.style.cssText];
            var removed = d.style.removeProperty('margin');
            d.style.cssText = "border-top: 1px solid; overflow-x: scroll; overflow-y: hidden; list-style: none";
            a.concat(b, c, [removed, d.style.length, d.style.borderTopStyle, d.style.borderTopColor, d.style.listStyleImage, d.style.cssText])
            """), .array([.string("1px"), .string("2px"), .string("1px 2px"), .string("margin: 1px 2px;"), .number(4),
                          .string("3px 2px 1px"), .string("margin: 3px 2px 1px;"),
                          .string(""), .string(""), .string("margin-top: 3px; margin-right: 2px; margin-bottom: 1px !important; margin-left: 2px;"),
                          .string(""), .number(8), .string("solid"), .string("currentcolor"), .string("none"),
                          .string("border-top: 1px solid; overflow: scroll hidden; list-style: none;")]))
    }

    /// The block crosses to Swift as one string (dom-cssom.js's `pack`):
    /// names and values with digits, commas, `!` and `;`, non-ASCII text and
    /// a surrogate pair come back as they went, with their priorities.
    func testDeclarationsWithAwkwardCharactersSerialiseWhole() throws {
        try load("<body><div id=d></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            d.style.setProperty('--12', '"3,4;5!" 6', 'important');
            d.style.setProperty('--\\u00e9\\ud83d\\ude00', '"\\u00e9;\\ud83d\\ude00"');
            d.style.marginTop = '10px'; d.style.marginRight = '10px'; d.style.marginBottom = '10px';
            d.style.setProperty('margin-left', '10px', 'important');
            [d.style.cssText, d.style.getPropertyValue('margin'), d.style.getPropertyPriority('--12')]
            """), strings(["--12: \"3,4;5!\" 6 !important; --\u{E9}\u{1F600}: \"\u{E9};\u{1F600}\"; margin-top: 10px; margin-right: 10px; "
                           + "margin-bottom: 10px; margin-left: 10px !important;", "", "important"]))
    }

    /// The answers kept for a script that styles elements alike
    /// (CSSOMMemo) are the answers for that very input: names that Swift's
    /// `==` takes as one (é, and e with a combining accent) stay two
    /// properties, and each element gets the same block.
    func testRepeatedStylingGivesEachElementItsOwnBlock() throws {
        try load("<body><div id=d></div><p></p><p></p><p></p></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            d.style.setProperty('--\\u00e9', 'a');
            d.style.setProperty('--e\\u0301', 'b');
            var texts = [d.style.cssText, d.style.getPropertyValue('--\\u00e9'), d.style.getPropertyValue('--e\\u0301')];
            Array.prototype.forEach.call(document.querySelectorAll('p'), function (p) {
              p.style.borderWidth = '1px'; p.style.borderStyle = 'solid'; p.style.borderColor = 'red'; p.style.padding = '0';
              texts.push(p.getAttribute('style'));
            });
            texts
            """), strings(["--\u{E9}: a; --e\u{301}: b;", "a", "b"]
                          + Array(repeating: "border-width: 1px; border-style: solid; border-color: red; padding: 0;", count: 3)))
    }

    /// `border` sets its twelve longhands and resets border-image (CSS
    /// Backgrounds 3 §4.4); it reads back only while border-image is as it left it.
    func testBorderShorthandAndBorderImage() throws {
        try load("<body><div id=d></div><div id=e style='border-width: 1px; border-style: solid; border-color: red'></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), e = document.getElementById('e');
            d.style.border = '1px solid';
            var a = [d.style.borderLeftStyle, d.style.border, d.style.cssText];
            d.style.borderTopColor = 'red';
            a.concat([d.style.border, d.style.cssText, e.style.border, e.style.cssText])
            """), strings(["solid", "1px solid", "border: 1px solid;", "",
                             "border-width: 1px; border-style: solid; border-color: red currentcolor currentcolor; border-image: initial;",
                             "", "border-width: 1px; border-style: solid; border-color: red;"]))
    }

    /// getComputedStyle lists the logical longhands too, and its declarations are iterable (WebIDL §3.7.8).
    func testComputedStyleListsLogicalLonghandsAndIterates() throws {
        try load("<body><div id=d></div></body>")
        let element = try XCTUnwrap(document.element(withID: "d"))
        var style = CSSStyle()
        style.width = .px(5)
        styles.computed[element] = style
        XCTAssertEqual(js("""
            var cs = getComputedStyle(document.getElementById('d')), names = [...cs];
            [cs.inlineSize, cs.getPropertyValue('border-block-end-color') !== '', names.indexOf('block-size') >= 0,
             names.join() === names.slice().sort().join()]
            """), .array([.string("5px"), .bool(true), .bool(true), .bool(true)]))
    }

    /// Camel-cased, webkit-cased and dashed attributes of supported properties.
    func testCamelCaseAndDashedAttributes() throws {
        try load("<body><div id=d></div></body>")
        XCTAssertEqual(js("""
            var d = document.getElementById('d');
            d.style.backgroundColor = 'red';
            d.style['list-style-type'] = 'square';
            d.style.cssFloat = 'left';
            d.style.setProperty('color', 'not a colour');
            [d.style['background-color'], d.style.listStyleType, d.style.getPropertyValue('float'), d.style.color,
             d.getAttribute('style'), d.style['Background-Color'] === undefined, 'backgroundColor' in d.style]
            """), .array([.string("red"), .string("square"), .string("left"), .string(""),
                          .string("background-color: red; list-style-type: square; float: left;"), .bool(true), .bool(true)]))
    }

    // MARK: getComputedStyle

    func testComputedStyleSerialisesTheHostsValues() throws {
        try load("<body><p id=p>x</p><span id=s></span></body>")
        let p = try XCTUnwrap(document.element(withID: "p"))
        var style = CSSStyle()
        style.display = .listItem
        style.visibility = .hidden
        style.color = CSSColor(red: 255, green: 0, blue: 0)
        style.backgroundColor = CSSColor(red: 0, green: 0, blue: 255, alpha: 128)
        style.fontSize = 13.333333333
        style.fontWeight = 700
        style.marginLeft = .px(8)
        style.paddingTop = .percent(50)
        style.textAlign = .center
        style.whiteSpace = .preWrap
        style.position = .sticky
        style.listStyleType = .upperRoman
        style.content = [.string("→ \""), .counter(name: "c", style: .decimal), .attribute("title"), .openQuote]
        style.customProperties["--accent"] = [.token(.whitespace), .token(.ident("teal")), .token(.whitespace)]
        styles.computed[p] = style
        XCTAssertEqual(js("""
            var cs = getComputedStyle(document.getElementById('p'));
            [cs.display, cs.visibility, cs.color, cs.backgroundColor, cs.fontSize, cs.getPropertyValue('font-weight'),
             cs.marginLeft, cs.paddingTop, cs.width, cs.textAlign, cs.whiteSpace, cs.position, cs.listStyleType,
             cs.content, cs.getPropertyValue('--accent'), cs.getPropertyValue('unknown'), cs.cssText, cs.item(0)]
            """), strings(["list-item", "hidden", "rgb(255, 0, 0)", "rgba(0, 0, 255, 0.5)", "13.333333px", "700",
                           "8px", "50%", "auto", "center", "pre-wrap", "sticky", "upper-roman",
                           #""→ \"" counter(c) attr(title) open-quote"#, "teal", "", "", "background-color"]))
        // Live: the next read asks the host again.
        styles.computed[p]?.display = .none
        XCTAssertEqual(js("cs.display"), .string("none"))
        // Read-only.
        XCTAssertEqual(js("""
            function name(f) { try { f(); return 'none'; } catch (e) { return e.name; } }
            [name(function () { cs.color = 'red'; }), name(function () { cs.setProperty('color', 'red'); }),
             name(function () { cs.cssText = ''; }), name(function () { cs.removeProperty('color'); }),
             name(function () { getComputedStyle(document.body.firstChild.firstChild); }), name(function () { getComputedStyle(); })]
            """), strings(["NoModificationAllowedError", "NoModificationAllowedError", "NoModificationAllowedError",
                           "NoModificationAllowedError", "TypeError", "TypeError"]))
        // An element the host has no style for reads "" throughout.
        XCTAssertEqual(js("var e = getComputedStyle(document.getElementById('s')); [e.display, e.length]"), .array([.string(""), .number(0)]))
    }

    func testComputedStyleOfPseudoElements() throws {
        try load("<body><p id=p>x</p></body>")
        let p = try XCTUnwrap(document.element(withID: "p"))
        styles.computed[p] = CSSStyle()
        styles.askedPseudoElements = []
        js("""
            var p = document.getElementById('p');
            getComputedStyle(p, '::before').display; getComputedStyle(p, ':after').display;
            getComputedStyle(p, '::MARKER').display; getComputedStyle(p, 'before').display; getComputedStyle(p, null).display;
            """)
        XCTAssertEqual(styles.askedPseudoElements, [.before, .after, .marker, nil, nil])
        // A pseudo-element Tern does not draw has no style, and the host is not asked.
        styles.askedPseudoElements = []
        XCTAssertEqual(js("getComputedStyle(p, '::first-line').display"), .string(""))
        XCTAssertEqual(styles.askedPseudoElements, [])
    }

    // MARK: document.styleSheets

    func testStyleSheetsListTheHostsSheetsWithTheirOwners() throws {
        try load(#"<head><link id=l rel=stylesheet href=a.css title=Main><style id=s>p {}</style></head><body><p id=p></p></body>"#)
        let link = try XCTUnwrap(document.element(withID: "l")), style = try XCTUnwrap(document.element(withID: "s"))
        let linked = StyleSheet(text: "", origin: .author, baseURL: "https://example.test/a.css")
        linked.media = "screen"
        let inline = StyleSheet(text: "p {}", origin: .author, baseURL: "https://example.test/page.html")
        styles.sheets = [(linked, link), (inline, style)]
        XCTAssertEqual(js("""
            var list = document.styleSheets, a = list[0], b = list.item(1);
            [list.length, a.href, a.ownerNode === document.getElementById('l'), b.href, b.ownerNode.id, a.title, b.title,
             a.type, a.media.mediaText, b.media.mediaText, a === document.styleSheets[0], list === document.styleSheets,
             document.getElementById('s').sheet === b, document.getElementById('p').sheet === undefined,
             a instanceof CSSStyleSheet, a instanceof StyleSheet, list[2] === undefined, list.item(2), a.cssRules === a.rules,
             typeof a.cssRules.length]
            """), .array([.number(2), .string("https://example.test/a.css"), .bool(true), .null, .string("s"), .string("Main"), .null,
                          .string("text/css"), .string("screen"), .string(""), .bool(true), .bool(true),
                          .bool(true), .bool(true), .bool(true), .bool(true), .bool(true), .null, .bool(true), .string("number")]))
        // disabled and media write through to the sheet, and the host hears of each change.
        XCTAssertEqual(js("a.disabled = true; a.media.mediaText = 'print'; [a.disabled, a.media.mediaText]"),
                       .array([.bool(true), .string("print")]))
        XCTAssertTrue(linked.disabled)
        XCTAssertEqual(linked.media, "print")
        XCTAssertEqual(styles.changedSheets.count, 2)
        XCTAssertTrue(styles.changedSheets.allSatisfy { $0 === linked })
        // A sheet no longer in the host's list: <style>.sheet is null.
        styles.sheets = []
        XCTAssertEqual(js("[document.getElementById('s').sheet, document.styleSheets.length]"), .array([.null, .number(0)]))
    }

    /// CSSOM §6.1: a linked sheet of another origin has rules no script may read or change.
    func testASheetFromAnotherOriginKeepsItsRules() throws {
        try load(#"<head><link id=a rel=stylesheet href=https://other.test/a.css><link id=b rel=stylesheet href=b.css></head>"#)
        styles.sheets = [(StyleSheet(text: "", origin: .author, baseURL: "https://other.test/a.css"), try XCTUnwrap(document.element(withID: "a"))),
                         (StyleSheet(text: "", origin: .author, baseURL: "https://example.test/b.css"), try XCTUnwrap(document.element(withID: "b")))]
        XCTAssertEqual(js("""
            var other = document.styleSheets[0], same = document.styleSheets[1];
            function name(f) { try { f(); return 'none'; } catch (e) { return e.name; } }
            [name(function () { other.cssRules; }), name(function () { other.rules; }), name(function () { other.insertRule('p {}'); }),
             name(function () { other.deleteRule(0); }), name(function () { other.addRule('p', ''); }), name(function () { other.removeRule(); }),
             name(function () { same.cssRules; }), other.href, other.disabled]
            """), .array(["SecurityError", "SecurityError", "SecurityError", "SecurityError", "SecurityError", "SecurityError", "none",
                          "https://other.test/a.css"].map { .string($0) } + [.bool(false)]))
    }

    /// insertRule/deleteRule's DOMExceptions and index conversion (cases where
    /// the StyleSheet contract stub and CSSOM §6.1 agree).
    func testInsertRuleAndDeleteRuleExceptions() throws {
        try load("<head><style id=s></style></head>")
        let sheet = StyleSheet(text: "", origin: .author, baseURL: nil)
        styles.sheets = [(sheet, try XCTUnwrap(document.element(withID: "s")))]
        XCTAssertEqual(js("""
            var sheet = document.styleSheets[0];
            function name(f) { try { f(); return 'none'; } catch (e) { return (e instanceof DOMException ? 'DOMException:' : '') + e.name; } }
            [name(function () { sheet.insertRule('p {} q {}'); }),
             name(function () { sheet.deleteRule(7); }),
             name(function () { sheet.deleteRule(-1); }),
             name(function () { sheet.insertRule(); }),
             name(function () { sheet.deleteRule(); }),
             name(function () { sheet.insertRule('p {}', Symbol()); }),
             name(function () { sheet.insertRule('p {}', { valueOf: function () { throw new RangeError('no'); } }); }),
             name(function () { sheet.removeRule(0); }),
             name(function () { CSSStyleSheet.prototype.insertRule.call({}, 'p {}'); }),
             sheet.cssRules.length]
            """), .array(["DOMException:SyntaxError", "DOMException:IndexSizeError", "DOMException:IndexSizeError",
                          "TypeError", "TypeError", "TypeError", "RangeError", "DOMException:IndexSizeError", "TypeError"].map { .string($0) }
                         + [.number(0)]))
        XCTAssertEqual(styles.changedSheets.count, 0, "a failed change changes nothing")
    }

    /// cssRules, CSSStyleRule and the rest of insertRule/deleteRule over a real
    /// sheet.
    func testRulesOfASheet() throws {
        try load("<head><style id=s></style></head><body><p>x</p></body>")
        let sheet = StyleSheet(text: "p { display: none }", origin: .author, baseURL: nil)
        styles.sheets = [(sheet, try XCTUnwrap(document.element(withID: "s")))]
        XCTAssertEqual(js("""
            var sheet = document.styleSheets[0], rules = sheet.cssRules, first = rules[0];
            function name(f) { try { f(); return 'none'; } catch (e) { return e.name; } }
            var at = sheet.insertRule('div > p { display: block }', 1);
            var out = [rules.length, at, first === sheet.cssRules[0], first.type, first.selectorText, first.style.display,
                       rules[1].cssText, rules.item(1).parentStyleSheet === sheet, first instanceof CSSStyleRule,
                       name(function () { sheet.insertRule('p {}', 5); }), name(function () { sheet.insertRule('@import url(a.css);', 1); })];
            first.style.display = 'inline';
            out.push(sheet.cssRules[0] === first, first.style.display, sheet.cssRules[0].cssText.indexOf('inline') > 0);
            sheet.deleteRule(0);
            out.push(rules.length, rules[0].selectorText, sheet.addRule('a', 'display: none'), rules.length);
            out
            """), .array([.number(2), .number(1), .bool(true), .number(1), .string("p"), .string("none"),
                          .string("div > p { display: block; }"), .bool(true), .bool(true), .string("IndexSizeError"),
                          .string("HierarchyRequestError"), .bool(true), .string("inline"), .bool(true),
                          .number(1), .string("div > p"), .number(-1), .number(2)]))
        XCTAssertEqual(styles.changedSheets.count, 4)
    }

    /// CSSOM §6.4.6: @media and @supports hold rules, with insertRule and
    /// deleteRule; a nested rule's edits reach the sheet.
    func testGroupingRulesHoldRules() throws {
        try load("<head><style id=s></style></head><body><p>x</p></body>")
        let sheet = StyleSheet(text: "@media all { p { display: none } }", origin: .author, baseURL: nil)
        styles.sheets = [(sheet, try XCTUnwrap(document.element(withID: "s")))]
        XCTAssertEqual(js("""
            var media = document.styleSheets[0].cssRules[0], list = media.cssRules, p = list[0];
            function name(f) { try { f(); return 'none'; } catch (e) { return e.name; } }
            var out = [media instanceof CSSGroupingRule, list.length, p.parentRule === media, media.insertRule('a { }', 1),
                       name(function () { media.insertRule('???', 3); }), name(function () { media.insertRule('???', 0); }),
                       name(function () { media.insertRule('@import url(a.css);', 0); })];
            p.style.display = 'block';
            out.push(media.cssRules === list, list[0] === p, list.length, media.cssText);
            media.deleteRule(1);
            out.concat([list.length, document.styleSheets[0].cssRules[0] === media])
            """), .array([.bool(true), .number(1), .bool(true), .number(1), .string("IndexSizeError"), .string("SyntaxError"),
                          .string("HierarchyRequestError"), .bool(true), .bool(true), .number(2),
                          .string("@media all {\n  p { display: block; }\n  a { }\n}"), .number(1), .bool(true)]))
        XCTAssertEqual(sheet.ruleTexts, ["@media all {\n  p { display: block; }\n}"])
    }

    // MARK: matchMedia

    func testMatchMediaAndItsListeners() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            var list = matchMedia('(max-width: 640px)');
            [list.media, typeof list.matches, list instanceof MediaQueryList, list instanceof EventTarget, list.onchange]
            """), .array([.string(MediaQueryList(parsing: "(max-width: 640px)").text), .string("boolean"), .bool(true), .bool(true), .null]))
        // The environment changes without changing the answer: no event.
        js("var events = []; list.addListener(function (e) { events.push(e.matches); }); list.onchange = function (e) { events.push('on'); };")
        let environment = window.mediaEnvironment
        XCTAssertEqual(environment, MediaEnvironment(columns: 80, rows: 24), "the window starts as an 80×24 terminal")
        var same = environment
        same.height += 16
        window.mediaEnvironmentDidChange(same)
        _ = loop.run(until: { false }, timeout: 0.05)
        XCTAssertEqual(js("events.length"), .number(0))
    }

    /// `change` fires when a resize changes a list's answer.
    func testMatchMediaFiresChangeWhenTheEnvironmentChangesItsAnswer() throws {
        try load("<body></body>")
        js("""
            var list = matchMedia('(max-width: 640px)'), events = [];
            var first = list.matches;
            list.addEventListener('change', function (e) { events.push([e.type, e.media, e.matches, e.isTrusted, e instanceof MediaQueryListEvent]); });
            list.addListener(function (e) { events.push('legacy ' + e.matches); });
            list.onchange = function () { events.push('handler'); };
            matchMedia('(max-width: 640px)').addListener(function () { events.push('unreferenced'); });
            """)
        XCTAssertEqual(js("first"), .bool(true))
        window.mediaEnvironmentDidChange(MediaEnvironment(columns: 100, rows: 24))
        XCTAssertEqual(js("[list.matches, events.length]"), .array([.bool(false), .number(0)]), "matches follows now, events on a later turn")
        _ = loop.run(until: { false }, timeout: 0.05)
        XCTAssertEqual(js("JSON.stringify(events)"),
                       .string(#"["handler",["change","(max-width: 640px)",false,true,true],"legacy false","unreferenced"]"#))
        js("events = []; list.removeListener(list.onchange); list.onchange = null;")
        window.mediaEnvironmentDidChange(MediaEnvironment(columns: 80, rows: 24))
        _ = loop.run(until: { false }, timeout: 0.05)
        XCTAssertEqual(js("JSON.stringify(events)"), .string(#"[["change","(max-width: 640px)",true,true,true],"legacy true","unreferenced"]"#))
    }

    // MARK: CSS

    func testCSSSupports() throws {
        try load("<body></body>")
        XCTAssertEqual(js("""
            [CSS.supports('display', 'block'), CSS.supports('DISPLAY', 'block'), CSS.supports('--x', 'anything { }'),
             CSS.supports('colr', 'red'), CSS.supports('(display: block)'), CSS.supports('display: block'),
             CSS.supports('not (colr: red)'), CSS.supports('(display: block) and (colr: red)'),
             CSS.supports('(display: block) or (colr: red)'), CSS.supports('(display: block) and (display: block) or (display: block)'),
             CSS.supports('selector(a > b:not(.c))'), CSS.supports('selector(a >>> b)'), CSS.supports('foo(bar)'), CSS.supports(''),
             CSS.supports('((display: block))'), CSS.supports('(display: var(--x))')]
            """), .array([true, true, true, false, true, true, true, false, true, false, true, false, false, false, true, true].map { .bool($0) }))
    }

    func testCSSEscapeSerialisesAnIdentifier() throws {
        try load("<body></body>")
        XCTAssertEqual(js(#"[CSS.escape('#id'), CSS.escape('1a'), CSS.escape('-'), CSS.escape('-1'), CSS.escape('a\u0000b'), CSS.escape('a b'), CSS.escape('\u0001'), CSS.escape('é-_')]"#),
                       strings(["\\#id", "\\31 a", "\\-", "-\\31 ", "a\u{FFFD}b", "a\\ b", "\\1 ", "é-_"]))
        XCTAssertEqual(js("try { CSS.escape(); 'none' } catch (e) { e.name }"), .string("TypeError"))
    }

    // MARK: Hostile input

    func testHostileValuesDoNotCrash() throws {
        try load("<body><div id=d></div><style id=s></style></body>")
        styles.sheets = [(StyleSheet(text: "", origin: .author, baseURL: nil), try XCTUnwrap(document.element(withID: "s")))]
        XCTAssertEqual(js("""
            var d = document.getElementById('d'), many = new Array(1024 * 1024 / 8 + 1).join('--x:a\\u0000;');
            var big = 'display: block; --y: ' + new Array(10 * 1024 * 1024).join('a');
            d.style.cssText = many;
            d.style.cssText = 'display: block\\r\\n; --y: a\\u0000b';
            var first = d.getAttribute('style');
            d.style.cssText = big;
            var length = d.style.length;
            function name(f) { try { f(); return 'none'; } catch (e) { return e.name; } }
            [first, length, name(function () { d.style.setProperty(Symbol(), 'x'); }),
             name(function () { d.style.item({ valueOf: function () { throw new Error('x'); } }); }),
             name(function () { CSS.supports(new Array(100000).join('(')); }), name(function () { matchMedia(many); }),
             name(function () { document.styleSheets[0].insertRule(many, 1e300); }),
             name(function () { document.styleSheets[0].deleteRule(NaN); }), name(function () { getComputedStyle(d, Symbol()); })]
            """), .array([.string("display: block; --y: a\u{FFFD}b;"), .number(2), .string("TypeError"), .string("Error"), .string("none"),
                          .string("none"), .string("SyntaxError"),
                          .string("IndexSizeError"), .string("TypeError")]))
    }
}
