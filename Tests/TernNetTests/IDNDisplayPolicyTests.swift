import XCTest
import TernNet

/// Which hosts are shown in Unicode and which stay punycode (IDNDisplayPolicy):
/// the examples and UTS #39 / Chromium cases (identifier profile,
/// ASCII look-alikes, mixed scripts, whole-script confusables, the CJK
/// combinations "Highly Restrictive" allows).
final class IDNDisplayPolicyTests: XCTestCase {
    /// The displayed host of `http://<host>/`, which the URL parser turns into ASCII first.
    private func shown(_ host: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let url = WebURL("http://\(host)/") else {
            XCTFail("not a valid host: \(host)", file: file, line: line)
            return ""
        }
        return url.displayHost
    }

    /// (host as typed, shown in Unicode?) for the cases and the legitimate names around them.
    private let cases: [(host: String, unicode: Bool, why: String)] = [
        ("ɡoogle.com", false, "U+0261 LATIN SMALL LETTER SCRIPT G: an IPA letter, not Allowed, skeleton g"),
        ("ɑpple.com", false, "U+0251 LATIN SMALL LETTER ALPHA: an IPA letter, not Allowed, skeleton a"),
        ("gıthub.com", false, "U+0131 dotless i: Allowed Latin, but its skeleton is the ASCII i"),
        ("gıda.tr", true, "the dotless i is a Turkish letter under .tr"),
        ("gıda.com", false, "… and an ASCII look-alike elsewhere"),
        ("pаypal.com", false, "Latin with one Cyrillic а"),
        ("gοogle.com", false, "Latin with one Greek ο"),
        ("аррӏе.com", false, "whole-script confusable: Cyrillic letters that all look Latin, ASCII TLD"),
        ("ѕсоре.net", false, "whole-script confusable"),
        ("аррӏе.de", false, "whole-script confusable under a TLD that is not a Cyrillic one"),
        ("ιο.com", false, "Greek whole-script confusable"),
        ("aʼb.com", false, "U+02BC looks like an apostrophe"),
        ("a‐b.com", false, "U+2010 HYPHEN looks like the ASCII hyphen"),
        ("♥.com", false, "a symbol is not allowed in identifiers"),
        ("ab\u{0338}c.com", false, "a combining overlay is not allowed"),
        ("a一b.com", false, "U+4E00 passes for a dash beside Latin letters"),
        ("aノb.com", false, "U+30CE passes for a slash between Latin letters"),
        ("ーabc.jp", false, "the prolonged sound mark not after kana"),
        ("e\u{301}-\u{301}x.com", false, "a combining accent on a hyphen"),
        ("ı\u{300}x.com", false, "a combining mark on a dotless i"),
        ("bücher.de", true, "ordinary accented Latin"),
        ("日本一.jp", true, "一 among Han"),
        ("ソニーstore.jp", true, "Latin with Katakana"),
        ("café.fr", true, "ordinary accented Latin"),
        ("blåbær.no", true, "æ is a ligature, not a look-alike of one ASCII letter"),
        ("例え.jp", true, "Han with Hiragana"),
        ("пример.рф", true, "Cyrillic"),
        ("аррӏе.рф", true, "a whole-script confusable under a Cyrillic TLD"),
        ("аррӏе.ru", true, "a whole-script confusable under a ccTLD where Cyrillic is at home"),
        ("пример.com", true, "Cyrillic with letters that do not look Latin"),
        ("παράδειγμα.gr", true, "Greek"),
        ("مثال.com", true, "Arabic"),
        ("उदाहरण.in", true, "Devanagari"),
        ("דוגמה.il", true, "Hebrew"),
        ("ex-ample1.com", true, "ASCII"),
    ]

    func testTheTableOfCases() {
        for (host, unicode, why) in cases {
            guard let url = WebURL("http://\(host)/") else {
                XCTFail("not a valid host: \(host)")
                continue
            }
            let shown = url.displayHost
            if unicode {
                XCTAssertEqual(shown, host, "\(host) should be shown in Unicode: \(why)")
            } else {
                XCTAssertTrue(shown.hasPrefix("xn--") && shown == url.hostname, "\(host) should stay punycode (\(shown)): \(why)")
            }
        }
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
        XCTAssertEqual(IDNDisplayPolicy.displayHost("xn--abc-xxx.com"), "xn--abc-xxx.com", "invalid punycode is left as it is")
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
