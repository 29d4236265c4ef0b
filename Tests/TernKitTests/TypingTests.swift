import XCTest
import Foundation
@testable import TernKit  // TypingInThePageTests only: PageElement(node:)
import TernDOM
import TernScript
import TernTestSupport

/// Typing into a field key by key (WebView+Typing, issue 30 item 1): the
/// page sees each key and each edit as a browser shows them (UI Events'
/// keyboard event order, Input Events), may cancel or rewrite them, and the
/// text control selection APIs say where the next key goes.
final class TypingTests: WebViewTestCase {
    /// Loads `body` with a script that logs every key, input and focus event
    /// of `#f` into `log` (type, then `key` or `inputType=data`).
    private func open(_ body: String, file: StaticString = #filePath, line: UInt = #line) {
        let script = """
            <script>
            var log = [];
            var f = document.getElementById('f');
            ['focus', 'blur', 'keydown', 'keypress', 'beforeinput', 'input', 'keyup', 'change', 'select'].forEach(function (type) {
              f.addEventListener(type, function (e) {
                log.push(type + (e.key !== undefined ? ':' + e.key : '') + (e.inputType ? ':' + e.inputType + '=' + e.data : ''));
              });
            });
            </script>
            """
        let html = "<!DOCTYPE html><title>Typing</title>\(body)\(script)"
        loadAndWait("/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode(html), file: file, line: line)
        XCTAssertEqual(webView.title, "Typing", file: file, line: line)
    }

    private func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The field `selector` finds, from the layout.
    private func field(_ selector: String = "#f", file: StaticString = #filePath, line: UInt = #line) throws -> PageElement {
        try control(selector, file: file, line: line).element
    }

    /// The page's log since the last call.
    private func takeLog(file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard case .array(let entries) = value("var taken = log; log = []; taken", file: file, line: line) else { return [] }
        return entries.compactMap { if case .string(let entry) = $0 { return entry } else { return nil } }
    }

    private func type(_ text: String, in field: PageElement) {
        for character in text { webView.type(.character(character), in: field) }
    }

    func testEachKeyFiresKeydownKeypressBeforeinputInputKeyupInOrder() throws {
        open("<input id=f>")
        let field = try field()
        let state = webView.type(.character("a"), in: field)
        XCTAssertEqual(state, WebView.TextFieldState(value: "a", cursor: 1))
        XCTAssertEqual(takeLog(), ["keydown:a", "keypress:a", "beforeinput:insertText=a", "input:insertText=a", "keyup:a"])
        XCTAssertEqual(value("f.value"), .string("a"))
        webView.type(.backspace, in: field)
        XCTAssertEqual(takeLog(), ["keydown:Backspace", "beforeinput:deleteContentBackward=null",
                                   "input:deleteContentBackward=null", "keyup:Backspace"])
        // A move is a key and no edit; Backspace at the start edits nothing.
        webView.type(.left, in: field)
        webView.type(.backspace, in: field)
        XCTAssertEqual(takeLog(), ["keydown:ArrowLeft", "keyup:ArrowLeft", "keydown:Backspace", "keyup:Backspace"])
    }

    func testTheKeysFieldsFollowAUSKeyboard() throws {
        open("<input id=f><script>var keys = []; document.getElementById('f').addEventListener('keydown', function (e) { keys.push([e.key, e.code, e.keyCode, e.shiftKey, e.ctrlKey, e.isTrusted].join()); });</script>")
        let field = try field()
        type("qQ7&", in: field)
        webView.type(.deleteWordBackward, in: field)
        XCTAssertEqual(value("keys.join(' ')"),
                       .string("q,KeyQ,81,false,false,true Q,KeyQ,81,true,false,true 7,Digit7,55,false,false,true &,Digit7,55,true,false,true w,KeyW,87,false,true,true"))
        XCTAssertEqual(value("f.value"), .string(""))
    }

    func testACancelledKeydownKeypressOrBeforeinputInsertsNothing() throws {
        open("""
            <input id=f><script>
            document.getElementById('f').addEventListener('keydown', function (e) { if (e.key === 'x') e.preventDefault(); });
            document.getElementById('f').addEventListener('keypress', function (e) { if (e.key === 'y') e.preventDefault(); });
            document.getElementById('f').addEventListener('beforeinput', function (e) { if (e.data === 'z') e.preventDefault(); });
            </script>
            """)
        let field = try field()
        type("axyzb", in: field)
        XCTAssertEqual(value("f.value"), .string("ab"))
        let log = takeLog()
        XCTAssertEqual(log.filter { $0.hasPrefix("input") }, ["input:insertText=a", "input:insertText=b"])
        XCTAssertEqual(log.filter { $0.hasPrefix("keyup") }.count, 5, "each key is released: \(log)")
        XCTAssertFalse(log.contains("keypress:x"), "a cancelled keydown has no keypress: \(log)")
        XCTAssertFalse(log.contains("beforeinput:insertText=y"), "\(log)")
    }

    func testTheNextKeyGoesWhereThePageSetTheSelection() throws {
        open("<input id=f value=hello>")
        let field = try field()
        XCTAssertEqual(value("[f.selectionStart, f.selectionEnd, f.selectionDirection]"),
                       .array([.number(5), .number(5), .string("none")]))
        _ = value("f.setSelectionRange(1, 4)")
        XCTAssertEqual(webView.type(.character("E"), in: field), WebView.TextFieldState(value: "hEo", cursor: 2))
        XCTAssertEqual(value("[f.selectionStart, f.selectionEnd]"), .array([.number(2), .number(2)]))
        webView.type(.home, in: field)
        webView.type(.character(">"), in: field)
        XCTAssertEqual(value("f.value"), .string(">hEo"))
        // The page rewrites the value as it goes (an autocomplete): the cursor is at its end.
        _ = value("f.addEventListener('input', function () { if (f.value === '>hEox') f.value = 'completed'; })")
        webView.type(.end, in: field)
        XCTAssertEqual(webView.type(.character("x"), in: field), WebView.TextFieldState(value: "completed", cursor: 9))
        // Backspace takes a whole grapheme cluster (UTF-16 offsets in the page).
        _ = value("f.value = 'a👍🏽b'; f.setSelectionRange(5, 5)")
        XCTAssertEqual(webView.type(.backspace, in: field), WebView.TextFieldState(value: "ab", cursor: 1))
    }

    func testTheSelectionAPIsFollowHTML() throws {
        open("<input id=f value=abcdef><input id=n type=number value=5><input id=e type=email><textarea id=t>xy</textarea>")
        _ = value("var n = document.getElementById('n'), e = document.getElementById('e'), t = document.getElementById('t'); 0")
        // setRangeText's selection modes.
        XCTAssertEqual(value("f.setSelectionRange(2, 4); f.setRangeText('ZZZ'); [f.value, f.selectionStart, f.selectionEnd]"),
                       .array([.string("abZZZef"), .number(2), .number(5)]))
        XCTAssertEqual(value("f.setRangeText('-', 0, 1, 'select'); [f.value, f.selectionStart, f.selectionEnd]"),
                       .array([.string("-bZZZef"), .number(0), .number(1)]))
        XCTAssertEqual(value("f.setRangeText('', 0, 99, 'end'); [f.value, f.selectionStart]"), .array([.string(""), .number(0)]))
        XCTAssertEqual(value("try { f.setRangeText('x', 2, 1); 'no' } catch (e) { e.name }"), .string("IndexSizeError"))
        // Offsets past the end are the end; a start after the end is the end; WebIDL's unsigned long.
        XCTAssertEqual(value("f.value = 'abc'; f.setSelectionRange(5, 2, 'backward'); [f.selectionStart, f.selectionEnd, f.selectionDirection]"),
                       .array([.number(2), .number(2), .string("backward")]))
        XCTAssertEqual(value("f.setSelectionRange(-1, NaN); [f.selectionStart, f.selectionEnd]"), .array([.number(0), .number(0)]))
        XCTAssertEqual(value("f.selectionEnd = 2; f.selectionStart = 3; [f.selectionStart, f.selectionEnd]"), .array([.number(3), .number(3)]))
        // Setting the value puts the cursor at its end.
        XCTAssertEqual(value("f.setSelectionRange(0, 1); f.value = 'longer'; [f.selectionStart, f.selectionEnd, f.selectionDirection]"),
                       .array([.number(6), .number(6), .string("none")]))
        // Types the selection does not apply to: null, and InvalidStateError on setting.
        XCTAssertEqual(value("[n.selectionStart, e.selectionEnd, n.selectionDirection]"), .array([.null, .null, .null]))
        XCTAssertEqual(value("try { n.setSelectionRange(0, 1); 'no' } catch (x) { x.name }"), .string("InvalidStateError"))
        XCTAssertEqual(value("try { e.selectionStart = 0; 'no' } catch (x) { x.name }"), .string("InvalidStateError"))
        XCTAssertEqual(value("t.select(); [t.selectionStart, t.selectionEnd]"), .array([.number(0), .number(2)]))
        // A change of selection queues a select event.
        XCTAssertEqual(value("var selects = 0; t.onselect = function () { selects++; }; t.setSelectionRange(1, 2); selects"), .number(0))
        wait { value("selects") == .number(1) }
    }

    func testMaxlengthCutsWhatDoesNotFitAndReadonlyTakesKeysButNoEdit() throws {
        open("<input id=f maxlength=' +3x' value=ab><input id=r readonly value=fixed>")
        let field = try field()
        type("cd", in: field)
        XCTAssertEqual(value("f.value"), .string("abc"))
        XCTAssertEqual(takeLog().filter { $0.hasPrefix("input") }, ["input:insertText=c"])
        let readOnly = try control("#r").element
        XCTAssertEqual(webView.type(.character("z"), in: readOnly)?.value, "fixed")
        XCTAssertEqual(webView.type(.backspace, in: readOnly)?.value, "fixed")
        // A disabled field, or something that is not a text field, takes nothing.
        _ = value("document.getElementById('r').disabled = true")
        XCTAssertNil(webView.type(.character("z"), in: readOnly))
    }

    func testChangeFiresWhenTypingEndsWithAnotherValueAndBeforeEnterSubmits() throws {
        open("<form action=/echo><input id=f name=q value=old></form>")
        let field = try field()
        type("!", in: field)
        webView.type(.backspace, in: field)
        _ = takeLog()
        webView.finishTyping(in: field)
        XCTAssertEqual(takeLog(), [], "the same value as before: no change")
        type("er", in: field)
        _ = takeLog()
        webView.finishTyping(in: field)
        XCTAssertEqual(takeLog(), ["change"])
        webView.type(.character("s"), in: field)
        _ = value("f.form.addEventListener('submit', function (e) { log.push('submit'); e.preventDefault(); })")
        _ = takeLog()
        webView.pressEnter(in: field)
        XCTAssertEqual(takeLog(), ["keydown:Enter", "keypress:Enter", "change", "submit", "keyup:Enter"])
    }

    func testTextareaEnterBreaksTheLineAndLineKeysStayOnTheirLine() throws {
        open("<textarea id=f>one\ntwo</textarea>")
        let field = try field()
        webView.type(.enter, in: field)
        type("3", in: field)
        XCTAssertEqual(value("f.value"), .string("one\ntwo\n3"))
        XCTAssertTrue(takeLog().contains("input:insertLineBreak=null"))
        webView.type(.deleteToLineStart, in: field)
        webView.type(.backspace, in: field)
        webView.type(.home, in: field)
        webView.type(.deleteToLineEnd, in: field)
        XCTAssertEqual(value("f.value"), .string("one\n"))
        XCTAssertEqual(takeLog().filter { $0.hasPrefix("input") },
                       ["input:deleteSoftLineBackward=null", "input:deleteContentBackward=null", "input:deleteSoftLineForward=null"])
    }

    /// Up and Down keep the column on the line above or below (the line's
    /// end when it is shorter), and go to the start or end past the first
    /// or last line; the page hears ArrowUp and ArrowDown.
    func testUpAndDownMoveBetweenATextareasLines() throws {
        open("<textarea id=f>alpha\nbe\ngamma ray</textarea>")
        let field = try field()
        XCTAssertEqual(webView.type(.up, in: field)?.cursor, 8, "from the end (column 9) to the shorter line above: its end")
        XCTAssertEqual(webView.type(.up, in: field)?.cursor, 2, "column 2 on the first line")
        XCTAssertEqual(webView.type(.up, in: field)?.cursor, 0, "past the first line: the start")
        webView.type(.end, in: field)
        XCTAssertEqual(webView.type(.down, in: field)?.cursor, 8, "column 5 to the short line's end")
        XCTAssertEqual(webView.type(.down, in: field)?.cursor, 11, "column 2 on the last line")
        type("X", in: field)
        XCTAssertEqual(value("f.value"), .string("alpha\nbe\ngaXmma ray"))
        XCTAssertEqual(webView.type(.down, in: field)?.cursor, 19, "past the last line: the end")
        XCTAssertTrue(takeLog().contains("keydown:ArrowDown"))
    }

    func testWithoutScriptsTheKeysEditAtTheCursor() throws {
        makeWebView { $0.preferences.javaScriptEnabled = false }
        loadAndWait("/mime?type=text/html&body=" + encode("<title>Typing</title><input id=f value=ac>"))
        let field = try field()
        webView.type(.left, in: field)
        XCTAssertEqual(webView.type(.character("b"), in: field), WebView.TextFieldState(value: "abc", cursor: 2))
        XCTAssertEqual(webView.type(.delete, in: field), WebView.TextFieldState(value: "ab", cursor: 2))
        XCTAssertEqual(value("document.querySelector('#f').getAttribute('value')"), .string("ab"))
    }

    /// An editing host (contenteditable) takes keys as a field does: the
    /// page hears them, the edit goes into its text nodes where the cursor
    /// is and keeps the markup around them, `input` follows, no `change`;
    /// the layout lists it as a textarea to edit.
    func testAContentEditableElementIsEditedInPlace() throws {
        open("<div id=f contenteditable>Hello <b>bold</b> world</div><p id=g contenteditable=false>fixed</p>")
        let host = try field()
        XCTAssertEqual(value("[f.isContentEditable, f.querySelector('b').isContentEditable, document.getElementById('g').isContentEditable]"),
                       .array([.bool(true), .bool(true), .bool(false)]))
        XCTAssertEqual(webView.type(.character("!"), in: host), WebView.TextFieldState(value: "Hello bold world!", cursor: 17))
        XCTAssertEqual(takeLog(), ["keydown:!", "keypress:!", "beforeinput:insertText=!", "input:insertText=!", "keyup:!"])
        for _ in 0..<7 { webView.type(.left, in: host) }
        webView.type(.backspace, in: host)
        type("er", in: host)
        XCTAssertEqual(value("f.innerHTML"), .string("Hello <b>boler</b> world!"), "the edit stays in the text node it falls in")
        webView.finishTyping(in: host)
        XCTAssertFalse(takeLog().contains { $0.hasPrefix("change") }, "an editing host has no change event")
        // A cancelled beforeinput edits nothing.
        _ = value("f.addEventListener('beforeinput', function (e) { e.preventDefault(); }); 0")
        webView.type(.character("x"), in: host)
        XCTAssertEqual(value("f.textContent"), .string("Hello boler world!"))
        let listed = try control("#f")
        XCTAssertEqual(listed.kind, .textarea)
        XCTAssertEqual(listed.value, "Hello boler world!")
    }
}

/// Typing where the public API gives no handle: an embedder has elements
/// only for links and controls, and this needs one for a plain paragraph.
final class TypingInThePageTests: WebViewTestCase {
    override class var reachesIntoThePage: Bool { true }

    /// Not a host: a paragraph that is not editable takes no typing.
    func testAnElementThatIsNotAnEditingHostTakesNoTyping() throws {
        let html = "<!DOCTYPE html><title>Typing</title><div id=f contenteditable>Hello</div><p id=g contenteditable=false>fixed</p>"
        loadAndWait("/mime?type=" + "text/html".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    + "&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let paragraph = PageElement(node: try XCTUnwrap(try webView.page.document?.querySelector("#g")))
        XCTAssertNil(webView.type(.character("x"), in: paragraph))
        XCTAssertEqual(value("document.getElementById('g').textContent"), .string("fixed"))
    }
}
