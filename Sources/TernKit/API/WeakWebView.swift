/// A web view held weakly, as a window holds the windows it opened.
struct WeakWebView {
    weak var webView: WebView?
}
