import XCTest
import TernTerminal

final class TerminalTextTests: XCTestCase {
    func testControlCharactersBecomeVisiblePlaceholders() {
        XCTAssertEqual(TerminalText.sanitize("a\u{1B}[2Jb"), "a\u{241B}[2Jb")
        XCTAssertEqual(TerminalText.sanitize("bell\u{07}"), "bell\u{2407}")
        XCTAssertEqual(TerminalText.sanitize("del\u{7F}"), "del\u{2421}")
        XCTAssertEqual(TerminalText.sanitize("csi\u{9B}31m"), "csi\u{FFFD}31m")
        XCTAssertEqual(TerminalText.sanitize("nul\u{0}"), "nul\u{2400}")
    }

    /// "Trojan Source": text that shows in another order than it is.
    func testBidiControlsAndTheBOMAreDropped() {
        XCTAssertEqual(TerminalText.sanitize("evil\u{202E}fdp.exe"), "evilfdp.exe")
        XCTAssertEqual(TerminalText.sanitize("a\u{2066}b\u{2067}c\u{2068}d\u{2069}e"), "abcde")
        XCTAssertEqual(TerminalText.sanitize("\u{FEFF}\u{200E}x\u{200F}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}"), "x")
        XCTAssertEqual(TerminalText.sanitize("line\u{2028}para\u{2029}end"), "line para end")
        XCTAssertEqual(TerminalText.sanitize("‰ — ‥ ｱ ؀"), "‰ — ‥ ｱ ؀", "neighbours of the controls stay")
        XCTAssertEqual(String(decoding: TerminalText.sanitize(utf8: Array("a\u{202E}b".utf8)), as: UTF8.self), "ab")
    }

    func testOSC52ClipboardWriteCannotPass() {
        let hostile = "\u{1B}]52;c;ZXZpbA==\u{07}"
        let safe = TerminalText.sanitize(hostile)
        XCTAssertFalse(safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    func testLineBreaksAndTabsAreKeptOnlyWhenAsked() {
        XCTAssertEqual(TerminalText.sanitize("a\nb\tc"), "a\u{240A}b\u{2409}c")
        XCTAssertEqual(TerminalText.sanitize("a\nb\tc", keepLineBreaks: true), "a\nb\u{2409}c")
        XCTAssertEqual(TerminalText.sanitize("a\nb\tc", keepLineBreaks: true, keepTabs: true), "a\nb\tc")
        XCTAssertEqual(TerminalText.sanitize("a\r\nb", keepLineBreaks: true), "a\u{240D}\nb")
    }

    func testOrdinaryTextIsUnchanged() {
        let text = "Grüße, 世界! 👩🏽‍💻 café"
        XCTAssertEqual(TerminalText.sanitize(text), text)
    }

    func testBytesAreSanitizedAsTheirStringIs() {
        for text in ["a\u{1B}[2Jb\n", "csi\u{9B}31m\tdel\u{7F}", "Grüße, 世界! 👩🏽‍💻 café\n", ""] {
            for keep in [false, true] {
                let bytes = TerminalText.sanitize(utf8: Array(text.utf8), keepLineBreaks: keep, keepTabs: keep)
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), TerminalText.sanitize(text, keepLineBreaks: keep, keepTabs: keep))
                let inPlace = Array(text.utf8).withUnsafeBufferPointer { TerminalText.sanitized(utf8: $0, keepLineBreaks: keep, keepTabs: keep) }
                XCTAssertEqual(inPlace ?? Array(text.utf8), bytes)
                XCTAssertEqual(inPlace == nil, bytes == Array(text.utf8))
            }
        }
    }

    /// The word-at-a-time scan must find exactly what a scalar-by-scalar reading finds.
    func testRandomTextAgreesWithAScalarByScalarReference() {
        func reference(_ text: String, keep: Bool) -> String {
            var out = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                let v = scalar.value
                if v < 0x20 && !(keep && (v == 0x0A || v == 0x09)) {
                    out.append(Unicode.Scalar(0x2400 + v)!)
                } else if v == 0x7F {
                    out.append("\u{2421}")
                } else if v >= 0x80 && v <= 0x9F {
                    out.append("\u{FFFD}")
                } else if v == 0x2028 || v == 0x2029 {
                    out.append(" ")
                } else if [0x200E, 0x200F, 0x061C, 0xFEFF].contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                    continue
                } else {
                    out.append(scalar)
                }
            }
            return String(out)
        }
        let alphabet: [String] = ["a", "Z", " ", "~", "\n", "\t", "\r", "\u{1B}", "\u{0}", "\u{7F}", "\u{80}", "\u{85}",
                                  "\u{9F}", "\u{A0}", "\u{BF}", "é", "ĉ", "世", "👩🏽‍💻", "\u{2028}",
                                  "\u{202E}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{061C}", "\u{FEFF}", "\u{2029}",
                                  "\u{2030}", "\u{2065}", "\u{202F}", "\u{0600}", "\u{FEFE}", "—", "ｱ"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            var text = ""
            for _ in 0..<length {
                // Mostly plain letters, so that whole clean words occur.
                text += Int.random(in: 0..<4, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : "x"
            }
            for keep in [false, true] {
                XCTAssertEqual(TerminalText.sanitize(text, keepLineBreaks: keep, keepTabs: keep), reference(text, keep: keep), text.debugDescription)
            }
        }
    }
}
