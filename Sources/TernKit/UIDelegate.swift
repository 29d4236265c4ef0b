import TernNet

/// Shows what a page asks of the person: JavaScript dialogs, new windows.
/// Every method is optional; each doc says what happens without it. The
/// script waits until the completion handler is called (the event loop keeps
/// running meanwhile); call it exactly once.
public protocol UIDelegate: AnyObject {
    /// `alert(message)`. Not implemented: nothing is shown.
    func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping () -> Void)
    /// `confirm(message)`. Not implemented: false.
    func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping (Bool) -> Void)
    /// `prompt(message, defaultText)`. Not implemented: nil (null in the script).
    func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                 initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void)
}

extension UIDelegate {
    public func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                        completionHandler: @escaping () -> Void) {
        completionHandler()
    }
    public func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                        completionHandler: @escaping (Bool) -> Void) {
        completionHandler(false)
    }
    public func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                        initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
        completionHandler(nil)
    }
}
