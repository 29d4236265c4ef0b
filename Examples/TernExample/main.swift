// TernExample: loads one page headless with TernKit and reports each step.
// Usage: TernExample [URL or /absolute/path]   (default about:blank)
import TernKit

/// Page content is untrusted: keep terminal control characters out of the output.
func printable(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "\u{FFFD}" : $0
    }))
}

final class Reporter: NavigationDelegate {
    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                 decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
        guard navigationAction.request.url.scheme != "myapp" else {
            print("refused: \(printable(navigationAction.request.url.href))")
            return decisionHandler(.cancel)
        }
        if let frame = navigationAction.targetFrame, !frame.isMainFrame {
            print("frame: \(printable(navigationAction.request.url.href))")
        }
        decisionHandler(.allow)
    }

    func webView(_ webView: WebView, didCommit navigation: Navigation!) {
        print("committed: \(printable(webView.url?.href ?? ""))")
    }

    func webView(_ webView: WebView, didFinish navigation: Navigation!) {
        print("finished")
    }

    func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
        print("failed before commit: \(printable(String(describing: error)))")
    }

    func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
        print("failed: \(printable(String(describing: error)))")
    }
}

var configuration = WebViewConfiguration()
configuration.applicationNameForUserAgent = "TernExample/1.0"
let webView = WebView(configuration: configuration)
let reporter = Reporter()
webView.navigationDelegate = reporter  // a weak reference: keep `reporter` alive

let progressToken = webView.observe(\.estimatedProgress, options: [.new]) { _, change in
    print("progress: \(change.newValue ?? 0)")
}

let address = CommandLine.arguments.dropFirst().first ?? "about:blank"
if let url = address.hasPrefix("/") ? WebURL(filePath: address) : WebURL(address) {
    webView.load(Request(url: url))
    // isLoading is true from the load call until the page finishes, fails or is refused.
    let ended = EventLoop.main.run(until: { !webView.isLoading }, timeout: 30)
    if !ended { print("timed out") }
} else {
    print("not a URL: \(printable(address))")
}
print("title: \(printable(webView.title ?? "(none)"))")
print("url: \(printable(webView.url?.href ?? "(none)"))")
progressToken.invalidate()
