import XCTest
@testable import TernKit
import TernCSS

/// Parsed sheets are reused by URL and text, but never shared by two
/// holders and never after a change other than their owner's `media`.
final class StyleSheetCacheTests: XCTestCase {
    private let text = "p { color: red }"
    private let base = "http://a.test/s.css"

    func testASheetIsReusedOnceNobodyHoldsItAndNeverShared() {
        let cache = StyleSheetCache()
        var first: StyleSheet? = cache.sheet(text: text, origin: .author, baseURL: base)
        var second: StyleSheet? = cache.sheet(text: text, origin: .author, baseURL: base)
        XCTAssertFalse(first === second, "two holders never share a sheet")
        let cached = second.map(ObjectIdentifier.init)
        first = nil
        second = nil
        let third = cache.sheet(text: text, origin: .author, baseURL: base)
        XCTAssertEqual(ObjectIdentifier(third), cached, "the parse is reused (a reload, another page)")
        XCTAssertFalse(cache.sheet(text: text, origin: .author, baseURL: "http://b.test/s.css") === third, "another base is another sheet")
        XCTAssertFalse(cache.sheet(text: text, origin: .user, baseURL: base) === third, "another origin is another sheet")
    }

    func testAChangedSheetIsNotHandedOutAgainButItsOwnersMediaIsNoChange() {
        let cache = StyleSheetCache()
        var sheet: StyleSheet? = cache.sheet(text: text, origin: .author, baseURL: base)
        cache.setMedia("print", of: sheet!)
        let id = sheet.map(ObjectIdentifier.init)
        sheet = nil
        var again: StyleSheet? = cache.sheet(text: text, origin: .author, baseURL: base)
        XCTAssertEqual(again.map(ObjectIdentifier.init), id, "a media attribute does not spoil the cached sheet")
        XCTAssertNil(again?.media, "and it comes back without it")
        again?.disabled = true
        again = nil
        let fresh = cache.sheet(text: text, origin: .author, baseURL: base)
        XCTAssertFalse(fresh.disabled, "a sheet a script disabled is parsed anew")
    }
}
