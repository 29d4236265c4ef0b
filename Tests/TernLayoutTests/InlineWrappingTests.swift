import XCTest
@testable import TernLayout

final class InlineWrappingTests: XCTestCase {
    func testALongWordIsBrokenAtTheWidth() {
        let word = String(repeating: "abcdefghij", count: 5)
        XCTAssertEqual(dump("<p>\(word)</p>", width: 20), lines("abcdefghijabcdefghij", "abcdefghijabcdefghij", "abcdefghij"))
        XCTAssertEqual(dump("<p>hi \(word)</p>", width: 40), lines("hi", String(word.prefix(40)), String(word.suffix(10))))
    }

    func testNoLineIsWiderThanTheWidth() {
        let text = (0..<300).map { i in String(repeating: "x", count: i % 17 + 1) }.joined(separator: " ")
        for width in [1, 2, 5, 40, 80, 132] {
            let page = render("<p>\(text)</p><ul><li><blockquote>\(text)</blockquote></li></ul>", width: width)
            assertFits(page, width)
        }
    }

    func testCJKBreaksBetweenCharactersAndCountsTwoColumns() {
        let html = "<p>日本語の文章はスペースなしで折り返されます</p>" // 21 wide characters
        let page = render(html, width: 10)
        assertFits(page, 10)
        assertWidthsConsistent(page)
        XCTAssertEqual(page.plainText(references: false), lines("日本語の文", "章はスペー", "スなしで折", "り返されま", "す"))
        XCTAssertEqual(page.lines[0].width, 10)
        XCTAssertEqual(dump(html, width: 11), dump(html, width: 10))
    }

    func testCJKPunctuationDoesNotStartALine() {
        // "。" may not begin a line: the character before it moves down with it.
        XCTAssertEqual(dump("<p>あいうえ。かき</p>", width: 8), lines("あいう", "え。かき"))
    }

    func testMixedCJKAndLatinAt40() {
        let text = String(repeating: "中文 English 混合 ", count: 10)
        let page = render("<p>\(text)</p>", width: 40)
        assertFits(page, 40)
        assertWidthsConsistent(page)
        for line in page.lines.dropLast() { XCTAssertGreaterThan(line.width, 30) }
    }

    func testEmojiAndFlagsAreNeverSplit() {
        let clusters = ["👍🏽", "🇫🇷", "👨‍👩‍👧", "é", "❤️"] // modifier, flag, ZWJ family, combining accent, VS16
        let text = String(repeating: clusters.joined(), count: 8)
        for width in [3, 4, 5, 7] {
            let page = render("<p>\(text)</p>", width: width)
            assertFits(page, width)
            for line in page.lines {
                // Every line is made of whole clusters.
                var rest = Substring(line.text)
                while !rest.isEmpty {
                    guard let cluster = clusters.first(where: { rest.hasPrefix($0) }) else {
                        XCTFail("line split a cluster at width \(width): \(line.text.unicodeScalars.map { String($0.value, radix: 16) })")
                        break
                    }
                    rest = rest.dropFirst(cluster.count)
                }
            }
        }
        XCTAssertEqual(render("<p>👍🏽🇫🇷👨‍👩‍👧é</p>").lines[0].width, 7)
    }

    func testSoftHyphenIsInvisibleUnlessTheLineBreaksThere() {
        XCTAssertEqual(dump("<p>extra&shy;ordinary</p>", width: 40), lines("extraordinary"))
        XCTAssertEqual(dump("<p>an extra&shy;ordinary</p>", width: 10), lines("an extra-", "ordinary"))
    }

    func testNoBreakSpaceJoinsWords() {
        XCTAssertEqual(dump("<p>aaa bbb&nbsp;ccc</p>", width: 8), lines("aaa", "bbb ccc"))
    }

    func testWbrIsABreakOpportunity() {
        XCTAssertEqual(dump("<p>abcdef<wbr>ghijkl</p>", width: 8), lines("abcdef", "ghijkl"))
        XCTAssertEqual(dump("<p>abcdef<wbr>ghijkl</p>", width: 80), lines("abcdefghijkl"))
    }

    func testHyphenatedWordsMayBreakAfterTheHyphen() {
        XCTAssertEqual(dump("<p>well-known-fact</p>", width: 12), lines("well-known-", "fact"))
    }

    func testCombiningMarksTakeNoColumn() {
        let page = render("<p>e\u{301}e\u{301}e\u{301}e\u{301}</p>", width: 2)
        assertFits(page, 2)
        XCTAssertEqual(page.lines.map(\.text), ["e\u{301}e\u{301}", "e\u{301}e\u{301}"])
    }

    func testControlCharactersNeverReachTheOutput() {
        let html = "<title>bad\u{1B}[2Jtitle\u{07}</title><p>a\u{1B}]0;x\u{07}b\u{9B}c\u{80}d\u{202E}e\u{0}f &#x9B;g&#x80;h</p>"
        let page = render(html)
        for line in page.lines {
            for scalar in line.text.unicodeScalars {
                XCTAssertFalse(scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F), "control U+\(String(scalar.value, radix: 16))")
                XCTAssertNotEqual(scalar.value, 0x202E)
            }
        }
        XCTAssertFalse(page.title.unicodeScalars.contains { $0.value < 0x20 })
        // References to C1 code points take the windows-1252 meaning (0x80 → €,
        // 0x9B → ›); raw C1 and NUL become U+FFFD; ESC and BEL show as ␛ and ␇.
        XCTAssertTrue(page.lines[0].text.contains("›g€h"), page.lines[0].text)
        XCTAssertTrue(page.lines[0].text.contains("b\u{FFFD}c\u{FFFD}d"), page.lines[0].text)
        XCTAssertTrue(page.lines[0].text.contains("a\u{241B}]0;x\u{2407}b"), page.lines[0].text)
    }
}

final class TextNormalizerTests: XCTestCase {
    func testEveryControlCharacterBecomesAPlaceholderOrWindows1252() {
        var paragraph = Paragraph()
        var text = ""
        for v in 0x00...0x9F where !(0x20...0x7E).contains(v) { text.unicodeScalars.append(Unicode.Scalar(v)!) }
        paragraph.appendText(text, RunAttributes())
        paragraph.appendPreformatted(text, RunAttributes())
        let scalars = String(decoding: paragraph.text, as: UTF8.self).unicodeScalars
        for scalar in scalars where scalar != "\n" && scalar != " " {
            XCTAssertFalse(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value), "U+\(String(scalar.value, radix: 16))")
        }
        XCTAssertTrue(scalars.contains("\u{20AC}"))
        XCTAssertTrue(scalars.contains("\u{FFFD}"))
    }
    /// `FlowLayout.appendOneLine` makes the runs `FlowLayout.layout` makes of
    /// a one-line flow (`FlowLayout.measureCell`) at its widest and wider.
    func testOneLineRunsAreTheLineBreakersLine() {
        let snippets = [
            "plain words", " lead and trail ", "<b>bold</b> and <i>italic</i><a href=/x>link</a>", "a&nbsp;b&nbsp;&nbsp;c",
            "soft&shy;hyphen wbr<wbr>break", "漢字かな交じり文、句読点。", "e\u{301}\u{302} 👍🏽 🇫🇷 a\u{200D}b",
            "<span></span>x<span> </span>y", "<input value=v size=3> after", "<span style='white-space: nowrap'>no wrap here</span>",
            "<span style='white-space: pre'>  pre  kept  </span>", "<code>x-y</code> a-b", "<s>struck</s> <mark>marked</mark>",
        ]
        var checked = 0
        for snippet in snippets {
            var options = LayoutOptions()
            options.width = 200
            let flow = BoxBuilder(document: parse("<p>\(snippet)</p>"), options: options).build()
            for item in flow.items {
                var one = Flow(items: [item])
                let measured = FlowLayout.measureCell(&one)
                XCTAssertEqual(measured.max, FlowLayout.measure(one).max, snippet)
                XCTAssertEqual(measured.min, FlowLayout.measure(one).min, snippet)
                guard measured.oneLine else { continue }
                let widest = measured.max
                for width in [max(1, widest), widest + 7] {
                    var laidFlow = one
                    var laid = LaidOut()
                    FlowLayout.layout(&laidFlow, width: width, into: &laid)
                    XCTAssertEqual(laid.lines.count, 1, snippet)
                    var appendFlow = one
                    var runs: [Line.Run] = []
                    let appended = FlowLayout.appendOneLine(&appendFlow, into: &runs)
                    XCTAssertEqual(runs, laid.lines.first?.runs, snippet)
                    XCTAssertEqual(appended, laid.lines.first?.width, snippet)
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 2 * (snippets.count - 1))
    }
}
