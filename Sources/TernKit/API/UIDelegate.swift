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
    /// A page opened a window (`window.open`, a `target=_blank` link or form,
    /// with the person's activation: see `didBlockPopupWith`). Return
    /// a new web view made with `configuration` (it shares this one's
    /// settings) to show it — Tern loads the action's request in it — or nil
    /// to refuse (the script gets null). Not implemented: nil.
    func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                 for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView?
    /// The page tried to open a window without the person's activation (no
    /// key on a link, button or form control in the last few seconds, or
    /// that key already opened one): `window.open`, a script's `click()` on a
    /// `target=_blank` link, `form.submit()` to a new target. Tern opened
    /// nothing (window.open returned null). To open it anyway when the
    /// person asks, make a web view and `load(navigationAction.request)`.
    /// Not implemented: nothing is shown.
    func webView(_ webView: WebView, didBlockPopupWith navigationAction: NavigationAction, windowFeatures: WindowFeatures)
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
    public func webView(_ webView: WebView, didBlockPopupWith navigationAction: NavigationAction, windowFeatures: WindowFeatures) {}
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
