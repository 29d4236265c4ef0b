import XCTest
import TernKit
import TernTestSupport

/// Per-site settings the WebKit way: `WebpagePreferences` chosen by the
/// navigation delegate for each page (scripts, User-Agent), and the cookie
/// store's per-host policy (block, session-only). Several host names on
/// loopback, pinned with `network.resolve` to the test server.
final class SitePolicyTests: WebViewTestCase {
    private var sites: SitePreferencesDelegate!
    private let hosts = ["scripts-off.test", "scripts-on.test", "agent.test", "blocked.test", "session.test"]

    override func setUp() {
        super.setUp()
        makeSiteWebView()
    }

    private func makeSiteWebView(_ configure: (inout WebViewConfiguration) -> Void = { _ in }) {
        let port = server.port
        makeWebView { configuration in
            configuration.network.resolve = hosts.map { "\($0):\(port):127.0.0.1" }
            configure(&configuration)
        }
        sites = SitePreferencesDelegate(recorder: recorder)
        webView.navigationDelegate = sites
    }

    private func load(_ path: String, host: String) {
        recorder.clear()
        webView.load(Request(url: server.url(path, host: host)))
        wait { recorder.ended }
    }

    /// A page whose script replaces the paragraph's text.
    private let scriptedPage = "/mime?type=text/html&body="
        + "<p id=p>static text</p><script>document.getElementById('p').textContent = 'written by the script'</script>"
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!

    private var paragraph: ScriptValue? { value("document.getElementById('p').textContent") }

    // MARK: WebpagePreferences

    func testScriptsOffForOneHostAndOnForAnother() {
        sites.scriptsOff = ["scripts-off.test"]
        load(scriptedPage, host: "scripts-off.test")
        XCTAssertEqual(paragraph, .string("static text"), "the page's script did not run")
        XCTAssertTrue(recorder.events.contains("finish"))
        load(scriptedPage, host: "scripts-on.test")
        XCTAssertEqual(paragraph, .string("written by the script"))
        // The same host again: the setting is asked for each navigation.
        load(scriptedPage, host: "scripts-off.test")
        XCTAssertEqual(paragraph, .string("static text"))
        XCTAssertEqual(sites.asked, ["scripts-off.test", "scripts-on.test", "scripts-off.test"])
    }

    func testARedirectToAnotherSiteGetsThatSitesPreferences() {
        sites.scriptsOff = ["scripts-off.test"]
        let target = server.url(scriptedPage, host: "scripts-on.test").href
        load("/redirect-to?url=" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, host: "scripts-off.test")
        XCTAssertEqual(webView.url?.hostname, "scripts-on.test")
        XCTAssertEqual(paragraph, .string("written by the script"), "the last hop's answer applies")
        XCTAssertEqual(sites.offered, [WebpagePreferences(), WebpagePreferences()], "each hop is offered the default")
        // And the other way round.
        let back = server.url(scriptedPage, host: "scripts-off.test").href
        load("/redirect-to?url=" + back.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, host: "scripts-on.test")
        XCTAssertEqual(paragraph, .string("static text"))
    }

    func testPreferencesStartFromTheConfigurationsDefault() {
        makeSiteWebView { $0.defaultWebpagePreferences.allowsContentJavaScript = false }
        load(scriptedPage, host: "scripts-on.test")
        XCTAssertEqual(paragraph, .string("static text"), "defaultWebpagePreferences turned scripts off")
        XCTAssertEqual(sites.offered.first?.allowsContentJavaScript, false, "the delegate was offered the default")
    }

    func testAUserAgentForOneSiteGoesWithItsPageAndSubresources() {
        sites.userAgents = ["agent.test": "SiteAgent/1.0"]
        load("/echo", host: "agent.test")
        XCTAssertEqual(sentHeader("User-Agent"), "SiteAgent/1.0", "the page's request")
        _ = value("fetch('/echo').then(function (r) { return r.json(); }).then(function (e) { window.fetched = e; })")
        wait { self.value("!!window.fetched") == .bool(true) }
        XCTAssertEqual(value("window.fetched.headers.filter(function (h) { return h[0].toLowerCase() === 'user-agent'; })[0][1]"),
                       .string("SiteAgent/1.0"), "the page's subresources")
        XCTAssertEqual(value("navigator.userAgent"), .string("SiteAgent/1.0"))
        load("/echo", host: "scripts-on.test")
        XCTAssertEqual(sentHeader("User-Agent"), webView.userAgent, "another site gets the web view's")
    }

    func testADelegateWithoutThePreferencesMethodIsAskedThePlainOne() {
        webView.navigationDelegate = recorder
        recorder.actionPolicy = { _ in .cancel }
        webView.load(Request(url: server.url(scriptedPage, host: "scripts-on.test")))
        wait { !self.webView.isLoading }
        XCTAssertEqual(recorder.actions.count, 1)
        XCTAssertFalse(recorder.events.contains("start"), "its answer was heard")
    }

    private func sentHeader(_ name: String) -> String? {
        let headers = echo()["headers"] as? [[String]] ?? []
        return headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }

    // MARK: Cookie policy

    private var store: HTTPCookieStore { webView.configuration.websiteDataStore.httpCookieStore }

    private func cookies(of host: String) -> [Cookie] {
        store.cookieJar.allCookies.filter { $0.domain == host }
    }

    func testABlockedSiteNeitherStoresNorSendsCookies() {
        store.cookiePolicy = { $0 == "blocked.test" ? .block : .allow }
        load("/set-cookie?c=tracker=1;%20Max-Age=3600", host: "blocked.test")
        XCTAssertEqual(cookies(of: "blocked.test").map(\.name), [], "Set-Cookie was not stored")
        _ = value("document.cookie = 'fromScript=1'")
        XCTAssertEqual(cookies(of: "blocked.test").map(\.name), [], "document.cookie was not stored")
        // A cookie the app stored itself is not sent to the blocked host either.
        store.setCookie(Cookie(name: "old", value: "1", domain: "blocked.test", path: "/"))
        load("/echo", host: "blocked.test")
        XCTAssertNil(sentHeader("Cookie"))
        XCTAssertEqual(value("document.cookie"), .string(""))
        // Other hosts are not touched.
        load("/set-cookie?c=kept=1;%20Max-Age=3600", host: "scripts-on.test")
        XCTAssertEqual(cookies(of: "scripts-on.test").map(\.name), ["kept"])
        load("/echo", host: "scripts-on.test")
        XCTAssertEqual(sentHeader("Cookie"), "kept=1")
    }

    func testSessionOnlyKeepsPersistentCookiesAsSessionCookies() {
        store.cookiePolicy = { $0 == "session.test" ? .sessionOnly : .allow }
        load("/set-cookie?c=long=1;%20Max-Age=3600", host: "session.test")
        XCTAssertEqual(cookies(of: "session.test").map(\.name), ["long"])
        XCTAssertEqual(cookies(of: "session.test").first?.isPersistent, false, "kept for the session only")
        _ = value("document.cookie = 'script=2; max-age=3600'")
        XCTAssertEqual(cookies(of: "session.test").first { $0.name == "script" }?.isPersistent, false)
        load("/echo", host: "session.test")
        XCTAssertEqual(sentHeader("Cookie"), "long=1; script=2", "and sent as usual")
        // Max-Age=0 still deletes.
        load("/set-cookie?c=long=;%20Max-Age=0", host: "session.test")
        XCTAssertEqual(cookies(of: "session.test").map(\.name), ["script"])
        // An allowed host keeps its persistent cookies.
        load("/set-cookie?c=long=1;%20Max-Age=3600", host: "scripts-on.test")
        XCTAssertEqual(cookies(of: "scripts-on.test").first?.isPersistent, true)
    }
}

/// Answers `decidePolicyFor:preferences:` from per-host lists, and passes
/// every step on to the recorder (so `loadAndWait`-style waits work).
private final class SitePreferencesDelegate: NavigationDelegate {
    let recorder: NavigationRecorder
    var scriptsOff: Set<String> = []
    var userAgents: [String: String] = [:]
    /// The hosts asked about, and the preferences offered, in order.
    private(set) var asked: [String] = []
    private(set) var offered: [WebpagePreferences] = []

    init(recorder: NavigationRecorder) {
        self.recorder = recorder
    }

    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
                 decisionHandler: @escaping (NavigationActionPolicy, WebpagePreferences) -> Void) {
        let host = navigationAction.request.url.hostname
        asked.append(host)
        offered.append(preferences)
        var chosen = preferences
        if scriptsOff.contains(host) { chosen.allowsContentJavaScript = false }
        if let agent = userAgents[host] { chosen.customUserAgent = agent }
        recorder.webView(webView, decidePolicyFor: navigationAction) { decisionHandler($0, chosen) }
    }

    func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                 decisionHandler: @escaping (NavigationResponsePolicy) -> Void) {
        recorder.webView(webView, decidePolicyFor: navigationResponse, decisionHandler: decisionHandler)
    }

    func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) {
        recorder.webView(webView, didStartProvisionalNavigation: navigation)
    }

    func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
        recorder.webView(webView, didFailProvisionalNavigation: navigation, withError: error)
    }

    func webView(_ webView: WebView, didCommit navigation: Navigation!) {
        recorder.webView(webView, didCommit: navigation)
    }

    func webView(_ webView: WebView, didFinish navigation: Navigation!) {
        recorder.webView(webView, didFinish: navigation)
    }

    func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
        recorder.webView(webView, didFail: navigation, withError: error)
    }
}
