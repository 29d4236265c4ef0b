import XCTest
import TernTerminal
@testable import TernBrowser

final class LineEditorTests: XCTestCase {
    private func type(_ text: String, into editor: inout LineEditor) {
        for character in text { _ = editor.handle(.character(character)) }
    }

    func testTypingMovingAndDeletingByGraphemeCluster() {
        var editor = LineEditor()
        type("ae\u{301}👍🏽漢", into: &editor)
        XCTAssertEqual(editor.text, "ae\u{301}👍🏽漢")
        XCTAssertEqual(editor.handle(.backspace), .edited)
        XCTAssertEqual(editor.text, "ae\u{301}👍🏽", "Backspace removes the whole CJK character")
        _ = editor.handle(.backspace)
        XCTAssertEqual(editor.text, "ae\u{301}", "and the emoji with its skin-tone modifier")
        _ = editor.handle(.left)
        _ = editor.handle(.delete)
        XCTAssertEqual(editor.text, "a", "Delete removes e with its combining accent")
        _ = editor.handle(.home)
        type("x", into: &editor)
        XCTAssertEqual(editor.text, "xa")
        _ = editor.handle(.end)
        type("y", into: &editor)
        XCTAssertEqual(editor.text, "xay")
    }

    func testControlKeysCutAsInReadline() {
        var editor = LineEditor("one two three")
        XCTAssertEqual(editor.handle(.control("w")), .edited)
        XCTAssertEqual(editor.text, "one two ")
        _ = editor.handle(.control("a"))
        _ = editor.handle(.right)
        _ = editor.handle(.control("k"))
        XCTAssertEqual(editor.text, "o")
        _ = editor.handle(.control("e"))
        type("k", into: &editor)
        _ = editor.handle(.left)
        _ = editor.handle(.control("u"))
        XCTAssertEqual(editor.text, "k")
    }

    func testEnterSubmitsAndEscapeCancels() {
        var editor = LineEditor("x")
        XCTAssertEqual(editor.handle(.enter), .submitted)
        XCTAssertEqual(editor.handle(.escape), .cancelled)
        XCTAssertEqual(editor.handle(.control("g")), .cancelled)
        XCTAssertEqual(editor.handle(.pageDown), .ignored)
    }

    func testVisiblePartScrollsToKeepTheCursorInDisplayColumns() {
        var editor = LineEditor()
        type("漢字かな交じり", into: &editor)   // 7 wide characters, 14 columns
        let shown = editor.visible(width: 8)
        XCTAssertEqual(shown.cursorColumn, 7, "the cursor cell stays free at the right edge")
        XCTAssertEqual(shown.text, " 交じり", "a wide character cut by the left edge becomes a space")
        _ = editor.handle(.home)
        XCTAssertEqual(editor.visible(width: 8).text, "漢字かな")
        XCTAssertEqual(editor.visible(width: 8).cursorColumn, 0)
    }

    func testMaskedTextShowsStars() {
        var editor = LineEditor("", masked: true)
        type("pässwörd", into: &editor)
        XCTAssertEqual(editor.visible(width: 20).text, "********")
        XCTAssertEqual(editor.text, "pässwörd")
    }
}
