import XCTest
import TernKit
import TernTestSupport

/// WKWebView's scripting API on a real JavaScriptCore context.
final class ScriptingTests: WebViewTestCase {
    final class Dialogs: UIDelegate {
        var shown: [String] = []
        var confirmAnswer = true
        var promptAnswer: String? = "typed"
        /// Answer later, from a timer, to prove the script waits in a nested loop.
        var answerLater = false

        func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping () -> Void) {
            shown.append("alert \(message) from \(frame.securityOrigin)")
            if answerLater { webView.configuration.eventLoop.schedule(after: 0.05, completionHandler) } else { completionHandler() }
        }
        func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping (Bool) -> Void) {
            shown.append("confirm \(message)")
            completionHandler(confirmAnswer)
        }
        func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                     initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
            shown.append("prompt \(prompt) [\(defaultText ?? "nil")]")
            completionHandler(promptAnswer)
        }
    }

    final class Messages: ScriptMessageHandler {
        var received: [String] = []
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
            received.append("\(message.name): \(message.scriptValue)")
        }
    }

    final class Replier: ScriptMessageHandlerWithReply {
        var answered = 0
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                                   replyHandler: @escaping (Any?, String?) -> Void) {
            answered += 1
            if let s = message.body as? String { replyHandler(s.uppercased(), nil) } else { replyHandler(nil, "not a string") }
        }
    }

    private func loadHTML(_ html: String) {
        recorder.clear()
        webView.loadHTMLString(html, baseURL: server.url("/app/"))
        wait { recorder.ended }
    }

    func testEvaluateJavaScriptConvertsResultsAndReportsExceptions() async throws {
        loadHTML("<p>page</p>")
        XCTAssertEqual(value("({n: 1.5, s: 'x', a: [true, null], d: new Date(0)})"),
                       .dictionary(["n": .number(1.5), "s": .string("x"), "a": .array([.bool(true), .null]), "d": .date(0)]))
        XCTAssertNil(value("undefined"))
        do {
            _ = try await webView.evaluateJavaScript("1;\nnull.property")
            XCTFail("expected an exception")
        } catch let error as ScriptError {
            guard case .exception(let message, let line, _) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("TypeError"), message)
            XCTAssertEqual(line, 2)
        }
    }

    func testInlineScriptsRunInOrderAndAFailingOneDoesNotBlockTheNext() {
        var console: [String] = []
        webView.onConsoleMessage = { console.append("\($0.level): \($0.text)") }
        loadHTML("""
            <script>var order = ['first'];</script>
            <script>order.push('second'); undefinedFunction();</script>
            <script type="text/plain">order.push('not a script');</script>
            <script>order.push('third'); console.log('ran', order.length);</script>
            """)
        XCTAssertEqual(value("order"), .array([.string("first"), .string("second"), .string("third")]))
        XCTAssertEqual(console.count, 2, "\(console)")
        XCTAssertTrue(console[0].hasPrefix("error: Uncaught ReferenceError"), console[0])
        XCTAssertEqual(console[1], "log: ran 3")
    }

    func testTheWatchdogEndsAnEndlessLoopAndThePageStaysUsable() {
        makeWebView { $0.scriptTimeLimit = 0.3 }
        var console: [String] = []
        webView.onConsoleMessage = { console.append($0.text) }
        loadHTML("<script>while (true) {}</script><script>var after = 'ran';</script>")
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(value("after"), .string("ran"))
        XCTAssertTrue(console.first?.contains("longer than 0.3 s") ?? false, "\(console)")
    }

    func testDialogsReachTheUIDelegateAndAnswersReachTheScript() {
        let dialogs = Dialogs()
        dialogs.answerLater = true
        webView.uiDelegate = dialogs
        loadHTML("""
            <script>
            alert('hello');
            var confirmed = confirm('sure?');
            var typed = prompt('name?', 'default name');
            </script>
            """)
        XCTAssertEqual(dialogs.shown, ["alert hello from \(server.url("/").origin)", "confirm sure?", "prompt name? [default name]"])
        XCTAssertEqual(value("[confirmed, typed]"), .array([.bool(true), .string("typed")]))
        dialogs.confirmAnswer = false
        dialogs.promptAnswer = nil
        XCTAssertEqual(value("[confirm('again?'), prompt('again?')]"), .array([.bool(false), .null]))
    }

    final class SuppressingDialogs: UIDelegate {
        var alerts = 0
        var offers: [Int] = []
        var suppress = true
        func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping () -> Void) {
            alerts += 1
            completionHandler()
        }
        func webView(_ webView: WebView, shouldSuppressDialogsAfter count: Int, completionHandler: @escaping (Bool) -> Void) {
            offers.append(count)
            completionHandler(suppress)
        }
    }

    func testAfterThreeQuickDialogsTheNextOffersToSuppressThem() {
        let dialogs = SuppressingDialogs()
        webView.uiDelegate = dialogs
        loadHTML("<script>for (var i = 0; i < 50; i++) alert('spam ' + i); var done = true;</script>")
        XCTAssertEqual(dialogs.alerts, 3)
        XCTAssertEqual(dialogs.offers, [3])
        XCTAssertEqual(value("done"), .bool(true), "the script went on without the dialogs")
        // A new page starts afresh.
        loadHTML("<script>alert('again');</script>")
        XCTAssertEqual(dialogs.alerts, 4)
    }

    func testDecliningTheOfferKeepsShowingDialogs() {
        let dialogs = SuppressingDialogs()
        dialogs.suppress = false
        webView.uiDelegate = dialogs
        loadHTML("<script>for (var i = 0; i < 7; i++) alert(i);</script>")
        XCTAssertEqual(dialogs.alerts, 7)
        XCTAssertEqual(dialogs.offers, [3, 3], "offered again after the next three")
    }

    func testWithoutAUIDelegateDialogsAnswerLikeWebKit() {
        loadHTML("<p>x</p>")
        XCTAssertEqual(value("[alert('x'), confirm('y'), prompt('z', 'w')]"), .array([.null, .bool(false), .null]))
    }

    func testMessageHandlersReceiveBodies() {
        let messages = Messages()
        makeWebView { configuration in
            for name in ["showMobile", "showName", "showSendMsg"] { configuration.userContentController.add(messages, name: name) }
        }
        loadHTML("""
            <script>
            window.webkit.messageHandlers.showMobile.postMessage(null);
            window.webkit.messageHandlers.showName.postMessage('xiaoming');
            window.webkit.messageHandlers.showSendMsg.postMessage(['13300001111', 'Go Climbing']);
            </script>
            """)
        // As in WebKit, messages arrive on later turns of the loop, after the page's script.
        wait { messages.received.count == 3 }
        XCTAssertEqual(messages.received, ["showMobile: null", "showName: xiaoming", "showSendMsg: [13300001111, Go Climbing]"])
        XCTAssertEqual(value("typeof window.webkit.messageHandlers.unknown"), .string("undefined"))
    }

    func testAReplyHandlerSettlesThePromise() {
        let replier = Replier()
        makeWebView { $0.userContentController.addScriptMessageHandler(replier, name: "upper") }
        loadHTML("""
            <script>
            var results = [];
            window.webkit.messageHandlers.upper.postMessage('abc').then(function (r) { results.push(r); });
            window.webkit.messageHandlers.upper.postMessage(5).catch(function (e) { results.push('error: ' + e.message); });
            </script>
            """)
        wait { replier.answered == 2 }
        XCTAssertEqual(value("results"), .array([.string("ABC"), .string("error: not a string")]))
    }

    func testUserScriptsRunAtDocumentStartAndEnd() {
        makeWebView { configuration in
            configuration.userContentController.addUserScript(UserScript(source: "var log = ['start'];", injectionTime: .atDocumentStart, forMainFrameOnly: true))
            configuration.userContentController.addUserScript(UserScript(source: "log.push('end');", injectionTime: .atDocumentEnd, forMainFrameOnly: true))
        }
        loadHTML("<script>log.push('page');</script>")
        XCTAssertEqual(value("log"), .array([.string("start"), .string("page"), .string("end")]))
        loadAndWait("/plain")
        XCTAssertEqual(value("log"), .array([.string("start"), .string("end")]), "a new page, a new window")
    }

    func testTimersFireInOrderAndCanBeCleared() {
        loadHTML("""
            <script>
            var fired = [];
            setTimeout(function () { fired.push(30); }, 30);
            setTimeout(function () { fired.push(10); }, 10);
            setTimeout(function (a, b) { fired.push(a + b); }, 20, 15, 5);
            var cancelled = setTimeout(function () { fired.push('cancelled'); }, 5);
            clearTimeout(cancelled);
            var ticks = 0, interval = setInterval(function () { if (++ticks === 3) clearInterval(interval); }, 5);
            </script>
            """)
        wait { (try? self.webViewValue("fired.length + ':' + ticks")) == .string("3:3") }
        spin(0.1)
        XCTAssertEqual(value("fired"), .array([.number(10), .number(20), .number(30)]))
        XCTAssertEqual(value("ticks"), .number(3))
    }

    func testNavigatorReportsTheUserAgentSent() {
        makeWebView { $0.applicationNameForUserAgent = "Hybrid/1" }
        loadAndWait("/plain")
        XCTAssertEqual(value("navigator.userAgent"), .string(webView.userAgent))
        XCTAssertEqual(value("atob(btoa('tern'))"), .string("tern"))
    }

    private func webViewValue(_ source: String) throws -> ScriptValue? {
        var result: ScriptValue?
        webView.evaluateScriptValue(source) { result = try? $0.get() }
        spin(0.01)
        return result
    }
}
