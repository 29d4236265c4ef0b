import TernDOM
import XCTest

/// CSS Syntax 3 §3.3 on the byte-wise fast path: each case against the
/// definition applied scalar by scalar.
final class CSSInputPreprocessingTests: XCTestCase {
    /// The definition, one scalar at a time.
    private func reference(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousWasCR { previousWasCR = false; continue }
            previousWasCR = scalar == "\r"
            switch scalar {
            case "\r", "\u{0C}": out.append("\n")
            case "\0": out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return out
    }

    func testNewlinesNulAndNonASCII() {
        XCTAssertEqual(CSSInputPreprocessing.scalars(of: "a\r\nb\rc\u{0C}d\n\ne"), Array("a\nb\nc\nd\n\ne".unicodeScalars))
        XCTAssertEqual(CSSInputPreprocessing.scalars(of: "x\0y"), ["x", "\u{FFFD}", "y"])
        XCTAssertEqual(CSSInputPreprocessing.scalars(of: ".é😀漢\r\n字{}"), Array(".é😀漢\n字{}".unicodeScalars))
        XCTAssertEqual(CSSInputPreprocessing.scalars(of: ""), [])
    }

    func testMatchesTheDefinitionOnRandomText() {
        let pieces: [String] = ["a", "\r", "\n", "\r\n", "\u{0C}", "\0", "é", "😀", "漢", " ", "\\", "\u{FEFF}", "\u{7F}"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<24 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(truncatingIfNeeded: state >> 33) % pieces.count]
            }
            XCTAssertEqual(CSSInputPreprocessing.scalars(of: text), reference(text), "\(Array(text.unicodeScalars))")
        }
    }
}
