import TernNet
import XCTest
import TernKit
import TernTestSupport

/// Cookies travel with every request: the hybrid-app developers' three
/// classic failures (a cookie lost on a 302, an ajax call without the cookie,
/// document.cookie blind to a server cookie) must not happen here.
final class CookieFlowTests: WebViewTestCase {
    private var jar: CookieJar!

    override func setUp() {
        super.setUp()
        let jar = CookieJar()
        self.jar = jar
        makeWebView { $0.network.cookieJar = jar }
    }

    private func sentCookie() -> String? {
        let headers = echo()["headers"] as? [[String]] ?? []
        return headers.first { $0.first?.lowercased() == "cookie" }?.last
    }

    func testACookieSetOnA302GoesWithTheNextHop() {
        loadAndWait("/set-cookie?c=session=abc123;%20Path=/&redirect=/echo")
        XCTAssertEqual(webView.url?.pathname, "/echo")
        XCTAssertEqual(sentCookie(), "session=abc123")
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "session=abc123", "and with later requests")
    }

    func testAjaxRequestsCarryTheCookie() {
        loadAndWait("/set-cookie?c=token=xyz;%20HttpOnly")
        _ = value("var x = new XMLHttpRequest(); x.open('GET', '/echo'); x.onload = function () { window.xhrEcho = JSON.parse(x.responseText); }; x.send();"
            + "fetch('/echo').then(function (r) { return r.json(); }).then(function (e) { window.fetchEcho = e; });")
        wait { self.value("!!(window.xhrEcho && window.fetchEcho)") == .bool(true) }
        let cookieOf = "(function (e) { var h = e.headers.filter(function (h) { return h[0].toLowerCase() === 'cookie'; })[0]; return h ? h[1] : null; })"
        XCTAssertEqual(value("\(cookieOf)(xhrEcho)"), .string("token=xyz"))
        XCTAssertEqual(value("\(cookieOf)(fetchEcho)"), .string("token=xyz"))
    }

    func testDocumentCookieSeesServerCookiesButNotHttpOnlyOnes() {
        loadAndWait("/set-cookie?c=visible=1&c=secret=2;%20HttpOnly")
        XCTAssertEqual(value("document.cookie"), .string("visible=1"))
        _ = value("document.cookie = 'fromScript=3'; document.cookie = 'secret=stolen'; document.cookie = 'sneaky=4; HttpOnly'")
        XCTAssertEqual(value("document.cookie"), .string("visible=1; fromScript=3"))
        XCTAssertEqual(jar.allCookies.first { $0.name == "secret" }?.value, "2", "an HttpOnly cookie cannot be overwritten by a script")
        loadAndWait("/echo")
        XCTAssertEqual(sentCookie(), "visible=1; secret=2; fromScript=3")
    }

    func testScriptsNeverSeeSetCookieHeaders() {
        loadAndWait("/plain")
        _ = value("fetch('/set-cookie?c=secret=1;%20HttpOnly').then(function (r) { window.fetched = String(r.headers.get('set-cookie')); });"
            + "var x = new XMLHttpRequest(); x.open('GET', '/set-cookie?c=other=2;%20HttpOnly'); x.onload = function () { window.all = x.getAllResponseHeaders(); }; x.send();")
        wait { self.value("!!(window.fetched && window.all)") == .bool(true) }
        XCTAssertEqual(value("window.fetched"), .string("null"), "an HttpOnly cookie must not reach scripts through fetch")
        XCTAssertEqual(value("/set-cookie/i.test(window.all)"), .bool(false), "nor through XMLHttpRequest")
        XCTAssertEqual(jar.allCookies.map(\.name).sorted(), ["other", "secret"], "the cookies were still stored")
    }

    func testACrossOriginFetchDoesNotSendCookies() {
        loadAndWait("/set-cookie?c=token=xyz")
        jar.setCookie("other=1", for: server.url("/", host: "localhost"))
        _ = value("fetch('http://localhost:\(server.port)/headers?Access-Control-Allow-Origin=*').then(function (r) { window.done = r.status; })")
        wait { self.value("window.done") == .number(200) }
        XCTAssertEqual(jar.cookies(for: server.url("/", host: "localhost")).map(\.name), ["other"])
    }

    func testTheCookieStoreSeesServerCookiesAndRespectsHttpOnlyAndPublicSuffixes() {
        loadAndWait("/set-cookie?c=visible=1&c=hidden=2;%20HttpOnly&c=evil=3;%20Domain=co.uk")
        let names = jar.allCookies.map(\.name).sorted()
        XCTAssertEqual(names, ["hidden", "visible"], "a cookie for a public suffix is refused")
        XCTAssertTrue(jar.allCookies.first { $0.name == "hidden" }?.isHTTPOnly ?? false)
    }
}
