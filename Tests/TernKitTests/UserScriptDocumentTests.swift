import XCTest
import TernKit
import TernTestSupport

/// WebKit's promise that `document` exists for every script on every
/// committed page: document-start user scripts (run once the document
/// exists, before the page's own scripts), `evaluateJavaScript` on pages
/// without scripts of their own when a message handler or user script is
/// registered, and pages that come back from the page cache.
final class UserScriptDocumentTests: WebViewTestCase {
    final class Sink: ScriptMessageHandler {
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {}
    }

    /// What a document-start script saw of the page, and a cookie it set.
    private static let probe = """
        window.seenAtStart = typeof document + ' ' + (document && document.documentElement ? 'root' : 'no root');
        window.order = ['start'];
        document.cookie = 'fromstart=1; path=/';
        """

    private func addStartProbe(_ configuration: inout WebViewConfiguration) {
        configuration.userContentController.addUserScript(UserScript(source: Self.probe, injectionTime: .atDocumentStart,
                                                                     forMainFrameOnly: true))
    }

    func testADocumentStartScriptHasTheDocumentOnAPageWithoutScripts() {
        makeWebView(addStartProbe)
        loadAndWait("/plain")
        XCTAssertEqual(value("window.seenAtStart"), .string("object root"))
        XCTAssertEqual(value("document.title"), .string("Plain Page"))
        XCTAssertEqual(value("document.cookie"), .string("fromstart=1"))
        // The cookie was stored for the site: the next request carries it.
        loadAndWait("/echo")
        let headers = echo()["headers"] as? [[String]] ?? []
        XCTAssertEqual(headers.filter { $0.first?.lowercased() == "cookie" }.map { $0.last ?? "" }, ["fromstart=1"], "\(headers)")
    }

    func testADocumentStartScriptRunsBeforeThePagesOwnScripts() {
        makeWebView(addStartProbe)
        recorder.clear()
        webView.loadHTMLString("<title>T</title><script>order.push('page ' + document.cookie)</script>", baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("order"), .array([.string("start"), .string("page fromstart=1")]))
        XCTAssertEqual(value("seenAtStart"), .string("object root"))
    }

    /// WebKit: document-start scripts run once the document element exists,
    /// before any other content is parsed.
    func testADocumentStartScriptSeesTheRootElementAndNothingElse() {
        makeWebView {
            $0.userContentController.addUserScript(UserScript(source: """
                window.atStart = [document.documentElement && document.documentElement.getAttribute('lang'),
                                  document.body === null, document.getElementById('x') === null,
                                  document.documentElement.textContent.indexOf('hi') < 0];
                """, injectionTime: .atDocumentStart, forMainFrameOnly: true))
        }
        for page in ["<!DOCTYPE html>\n<!-- a > comment -->\n<html lang='e>n'><head><title>T</title></head><body><p id=x>hi</p></body></html>",
                     "\u{FEFF}<?xml version=\"1.0\"?><html lang=\"e>n\"><body><p id=x>hi</p>"] {
            recorder.clear()
            webView.loadHTMLString(page, baseURL: server.url("/app/"))
            wait { recorder.ended }
            XCTAssertEqual(value("atStart"), .array([.string("e>n"), .bool(true), .bool(true), .bool(true)]), page)
            XCTAssertEqual(value("document.getElementById('x').textContent"), .string("hi"))
        }
    }

    func testADocumentStartScriptHasTheDocumentOfAPlainTextPage() {
        makeWebView(addStartProbe)
        loadAndWait("/mime?type=text/plain&body=hello")
        XCTAssertEqual(value("window.seenAtStart"), .string("object root"))
        XCTAssertEqual(value("typeof document.body"), .string("object"))
    }

    func testEvaluateJavaScriptHasTheDocumentWhenAMessageHandlerIsRegistered() {
        makeWebView { $0.userContentController.add(Sink(), name: "sink") }
        loadAndWait("/plain")
        XCTAssertEqual(value("document.title"), .string("Plain Page"))
        XCTAssertEqual(value("typeof window.webkit.messageHandlers.sink.postMessage"), .string("function"))
        loadAndWait("/page/second")
        XCTAssertEqual(value("document.title"), .string("second"))
    }

    func testEvaluateJavaScriptHasTheDocumentWhenAnEndScriptIsRegistered() {
        makeWebView {
            $0.userContentController.addUserScript(UserScript(source: "window.endSaw = document.title;", injectionTime: .atDocumentEnd,
                                                              forMainFrameOnly: true))
        }
        loadAndWait("/plain")
        XCTAssertEqual(value("endSaw"), .string("Plain Page"))
        XCTAssertEqual(value("document.querySelector('h1').textContent"), .string("Plain"))
    }

    func testThePageAfterGoBackHasItsDocument() {
        for capacity in [0, 4] {
            makeWebView {
                $0.pageCacheCapacity = capacity
                $0.userContentController.add(Sink(), name: "sink")
                self.addStartProbe(&$0)
            }
            loadAndWait("/page/first")
            loadAndWait("/page/second")
            recorder.clear()
            webView.goBack()
            wait { recorder.ended }
            XCTAssertEqual(value("document.title"), .string("first"), "page cache capacity \(capacity)")
            XCTAssertEqual(value("typeof document.querySelector('p').textContent"), .string("string"), "capacity \(capacity)")
            XCTAssertEqual(value("window.seenAtStart"), .string("object root"), "capacity \(capacity)")
        }
    }
}
