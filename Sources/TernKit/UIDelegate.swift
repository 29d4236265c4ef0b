import TernNet

/// Shows what a page asks of the person: JavaScript dialogs, new windows, closing.
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
    /// A script opened a window (`window.open`, after a user gesture). Return
    /// a new web view made with `configuration` (it shares this one's
    /// settings) to show it — Tern loads the action's request in it — or nil
    /// to refuse (the script gets null). Not implemented: nil.
    func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                 for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView?
    /// The page called `window.close()`. Not implemented: nothing happens.
    func webViewDidClose(_ webView: WebView)
    /// The person activated a file input (`WebView.activate`): answer with
    /// the chosen files as `file:` URLs, or nil when they cancelled. The
    /// files are sent when the form is submitted. Not implemented: nil.
    func webView(_ webView: WebView, runOpenPanelWith parameters: OpenPanelParameters, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping ([WebURL]?) -> Void)
    /// The page has shown `count` dialogs in quick succession (3 within 10 s)
    /// and wants another: answer true to suppress this and every further
    /// dialog from this page (alert returns at once, confirm answers false,
    /// prompt null) until the next navigation. Not implemented: false.
    func webView(_ webView: WebView, shouldSuppressDialogsAfter count: Int, completionHandler: @escaping (Bool) -> Void)
}

extension UIDelegate {
    public func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                        for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
        nil
    }
    public func webViewDidClose(_ webView: WebView) {}
    public func webView(_ webView: WebView, runOpenPanelWith parameters: OpenPanelParameters, initiatedByFrame frame: FrameInfo,
                        completionHandler: @escaping ([WebURL]?) -> Void) {
        completionHandler(nil)
    }
    public func webView(_ webView: WebView, shouldSuppressDialogsAfter count: Int, completionHandler: @escaping (Bool) -> Void) {
        completionHandler(false)
    }

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
