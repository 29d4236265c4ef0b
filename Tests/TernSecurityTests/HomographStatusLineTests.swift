import XCTest
import Foundation
import TernNet
import TernTestSupport

/// Issue 27 item 12: a link to a Latin-script homograph (`ɡoogle`, with
/// U+0261 LATIN SMALL LETTER SCRIPT G) shows in the status line as punycode,
/// while a legitimate internationalised name (`bücher`) shows in Unicode
/// (IDNDisplayPolicy, UTS #39 as Chromium applies it). Only the displayed URL
/// matters: nothing is fetched from either host.
final class HomographStatusLineTests: TerminalPageTestCase {
    func testAFocusedHomographLinkShowsPunycodeAndALegitimateOneUnicode() throws {
        let homograph = try XCTUnwrap(WebURL("http://ɡoogle.test/login"))
        let legitimate = try XCTUnwrap(WebURL("http://bücher.test/"))
        XCTAssertTrue(homograph.href.hasPrefix("http://xn--"), "the parser keeps the host in punycode: \(homograph.href)")
        let tern = try browse(html: """
            <title>Links</title>
            <p><a href="http://ɡoogle.test/login">sign in</a> and <a href="http://bücher.test/">books</a>
            """)
        tern.waitFor("sign in")
        tern.press("Tab")
        tern.waitFor(homograph.href)
        XCTAssertFalse(tern.screen().contains("ɡoogle"), "the homograph is not shown in Unicode:\n\(tern.screen())")
        tern.press("Tab")
        tern.waitFor("http://bücher.test/")
        XCTAssertFalse(tern.screen().contains(legitimate.hostname), "bücher is shown in Unicode, not as \(legitimate.hostname)")
    }
}
