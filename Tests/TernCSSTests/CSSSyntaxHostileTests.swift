// Hostile inputs beyond css-parsing-tests: escapes out of range, huge exponents, deep nesting, NUL, 1 MB.

import XCTest
@testable import TernCSS

final class CSSSyntaxHostileTests: XCTestCase {
    func testEscapesOutOfRangeAndSurrogatesGiveReplacement() {
        // §4.3.7: zero, surrogates and > U+10FFFF become U+FFFD; at most 6 hex digits.
        XCTAssertEqual(CSSTokenizer.tokenize("\\110000 \\D800 \\0 \\FFFFFFFF"),
                       [.ident("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}FF")])
        XCTAssertEqual(CSSTokenizer.tokenize("\\41 B"), [.ident("AB")])
    }

    func testHugeExponentsSaturate() {
        guard case .number(let big)? = CSSTokenizer.tokenize("1e400").first,
              case .number(let tiny)? = CSSTokenizer.tokenize("-1e-400").first,
              case .number(let endless)? = CSSTokenizer.tokenize("1e" + String(repeating: "9", count: 5000)).first
        else { return XCTFail("not numbers") }
        XCTAssertEqual(big.value, .infinity)
        XCTAssertEqual(tiny.value, 0)
        XCTAssertEqual(endless.value, .infinity)
        XCTAssertFalse(big.isInteger)
    }

    func testDeepNestingIsCappedNotOverflowing() {
        let values = CSSParser.parseComponentValueList(String(repeating: "(", count: 100_000) + "x")
        XCTAssertEqual(values.count, 1)
        var depth = 0
        var current = values.first
        while case .block(_, let inner)? = current { depth += 1; current = inner.first }
        XCTAssertEqual(depth, CSSParser.maxDepth + 1)
        // The capped block still ends at its matching closer: what follows is parsed.
        let closed = CSSParser.parseComponentValueList(String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "y")
        XCTAssertEqual(closed.last, .token(.ident("y")))
    }

    func testNULAndNewlinesArePreprocessed() {
        XCTAssertEqual(CSSTokenizer.tokenize("a\u{0}b"), [.ident("a\u{FFFD}b")])
        XCTAssertEqual(CSSTokenizer.tokenize("'a\r\nb'"), [.badString, .whitespace, .ident("b"), .string("")])
    }

    func testOneMegabyteString() {
        let body = String(repeating: "x", count: 1 << 20)
        XCTAssertEqual(CSSTokenizer.tokenize("\"" + body + "\""), [.string(body)])
    }
}
