import XCTest
import Foundation
import TernTestSupport

/// What a page does while the person uses it (issue 30), through the real
/// browser in tmux: each key reaches the page as it is typed, and the
/// page's viewport is the terminal.
final class PageInputScreenTests: TerminalTestCase {
    private func page(_ html: String) -> String {
        server.url("/mime?type=" + "text/html; charset=utf-8".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                   + "&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href
    }

    /// A list filtered as the person types, and a count of the events the
    /// page heard: every key, before Enter is pressed; `change` and `blur`
    /// when Tab leaves the field.
    func testTypingFiltersTheListAsEachKeyIsPressed() throws {
        let html = """
            <title>Filter</title>
            <input id=q aria-label=Filter>
            <p id=count>no keys</p>
            <ul id=list><li>apple<li>apricot<li>banana<li>cherry</ul>
            <p><a href="#q">Back to the filter</a></p>
            <script>
            var q = document.getElementById('q'), seen = {};
            ['focus', 'keydown', 'keypress', 'beforeinput', 'input', 'keyup', 'change', 'blur'].forEach(function (type) {
              q.addEventListener(type, function () {
                seen[type] = (seen[type] || 0) + 1;
                document.getElementById('count').textContent = Object.keys(seen).map(function (k) { return k + '=' + seen[k]; }).join(' ');
              });
            });
            q.addEventListener('input', function () {
              document.querySelectorAll('#list li').forEach(function (li) { li.hidden = li.textContent.indexOf(q.value) !== 0; });
            });
            </script>
            """
        let tern = try browse([page(html)])
        tern.waitFor("cherry")
        tern.press("Tab")
        tern.waitFor("Form field")
        tern.press("Enter")
        tern.waitFor("focus=1")
        tern.type("ap")
        tern.waitFor("keydown=2 keypress=2 beforeinput=2 input=2 keyup=2")
        var screen = tern.screen()
        XCTAssertTrue(screen.contains("apple") && screen.contains("apricot"), screen)
        XCTAssertFalse(screen.contains("banana") || screen.contains("cherry"), "filtered before Enter:\n\(screen)")
        tern.press("BSpace")
        tern.waitFor("input=3")
        tern.type("x")
        tern.waitForScreen("nothing matches 'ax'") { !$0.contains("apple") && !$0.contains("banana") }
        tern.press("Tab")
        tern.waitFor("change=1 blur=1")
        screen = tern.screen()
        XCTAssertTrue(screen.contains("keydown=4"), screen)
    }

    /// CodeMirror 5 (Debian's libjs-codemirror) over a form's textarea: the
    /// editor reads what is typed into its hidden textarea from `input`
    /// events while it has focus, shows it in its own lines, and copies its
    /// text back into the form's textarea when the form is submitted.
    func testACodeEditorReadingAHiddenTextareaGetsTheTypedTextAndTheFormSubmitsIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-codemirror-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["codemirror.js", "codemirror.css"] {
            try FileManager.default.copyItem(atPath: "/usr/share/javascript/codemirror/lib/" + file,
                                             toPath: root.appendingPathComponent(file).path)
        }
        try """
            <!DOCTYPE html><title>SQL editor</title>
            <link rel=stylesheet href=codemirror.css>
            <script src=codemirror.js></script>
            <form action=result.html><textarea name=sql id=sql>select 1</textarea><input type=submit value=Run></form>
            <script>var editor = CodeMirror.fromTextArea(document.getElementById('sql'));</script>
            """.write(to: root.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try """
            <!DOCTYPE html><title>Result</title><p id=out></p>
            <script>document.getElementById('out').textContent = 'ran: ' + new URLSearchParams(location.search).get('sql');</script>
            """.write(to: root.appendingPathComponent("result.html"), atomically: true, encoding: .utf8)
        let site = try TestServer(staticRoot: root.path)
        let tern = try browse([site.url("/index.html").href], environment: ["EDITOR": "", "VISUAL": ""])
        tern.waitFor("select 1")
        tern.press("Tab")
        tern.waitFor("Form field")
        tern.press("Enter")
        tern.type("count(*) from t where ")
        tern.waitFor("count(*) from t where select 1")
        tern.press("Tab")
        tern.waitFor("Enter to press Run")
        tern.press("Enter")
        tern.waitFor("ran: count(*) from t where select 1")
    }

    /// The viewport follows the terminal: a column is 8 CSS px, so 80
    /// columns are 640 px and 130 are 1040 px. Widening the terminal
    /// switches the page's media query (its CSS and `matchMedia`), and the
    /// page hears `resize` with its new `innerWidth`.
    func testAWiderTerminalSwitchesAMediaQueryAndFiresResize() throws {
        let html = """
            <title>Viewport</title>
            <style>.wide { display: none } @media (min-width: 1000px) { .wide { display: block } .narrow { display: none } }</style>
            <p class=wide>Wide layout with a navigation bar</p><p class=narrow>Narrow layout with a menu button</p>
            <p id=size>no resize</p>
            <script>
            var resizes = 0, query = matchMedia('(min-width: 1000px)');
            function show(what) { document.getElementById('size').textContent = what + ' width=' + innerWidth + ' matches=' + query.matches + ' resizes=' + resizes; }
            show('start');
            addEventListener('resize', function () { resizes++; show('resized'); });
            </script>
            """
        let tern = try browse([page(html)], columns: 80)
        tern.waitFor("start width=640 matches=false resizes=0")
        // (The progress bar covers the page's first line while the page loads.)
        tern.waitForScreen("the narrow layout") { $0.contains("Narrow layout") && !$0.contains("Wide layout") }
        tern.resize(columns: 130, rows: 24)
        tern.waitFor("resized width=1040 matches=true resizes=1")
        tern.waitForScreen("the wide layout") { $0.contains("Wide layout") && !$0.contains("Narrow layout") }
        tern.resize(columns: 90, rows: 24)
        tern.waitFor("resized width=720 matches=false resizes=2")
        tern.waitForScreen("the narrow layout again") { $0.contains("Narrow layout") && !$0.contains("Wide layout") }
    }

    /// A form's "add related item" popup: the person presses a button that
    /// opens a named window, picks a value there, and the popup hands the
    /// value to its opener's function, which fills the field and closes the
    /// popup; the browser is back on the form, which submits the value.
    func testAPopupReturnsAValueToItsOpenerAndCloses() throws {
        let popupHTML = """
            <title>Add author</title>
            <p id=name>window name: <script>document.write(window.name)</script></p>
            <button onclick="opener.dismissAddRelatedObjectPopup(window, 'Ada Lovelace')">Save Ada</button>
            """
        let formHTML = """
            <title>Book</title>
            <form action=/echo><input id=id_author name=author aria-label=Author>
            <button type=button onclick="window.open('\(page(popupHTML))', 'id_author', 'popup')">Add author</button>
            <input type=submit value=Save></form>
            <script>
            function dismissAddRelatedObjectPopup(win, value) {
              document.getElementById(win.name).value = value;
              win.close();
            }
            </script>
            """
        let tern = try browse([page(formHTML)])
        tern.waitFor("[Add author]")
        for _ in 0..<4 {
            tern.press("Tab")
            if tern.waitForQuietly({ $0.contains("Enter to press Add author") }) { break }
        }
        tern.press("Enter")
        tern.waitFor("window name: id_author")
        for _ in 0..<4 {
            tern.press("Tab")
            if tern.waitForQuietly({ $0.contains("Enter to press Save Ada") }) { break }
        }
        tern.press("Enter")
        tern.waitFor("Ada Lovelace")
        XCTAssertFalse(tern.screen().contains("window name:"), "the popup closed:\n\(tern.screen())")
        for _ in 0..<6 {
            tern.press("Tab")
            if tern.waitForQuietly({ $0.contains("Enter to press Save") && !$0.contains("Save Ada") }) { break }
        }
        tern.press("Enter")
        tern.waitFor("author=Ada")
    }

    /// A script's modal dialog (a date picker): `showModal()` puts the
    /// browser's focus in its first field, the form's `method=dialog`
    /// button closes it with its value, and Esc sends it a close request
    /// (`cancel`, then `close`).
    func testAModalDialogTakesTheFocusAndEscClosesIt() throws {
        let filler = (0..<30).map { "<p>Paragraph \($0) of the page.</p>" }.joined()
        let html = """
            <title>Dialog</title>
            <button id=open onclick="document.getElementById('d').showModal()">Pick a date</button>
            <p id=result>no date</p>
            \(filler)
            <dialog id=d><form method=dialog><p>Choose a day:</p><input id=day name=day aria-label=Day><button value=chosen>OK</button></form></dialog>
            <script>
            var d = document.getElementById('d'), log = [];
            function show() { document.getElementById('result').textContent = log.join(' '); }
            d.addEventListener('close', function () { log.push('close:' + d.returnValue + ':' + document.getElementById('day').value); show(); });
            d.addEventListener('cancel', function () { log.push('cancel'); show(); });
            </script>
            """
        let tern = try browse([page(html)])
        tern.waitFor("[Pick a date]")
        tern.press("Tab")
        tern.waitFor("Enter to press Pick a date")
        tern.press("Enter")
        // The dialog, at the end of the document, is drawn in a frame over
        // the middle of the screen, the page behind where it was; the focus is in its field.
        tern.waitFor("Form field day")
        tern.waitFor("│ Choose a day:")
        let screen = tern.screen().components(separatedBy: "\n")
        XCTAssertTrue(screen.contains { $0.hasPrefix("Paragraph 0 of the page.") }, tern.screen())
        let dialogRow = try XCTUnwrap(screen.firstIndex { $0.contains("│ Choose a day:") })
        XCTAssertTrue((6..<18).contains(dialogRow), "row \(dialogRow):\n\(tern.screen())")
        XCTAssertTrue(screen[dialogRow - 1].contains("┌"), tern.screen())
        tern.press("Enter")
        tern.type("12")
        tern.press("Tab")
        tern.waitFor("Enter to press OK")
        tern.press("Enter")
        tern.waitForScreen("the dialog closed") { !$0.contains("Choose a day:") }
        // Focus went back to the button that opened it.
        tern.waitFor("Enter to press Pick a date")
        tern.press("Enter")
        tern.waitFor("Form field day")
        tern.press("Escape")
        tern.waitForScreen("the dialog closed by Esc") { !$0.contains("Choose a day:") }
        tern.press("g")
        tern.waitFor("close:chosen:12 cancel close:chosen:12")
    }

    /// A search panel a script shows as a fixed overlay (`position: fixed;
    /// inset: 0`) is drawn at the top of the screen over the page, the
    /// focus stays in it, and Esc puts it away to the end of the page.
    func testAFixedOverlayIsDrawnOverThePageAndEscPutsItAway() throws {
        let filler = (0..<30).map { "<p>Paragraph \($0) of the page.</p>" }.joined()
        let html = """
            <title>Overlay</title>
            <button onclick="document.getElementById('panel').hidden = false">Open search</button>
            \(filler)
            <div id=panel hidden style="position: fixed; inset: 0; background: white">
            <p>Search the notes</p><a href="/notes/one">First note</a> <a href="/notes/two">Second note</a></div>
            """
        let tern = try browse([page(html)])
        tern.waitFor("[Open search]")
        tern.press("Tab")
        tern.waitFor("Enter to press Open search")
        tern.press("Enter")
        tern.waitFor("│ Search the notes")
        var screen = tern.screen().components(separatedBy: "\n")
        // Under the title bar, over the page's first lines.
        XCTAssertTrue(screen[1].contains("┌"), tern.screen())
        XCTAssertTrue(screen[2].contains("│ Search the notes"), tern.screen())
        XCTAssertTrue(screen.contains { $0.hasPrefix("Paragraph 3 of the page.") }, tern.screen())
        // Tab goes round the overlay's links only: never back to the button behind it.
        var seen: Set<String> = []
        for _ in 0..<4 {
            tern.press("Tab")
            tern.waitForScreen("a link of the overlay focused") { $0.contains("/notes/one") || $0.contains("/notes/two") }
            screen = tern.screen().components(separatedBy: "\n")
            seen.insert(screen.last { !$0.isEmpty } ?? "")
        }
        XCTAssertEqual(seen.count, 2, "\(seen)")
        XCTAssertFalse(seen.contains { $0.contains("Open search") }, "\(seen)")
        tern.press("Escape")
        tern.waitForScreen("the overlay put away") { !$0.contains("│ Search the notes") }
        tern.press("G")
        tern.waitFor("Search the notes")
    }

    /// A page that cancels keys it does not accept (digits only) and
    /// rewrites what it takes (upper case): the field shows the page's value.
    func testTheFieldShowsWhatThePageKeptOfTheKeys() throws {
        let html = """
            <title>Digits</title>
            <form action="/echo"><input id=code name=code aria-label=Code><input type=submit value=Send></form>
            <script>
            var code = document.getElementById('code');
            code.addEventListener('keydown', function (e) { if (e.key.length === 1 && !/[0-9a-f]/.test(e.key)) e.preventDefault(); });
            code.addEventListener('input', function () { var at = code.selectionStart; code.value = code.value.toUpperCase(); code.setSelectionRange(at, at); });
            </script>
            """
        let tern = try browse([page(html)])
        tern.waitFor("[Send]")
        tern.press("Tab")
        tern.waitFor("Form field code")
        tern.press("Enter")
        tern.type("1z2b")
        tern.waitFor("12B")
        tern.press("Left")
        tern.type("a")
        tern.waitFor("12AB")
        tern.press("Enter")
        tern.waitFor("code=12AB")
    }

    /// A `contenteditable` region is a field: Tab reaches it, Enter edits it
    /// in place, and each key goes into the page's own text, which its
    /// script reads (a note-taking box that counts words as they are typed).
    func testAContentEditableRegionIsEditedInPlace() throws {
        let html = """
            <title>Notes</title>
            <div id=note contenteditable aria-label=Note>Buy</div>
            <p id=count>0 words</p>
            <script>
            var note = document.getElementById('note');
            note.addEventListener('input', function () {
              document.getElementById('count').textContent = note.textContent.trim().split(/\\s+/).length + ' words, ' + (note.isContentEditable ? 'editable' : 'fixed');
            });
            </script>
            """
        let tern = try browse([page(html)])
        tern.waitFor("0 words")
        tern.press("Tab")
        tern.press("Enter")
        tern.type(" milk")
        tern.waitFor("2 words, editable")
        tern.press("Escape")
        tern.waitFor("Buy milk")
    }
}
