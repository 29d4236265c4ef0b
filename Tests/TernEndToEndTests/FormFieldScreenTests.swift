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
}
