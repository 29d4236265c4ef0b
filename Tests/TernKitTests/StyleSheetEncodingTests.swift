import XCTest
@testable import TernKit
import TernDOM

/// CSS Syntax 3 §3.2: which encoding a fetched sheet is decoded with.
final class StyleSheetEncodingTests: XCTestCase {
    private func fallback(_ text: String, http: String? = nil, environment: String? = "utf-8") -> String {
        StyleSheetLoad.fallbackEncoding(Array(text.utf8), protocolLabel: http, environment: environment)
    }

    func testTheProtocolThenCharsetRuleThenTheDocumentThenUTF8() {
        XCTAssertEqual(fallback("@charset \"iso-8859-5\"; p {}", http: "latin1"), "windows-1252", "Content-Type's charset first")
        XCTAssertEqual(fallback("@charset \"iso-8859-5\"; p {}", http: "no-such-label"), "iso-8859-5", "an unknown HTTP label is skipped")
        XCTAssertEqual(fallback("@charset \"utf-16le\"; p {}"), "utf-8", "UTF-16 named in the sheet means UTF-8")
        XCTAssertEqual(fallback("@charset 'iso-8859-5'; p {}", environment: "shift_jis"), "shift_jis", "only the exact double-quoted form counts")
        XCTAssertEqual(fallback("@charset \"bogus\"; p {}", environment: "windows-1251"), "windows-1251")
        XCTAssertEqual(fallback(" @charset \"iso-8859-5\";", environment: nil), "utf-8", "not at the very start")
        XCTAssertEqual(fallback("@charset \"iso-8859-5\"", environment: nil), "utf-8", "no closing \";")
    }

    func testABOMWinsOverTheLabel() {
        XCTAssertEqual(TextDecoding.decode([0xEF, 0xBB, 0xBF, 0xC3, 0xA9], encodingLabel: "windows-1252"), "é")
        XCTAssertEqual(TextDecoding.decode([0xFF, 0xFE, 0xE9, 0x00], encodingLabel: "utf-8"), "é")
        XCTAssertEqual(TextDecoding.decode([0xE9, 0x80], encodingLabel: "windows-1252"), "é€")
        XCTAssertEqual(TextDecoding.decode([0x70, 0xFF], encodingLabel: "utf-8"), "p\u{FFFD}", "invalid UTF-8 is replaced")
    }
}
