import TernScript

/// Answers a page's scripts for its web view: dialogs through the UI
/// delegate (waiting in a nested turn of the event loop), messages through
/// the user content controller, console lines to `onConsoleMessage`.
final class PageScriptHost: ScriptHost {
    private weak var webView: WebView?

    init(webView: WebView) { self.webView = webView }

    private var frame: FrameInfo {
        let url = webView?.url
        return FrameInfo(isMainFrame: true, request: url.map { Request(url: $0) }, securityOrigin: url?.origin ?? "null")
    }

    /// Asks the UI delegate and runs the loop until it answers (or drops the handler).
    private func ask<Answer>(_ name: String, fallback: Answer, _ present: (UIDelegate, @escaping (Answer) -> Void) -> Void) -> Answer {
        guard let webView, let delegate = webView.uiDelegate else { return fallback }
        var answer: Answer?
        let handler = DecisionHandler(name: name, fallback: fallback) { answer = $0 }
        present(delegate, handler.closure)
        _ = webView.loop.run(until: { answer != nil }, timeout: .greatestFiniteMagnitude)
        return answer ?? fallback
    }

    func scriptAlert(_ message: String) {
        let frame = frame
        _ = ask("runJavaScriptAlertPanel", fallback: ()) { delegate, done in
            delegate.webView(webView!, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame) { done(()) }
        }
    }

    func scriptConfirm(_ message: String) -> Bool {
        let frame = frame
        return ask("runJavaScriptConfirmPanel", fallback: false) { delegate, done in
            delegate.webView(webView!, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame, completionHandler: done)
        }
    }

    func scriptPrompt(_ message: String, defaultText: String?) -> String? {
        let frame = frame
        return ask("runJavaScriptTextInputPanel", fallback: String?.none) { delegate, done in
            delegate.webView(webView!, runJavaScriptTextInputPanelWithPrompt: message, defaultText: defaultText,
                             initiatedByFrame: frame, completionHandler: done)
        }
    }

    func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?) {
        guard let webView else { return }
        let controller = webView.configuration.userContentController
        let message = ScriptMessage(name: name, body: body, frameInfo: frame, webView: webView)
        switch controller.handlers[name] {
        case .plain(let handler)?:
            handler.userContentController(controller, didReceive: message)
        case .withReply(let handler)?:
            let reply = DecisionHandler(name: "the reply handler of \(name)", fallback: (ScriptValue?.none, String?.some("no reply"))) {
                replyHandler?($0.0, $0.1)
            }
            handler.userContentController(controller, didReceive: message) { reply.decide(($0, $1)) }
        case nil:
            break
        }
    }

    func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage) {
        webView?.onConsoleMessage?(message)
    }
}
