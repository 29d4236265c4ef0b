import XCTest
import TernNet

/// Which hosts are shown in Unicode and which stay punycode: the issue's
/// examples and cases in the spirit of UTS #39 (mixed scripts, whole-script
/// confusables, the CJK combinations browsers allow).
final class HostDisplayTests: XCTestCase {
    /// The displayed host of `http://<host>/`, which the URL parser turns into ASCII first.
    private func shown(_ host: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let url = WebURL("http://\(host)/") else {
            XCTFail("not a valid host: \(host)", file: file, line: line)
            return ""
        }
        return url.displayHost
    }

    func testTheCyrillicApplesStayPunycodeUnderAnASCIITopLevelDomain() {
        XCTAssertEqual(shown("аррӏе.com"), "xn--80ak6aa92e.com")
        XCTAssertEqual(shown("ѕсоре.com"), WebURL("http://ѕсоре.com/")!.hostname)
        XCTAssertTrue(shown("ѕсоре.com").hasPrefix("xn--"))
    }

    func testACyrillicLabelUnderACyrillicTopLevelDomainIsShown() {
        XCTAssertEqual(shown("аррӏе.рф"), "аррӏе.рф")
        XCTAssertEqual(shown("пример.рф"), "пример.рф")
        XCTAssertEqual(shown("яндекс.com"), "яндекс.com", "Cyrillic letters with no Latin look-alike")
    }

    func testSingleScriptLabelsAreShownInUnicode() {
        XCTAssertEqual(shown("münchen.de"), "münchen.de")
        XCTAssertEqual(shown("日本語.jp"), "日本語.jp")
        XCTAssertEqual(shown("한국어.kr"), "한국어.kr")
        XCTAssertEqual(shown("ελληνικά.gr"), "ελληνικά.gr")
        XCTAssertEqual(shown("ไทย.th"), "ไทย.th")
        XCTAssertEqual(shown("example.com"), "example.com")
    }

    func testTheCJKCombinationsBrowsersAllowAreShown() {
        XCTAssertEqual(shown("ファミリーマート.jp"), "ファミリーマート.jp", "Katakana with the prolonged sound mark")
        XCTAssertEqual(shown("ソニーstore.jp"), "ソニーstore.jp", "Latin with Katakana")
        XCTAssertEqual(shown("東京の店.jp"), "東京の店.jp", "Han with Hiragana")
        XCTAssertEqual(shown("kakao카카오.com"), "kakao카카오.com", "Latin with Hangul")
    }

    func testMixedScriptsStayPunycode() {
        XCTAssertTrue(shown("pаypal.com").hasPrefix("xn--"), "Latin with one Cyrillic а")
        XCTAssertTrue(shown("Сircle.com").hasPrefix("xn--"), "UTS #39: Cyrillic С in a Latin word")
        XCTAssertTrue(shown("αbc.com").hasPrefix("xn--"), "Greek with Latin")
        XCTAssertTrue(shown("한국のカ.kr").hasPrefix("xn--"), "Hangul with Hiragana and Katakana: no writing system mixes them")
        XCTAssertTrue(shown("ㄅ한.tw").hasPrefix("xn--"), "Bopomofo with Hangul")
    }

    func testDeviationInvisibleAndSymbolCharactersStayPunycode() {
        XCTAssertEqual(shown("faß.de"), "xn--fa-hia.de", "ß is a deviation character")
        XCTAssertTrue(shown("βόλος.com").hasPrefix("xn--"), "final sigma is a deviation character")
        XCTAssertTrue(shown("♥.com").hasPrefix("xn--"), "symbols belong to no script")
        XCTAssertEqual(HostDisplay.displayHost("xn--abc-xxx.com"), "xn--abc-xxx.com", "invalid punycode is left as it is")
    }

    func testOnlyTheUnsafeLabelStaysPunycode() {
        XCTAssertEqual(shown("münchen.аррӏе.com"), "münchen.xn--80ak6aa92e.com")
    }

    func testDisplayHrefReplacesOnlyTheHost() {
        let url = WebURL("https://user@münchen.de:8443/xn--path?q=1#f")!
        XCTAssertEqual(url.href, "https://user@xn--mnchen-3ya.de:8443/xn--path?q=1#f")
        XCTAssertEqual(url.displayHref, "https://münchen.de:8443/xn--path?q=1#f", "no user name or password on screen")
        XCTAssertEqual(WebURL("http://bank.example:pw@evil.example/")!.displayHref, "http://evil.example/")
        XCTAssertEqual(WebURL("http://аррӏе.com/")!.displayHref, "http://xn--80ak6aa92e.com/")
    }
}
