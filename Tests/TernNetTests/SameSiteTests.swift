import XCTest
@testable import TernNet

/// SameSite (RFC 6265bis §5.2, §5.6.7, §5.7): sites, and which cookies go
/// with and may be set by same-site and cross-site requests.
final class SameSiteTests: XCTestCase {
    private func site(_ string: String) -> String? { SameSiteContext.site(of: WebURL(string)!) }

    func testASiteIsTheSchemeAndTheRegistrableDomain() {
        XCTAssertEqual(site("https://www.example.co.uk/a"), "https://example.co.uk")
        XCTAssertEqual(site("https://shop.example.co.uk:8443/"), "https://example.co.uk", "the port does not count")
        XCTAssertEqual(site("http://www.example.co.uk/"), "http://example.co.uk", "the scheme does (schemeful same-site)")
        XCTAssertNotEqual(site("https://alice.github.io/"), site("https://bob.github.io/"), "github.io is a public suffix")
        XCTAssertEqual(site("http://api.a.test/"), "http://a.test")
        XCTAssertEqual(site("http://127.0.0.1:8080/"), "http://127.0.0.1")
        XCTAssertEqual(site("http://localhost/"), "http://localhost")
        XCTAssertNil(site("data:text/html,x"))
        XCTAssertNil(site("file:///tmp/x.html"))
    }

    func testARequestIsSameSiteOnlyWhenItsInitiatorAndEveryRedirectAreOfTheTargetsSite() {
        var request = Request(url: WebURL("https://bank.test/account")!)
        XCTAssertTrue(SameSiteContext(request).isSameSite, "a request the person made")
        request.initiator = WebURL("https://www.bank.test/")
        XCTAssertTrue(SameSiteContext(request).isSameSite)
        request.initiator = WebURL("https://evil.test/")
        XCTAssertFalse(SameSiteContext(request).isSameSite)
        request.initiator = WebURL("http://bank.test/")
        XCTAssertFalse(SameSiteContext(request).isSameSite, "http is another site than https")
        request.initiator = WebURL("file:///tmp/page.html")
        XCTAssertFalse(SameSiteContext(request).isSameSite, "a local file is no site")

        // bank.test -> evil.test -> bank.test: cross-site, though both ends are the bank.
        request.initiator = WebURL("https://bank.test/")
        request.redirectedFrom = [WebURL("https://bank.test/out")!, WebURL("https://evil.test/bounce")!]
        XCTAssertFalse(SameSiteContext(request).isSameSite)
        request.redirectedFrom = [WebURL("https://login.bank.test/")!]
        XCTAssertTrue(SameSiteContext(request).isSameSite)
    }

    /// The initiator's site is its document's origin's, not its URL's: a
    /// sandboxed frame of the bank (opaque origin) is no site, an
    /// `about:srcdoc` frame of the bank is the bank's.
    func testTheInitiatorsSiteIsItsOrigins() {
        var request = Request(url: WebURL("https://bank.test/transfer")!)
        request.initiator = WebURL("https://bank.test/frame")
        request.initiatorOrigin = "null"
        XCTAssertFalse(SameSiteContext(request).isSameSite, "an opaque origin is cross-site to all")
        request.initiator = WebURL("about:srcdoc")
        request.initiatorOrigin = "https://www.bank.test"
        XCTAssertTrue(SameSiteContext(request).isSameSite)
        request.initiatorOrigin = nil
        XCTAssertFalse(SameSiteContext(request).isSameSite, "about:srcdoc itself is no site")
    }

    func testStrictAndLaxCookiesOnCrossSiteRequests() {
        let jar = CookieJar()
        let bank = WebURL("https://bank.test/")!
        for header in ["strict=1; SameSite=Strict", "lax=1; SameSite=Lax", "none=1; SameSite=None; Secure", "plain=1"] {
            XCTAssertNotNil(jar.setCookie(header, for: bank), header)
        }
        func sent(sameSite: Bool, navigation: Bool, method: String = "GET") -> [String] {
            let context = SameSiteContext(isSameSite: sameSite, isTopLevelNavigation: navigation,
                                          isSafeMethod: method == "GET")
            return jar.cookies(for: bank, context: context).map(\.name).sorted()
        }
        XCTAssertEqual(sent(sameSite: true, navigation: false), ["lax", "none", "plain", "strict"])
        XCTAssertEqual(sent(sameSite: false, navigation: true), ["lax", "none", "plain"], "a cross-site link: Lax goes")
        XCTAssertEqual(sent(sameSite: false, navigation: true, method: "POST"), ["none", "plain"], "a cross-site form POST")
        XCTAssertEqual(sent(sameSite: false, navigation: false), ["none", "plain"], "a cross-site subresource, XHR or fetch")
    }

    func testSameSiteNoneNeedsSecureAndCrossSiteSubresourcesCannotSetStrictOrLax() {
        let jar = CookieJar()
        let bank = WebURL("https://bank.test/")!
        XCTAssertNil(jar.setCookie("none=1; SameSite=None", for: bank), "None without Secure is refused")
        let subresource = SameSiteContext(isSameSite: false, isTopLevelNavigation: false, isSafeMethod: true)
        XCTAssertNil(jar.setCookie("s=1; SameSite=Strict", for: bank, context: subresource))
        XCTAssertNil(jar.setCookie("l=1; SameSite=Lax", for: bank, context: subresource))
        XCTAssertNotNil(jar.setCookie("n=1; SameSite=None; Secure", for: bank, context: subresource))
        XCTAssertNotNil(jar.setCookie("p=1", for: bank, context: subresource))
        let navigation = SameSiteContext(isSameSite: false, isTopLevelNavigation: true, isSafeMethod: false)
        XCTAssertNotNil(jar.setCookie("s=1; SameSite=Strict", for: bank, context: navigation),
                        "a cross-site top-level navigation may set them (the site's own response)")
        XCTAssertEqual(jar.allCookies.map(\.name).sorted(), ["n", "p", "s"])
    }
}
