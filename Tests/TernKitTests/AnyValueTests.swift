import XCTest
import TernKit
import TernTestSupport

/// Values cross as `Any`, as WKWebView hands them over: a message body,
/// evaluateJavaScript's result and a reply, written as code for WebKit writes
/// them (`message.body as? [String: Any]`). Hostile numbers convert without trapping.
final class AnyValueTests: WebViewTestCase {
    final class Recorder: ScriptMessageHandler {
        var bodies: [Any] = []
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
            bodies.append(message.body)
        }
    }

    /// Replies with whatever `reply` gives for the message's body.
    final class Replier: ScriptMessageHandlerWithReply {
        let reply: (Any) -> Any?
        init(_ reply: @escaping (Any) -> Any?) { self.reply = reply }
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage,
                                   replyHandler: @escaping (Any?, String?) -> Void) {
            replyHandler(reply(message.body), nil)
        }
    }

    private func loadHTML(_ html: String) {
        recorder.clear()
        webView.loadHTMLString(html, baseURL: server.url("/app/"))
        wait { recorder.ended }
    }

    /// evaluateJavaScript's result as the completion handler gets it.
    private func result(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Any? {
        var outcome: (Any?, Error?)?
        webView.evaluateJavaScript(source) { outcome = ($0, $1) }
        wait(file: file, line: line) { outcome != nil }
        XCTAssertNil(outcome?.1, file: file, line: line)
        return outcome?.0
    }

    func testAMessageBodyIsADictionaryOfAny() throws {
        let handler = Recorder()
        makeWebView { $0.userContentController.add(handler, name: "bridge") }
        loadHTML("""
            <script>
            window.webkit.messageHandlers.bridge.postMessage({
              action: 'save', count: 3, price: 2.5, done: true, missing: null, when: new Date(1500),
              items: [1, 'two', [3, null], {deep: false}], nested: {inner: {name: 'x'}}
            });
            </script>
            """)
        wait { handler.bodies.count == 1 }
        let body = try XCTUnwrap(handler.bodies.first as? [String: Any])
        XCTAssertEqual(body["action"] as? String, "save")
        XCTAssertEqual(body["count"] as? Int, 3)
        XCTAssertEqual(body["price"] as? Double, 2.5)
        XCTAssertEqual(body["done"] as? Bool, true)
        XCTAssertTrue(body["missing"] is ScriptNull)
        XCTAssertEqual((body["when"] as? ScriptDate)?.timeIntervalSince1970, 1.5)
        let items = try XCTUnwrap(body["items"] as? [Any])
        XCTAssertEqual(items.count, 4)
        XCTAssertEqual(items[0] as? Int, 1)
        XCTAssertEqual(items[1] as? String, "two")
        let inner = try XCTUnwrap(items[2] as? [Any])
        XCTAssertEqual(inner.first as? Int, 3)
        XCTAssertTrue(inner.last is ScriptNull)
        XCTAssertEqual((items[3] as? [String: Any])?["deep"] as? Bool, false)
        let nested = try XCTUnwrap(body["nested"] as? [String: Any])
        XCTAssertEqual((nested["inner"] as? [String: Any])?["name"] as? String, "x")
    }

    func testHostileNumbersConvertWithoutTrapping() throws {
        let handler = Recorder()
        makeWebView { $0.userContentController.add(handler, name: "bridge") }
        loadHTML("""
            <script>
            window.webkit.messageHandlers.bridge.postMessage([NaN, Infinity, -Infinity, -0, 1e300, -1e300,
              Math.pow(2, 63), Math.pow(2, 53), 5e-324, new Date(NaN), -7]);
            </script>
            """)
        wait { handler.bodies.count == 1 }
        let numbers = try XCTUnwrap(handler.bodies.first as? [Any])
        XCTAssertEqual(numbers.count, 11)
        XCTAssertEqual((numbers[0] as? Double)?.isNaN, true)
        XCTAssertEqual(numbers[1] as? Double, .infinity)
        XCTAssertEqual(numbers[2] as? Double, -.infinity)
        XCTAssertEqual(numbers[3] as? Int, 0, "-0 is integral: an Int, as an integral NSNumber reads")
        XCTAssertEqual(numbers[4] as? Double, 1e300)
        XCTAssertEqual(numbers[5] as? Double, -1e300)
        XCTAssertEqual(numbers[6] as? Double, 9_223_372_036_854_775_808, "2^63 does not fit Int")
        XCTAssertEqual(numbers[7] as? Int, 9_007_199_254_740_992)
        XCTAssertEqual(numbers[8] as? Double, 5e-324)
        XCTAssertEqual((numbers[9] as? ScriptDate)?.millisecondsSince1970.isNaN, true)
        XCTAssertEqual(numbers[10] as? Int, -7)

        XCTAssertEqual((result("NaN") as? Double)?.isNaN, true)
        XCTAssertEqual(result("-Infinity") as? Double, -.infinity)
        XCTAssertEqual(result("1e300") as? Double, 1e300)
        XCTAssertEqual(result("-0") as? Int, 0)
    }

    func testEvaluateJavaScriptReturnsEachKind() async throws {
        loadHTML("<p>page</p>")
        XCTAssertEqual(result("'text'") as? String, "text")
        XCTAssertEqual(result("40 + 2") as? Int, 42)
        XCTAssertEqual(result("0.5") as? Double, 0.5)
        XCTAssertEqual(result("1 < 2") as? Bool, true)
        XCTAssertTrue(result("null") is ScriptNull, "null is WebKit's NSNull, not nil")
        XCTAssertNil(result("undefined"))
        XCTAssertNil(result("var declared = 1"), "a statement's completion value is undefined")
        let list = try XCTUnwrap(result("[1, 'a', null]") as? [Any])
        XCTAssertEqual(list.count, 3)
        XCTAssertTrue(list[2] is ScriptNull)
        XCTAssertEqual((result("({a: [true]})") as? [String: Any])?["a"].flatMap { $0 as? [Any] }?.first as? Bool, true)
        XCTAssertEqual((result("new Date(86400000)") as? ScriptDate)?.timeIntervalSince1970, 86400)
        // The async form converts the same way.
        let awaited = try await webView.evaluateJavaScript("({n: 7})") as? [String: Any]
        XCTAssertEqual(awaited?["n"] as? Int, 7)
        let undefined = try await webView.evaluateJavaScript("undefined")
        XCTAssertNil(undefined)
        // The ScriptValue forms stay for a switch over the kinds.
        XCTAssertEqual(value("({n: 1.5, z: null})"), .dictionary(["n": .number(1.5), "z": .null]))
        XCTAssertEqual(ScriptValue(any: result("[1, {b: null}]") as Any), .array([.number(1), .dictionary(["b": .null])]))
    }

    func testAReplyCrossesBackFromAny() {
        let replier = Replier { body in
            guard let request = body as? [String: Any], let n = request["n"] as? Int else { return nil }
            let optional: Int? = nil
            return ["doubled": n * 2, "half": Double(n) / 4, "ok": true, "list": ["a", ScriptNull(), optional as Any], "float": Float(0.5)]
        }
        let odd = Replier { _ in OpaqueReply() }
        let done = Recorder()
        makeWebView {
            $0.userContentController.add(done, name: "done")
            $0.userContentController.addScriptMessageHandler(replier, name: "compute")
            $0.userContentController.addScriptMessageHandler(odd, name: "odd")
        }
        loadHTML("""
            <script>
            var results = {};
            window.webkit.messageHandlers.compute.postMessage({n: 3})
              .then(function (r) { results.compute = r; window.webkit.messageHandlers.done.postMessage(1); });
            window.webkit.messageHandlers.odd.postMessage(1)
              .then(function () { results.odd = 'resolved'; }, function (e) { results.odd = 'rejected: ' + e.message; })
              .then(function () { window.webkit.messageHandlers.done.postMessage(2); });
            </script>
            """)
        wait { done.bodies.count == 2 }
        XCTAssertEqual(value("results.compute"), .dictionary([
            "doubled": .number(6), "half": .number(0.75), "ok": .bool(true), "float": .number(0.5),
            "list": .array([.string("a"), .null, .null]),
        ]))
        XCTAssertEqual(value("results.odd"), .string("rejected: the reply of odd is of a type a page cannot receive"))
    }
}

/// A reply of a type no page can receive.
private final class OpaqueReply {}
