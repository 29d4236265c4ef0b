import TernKit
import TernNet

/// A navigation delegate that writes down every callback, in order, as short
/// strings ("action GET /plain", "start", "commit", "finish", "fail …"), and
/// answers policies as told.
public final class NavigationRecorder: NavigationDelegate {
    public private(set) var events: [String] = []
    public var actionPolicy: (NavigationAction) -> NavigationActionPolicy = { _ in .allow }
    public var responsePolicy: (NavigationResponse) -> NavigationResponsePolicy = { $0.canShowMIMEType ? .allow : .cancel }
    public var challengeAnswer: (AuthenticationChallenge) -> (AuthenticationChallenge.Disposition, Credential?) = { _ in
        (.performDefaultHandling, nil)
    }
    public var onDownload: ((Download) -> Void)?
    public private(set) var errors: [NavigationError] = []
    public private(set) var actions: [NavigationAction] = []
    public private(set) var responses: [NavigationResponse] = []
    public private(set) var challenges: [AuthenticationChallenge] = []
    public private(set) var navigations: [Navigation] = []
    /// Moves to entries of the same document (kept out of `events`: no navigation), with the entry left's URL.
    public private(set) var sameDocument: [(type: SameDocumentNavigationType, from: String)] = []

    public init() {}

    /// Whether the last navigation ended (finished or failed).
    public var ended: Bool {
        guard let last = events.last else { return false }
        return last == "finish" || last.hasPrefix("fail")
    }

    public func clear() { events.removeAll(); errors.removeAll() }

    public func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                        decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
        actions.append(navigationAction)
        let policy = actionPolicy(navigationAction)
        events.append("action \(navigationAction.request.method) \(navigationAction.request.url.pathname) \(policy)")
        decisionHandler(policy)
    }

    public func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                        decisionHandler: @escaping (NavigationResponsePolicy) -> Void) {
        responses.append(navigationResponse)
        let policy = responsePolicy(navigationResponse)
        events.append("response \(navigationResponse.response.statusCode) \(policy)")
        decisionHandler(policy)
    }

    public func webView(_ webView: WebView, didSameDocumentNavigation type: SameDocumentNavigationType,
                        from previousItem: BackForwardListItem) {
        sameDocument.append((type, previousItem.url.href))
    }

    public func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) {
        navigations.append(navigation)
        events.append("start")
    }

    public func webView(_ webView: WebView, didReceiveServerRedirectForProvisionalNavigation navigation: Navigation!) {
        events.append("redirect")
    }

    public func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                        completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
        challenges.append(challenge)
        events.append("challenge \(challenge.previousFailureCount)")
        let (disposition, credential) = challengeAnswer(challenge)
        completionHandler(disposition, credential)
    }

    public func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
        if let error = error as? NavigationError { errors.append(error) }
        events.append("failProvisional \(error)")
    }

    public func webView(_ webView: WebView, didCommit navigation: Navigation!) {
        events.append("commit")
    }

    /// How many times the page's scripts were stopped for good, or its content process ended (kept out of `events`).
    public private(set) var webContentTerminations = 0

    public func webViewWebContentProcessDidTerminate(_ webView: WebView) {
        webContentTerminations += 1
    }

    public func webView(_ webView: WebView, didFinish navigation: Navigation!) {
        events.append("finish")
    }

    public func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
        if let error = error as? NavigationError { errors.append(error) }
        events.append("fail \(error)")
    }

    public func webView(_ webView: WebView, navigationResponse: NavigationResponse, didBecome download: Download) {
        events.append("download")
        if let onDownload { onDownload(download) } else { download.cancel() }
    }
}
