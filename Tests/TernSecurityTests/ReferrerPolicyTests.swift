import XCTest
import Foundation
@testable import TernKit
import TernNet

/// Issue #13 item 12: the Referer no longer leaks a page's full URL to other
/// origins or from https to http. W3C Referrer Policy's algorithms (§8.3,
/// §8.4), its delivery (the header, `<meta name=referrer>`, `referrerpolicy`,
/// `rel=noreferrer`), and real loads between a.test, b.test over http and https.
final class ReferrerPolicyTests: SecurityTestCase {
    // MARK: The algorithms

    func testStripURLForUseAsAReferrer() {
        let url = WebURL("https://user:pass@a.test:8443/dir/page?q=1#frag")!
        XCTAssertEqual(ReferrerPolicy.strip(url)?.href, "https://a.test:8443/dir/page?q=1")
        XCTAssertEqual(ReferrerPolicy.strip(url, originOnly: true)?.href, "https://a.test:8443/")
        XCTAssertEqual(ReferrerPolicy.strip(WebURL("http://a.test/")!)?.href, "http://a.test/")
        for local in ["data:text/html,x", "about:blank", "blob:https://a.test/0f0c", "about:srcdoc"] {
            XCTAssertNil(ReferrerPolicy.strip(WebURL(local)!), local)
            XCTAssertNil(ReferrerPolicy.strip(WebURL(local)!, originOnly: true), local)
        }
    }

    func testEachPolicyAgainstSameOriginCrossOriginAndDowngrade() {
        let source = WebURL("https://a.test/secret/page?token=1#x")!
        let full = "https://a.test/secret/page?token=1", origin = "https://a.test/"
        let same = WebURL("https://a.test/other")!, cross = WebURL("https://b.test/")!, down = WebURL("http://b.test/")!
        let downSameHost = WebURL("http://a.test/")!
        let table: [(ReferrerPolicy, same: String?, cross: String?, downgrade: String?)] = [
            (.noReferrer, nil, nil, nil),
            (.noReferrerWhenDowngrade, full, full, nil),
            (.sameOrigin, full, nil, nil),
            (.origin, origin, origin, origin),
            (.strictOrigin, origin, origin, nil),
            (.originWhenCrossOrigin, full, origin, origin),
            (.strictOriginWhenCrossOrigin, full, origin, nil),
            (.unsafeURL, full, full, full),
        ]
        for (policy, expectSame, expectCross, expectDown) in table {
            XCTAssertEqual(ReferrerPolicy.determineReferrer(source: source, policy: policy, currentURL: same)?.href, expectSame, "\(policy) same")
            XCTAssertEqual(ReferrerPolicy.determineReferrer(source: source, policy: policy, currentURL: cross)?.href, expectCross, "\(policy) cross")
            XCTAssertEqual(ReferrerPolicy.determineReferrer(source: source, policy: policy, currentURL: down)?.href, expectDown, "\(policy) down")
            // http on the same host is another origin, and a downgrade.
            XCTAssertEqual(ReferrerPolicy.determineReferrer(source: source, policy: policy, currentURL: downSameHost)?.href,
                           expectDown, "\(policy) to http on the same host")
        }
        XCTAssertEqual(ReferrerPolicy.default, .strictOriginWhenCrossOrigin)
        // From http, going to https is no downgrade.
        let plain = WebURL("http://a.test/p?q")!
        XCTAssertEqual(ReferrerPolicy.determineReferrer(source: plain, policy: .strictOrigin, currentURL: cross)?.href, "http://a.test/")
        XCTAssertEqual(ReferrerPolicy.determineReferrer(source: plain, policy: .noReferrerWhenDowngrade, currentURL: down)?.href,
                       "http://a.test/p?q")
    }

    func testDocumentsOfOpaqueOriginsSendNoReferrer() {
        let target = WebURL("https://b.test/")!
        for document in ["data:text/html,x", "about:blank", "file:///home/me/page.html"] {
            XCTAssertNil(ReferrerPolicy.referrer(for: target, policy: .unsafeURL, document: WebURL(document)!), document)
        }
        XCTAssertNil(ReferrerPolicy.referrer(for: target, policy: .unsafeURL, document: nil))
    }

    func testAReferrerLongerThan4096BytesIsCutToItsOrigin() {
        let long = WebURL("https://a.test/" + String(repeating: "x", count: 5000))!
        XCTAssertEqual(ReferrerPolicy.determineReferrer(source: long, policy: .unsafeURL, currentURL: long)?.href, "https://a.test/")
        let fits = WebURL("https://a.test/" + String(repeating: "x", count: 4000))!
        XCTAssertEqual(ReferrerPolicy.determineReferrer(source: fits, policy: .unsafeURL, currentURL: fits), fits)
    }

    func testTheHeaderIsACommaListWhoseLastKnownTokenWins() {
        let cases: [([String], ReferrerPolicy?)] = [
            (["no-referrer"], .noReferrer),
            (["no-referrer, unsafe-url"], .unsafeURL),
            (["unsafe-url, not-a-policy"], .unsafeURL),
            (["origin", "same-origin"], .sameOrigin),
            (["  strict-origin\t"], .strictOrigin),
            (["not-a-policy"], nil),
            ([""], nil),
            ([], nil),
            (["origin, \"unsafe-url, no-referrer\""], .origin),
            (["ORIGIN"], nil),
            (["origin\u{0}"], nil),
            (["no-referrer,,"], .noReferrer),
        ]
        for (values, expected) in cases {
            XCTAssertEqual(ReferrerPolicy.parse(headerValues: values), expected, "\(values)")
        }
        XCTAssertEqual(ReferrerPolicy.parse(headers: ["Referrer-Policy": "origin"]), .origin)
    }

    func testMetaContentAndTheAttribute() {
        let meta: [(String?, ReferrerPolicy?)] = [
            ("never", .noReferrer), ("default", .strictOriginWhenCrossOrigin), ("always", .unsafeURL),
            ("origin-when-crossorigin", .originWhenCrossOrigin), ("NO-REFERRER", .noReferrer), ("Origin", .origin),
            ("", nil), (nil, nil), ("bogus", nil), (" origin", nil),
        ]
        for (content, expected) in meta { XCTAssertEqual(ReferrerPolicy.parse(metaContent: content), expected, "\(String(describing: content))") }
        let attribute: [(String?, ReferrerPolicy?)] = [
            ("no-referrer", .noReferrer), ("UNSAFE-URL", .unsafeURL), ("", nil), (nil, nil), ("never", nil), ("bogus", nil),
        ]
        for (value, expected) in attribute { XCTAssertEqual(ReferrerPolicy.parse(attribute: value), expected, "\(String(describing: value))") }
        XCTAssertTrue(ReferrerPolicy.relIncludesNoReferrer("nofollow NoReferrer"))
        XCTAssertTrue(ReferrerPolicy.relIncludesNoReferrer("\tnoreferrer\n"))
        XCTAssertFalse(ReferrerPolicy.relIncludesNoReferrer("noreferrerx noopener"))
        XCTAssertFalse(ReferrerPolicy.relIncludesNoReferrer(nil))
    }

    func testPotentiallyTrustworthyURLs() {
        for trusted in ["https://a.test/", "wss://a.test/", "http://127.0.0.1/", "http://127.9.8.7:81/", "http://[::1]/",
                        "http://localhost/", "http://app.localhost:8080/", "data:text/html,x", "about:blank", "blob:https://a.test/1"] {
            XCTAssertTrue(WebURL(trusted)!.isPotentiallyTrustworthy, trusted)
        }
        for untrusted in ["http://a.test/", "http://128.0.0.1/", "http://[::2]/", "http://localhost.a.test/", "ws://a.test/",
                          "ftp://a.test/", "about:config", "blob:http://a.test/1"] {
            XCTAssertFalse(WebURL(untrusted)!.isPotentiallyTrustworthy, untrusted)
        }
    }

    // MARK: Real loads

    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// A page with `html` at `base` (an /mime URL on that origin; `extra` query pieces go on the path).
    private func page(_ html: String, at base: WebURL) -> WebURL {
        WebURL("/mime?type=" + encode("text/html; charset=utf-8") + "&secret=token42&body=" + encode("<!DOCTYPE html><title>P</title>" + html),
               base: base)!
    }

    /// The Referer /echo received on the page now shown (nil for none).
    private func echoedReferer(file: StaticString = #filePath, line: UInt = #line) -> String? {
        XCTAssertEqual(webView.url?.pathname, "/echo", file: file, line: line)
        return (echo(file: file, line: line)["headers"] as? [[String]] ?? []).first { $0.first?.lowercased() == "referer" }?.last
    }

    /// Activates `selector` and waits for the navigation it starts.
    private func click(_ selector: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let node = try XCTUnwrap(try webView.page.document?.querySelector(selector), file: file, line: line)
        recorder.clear()
        guard case .navigation = webView.page.activate(node) else { return XCTFail("no navigation", file: file, line: line) }
        wait(file: file, line: line) { recorder.ended }
    }

    /// `/header-script` on `host` over `scheme`, storing the Referer it received in `window[variable]`.
    private func refererScript(_ scheme: String, _ host: String, _ variable: String) -> String {
        let path = "/header-script?name=Referer&var=\(variable)"
        return (scheme == "https" ? https(host, path) : http(host, path)).href
    }

    func testAnHTTPSPageTellsOtherOriginsItsOriginAndHTTPNothing() throws {
        let start = page("<a id=b href='\(https("b.test", "/echo").href)'>b</a><a id=plain href='\(http("b.test", "/echo").href)'>plain</a>"
                         + "<a id=self href='/echo'>self</a>"
                         + "<script src='\(refererScript("https", "b.test", "scriptReferer"))'></script>", at: https("a.test", "/"))
        loadAndWait(start)
        XCTAssertEqual(value("window.scriptReferer"), .string(https("a.test", "/").href), "a cross-origin script: the origin only")
        let fetched = asyncValue("fetch('\(refererScript("https", "b.test", "f"))').then(function (r) { return r.text(); })"
                                 + ".then(function (t) { done(t); }, function (e) { done('error ' + e); });")
        XCTAssertEqual(fetched, .string("window[\"f\"] = \"\(https("a.test", "/").href)\";\n"), "a cross-origin fetch: the origin only")
        try click("#b")
        XCTAssertEqual(echoedReferer(), https("a.test", "/").href, "a cross-origin link: the origin only")
        loadAndWait(start)
        try click("#plain")
        XCTAssertNil(echoedReferer(), "https to http: no Referer")
        loadAndWait(start)
        try click("#self")
        XCTAssertEqual(echoedReferer(), start.href, "its own origin: the whole URL")
    }

    func testPlainHTTPPagesSendTheOriginOnlyToOtherOrigins() {
        loadAndWait(page("<script src='\(refererScript("http", "b.test", "r"))'></script>", at: http("a.test", "/")))
        XCTAssertEqual(value("window.r"), .string(http("a.test", "/").href))
        let xhr = asyncValue("var x = new XMLHttpRequest(); x.open('GET', '\(refererScript("http", "b.test", "x"))');"
                             + "x.onload = function () { done(x.responseText); }; x.onerror = function () { done('error'); }; x.send();")
        XCTAssertEqual(xhr, .string("window[\"x\"] = \"\(http("a.test", "/").href)\";\n"))
        let same = asyncValue("fetch('/echo').then(function (r) { return r.json(); }).then(function (e) {"
                              + " done(e.headers.filter(function (h) { return h[0] === 'Referer'; })[0][1]); });")
        XCTAssertEqual(same, .string(webView.url?.href ?? "?"), "same origin: the whole URL")
    }

    func testARedirectToAnotherOriginGetsTheOriginOnly() throws {
        let hop = http("a.test", "/redirect-to?url=" + encode(http("b.test", "/echo").href))
        loadAndWait(page("<a id=go href='\(hop.href)'>go</a>", at: http("a.test", "/")))
        try click("#go")
        XCTAssertEqual(echoedReferer(), http("a.test", "/").href)
    }

    func testTheReferrerPolicyHeaderIsHonoured() throws {
        let link = "var a = document.createElement('a'); a.id = 'go'; a.href = '%@'; document.body.appendChild(a); 0"
        loadAndWait(https("a.test", "/headers?Referrer-Policy=no-referrer"))
        _ = value(String(format: link, https("b.test", "/echo").href))
        try click("#go")
        XCTAssertNil(echoedReferer(), "no-referrer")

        loadAndWait(https("a.test", "/headers?Referrer-Policy=" + encode("bogus, unsafe-url, nonsense")))
        let secret = webView.url?.href
        _ = value(String(format: link, http("b.test", "/echo").href))
        try click("#go")
        XCTAssertEqual(echoedReferer(), secret, "unsafe-url (the last valid token) even to http")

        loadAndWait(https("a.test", "/headers?Referrer-Policy=origin"))
        let same = asyncValue("fetch('/echo').then(function (r) { return r.json(); }).then(function (e) {"
                              + " done(e.headers.filter(function (h) { return h[0] === 'Referer'; })[0][1]); });")
        XCTAssertEqual(same, .string(https("a.test", "/").href), "origin, even to its own origin")
    }

    func testTheMetaElementIsHonouredIncludingLegacyValues() throws {
        loadAndWait(page("<meta name=referrer content=never><a id=go href='\(http("b.test", "/echo").href)'>go</a>", at: http("a.test", "/")))
        try click("#go")
        XCTAssertNil(echoedReferer(), "never")

        loadAndWait(page("<meta name=Referrer content=ORIGIN><a id=go href='/echo'>go</a>", at: http("a.test", "/")))
        try click("#go")
        XCTAssertEqual(echoedReferer(), http("a.test", "/").href, "origin, to its own origin too")

        // A later meta overrides the header; an invalid one changes nothing.
        loadAndWait(https("a.test", "/headers?Referrer-Policy=no-referrer"))
        _ = value("var m = document.createElement('meta'); m.name = 'referrer'; m.content = 'always'; document.head.appendChild(m);"
                  + "var n = document.createElement('meta'); n.name = 'referrer'; n.content = 'bogus'; document.head.appendChild(n);"
                  + "var a = document.createElement('a'); a.id = 'go'; a.href = '\(https("b.test", "/echo").href)'; document.body.appendChild(a); 0")
        let secret = webView.url?.href
        try click("#go")
        XCTAssertEqual(echoedReferer(), secret, "always (unsafe-url) from the meta a script added")
    }

    func testReferrerPolicyAttributesAndNoReferrerLinks() throws {
        let b = https("b.test", "/echo").href
        let start = page("<a id=none referrerpolicy=no-referrer href='\(b)'>x</a><a id=all referrerpolicy=UNSAFE-URL href='\(b)'>y</a>"
                         + "<a id=rel rel='noopener noreferrer' referrerpolicy=unsafe-url href='\(b)'>z</a>"
                         + "<form id=f method=post rel=noreferrer action='\(b)'><input name=a value=1><button id=send>go</button></form>"
                         + "<script referrerpolicy=unsafe-url src='\(refererScript("https", "b.test", "s"))'></script>",
                         at: https("a.test", "/"))
        loadAndWait(start)
        XCTAssertEqual(value("window.s"), .string(start.href), "a script's referrerpolicy")
        try click("#none")
        XCTAssertNil(echoedReferer(), "referrerpolicy=no-referrer")
        loadAndWait(start)
        try click("#all")
        XCTAssertEqual(echoedReferer(), start.href, "referrerpolicy=unsafe-url")
        loadAndWait(start)
        try click("#rel")
        XCTAssertNil(echoedReferer(), "rel=noreferrer wins over the attribute")
        loadAndWait(start)
        try click("#send")
        XCTAssertNil(echoedReferer(), "a form with rel=noreferrer")
    }
}
