import XCTest
import TernKit
import TernTestSupport

/// location and history: navigations through the policy, pushState entries
/// without loads, popstate and hashchange.
final class LocationHistoryTests: WebViewTestCase {
    func testPushStateAddsEntriesWithoutLoadingAndBackFiresPopstate() {
        loadAndWait("/page/app")
        recorder.clear()
        _ = value("""
            window.pops = [];
            window.onpopstate = function (e) { pops.push(JSON.stringify(e.state) + ' ' + location.pathname); };
            history.pushState({step: 1}, '', '/page/app/step1');
            history.pushState({step: 2}, '', 'step2');
            """)
        XCTAssertEqual(webView.url?.pathname, "/page/app/step2")
        XCTAssertEqual(value("[history.length, history.state.step]"), .array([.number(3), .number(2)]))
        XCTAssertTrue(webView.canGoBack)
        webView.goBack()
        spin(0.05)
        XCTAssertEqual(webView.url?.pathname, "/page/app/step1")
        XCTAssertTrue(webView.canGoForward)
        _ = value("history.back()")
        spin(0.05)
        XCTAssertEqual(value("pops"), .array([.string("{\"step\":1} /page/app/step1"), .string("null /page/app")]))
        XCTAssertTrue(recorder.events.isEmpty, "no navigation happened: \(recorder.events)")
        _ = value("history.replaceState({replaced: true}, '', '?q=1')")
        XCTAssertEqual(webView.url?.href, server.url("/page/app?q=1").href)
        XCTAssertEqual(webView.backForwardList.forwardList.count, 2)
    }

    func testPushStateCannotChangeTheOrigin() {
        loadAndWait("/page/app")
        XCTAssertEqual(value("try { history.pushState(null, '', 'http://other.test/'); 'pushed' } catch (e) { e.message }")?.stringValue?.hasPrefix("SecurityError"), true)
        XCTAssertEqual(value("history.length"), .number(1))
    }

    func testLocationNavigatesThroughThePolicy() {
        loadAndWait("/page/a")
        recorder.clear()
        _ = value("location.href = '/page/b'")
        wait { recorder.events.last == "finish" }
        XCTAssertEqual(recorder.events.first, "action GET /page/b allow")
        XCTAssertEqual(webView.title, "b")
        XCTAssertEqual(webView.backForwardList.backList.count, 1)

        recorder.clear()
        _ = value("location.replace('/page/c')")
        wait { recorder.events.last == "finish" }
        XCTAssertEqual(webView.title, "c")
        XCTAssertEqual(webView.backForwardList.backList.map(\.title), ["a"], "replace kept the list length")

        recorder.actionPolicy = { $0.request.url.pathname == "/page/blocked" ? .cancel : .allow }
        recorder.clear()
        _ = value("location.assign('/page/blocked')")
        spin(0.2)
        XCTAssertEqual(recorder.events, ["action GET /page/blocked cancel"])
        XCTAssertEqual(webView.title, "c")
    }

    func testSettingTheHashIsASameDocumentNavigationWithHashchange() {
        loadAndWait("/page/h")
        recorder.clear()
        _ = value("window.changes = []; window.onhashchange = function (e) { changes.push(e.newURL.split('#')[1]); }; location.hash = 'part2'")
        XCTAssertEqual(webView.url?.fragment, "part2")
        XCTAssertEqual(value("changes"), .array([.string("part2")]))
        XCTAssertEqual(value("[location.hash, history.length]"), .array([.string("#part2"), .number(2)]))
        XCTAssertTrue(recorder.events.isEmpty)
    }

    func testAWebPageCannotNavigateToAFile() {
        var console: [String] = []
        webView.onConsoleMessage = { console.append($0.text) }
        loadAndWait("/page/w")
        recorder.clear()
        _ = value("location.href = 'file:///etc/passwd'")
        spin(0.2)
        XCTAssertTrue(recorder.events.isEmpty)
        XCTAssertTrue(console.contains { $0.contains("Not allowed to load local resource") }, "\(console)")
    }

    func testLocationReadsTheCurrentURL() {
        loadAndWait("/page/read?x=1#frag")
        XCTAssertEqual(value("[location.pathname, location.search, location.hash, location.host, String(location)]"),
                       .array([.string("/page/read"), .string("?x=1"), .string("#frag"), .string("127.0.0.1:\(server.port)"),
                               .string(server.url("/page/read?x=1#frag").href)]))
    }
}
