import TernKit
import TernTerminal

/// How `tern --dump` answers a page's dialogs: each is logged to stderr and
/// accepted (OK, the default text) or dismissed (Cancel, null).
final class DumpDialogs: UIDelegate {
    let accept: Bool

    init(accept: Bool) { self.accept = accept }

    private func log(_ kind: String, _ message: String) {
        CommandLine.printError("tern: \(kind): \(message) [\(accept ? "accepted" : "dismissed")]")
    }

    /// A page that keeps opening dialogs gets no more of them.
    func webView(_ webView: WebView, shouldSuppressDialogsAfter count: Int, completionHandler: @escaping (Bool) -> Void) {
        CommandLine.printError("tern: the page opened \(count) dialogs in quick succession; suppressing further dialogs")
        completionHandler(true)
    }

    func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping () -> Void) {
        log("alert", message)
        completionHandler()
    }

    func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping (Bool) -> Void) {
        log("confirm", message)
        completionHandler(accept)
    }

    func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                 initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
        log("prompt", prompt)
        completionHandler(accept ? defaultText ?? "" : nil)
    }
}
