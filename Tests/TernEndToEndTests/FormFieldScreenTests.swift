import XCTest
import Foundation
import TernTestSupport

/// Form fields as a terminal user meets them (issue 31), through the real
/// browser in tmux: typing into a focused field without Enter, the
/// placeholder until the first character, the w3m keymap's Enter first.
final class FormFieldScreenTests: TerminalTestCase {
    private func page(_ html: String) -> String {
        server.url("/mime?type=" + "text/html; charset=utf-8".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                   + "&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).href
    }

    private var searchPage: String {
        page("""
            <title>Search</title>
            <form action="/echo"><input name=q autofocus placeholder="Search the docs"><input type=submit value=Go></form>
            <p id=seen>nothing typed</p>
            <script>
            var q = document.querySelector('[name=q]');
            q.addEventListener('input', function () { document.getElementById('seen').textContent = 'typed ' + q.value; });
            </script>
            """)
    }

    func testTypingIntoTheFocusedFieldStartsAtOnceAndThePlaceholderGoes() throws {
        let tern = try browse([searchPage])
        // autofocus: the field has the focus, its placeholder shows, and the status says keys go into it.
        tern.waitFor("[Search the docs_____]")
        tern.waitFor("Form field q \"Search the docs\": type into it")
        tern.type("quit")
        // "q" went into the field (it did not quit), and so did the rest, key by key.
        tern.waitFor("typed quit")
        XCTAssertTrue(tern.screen().contains("quit___"), tern.screen())
        XCTAssertFalse(tern.screen().contains("[Search the docs"), "the placeholder is gone:\n\(tern.screen())")
        tern.press("Enter")
        tern.waitFor("q=quit")
    }

    func testTheW3mKeymapKeepsEnterBeforeTyping() throws {
        let tern = try browse([searchPage], config: "keymap = w3m\n")
        tern.waitFor("Form field q \"Search the docs\": Enter to edit")
        tern.type("j")
        XCTAssertFalse(tern.waitForQuietly(timeout: 1) { $0.contains("typed j") }, "a key went into the field:\n\(tern.screen())")
        tern.press("Enter")
        tern.type("ok")
        tern.waitFor("typed ok")
    }

    /// A site's style sheet gives each control a border and padding: the
    /// controls stay one line high, as wide as their CSS says.
    func testBorderedControlsStayOneLineHigh() throws {
        let tern = try browse([page("""
            <title>Styled form</title>
            <style>input, select { display: block; border: 1px solid #888; padding: 8px 12px; width: 320px; margin: 0 0 12px }</style>
            <form action="/echo"><label for=n>Name</label><input id=n name=n><label for=k>Kind</label>
            <select id=k name=k><option>Novel<option>Poem</select><input type=submit value=Send></form>
            """)])
        tern.waitForScreen("the page loaded") { $0.contains("[Send]") && $0.contains("Name") }
        let rows = tern.screen().components(separatedBy: "\n")
        let name = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Name") }, tern.screen())
        // The field on the next line, after its number: 320 px are 40 columns, brackets included; no box lines.
        XCTAssertEqual(rows[name + 1], "[1][" + String(repeating: "_", count: 38) + "]", tern.screen())
        XCTAssertFalse(tern.screen().contains("┌") || tern.screen().contains("│"), tern.screen())
        let kind = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("Kind") }, tern.screen())
        XCTAssertTrue(rows[kind + 1].hasPrefix("[2][Novel") && rows[kind + 1].hasSuffix("▾]"), tern.screen())
    }

    /// A textarea is edited where it is, on its rows: Enter makes a new
    /// line, a long line wraps, Up goes to the line above.
    func testATextareaIsEditedInPlaceOnSeveralLines() throws {
        let tern = try browse([page("""
            <title>Notes</title>
            <form action="/echo"><p>Notes:</p><textarea name=notes rows=4 cols=30></textarea><p id=n>nothing</p><input type=submit value=Send></form>
            <script>
            var t = document.querySelector('textarea');
            t.addEventListener('input', function () { document.getElementById('n').textContent = JSON.stringify(t.value); });
            </script>
            """)], environment: ["EDITOR": "", "VISUAL": ""])
        tern.waitFor("Notes:")
        tern.press("Tab")
        tern.waitFor("Form field notes")
        tern.type("first line")
        tern.press("Enter")
        tern.type("second line that is long enough to wrap")
        tern.press("Up")
        tern.type("!")
        tern.waitFor(#""first line!\nsecond line that is long enough to wrap""#)
        let rows = tern.screen().components(separatedBy: "\n")
        let top = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("┌[1]──") }, "the number in the top border: " + tern.screen())
        XCTAssertTrue(rows[top + 1].hasPrefix("│first line!"), tern.screen())
        XCTAssertTrue(rows[top + 2].hasPrefix("│second line that is long enoug"), tern.screen())
        XCTAssertTrue(rows[top + 3].hasPrefix("│h to wrap"), tern.screen())
        tern.press("Tab")
        tern.waitFor("Enter to press Send")
        tern.press("Enter")
        tern.waitFor("notes=first+line%21%0D%0Asecond")
    }

    /// Fields are numbered with the links (lynx's numbered fields): a
    /// number then Enter focuses the field, and typing goes into it.
    func testANumberedFieldIsReachedByItsNumber() throws {
        let links = (1...6).map { "<a href=\"/page/\($0)\">Link \($0)</a>" }.joined(separator: " ")
        let tern = try browse([page("""
            <title>Numbered</title><p>\(links)</p>
            <form action="/echo"><label>City <input name=city></label> <input type=submit value=Go></form>
            <p><a href="/after">After the form</a></p>
            """)])
        tern.waitFor("City [7][")
        tern.waitFor("[8][Go]")
        tern.waitFor("[9]After the form")
        tern.type("7")
        tern.waitFor("7 (Enter: focus field 7;")
        tern.press("Enter")
        tern.waitFor("Form field city: type into it")
        tern.type("Oslo")
        tern.press("Enter")
        tern.waitFor("city=Oslo")
    }

    /// What has no text of its own is named by the accessible-name rules,
    /// in the page and in the status line: an image-only link by its file
    /// name (lynx's way), an SVG icon button by its title, a `div` with the
    /// button role by its `aria-label`, a field by its `aria-label`.
    func testImageLinksIconButtonsAndUnlabelledFieldsAreNamed() throws {
        let tern = try browse([page("""
            <title>Icons</title>
            <p><a href="/home"><img src="/static/img/home-page.png"></a>
            <button onclick="document.getElementById('said').textContent = 'closed'"><svg><title>Close panel</title><path d="M0 0"/></svg></button>
            <span role=button tabindex=0 aria-label="Open menu" onclick="document.getElementById('said').textContent = 'menu'"><svg><path d="M0 0"/></svg></span></p>
            <p><input aria-label="Search the site"></p><p id=said>nothing</p>
            """)])
        tern.waitFor("[1][home-page.png]")
        tern.waitFor("[Close panel]")
        tern.waitFor("[Open menu]")
        tern.waitFor("[Search the site")
        tern.press("Tab")
        tern.waitForScreen("the image link's URL") { $0.contains("/home") }
        tern.press("Tab")
        tern.waitFor("Enter to press Close panel")
        tern.press("Enter")
        tern.waitFor("closed")
        tern.press("Tab")
        tern.waitFor("Enter to press Open menu")
        tern.press("Enter")
        tern.waitFor("menu")
        tern.press("Tab")
        tern.waitFor("Form field \"Search the site\": type into it")
    }
}
