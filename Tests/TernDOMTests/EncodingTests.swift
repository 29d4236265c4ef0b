import Glibc
import XCTest
@testable import TernDOM

/// `text` in a legacy encoding, made by glibc's iconv (the expectations stay
/// the readable UTF-8 strings).
func encode(_ text: String, to encoding: String) -> [UInt8] {
    let converter = iconv_open(encoding, "UTF-8")
    precondition(converter != iconv_t(bitPattern: -1), "iconv lacks \(encoding)")
    defer { iconv_close(converter) }
    var input = Array(text.utf8)
    var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
    let written = input.withUnsafeMutableBytes { inBytes in
        output.withUnsafeMutableBytes { outBytes -> Int in
            var inPointer: UnsafeMutablePointer<CChar>? = inBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            var outPointer: UnsafeMutablePointer<CChar>? = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            var inLeft = inBytes.count, outLeft = outBytes.count
            let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
            precondition(result != -1, "iconv could not encode \(text) as \(encoding)")
            return outBytes.count - outLeft
        }
    }
    return Array(output[0..<written])
}

/// A page whose title and body are `text`, encoded whole as `encoding`.
func page(_ text: String, meta: String? = nil, encoding: String) -> [UInt8] {
    let head = meta.map { "<meta charset=\"\($0)\">" } ?? ""
    return encode("<html><head>\(head)<title>\(text)</title></head><body><p>\(text)</p></body></html>", to: encoding)
}

final class EncodingTests: XCTestCase {
    private func check(_ bytes: [UInt8], charset: String? = nil, expect text: String, encoding: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        for chunk in [bytes.count, 1, 7] {
            let parser = HTMLParser(charset: charset)
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                bytes[offset..<end].withUnsafeBytes { parser.feed($0) }
                offset = end
            }
            let document = parser.finish()
            XCTAssertEqual(document.title, text, "chunk \(chunk)", file: file, line: line)
            XCTAssertEqual(document.text, text, "chunk \(chunk)", file: file, line: line)
            XCTAssertEqual(parser.encoding, encoding, file: file, line: line)
            XCTAssertEqual(document.characterSet, encoding, file: file, line: line)
        }
    }

    func testGBKFromMeta() {
        check(page("中文网页", meta: "gb2312", encoding: "GBK"), expect: "中文网页", encoding: "gbk")
    }

    func testGB18030FromTheHTTPCharset() {
        // 𠀀 needs GB18030's four-byte form; € is 0xA2E3 there.
        check(page("中文网页 𠀀 €", encoding: "GB18030"), charset: "GB18030", expect: "中文网页 𠀀 €", encoding: "gb18030")
    }

    func testBig5() {
        check(page("繁體中文", meta: "big5", encoding: "BIG5"), expect: "繁體中文", encoding: "big5")
    }

    func testShiftJISUnderItsXSJISLabel() {
        check(page("日本語のページ", meta: "x-sjis", encoding: "SHIFT_JIS"), expect: "日本語のページ", encoding: "shift_jis")
    }

    func testEUCKR() {
        check(page("한국어 페이지", encoding: "EUC-KR"), charset: "euc-kr", expect: "한국어 페이지", encoding: "euc-kr")
    }

    func testEUCJPAndISO2022JP() {
        check(page("日本語のページ", encoding: "EUC-JP"), charset: "euc-jp", expect: "日本語のページ", encoding: "euc-jp")
        check(page("日本語のページ", encoding: "ISO-2022-JP"), charset: "iso-2022-jp", expect: "日本語のページ",
              encoding: "iso-2022-jp")
    }

    func testISO88592() {
        check(page("Zażółć gęślą jaźń", meta: "iso-8859-2", encoding: "ISO-8859-2"), expect: "Zażółć gęślą jaźń",
              encoding: "iso-8859-2")
    }

    func testLatin1LabelsMeanWindows1252() {
        // 0x80 is € in windows-1252, a C1 control in real ISO-8859-1.
        let bytes = Array("<title>caf".utf8) + [0xE9, 0x20, 0x80] + Array("</title><p>caf".utf8) + [0xE9, 0x20, 0x80]
        for label in ["latin1", "ISO-8859-1", "ascii", " US-ASCII "] {
            check(bytes, charset: label, expect: "café €", encoding: "windows-1252")
        }
    }

    func testInvalidUTF8FallsBackToWindows1252() {
        let bytes = Array("<title>na".utf8) + [0xEF] + Array("ve</title><p>na".utf8) + [0xEF] + Array("ve".utf8)
        check(bytes, expect: "naïve", encoding: "windows-1252")
    }

    func testValidUTF8IsTheDefault() {
        check(Array("<title>naïve</title><p>naïve".utf8), expect: "naïve", encoding: "utf-8")
    }

    func testUTF16ByteOrderMarks() {
        let text = "<title>UTF-16 ページ 😀</title><p>UTF-16 ページ 😀"
        check([0xFF, 0xFE] + encode(text, to: "UTF-16LE"), expect: "UTF-16 ページ 😀", encoding: "utf-16le")
        check([0xFE, 0xFF] + encode(text, to: "UTF-16BE"), expect: "UTF-16 ページ 😀", encoding: "utf-16be")
        // The BOM beats the HTTP charset.
        check([0xFF, 0xFE] + encode(text, to: "UTF-16LE"), charset: "iso-8859-2", expect: "UTF-16 ページ 😀",
              encoding: "utf-16le")
        check([0xEF, 0xBB, 0xBF] + Array(text.utf8), charset: "windows-1252", expect: "UTF-16 ページ 😀", encoding: "utf-8")
    }

    func testAnUnpairedSurrogateInUTF16BecomesOneReplacement() {
        let bytes: [UInt8] = [0xFF, 0xFE] + encode("<p>a", to: "UTF-16LE") + [0x00, 0xD8] + encode("b", to: "UTF-16LE")
        XCTAssertEqual(bytes.withUnsafeBytes { Document(html: $0) }.text, "a\u{FFFD}b")
    }

    func testTheHTTPCharsetBeatsMeta() {
        let bytes = page("Zażółć gęślą jaźń", meta: "windows-1250", encoding: "ISO-8859-2")
        // ś and ą differ: 0xB6 and 0xB1 in ISO-8859-2 are ¶ and ± in windows-1250.
        check(bytes, charset: "iso-8859-2", expect: "Zażółć gęślą jaźń", encoding: "iso-8859-2")
    }

    func testMetaBeatsTheDefault() {
        // Valid UTF-8 too ("Ã©" as windows-1252 is "é" as UTF-8), but the meta says windows-1252.
        let bytes = Array("<meta charset=windows-1252><title>caf".utf8) + [0xC3, 0xA9] + Array("</title><p>caf".utf8) + [0xC3, 0xA9]
        check(bytes, expect: "cafÃ©", encoding: "windows-1252")
    }

    func testHTTPEquivContentType() {
        let html = "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\"><title>Привет</title><p>Привет"
        check(encode(html, to: "KOI8-R"), expect: "Привет", encoding: "koi8-r")
        // Without the http-equiv pragma a content charset means nothing.
        let bytes = encode("<meta content=\"text/html; charset=koi8-r\"><title>Привет</title><p>Привет", to: "KOI8-R")
        XCTAssertEqual(bytes.withUnsafeBytes { Document(html: $0) }.characterSet, "windows-1252")
    }

    func testThePrescanSkipsCommentsAndAttributeValuesAndStopsAt1024Bytes() {
        let skipped = "<!-- <meta charset=big5> --><div title='<meta charset=euc-kr>'></div><meta charset=iso-8859-2><title>ż</title>"
        XCTAssertEqual(Array(skipped.utf8).withUnsafeBytes { Document(html: $0) }.characterSet, "iso-8859-2",
                       "the bytes are valid UTF-8, but the meta decides")
        XCTAssertEqual(encode(skipped, to: "ISO-8859-2").withUnsafeBytes { Document(html: $0) }.title, "ż")
        let late = "<p>" + String(repeating: "x", count: 1100) + "<meta charset=iso-8859-2>"
        XCTAssertEqual(Array(late.utf8).withUnsafeBytes { Document(html: $0) }.characterSet, "utf-8")
        // A UTF-16 label in <meta> means UTF-8 (the bytes were readable as ASCII).
        XCTAssertEqual(Array("<meta charset=utf-16le><p>x".utf8).withUnsafeBytes { Document(html: $0) }.characterSet, "utf-8")
    }

    func testLabels() {
        XCTAssertEqual(TextEncoding(label: "GB2312")?.name, "gbk")
        XCTAssertEqual(TextEncoding(label: "x-sjis")?.name, "shift_jis")
        XCTAssertEqual(TextEncoding(label: "ks_c_5601-1987")?.name, "euc-kr")
        XCTAssertEqual(TextEncoding(label: "latin2")?.name, "iso-8859-2")
        XCTAssertEqual(TextEncoding(label: "\tutf8 ")?.name, "utf-8")
        XCTAssertEqual(TextEncoding(label: "iso-2022-kr")?.name, "replacement")
        XCTAssertNil(TextEncoding(label: "klingon"))
        // An unknown HTTP charset is ignored, not fatal.
        check(Array("<title>ok</title><p>ok".utf8), charset: "klingon", expect: "ok", encoding: "utf-8")
    }

    func testInvalidLegacySequencesBecomeReplacementCharacters() {
        // 0xFF is no lead byte in Shift_JIS; 0x81 0x20 is a lead byte and a space.
        let bytes = encode("<title>日本", to: "SHIFT_JIS") + [0xFF, 0x81, 0x20] + encode("語</title><p>x", to: "SHIFT_JIS")
        let document = bytes.withUnsafeBytes { Document(html: $0, encoding: "shift_jis") }
        XCTAssertEqual(document.title, "日本\u{FFFD}\u{FFFD} 語")
        // A multi-byte character cut by the end of the input.
        let cut = encode("<p>日本", to: "SHIFT_JIS") + [0x93]
        XCTAssertEqual(cut.withUnsafeBytes { Document(html: $0, encoding: "shift_jis") }.text, "日本\u{FFFD}")
    }

    func testTheReplacementEncodingShowsOneReplacementCharacter() {
        let document = Array("<p>secret".utf8).withUnsafeBytes { Document(html: $0, encoding: "iso-2022-kr") }
        XCTAssertEqual(document.text, "\u{FFFD}")
        XCTAssertEqual(document.characterSet, "replacement")
    }
}
