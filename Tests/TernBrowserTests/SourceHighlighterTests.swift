import XCTest
import TernKit
import TernTerminal
@testable import TernBrowser

/// The view-source highlighter and the lines it is shown in: each kind of
/// span, broken and hostile markup, and sizes that must stay fast.
final class SourceHighlighterTests: XCTestCase {
    /// The spans of `source` as (kind, text) pairs.
    private func pieces(_ source: String) -> [(SourceHighlighter.Kind, String)] {
        let bytes = Array(source.utf8)
        return SourceHighlighter.spans(source).map { ($0.kind, String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)) }
    }

    private func assertPieces(_ source: String, _ expected: [(SourceHighlighter.Kind, String)], file: StaticString = #filePath, line: UInt = #line) {
        let got = pieces(source)
        XCTAssertEqual(got.map { "\($0.0):\($0.1)" }, expected.map { "\($0.0):\($0.1)" }, file: file, line: line)
    }

    /// The spans cover every byte once, in order.
    private func assertCovers(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [SourceHighlighter.Span] {
        let spans = bytes.withUnsafeBufferPointer { SourceHighlighter.spans($0) }
        var at = 0
        for span in spans {
            XCTAssertEqual(span.start, at, "spans are contiguous", file: file, line: line)
            XCTAssertLessThan(span.start, span.end, "no empty span", file: file, line: line)
            at = span.end
        }
        XCTAssertEqual(at, bytes.count, "spans reach the end", file: file, line: line)
        return spans
    }

    func testEachKindOfSpan() {
        assertPieces("<!DOCTYPE html><!-- note --><p class=\"a&amp;b\" id=x hidden>A &lt; B &#169; &#x1F600;</p>", [
            (.doctype, "<!DOCTYPE html>"),
            (.comment, "<!-- note -->"),
            (.tag, "<p "),
            (.attributeName, "class"), (.tag, "="), (.attributeValue, "\"a"), (.characterReference, "&amp;"), (.attributeValue, "b\""),
            (.tag, " "), (.attributeName, "id"), (.tag, "="), (.attributeValue, "x"),
            (.tag, " "), (.attributeName, "hidden"), (.tag, ">"),
            (.text, "A "), (.characterReference, "&lt;"), (.text, " B "), (.characterReference, "&#169;"), (.text, " "),
            (.characterReference, "&#x1F600;"),
            (.tag, "</p>"),
        ])
    }

    func testLoneAmpersandsAndLessThansAreText() {
        assertPieces("a & b < c &# d &; <3 a&b", [(.text, "a & b < c &# d &; <3 a"), (.characterReference, "&b")])
        assertPieces("<a href=?x=1&y=2>", [(.tag, "<a "), (.attributeName, "href"), (.tag, "="), (.attributeValue, "?x=1"),
                                           (.characterReference, "&y"), (.attributeValue, "=2"), (.tag, ">")])
        assertPieces("<a title='R & D'>", [(.tag, "<a "), (.attributeName, "title"), (.tag, "="), (.attributeValue, "'R & D'"), (.tag, ">")])
    }

    func testScriptAndStyleContentIsNotMarkupButTitleHasReferences() {
        assertPieces("<script>if (a<b && c) x = '</p>'</script>", [
            (.tag, "<script>"), (.text, "if (a<b && c) x = '</p>'"), (.tag, "</script>"),
        ])
        assertPieces("<title>A &amp; <b></title>", [
            (.tag, "<title>"), (.text, "A "), (.characterReference, "&amp;"), (.text, " <b>"), (.tag, "</title>"),
        ])
        assertPieces("<STYLE>p{}</Style >x", [(.tag, "<STYLE>"), (.text, "p{}"), (.tag, "</Style >"), (.text, "x")])
        assertPieces("<plaintext><b>all text", [(.tag, "<plaintext>"), (.text, "<b>all text")])
    }

    func testBogusCommentsProcessingInstructionsAndOddEndTags() {
        assertPieces("<?xml version=1?><!x><!--></a>--></>", [(.comment, "<?xml version=1?><!x><!-->"), (.tag, "</a>"), (.text, "-->"), (.comment, "</>")])
        assertPieces("</ x>y", [(.comment, "</ x>"), (.text, "y")])
    }

    func testUnterminatedConstructsColourTheRestAndStop() {
        assertPieces("a<!-- never closed <p>", [(.text, "a"), (.comment, "<!-- never closed <p>")])
        assertPieces("<p title=\"never closed><b>x", [(.tag, "<p "), (.attributeName, "title"), (.tag, "="), (.attributeValue, "\"never closed><b>x")])
        assertPieces("<p class", [(.tag, "<p "), (.attributeName, "class")])
        assertPieces("<p a=", [(.tag, "<p "), (.attributeName, "a"), (.tag, "=")])
        assertPieces("<!DOCTYPE html", [(.doctype, "<!DOCTYPE html")])
        assertPieces("<script>never ended", [(.tag, "<script>"), (.text, "never ended")])
        assertPieces("<", [(.text, "<")])
        assertPieces("</", [(.text, "</")])
        assertPieces("&", [(.text, "&")])
        XCTAssertTrue(SourceHighlighter.spans("").isEmpty)
    }

    func testHostileBytesNeverBreakTheScan() {
        // NUL, ESC, C1 controls, bytes that fold to '<' or '!' under a careless
        // ASCII case fold, invalid UTF-8 (the decoder made U+FFFD of it).
        let hostile = "<p\u{0}x=\u{1B}[31m>\u{9B}2J\u{1C}!--\u{85}<\u{1}-- \u{FFFD}</p\u{0}>"
        let spans = assertCovers(Array(hostile.utf8))
        XCTAssertFalse(spans.contains { $0.kind == .comment }, "no control byte starts a comment")
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let alphabet = Array("<>!-/?=\"'& a#x;\u{0}\u{1B}\r\n\t".utf8)
            let bytes = (0..<200).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            _ = assertCovers(bytes)
        }
    }

    func testAMegabyteLineAndTenMegabytesStayLinear() {
        let line = "<a href=\"" + String(repeating: "x", count: 1 << 20) + "\">" + String(repeating: "&amp;y ", count: 100_000)
        var start = Date()
        _ = assertCovers(Array(line.utf8))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        let row = "<tr><td class=\"c\">cell &amp; more</td><!-- c --></tr>\n"
        let big = String(repeating: row, count: 10_000_000 / row.utf8.count)
        start = Date()
        let spans = SourceHighlighter.spans(big)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(spans.last?.end, big.utf8.count)
        XCTAssertLessThan(seconds, 20, "10 MB highlighted in \(seconds) s")
        print("SourceHighlighter: 10 MB in \(seconds) s")
    }

    // MARK: Lines

    private func lines(_ source: String, width: Int = 80) -> [Line] {
        var text = source
        let spans = SourceHighlighter.spans(text)
        return text.withUTF8 { SourceView.lines($0, spans: spans, width: width) }
    }

    func testLinesAreSanitizedWithTabsExpandedAndLineBreaksOfEveryKind() {
        let shown = lines("a\tb\r\nc\rd\ne\u{1B}[2J\u{0}\u{9B}\u{202E}f\n")
        XCTAssertEqual(shown.map(\.text), ["a       b", "c", "d", "e␛[2J␀\u{FFFD}f"])
        for line in shown {
            XCTAssertEqual(line.width, DisplayWidth.of(line.text))
            XCTAssertEqual(TerminalText.sanitize(line.text), line.text, "nothing left to sanitize")
        }
        XCTAssertEqual(lines("").map(\.text), [""], "an empty source is one empty line")
        XCTAssertEqual(lines("x\r").map(\.text), ["x"])
        XCTAssertEqual(lines("\n\n").map(\.text), ["", ""])
    }

    func testLongLinesWrapAtTheWidthWideCharactersWhole() {
        XCTAssertEqual(lines(String(repeating: "abcd", count: 5), width: 8).map(\.text), ["abcdabcd", "abcdabcd", "abcd"])
        XCTAssertEqual(lines("ab漢字かな", width: 5).map(\.text), ["ab漢", "字か", "な"])
        XCTAssertEqual(lines("\tx", width: 5).map(\.text), ["     ", "   x"], "a tab is cut like spaces")
        let megabyte = lines(String(repeating: "y", count: 1 << 20), width: 80)
        XCTAssertEqual(megabyte.count, (1 << 20 + 79) / 80)
    }

    func testRunsCarryEachKindsLook() {
        let line = lines("<p id=\"v\">t &amp;<!--c-->")[0]
        func look(of text: String) -> (TextStyle, TextColor?)? {
            line.runs.first { $0.text == text }.map { ($0.style, $0.color) }
        }
        let tag = SourceView.look(of: .tag), name = SourceView.look(of: .attributeName), value = SourceView.look(of: .attributeValue)
        XCTAssertEqual(look(of: "<p ")?.0, tag.style)
        XCTAssertEqual(look(of: "<p ")?.1, tag.color)
        XCTAssertEqual(look(of: "id")?.1, name.color)
        XCTAssertEqual(look(of: "\"v\"")?.1, value.color)
        XCTAssertEqual(look(of: "&amp;")?.1, SourceView.look(of: .characterReference).color)
        XCTAssertEqual(look(of: "<!--c-->")?.1, SourceView.look(of: .comment).color)
        XCTAssertNil(look(of: "t ")?.1, "text in the terminal's own colour")
        let colors = SourceHighlighter.Kind.allCases.dropFirst().map { SourceView.look(of: $0).color }
        XCTAssertEqual(Set(colors.compactMap { $0 }).count, colors.count, "each kind has a colour of its own")
        // Each colour is kept by the theme's contrast floor on its terminal.
        for light in [false, true] {
            for kind in SourceHighlighter.Kind.allCases.dropFirst() {
                let look = SourceView.look(of: kind, lightTerminal: light)
                XCTAssertNotNil(Theme.cell(for: look.style, color: look.color, lightTerminal: light).foregroundRGB, "\(kind) light: \(light)")
            }
        }
    }
}
