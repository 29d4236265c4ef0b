import XCTest
import TernKit
import TernScript
import TernTestSupport

/// window.open gives the popup's WindowProxy: postMessage both ways through
/// serialization (a popup has an engine of its own), `closed`, `close()`,
/// `opener`, and `noopener`.
final class PopupMessagingTests: WebViewTestCase {
    final class Windows: UIDelegate {
        var created: [WebView] = []
        var closed = 0
        func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                     for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
            let view = WebView(configuration: configuration)
            created.append(view)
            return view
        }
        func webViewDidClose(_ webView: WebView) { closed += 1 }
    }

    /// Evaluates `expression` in `view` and waits for its result.
    func value(in view: WebView, _ expression: String, file: StaticString = #filePath, line: UInt = #line) -> ScriptValue? {
        var result: ScriptValue?
        var done = false
        view.evaluateScriptValue(expression) { outcome in
            if case .success(let value) = outcome { result = value } else { XCTFail("\(outcome)", file: file, line: line) }
            done = true
        }
        wait(file: file, line: line) { done }
        return result
    }

    /// A closing window's view is dropped by the delegate (as the WPT
    /// harness and a front end do): the opener's WindowProxy of it stays
    /// safe to use, `closed` and all, and the opener goes on.
    final class ClosingWindows: UIDelegate {
        var created: [WebView] = []
        /// Given to each window made, before its page asks anything.
        var navigationDelegate: NavigationDelegate?
        func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                     for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
            let view = WebView(configuration: configuration)
            view.uiDelegate = self
            view.navigationDelegate = navigationDelegate
            created.append(view)
            return view
        }
        func webViewDidClose(_ webView: WebView) { created.removeAll { $0 === webView } }
    }

    func testWindowsOpenedAndClosedAtOnceLeaveTheOpenerWorking() {
        let windows = ClosingWindows()
        makeWebView { $0.preferences.javaScriptCanOpenWindowsAutomatically = true }
        webView.uiDelegate = windows
        loadAndWait("/page/opener")
        XCTAssertEqual(value("""
            var ws = [1, 2, 3].map(function () { return window.open('about:blank', '_blank'); });
            ws.every(function (w) { return w !== null; }) && ws[0] !== ws[1] && ws[1] !== ws[2]
            """), .bool(true))
        XCTAssertEqual(windows.created.count, 3)
        _ = value("ws.forEach(function (w) { w.close(); }); 1")
        wait { windows.created.isEmpty }
        spin(0.2)
        XCTAssertEqual(value("ws.map(function (w) { return w.closed; }).join()"), .string("true,true,true"))
        XCTAssertEqual(value("ws.forEach(function (w) { w.close(); w.postMessage('late', '*'); }); document.title"), .string("opener"))
    }

    /// Holds each navigation's policy question unanswered until told.
    final class SlowPolicies: NavigationDelegate {
        var held: [(NavigationActionPolicy) -> Void] = []
        func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                     decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
            held.append(decisionHandler)
        }
    }

    /// A window closed while its page waits for a navigation's policy: the
    /// question is dropped with the window, and the opener goes on.
    func testAWindowClosedWhileItsPolicyIsAskedLeavesTheOpenerWorking() {
        let windows = ClosingWindows()
        let policies = SlowPolicies()
        makeWebView { $0.preferences.javaScriptCanOpenWindowsAutomatically = true }
        windows.navigationDelegate = policies
        webView.uiDelegate = windows
        loadAndWait("/page/opener")
        XCTAssertEqual(value("var w = window.open('/page/popup'); w !== null"), .bool(true))
        XCTAssertEqual(windows.created.count, 1)
        wait { !policies.held.isEmpty }
        _ = value("w.close(); 1")
        wait { windows.created.isEmpty }
        spin(0.2)
        for answer in policies.held { answer(.allow) }
        XCTAssertEqual(value("[w.closed, document.title].join()"), .string("true,opener"))
    }

    func testPostMessageBetweenOpenerAndPopup() {
        let windows = Windows()
        webView.uiDelegate = windows
        loadAndWait("/page/opener")
        webView.notifyUserActivation()
        XCTAssertEqual(value("""
            var replies = [];
            onmessage = function (e) { replies.push([e.data.n, e.origin, e.source === w]); };
            var w = window.open('/page/popup');
            w !== null && w === w.window && w.closed === false && typeof w.postMessage === 'function'
            """), .bool(true))
        guard let popup = windows.created.first else { return XCTFail("no window opened") }
        popup.uiDelegate = windows
        wait { popup.title == "popup" && !popup.isLoading }
        // Of the same origin, the opener reaches the popup's page through the WindowProxy.
        XCTAssertEqual(value("w.document.title"), .string("popup"))
        XCTAssertEqual(value(in: popup, """
            var got = [];
            onmessage = function (e) { got.push(e.data.list[0]); e.source.postMessage({ n: e.data.list.length }, e.origin); };
            opener !== null && opener === opener.self
            """), .bool(true))
        XCTAssertEqual(value("w.postMessage({ list: ['hello', new Map()] }, '*'); 1"), .number(1))
        wait { self.value("replies.length") == .number(1) }
        XCTAssertEqual(value(in: popup, "got.join()"), .string("hello"))
        let origin = server.url("/").origin
        XCTAssertEqual(value("JSON.stringify(replies)"), .string("[[2,\"\(origin)\",true]]"))
        // The opener navigates the popup through its restricted location.
        _ = value("w.location.href = '/page/next'; 1")
        wait { popup.title == "next" && !popup.isLoading }
        XCTAssertEqual(value("w.closed"), .bool(false), "the same WindowProxy after the popup navigated")
        XCTAssertEqual(value("w.close(); w.closed"), .bool(true))
        wait { windows.closed == 1 }
    }

    /// A form's "add related item" popup, as Django's admin makes it: the
    /// popup is named by `window.open`, reads its opener, hands it a value
    /// through one of the opener's functions, which closes the popup; a
    /// second `window.open` with the name navigates the same window.
    func testANamedPopupReturnsAValueToItsOpenerAndIsClosedByIt() {
        let windows = Windows()
        webView.uiDelegate = windows
        loadAndWait("/page/opener")
        webView.notifyUserActivation()
        XCTAssertEqual(value("""
            var chosen = null;
            function dismissPopup(win, value) { chosen = [win.name, value]; win.close(); }
            var w = window.open('/page/popup', 'id_author', 'popup');
            w !== null
            """), .bool(true))
        guard let popup = windows.created.first else { return XCTFail("no window opened") }
        popup.uiDelegate = windows
        wait { popup.title == "popup" && !popup.isLoading }
        XCTAssertEqual(value(in: popup, "[window.name, opener.document.title, typeof opener.dismissPopup]"),
                       .array([.string("id_author"), .string("opener"), .string("function")]))
        XCTAssertEqual(value("w === window.open('/page/next', 'id_author')"), .bool(true))
        XCTAssertEqual(windows.created.count, 1, "the name found the open window")
        wait { popup.title == "next" && !popup.isLoading }
        XCTAssertEqual(value(in: popup, "window.name"), .string("id_author"), "the name outlives the page")
        _ = value(in: popup, "opener.dismissPopup(window, 'Ada'); 1")
        XCTAssertEqual(value("JSON.stringify(chosen)"), .string(#"["id_author","Ada"]"#))
        wait { windows.closed == 1 }
    }

    /// A popup of another origin stays behind the restricted proxy both ways.
    func testACrossOriginPopupIsReachedOnlyThroughTheRestrictedProxy() {
        let windows = Windows()
        webView.uiDelegate = windows
        loadAndWait("/page/opener")
        webView.notifyUserActivation()
        let other = server.url("/page/popup", host: "localhost").href
        XCTAssertEqual(value("var w = window.open('\(other)', 'x'); w !== null"), .bool(true))
        guard let popup = windows.created.first else { return XCTFail("no window opened") }
        wait { popup.title == "popup" && !popup.isLoading }
        XCTAssertEqual(value("try { w.document; 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(value(in: popup, "try { opener.document; 'no' } catch (e) { e.name }"), .string("SecurityError"))
        XCTAssertEqual(value(in: popup, "window.name"), .string("x"))
    }

    func testNoopenerGivesNull() {
        let windows = Windows()
        webView.uiDelegate = windows
        loadAndWait("/page/opener")
        webView.notifyUserActivation()
        XCTAssertEqual(value("window.open('/page/popup', '_blank', 'noopener')"), .null)
        guard let popup = windows.created.first else { return XCTFail("no window opened") }
        wait { popup.title == "popup" && !popup.isLoading }
        XCTAssertEqual(value(in: popup, "opener"), .null)
    }

    func testFeaturesParsing() {
        XCTAssertTrue(ScriptWindow.featuresDisownOpener("noopener"))
        XCTAssertTrue(ScriptWindow.featuresDisownOpener("width=10, NoReferrer"))
        XCTAssertTrue(ScriptWindow.featuresDisownOpener("noopener=1"))
        XCTAssertFalse(ScriptWindow.featuresDisownOpener("noopener=0"))
        XCTAssertFalse(ScriptWindow.featuresDisownOpener("noopener=no"))
        XCTAssertFalse(ScriptWindow.featuresDisownOpener("width=300,height=200"))
        XCTAssertFalse(ScriptWindow.featuresDisownOpener(",,==, ="))
    }
}
