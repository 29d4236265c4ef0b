import XCTest
import TernKit
import TernTestSupport

/// The bundled demo pages, driven headless through the DOM bindings.
final class DemoPageTests: WebViewTestCase {
    final class Bridge: ScriptMessageHandler {
        var messages: [String] = []
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
            messages.append("\(message.name): \(message.scriptValue)")
            guard let webView = message.webView else { return }
            switch message.name {
            case "showMobile": webView.evaluateJavaScript("alertMobile()")
            case "showName": webView.evaluateJavaScript("alertName('\(message.body)')")
            default:
                if let parts = message.body as? [Any], parts.count == 2 {
                    webView.evaluateJavaScript("alertSendMsg('\(parts[0])', '\(parts[1])')")
                }
            }
        }
    }

    private func pageText() -> String {
        webView.pageLayout(width: 200)?.lines.map(\.text).joined(separator: "\n") ?? ""
    }

    func testTheBridgeDemoTalksBothWays() throws {
        let bridge = Bridge()
        makeWebView { configuration in
            for name in ["showMobile", "showName", "showSendMsg"] { configuration.userContentController.add(bridge, name: name) }
        }
        recorder.clear()
        try webView.load(urlString: "about:demo-bridge")
        wait { recorder.ended }
        _ = value("document.getElementById('name').click()")
        spin(0.05)
        XCTAssertEqual(bridge.messages, ["showName: xiaoming"])
        XCTAssertTrue(pageText().contains("Hello xiaoming, I am from the native side"), pageText())
        _ = value("document.getElementById('send').click()")
        spin(0.05)
        XCTAssertTrue(pageText().contains("Message to 13300001111: Go Climbing This Weekend !!!"), pageText())
        _ = value("document.getElementById('mobile').click()")
        spin(0.05)
        XCTAssertEqual(bridge.messages.first { $0.hasPrefix("showMobile") }, "showMobile: null")
    }

    func testTheDialogsDemoGetsAnswersBack() throws {
        let dialogs = ScriptingTests.Dialogs()
        webView.uiDelegate = dialogs
        recorder.clear()
        try webView.load(urlString: "about:demo-dialogs")
        wait { recorder.ended }
        _ = value("document.getElementById('prompt').click()")
        XCTAssertTrue(pageText().contains("prompt: typed"), pageText())
        _ = value("document.getElementById('confirm').click()")
        XCTAssertTrue(pageText().contains("confirm: OK"), pageText())
        XCTAssertEqual(dialogs.shown.last, "confirm Do you like Tern?")
    }

    func testTheFormDemoPostsItsFields() throws {
        recorder.clear()
        try webView.load(urlString: "about:demo-form")
        wait { recorder.ended }
        recorder.clear()
        _ = value("submitForm('\(server.url("/echo").href)')")
        wait { recorder.events.last == "finish" }
        XCTAssertEqual(recorder.actions.last?.navigationType, .formSubmitted)
        let echo = echo()
        XCTAssertEqual(echo["method"] as? String, "POST")
        XCTAssertEqual(echo["body"] as? String, "user=xiaoming&password=secret+123")
    }
}
