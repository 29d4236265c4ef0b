import TernNet
import XCTest
import Foundation
import TernKit
import TernTestSupport

/// SameSite cookies against the real test server under three host names
/// pinned to 127.0.0.1 (`LoaderConfiguration.resolve`): `a.test` and
/// `www.a.test` are one site, `b.test` another. `a.test` holds a Strict, a
/// Lax and a plain cookie; what reaches it shows what the loader sent.
final class SameSiteNavigationTests: WebViewTestCase {
    private var jar: CookieJar!
    private let all = "strict=1; lax=1; plain=1"

    override func setUp() {
        super.setUp()
        let jar = CookieJar()
        self.jar = jar
        let port = server.port
        makeWebView {
            $0.network.cookieJar = jar
            $0.network.resolve = ["a.test", "www.a.test", "b.test"].map { "\($0):\(port):127.0.0.1" }
        }
        go(url("/set-cookie?c=" + ["strict=1; SameSite=Strict", "lax=1; SameSite=Lax", "plain=1"]
            .map { encode($0 + "; Domain=a.test") }.joined(separator: "&c="), host: "a.test"))
        XCTAssertEqual(jar.allCookies.map(\.name), ["strict", "lax", "plain"])
    }

    // MARK: Helpers

    private func url(_ path: String, host: String) -> WebURL { server.url(path, host: host) }

    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// A page with `html` served from `host`.
    private func page(_ html: String, host: String) -> WebURL {
        url("/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode("<!DOCTYPE html><title>Page</title>" + html), host: host)
    }

    /// Loads `url` as the person would (typed) and waits until it ended.
    private func go(_ url: WebURL, file: StaticString = #filePath, line: UInt = #line) {
        recorder.clear()
        webView.load(Request(url: url))
        wait(file: file, line: line) { recorder.ended }
    }

    /// The Cookie header the server's /echo received (nil for none).
    private func echoedCookie(file: StaticString = #filePath, line: UInt = #line) -> String? {
        XCTAssertEqual(webView.url?.pathname, "/echo", file: file, line: line)
        return (echo(file: file, line: line)["headers"] as? [[String]] ?? []).first { $0.first?.lowercased() == "cookie" }?.last
    }

    /// Activates the element `selector` and waits for the navigation it starts.
    private func click(_ selector: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try element(selector, file: file, line: line)
        recorder.clear()
        guard case .navigation = webView.activate(found) else { return XCTFail("no navigation", file: file, line: line) }
        wait(file: file, line: line) { recorder.ended }
    }

    // MARK: Same site

    func testTheSitesOwnRequestsCarryEveryCookie() throws {
        go(url("/echo", host: "a.test"))
        XCTAssertEqual(echoedCookie(), all, "typed in the address bar")

        let echo = url("/echo", host: "a.test").href
        go(page("<a id=go href='\(echo)'>go</a><script src='\(url("/cookie-script", host: "a.test").href)'></script>", host: "www.a.test"))
        XCTAssertEqual(value("window.sentCookie"), .string(all), "a subresource from another host of the site")
        try click("#go")
        XCTAssertEqual(echoedCookie(), all, "a link from another host of the site")

        go(url("/plain", host: "a.test"))
        _ = value("fetch('/echo').then(function (r) { return r.json(); }).then(function (e) { window.echoed = e; })")
        wait { self.value("!!window.echoed") == .bool(true) }
        XCTAssertEqual(value("window.echoed.headers.filter(function (h) { return h[0] === 'Cookie'; })[0][1]"), .string(all),
                       "a same-origin fetch")
    }

    // MARK: Another site

    func testALinkFromAnotherSiteCarriesLaxButNotStrict() throws {
        go(page("<a id=go href='\(url("/echo", host: "a.test").href)'>go</a>", host: "b.test"))
        try click("#go")
        XCTAssertEqual(echoedCookie(), "lax=1; plain=1")
    }

    func testAFormFromAnotherSiteCarriesLaxOnlyWithGET() throws {
        let action = url("/echo", host: "a.test").href
        go(page("<form method=post action='\(action)'><input name=q value=1><input type=submit id=post></form>", host: "b.test"))
        try click("#post")
        XCTAssertEqual(echoedCookie(), "plain=1", "a cross-site POST: neither Strict nor Lax")
        go(page("<form method=get action='\(action)'><input name=q value=1><input type=submit id=get></form>", host: "b.test"))
        try click("#get")
        XCTAssertEqual(echoedCookie(), "lax=1; plain=1")
    }

    func testAScriptNavigationFromAnotherSiteCarriesLaxButNotStrict() {
        go(page("<p>b</p>", host: "b.test"))
        recorder.clear()
        _ = value("location.href = '\(url("/echo", host: "a.test").href)'")
        wait { recorder.ended && self.webView.url?.pathname == "/echo" }
        XCTAssertEqual(echoedCookie(), "lax=1; plain=1")
    }

    func testSubresourcesFromAnotherSiteCarryNeitherAndCannotSetThem() {
        let setter = url("/set-cookie?c=" + encode("new=1; SameSite=Strict") + "&c=" + encode("newlax=1; SameSite=Lax") + "&c=other=1",
                         host: "a.test")
        go(page("<script src='\(url("/cookie-script", host: "a.test").href)'></script><script src='\(setter.href)'></script>", host: "b.test"))
        XCTAssertEqual(value("window.sentCookie"), .string("plain=1"))
        XCTAssertEqual(jar.allCookies.map(\.name), ["strict", "lax", "plain", "other"],
                       "a cross-site subresource's response sets no Strict or Lax cookie")
    }

    // MARK: Redirects

    func testARedirectThroughAnotherSiteIsCrossSite() throws {
        let echo = url("/echo", host: "a.test").href
        go(url("/redirect-to?url=" + encode(echo), host: "b.test"))
        XCTAssertEqual(echoedCookie(), "lax=1; plain=1", "b.test sent the person to a.test")

        let bounce = url("/redirect-to?url=" + encode(echo), host: "b.test").href
        go(url("/redirect-to?url=" + encode(bounce), host: "a.test"))
        XCTAssertEqual(echoedCookie(), "lax=1; plain=1", "a.test -> b.test -> a.test is cross-site")

        go(url("/redirect-to?url=" + encode(url("/echo", host: "www.a.test").href), host: "a.test"))
        XCTAssertEqual(echoedCookie(), all, "a redirect within the site")

        go(page("<a id=go href='\(url("/redirect-to?url=" + encode(echo), host: "www.a.test").href)'>go</a>", host: "b.test"))
        XCTAssertEqual(webView.url?.host.hasPrefix("b.test"), true)
        recorder.clear()
        webView.activate(try element("#go"))
        wait { recorder.ended }
        XCTAssertEqual(echoedCookie(), "lax=1; plain=1", "a link from b.test redirected within a.test's site stays cross-site")
    }
}
