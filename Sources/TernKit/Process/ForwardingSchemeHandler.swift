/// A content process's handler for a scheme the browser's URL scheme
/// handlers serve: each task goes to the browser as a resource load.
final class ForwardingSchemeHandler: URLSchemeHandler {
    private weak var host: WebPageHost?

    init(host: WebPageHost) {
        self.host = host
    }

    func webView(_ webView: WebView, start task: URLSchemeTask) {
        host?.startForwarding(task)
    }

    func webView(_ webView: WebView, stop task: URLSchemeTask) {
        host?.stopForwarding(task)
    }
}
