import XCTest
import TernKit
import TernTestSupport

/// WebKit's script message handlers: a message is copied at the page's
/// `postMessage` call and delivered on a later turn, after the posting
/// script has returned (so a handler's `evaluateJavaScript` never re-enters
/// it); a reply settles the page's promise later still.
final class BridgeDeliveryTests: WebViewTestCase {
    /// Records each message and what the page's `window.phase` was when it arrived.
    final class Recorder: ScriptMessageHandler {
        var received: [ScriptValue] = []
        var phases: [String] = []
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
            received.append(message.scriptValue)
            message.webView?.evaluateJavaScript("String(window.phase)") { value, _ in
                self.phases.append(value as? String ?? "nil")
            }
        }
    }

    /// Replies at once, with what `window.phase` was when the message arrived.
    final class Replier: ScriptMessageHandlerWithReply {
        var phases: [String] = []
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                                   replyHandler: @escaping (Any?, String?) -> Void) {
            message.webView?.evaluateJavaScript("String(window.phase)") { value, _ in self.phases.append(value as? String ?? "nil") }
            replyHandler(message.body, nil)
        }
    }

    private func loadHTML(_ html: String) {
        recorder.clear()
        webView.loadHTMLString(html, baseURL: server.url("/app/"))
        wait { recorder.ended }
    }

    func testAMessageArrivesAfterThePostingScriptReturns() {
        let handler = Recorder()
        makeWebView { $0.userContentController.add(handler, name: "log") }
        loadHTML("<script>window.phase = 'during'; window.webkit.messageHandlers.log.postMessage('page'); window.phase = 'after';</script>")
        wait { handler.phases.count == 1 }
        XCTAssertEqual(handler.phases, ["after"], "the handler ran inside the page's script")

        webView.evaluateJavaScript("window.phase = 'during'; window.webkit.messageHandlers.log.postMessage(1); window.phase = 'after'; 0")
        XCTAssertEqual(handler.received.count, 1, "delivered inside postMessage")
        wait { handler.phases.count == 2 }
        XCTAssertEqual(handler.received, [.string("page"), .number(1)])
        XCTAssertEqual(handler.phases, ["after", "after"])
    }

    func testMessagesKeepTheirOrder() {
        let handler = Recorder()
        makeWebView { $0.userContentController.add(handler, name: "log") }
        loadHTML("<p>page</p>")
        _ = value("for (var i = 0; i < 5; i++) window.webkit.messageHandlers.log.postMessage(i); 0")
        wait { handler.received.count == 5 }
        XCTAssertEqual(handler.received, (0..<5).map { .number(Double($0)) })
    }

    func testTheBodyIsCopiedAtTheCall() {
        let handler = Recorder()
        makeWebView { $0.userContentController.add(handler, name: "log") }
        loadHTML("""
            <script>
            var o = {list: [1], name: 'first'};
            window.webkit.messageHandlers.log.postMessage(o);
            o.list.push(2); o.name = 'changed'; o.extra = true;
            </script>
            """)
        wait { handler.received.count == 1 }
        XCTAssertEqual(handler.received.first, .dictionary(["list": .array([.number(1)]), "name": .string("first")]))
    }

    func testAReplyHandlerRunsAfterThePostingScriptAndSettlesLater() {
        let handler = Replier()
        makeWebView { $0.userContentController.addScriptMessageHandler(handler, name: "echo") }
        loadHTML("""
            <script>
            var results = [];
            window.phase = 'during';
            window.webkit.messageHandlers.echo.postMessage('x').then(function (r) { results.push('reply ' + r); });
            results.push('returned');
            window.phase = 'after';
            </script>
            """)
        wait { handler.phases.count == 1 }
        XCTAssertEqual(handler.phases, ["after"])
        XCTAssertEqual(value("results"), .array([.string("returned"), .string("reply x")]))
    }
}
