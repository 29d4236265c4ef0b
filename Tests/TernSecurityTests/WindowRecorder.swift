import TernKit

/// A UI delegate for the popup tests: the windows a page made and the
/// popups that were blocked.
final class WindowRecorder: UIDelegate {
    var created: [WebView] = []
    var blocked: [NavigationAction] = []

    func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                 for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
        let view = WebView(configuration: configuration)
        created.append(view)
        return view
    }

    func webView(_ webView: WebView, didBlockPopupWith navigationAction: NavigationAction, windowFeatures: WindowFeatures) {
        blocked.append(navigationAction)
    }
}
