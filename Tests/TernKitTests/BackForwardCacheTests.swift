import XCTest
import TernKit
import TernTestSupport

/// The back/forward cache keeps a page whole (document and script state) as
/// WebKit's does: going back shows it again without running its scripts
/// (`pageshow` with `persisted` true), its timers wait while it is away, and
/// a page not kept (an `unload` listener, evicted past the budget) is loaded
/// again with its scripts.
final class BackForwardCacheTests: WebViewTestCase {
    final class Sink: ScriptMessageHandler {
        var bodies: [ScriptValue] = []
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
            bodies.append(message.scriptValue)
        }
    }

    /// Leaves the page while its first alert is open: it loads another page,
    /// and closes the alert once that page has finished.
    final class LeaveDuringAlert: UIDelegate {
        let target: Request
        var left = false
        init(target: Request) { self.target = target }
        func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping () -> Void) {
            guard !left else { return completionHandler() }
            left = true
            webView.load(target)
            func closeOnceLoaded() {
                if webView.url == target.url && !webView.isLoading {
                    completionHandler()
                } else {
                    webView.configuration.eventLoop.schedule(after: 0.01, closeOnceLoaded)
                }
            }
            closeOnceLoaded()
        }
    }

    /// A page whose script counts its runs (in sessionStorage, which the web
    /// view keeps across its pages), keeps state in globals and records its
    /// page transition events.
    private func scriptPage(_ name: String, extra: String = "") -> String {
        let html = """
            <title>\(name)</title><p>Page \(name)</p>
            <script>
            var counter = 41;
            function f() { return counter + 1; }
            var runs = Number(sessionStorage.getItem('runs-\(name)') || 0) + 1;
            sessionStorage.setItem('runs-\(name)', String(runs));
            var shows = [], hides = [];
            addEventListener('pageshow', function (e) { shows.push(e.persisted); });
            addEventListener('pagehide', function (e) {
              hides.push(e.persisted);
              sessionStorage.setItem('pagehide-\(name)', String(e.persisted));
            });
            \(extra)
            </script>
            """
        return "/mime?type=text/html&body=" + (html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    private func goBackAndWait(file: StaticString = #filePath, line: UInt = #line) {
        recorder.clear()
        webView.goBack()
        wait(file: file, line: line) { recorder.ended }
    }

    func testGoingBackKeepsThePagesScriptState() {
        let sink = Sink()
        makeWebView { $0.userContentController.add(sink, name: "sink") }
        loadAndWait(scriptPage("keep"))
        XCTAssertEqual(value("counter = counter"), .number(41))
        loadAndWait("/page/other")
        XCTAssertEqual(value("sessionStorage.getItem('pagehide-keep')"), .string("true"))
        goBackAndWait()
        // Nothing was asked of the server, no script ran again.
        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("response") }, [])
        XCTAssertEqual(value("counter"), .number(41))
        XCTAssertEqual(value("f()"), .number(42))
        XCTAssertEqual(value("runs"), .number(1))
        XCTAssertEqual(value("shows"), .array([.bool(false), .bool(true)]))
        XCTAssertEqual(value("hides"), .array([.bool(true)]))
        XCTAssertEqual(value("document.title"), .string("keep"))
        XCTAssertEqual(value("document.querySelector('p').textContent"), .string("Page keep"))
        // The bridge still works from the restored page.
        XCTAssertNil(value("webkit.messageHandlers.sink.postMessage('back'); undefined"))
        wait { sink.bodies == [.string("back")] }
    }

    /// HTML fires load, pageshow and pagehide at the window with the legacy
    /// target override flag: `event.target` is the document, the window's
    /// listeners hear them, the document's do not.
    func testPageTransitionEventsAreTheWindowsWithTheDocumentAsTarget() {
        loadAndWait(scriptPage("targets", extra: """
            var heard = [];
            function note(e) { heard.push(e.type + ':' + (e.target === document) + ':' + (e.currentTarget === window)); }
            function flags(e) { heard.push(e.type + ' ' + e.constructor.name + ' ' + e.bubbles + ' ' + e.cancelable + ' ' + e.persisted); }
            addEventListener('load', note);
            addEventListener('pageshow', note);
            addEventListener('pageshow', flags);
            addEventListener('pagehide', function (e) {
              sessionStorage.setItem('pagehide-target', (e.target === document) + ':' + (e.currentTarget === window));
            });
            document.addEventListener('pageshow', function () { heard.push('the document heard pageshow'); });
            """))
        loadAndWait("/page/other")
        XCTAssertEqual(value("sessionStorage.getItem('pagehide-target')"), .string("true:true"))
        goBackAndWait()
        // HTML "fire a page transition event": PageTransitionEvent, bubbles and cancelable true.
        XCTAssertEqual(value("heard"), .array([.string("load:true:true"), .string("pageshow:true:true"),
                                               .string("pageshow PageTransitionEvent true true false"),
                                               .string("pageshow:true:true"),
                                               .string("pageshow PageTransitionEvent true true true")]))
    }

    func testACachedPagesTimersWaitWhileItIsAway() {
        // Each tick of the page's interval reaches the app through a message handler.
        let ticks = Sink()
        makeWebView { $0.userContentController.add(ticks, name: "tick") }
        loadAndWait(scriptPage("ticking", extra: """
            var ticks = 0;
            setInterval(function () { webkit.messageHandlers.tick.postMessage(++ticks); }, 10);
            """))
        wait { ticks.bodies.count >= 2 }
        loadAndWait("/page/away")
        let away = ticks.bodies.count
        spin(0.5)
        XCTAssertEqual(ticks.bodies.count, away, "the cached page's interval ran while it was away")
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(1))
        // Back on screen, the same interval goes on counting.
        wait { ticks.bodies.count > away }
        XCTAssertEqual(ticks.bodies.last, .number(Double(ticks.bodies.count)))
    }

    func testAPageNotKeptStopsItsTimersWhenLeft() {
        let ticks = Sink()
        makeWebView {
            $0.pageCacheCapacity = 0
            $0.userContentController.add(ticks, name: "tick")
        }
        loadAndWait(scriptPage("dropped", extra: "setInterval(function () { webkit.messageHandlers.tick.postMessage(1); }, 10);"))
        wait { ticks.bodies.count >= 2 }
        loadAndWait("/page/away")
        let away = ticks.bodies.count
        spin(0.5)
        XCTAssertEqual(ticks.bodies.count, away, "the page left runs on")
    }

    func testAPageWithAnUnloadListenerIsLoadedAgain() {
        loadAndWait(scriptPage("unloading", extra: "addEventListener('unload', function () {});"))
        loadAndWait("/page/other")
        XCTAssertEqual(value("sessionStorage.getItem('pagehide-unloading')"), .string("false"))
        goBackAndWait()
        XCTAssertTrue(recorder.events.contains { $0.hasPrefix("response 200") }, "\(recorder.events)")
        XCTAssertEqual(value("runs"), .number(2))
        XCTAssertEqual(value("shows"), .array([.bool(false)]))
    }

    func testAPageLeftWithADialogOpenIsLoadedAgain() {
        let delegate = LeaveDuringAlert(target: server.request("/page/other"))
        webView.uiDelegate = delegate
        loadAndWait(scriptPage("alerting", extra: "setTimeout(function () { alert('still here'); }, 0);"))
        wait { webView.url == delegate.target.url && !webView.isLoading }
        XCTAssertEqual(value("sessionStorage.getItem('pagehide-alerting')"), .string("false"))
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(2))
    }

    func testEveryEntryOfACachedDocumentFindsIt() {
        loadAndWait(scriptPage("pushing", extra: """
            var pops = [];
            addEventListener('popstate', function (e) { pops.push(e.state); });
            history.pushState({ step: 1 }, '', '?pushed');
            """))
        let original = webView.backForwardList.backItem?.url
        loadAndWait("/page/other")
        goBackAndWait()
        XCTAssertEqual(webView.url?.search, "?pushed")
        XCTAssertEqual(value("runs"), .number(1))
        XCTAssertEqual(value("history.state.step"), .number(1))
        // The entry before pushState is the same document: popstate, no load.
        recorder.clear()
        webView.goBack()
        wait { webView.url == original }
        XCTAssertEqual(recorder.events, [])
        XCTAssertEqual(value("pops"), .array([.null]))
        XCTAssertEqual(value("runs"), .number(1))
    }

    func testPagesPastTheCountAreLoadedAgainOldestFirst() {
        makeWebView { $0.pageCacheCapacity = 2 }
        for name in ["c1", "c2", "c3"] { loadAndWait(scriptPage(name)) }
        loadAndWait("/page/last")
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(1), "c3 was kept")
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(1), "c2 was kept")
        goBackAndWait()
        XCTAssertEqual(value("document.title"), .string("c1"))
        XCTAssertEqual(value("runs"), .number(2), "c1, the oldest, was evicted and loaded again")
        XCTAssertEqual(value("shows"), .array([.bool(false)]))
    }

    func testPagesPastTheMemoryBudgetAreLoadedAgainOldestFirst() {
        // Each script page counts about 3 MiB (its script window): 7 MiB holds two of them.
        makeWebView { $0.pageCacheMemoryBudget = 7 << 20 }
        for name in ["m1", "m2", "m3"] { loadAndWait(scriptPage(name)) }
        loadAndWait("/page/last")
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(1), "m3 was kept")
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(1), "m2 was kept")
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(2), "m1, the oldest, was evicted and loaded again")
    }

    func testAPageLargerThanTheBudgetIsNotKept() {
        makeWebView { $0.pageCacheMemoryBudget = 1 << 20 }
        loadAndWait("/page/small")
        loadAndWait(scriptPage("large"))
        loadAndWait("/page/last")
        XCTAssertEqual(value("sessionStorage.getItem('pagehide-large')"), .string("false"))
        goBackAndWait()
        XCTAssertEqual(value("runs"), .number(2))
        // A page without scripts fits: it comes back without the network.
        goBackAndWait()
        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("response") }, [])
        XCTAssertEqual(webView.title, "small")
    }

    func testUserScriptsDoNotRunAgainOnARestoredPage() {
        makeWebView {
            $0.userContentController.addUserScript(UserScript(source: "window.startRuns = (window.startRuns || 0) + 1;",
                                                              injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }
        loadAndWait("/page/first")
        loadAndWait("/page/second")
        goBackAndWait()
        XCTAssertEqual(value("startRuns"), .number(1))
        XCTAssertEqual(value("document.title"), .string("first"))
    }
}
