import TernNet

/// Hears of each navigation's steps, in the order of ARCHITECTURE.md's state
/// machine. Every method is optional; each doc says what happens without it.
/// All calls arrive on the event loop's thread.
///
/// The methods have WKNavigationDelegate's Swift signatures (`Navigation!`,
/// `Error`, the same labels), so WebKit code that is pasted in is called:
/// Swift does not warn when a method nearly matches one of these, it just
/// never calls it. The navigation passed is never nil; an error passed is
/// always a `NavigationError` (`error as? NavigationError`).
public protocol NavigationDelegate: AnyObject {
    /// Whether to perform the navigation. Called for every navigation and for
    /// every redirect hop. Not implemented: allowed. Call `decisionHandler`
    /// exactly once; if it is released uncalled, the navigation is cancelled.
    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                 decisionHandler: @escaping (NavigationActionPolicy) -> Void)
    /// Whether to perform the navigation, and with which settings for the
    /// page it commits (WebKit's `decidePolicyFor:preferences:`): asked
    /// instead of the method above, for every navigation and redirect hop,
    /// each time with the configuration's `defaultWebpagePreferences`; the
    /// last answer applies to the committed page only (a page restored
    /// from the back/forward cache keeps its own). A frame's navigation
    /// (`targetFrame` not the main frame) is asked too, starting from the
    /// settings of the document holding the frame; the answer applies to the
    /// frame's document (`allowsContentJavaScript`). Not implemented: the
    /// method above is asked and the preferences stay as they were. Call
    /// `decisionHandler` exactly once; released uncalled: cancelled.
    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
                 decisionHandler: @escaping (NavigationActionPolicy, WebpagePreferences) -> Void)
    /// Whether to show a response. Not implemented: allowed when
    /// `canShowMIMEType`, else cancelled. If released uncalled: cancelled.
    func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                 decisionHandler: @escaping (NavigationResponsePolicy) -> Void)
    /// The navigation began loading its main resource.
    func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!)
    /// The main resource redirected; a new `decidePolicyFor navigationAction` follows.
    func webView(_ webView: WebView, didReceiveServerRedirectForProvisionalNavigation navigation: Navigation!)
    /// The server asks for credentials (HTTP Basic/Digest), or its TLS
    /// certificate is not trusted (`.serverTrust`). Answer as WebKit's is
    /// answered: `completionHandler(.useCredential, credential)`. Not
    /// implemented, or released uncalled: `(.performDefaultHandling, nil)`,
    /// which shows the 401 page or fails with `serverCertificateUntrusted`.
    func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                 completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void)
    /// The navigation failed before anything of the page was shown.
    func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error)
    /// The page's content began to arrive; `url` and the back/forward list now name it.
    func webView(_ webView: WebView, didCommit navigation: Navigation!)
    /// The page finished loading.
    func webView(_ webView: WebView, didFinish navigation: Navigation!)
    /// The navigation failed after its content began to show.
    func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error)
    /// A `.download` policy turned the response into a download; the
    /// navigation then fails with `interruptedByPolicy`. Not implemented: the
    /// download has no delegate and is cancelled.
    func webView(_ webView: WebView, navigationResponse: NavigationResponse, didBecome download: Download)
    /// The page's scripts were stopped for good: its JavaScript heap passed
    /// `WebViewConfiguration.scriptMemoryLimit` (WebKit ends the web content
    /// process then; here the page stays shown, without scripts, until the
    /// next navigation). The reason is on the page's console too.
    func webViewWebContentProcessDidTerminate(_ webView: WebView)
    /// Tern-only (WebKit's private `_webView:navigation:didSameDocumentNavigation:`):
    /// the current entry changed without a load, to another of this document
    /// (`backForwardList.currentItem`, `url` already name it). `previousItem`
    /// was current until now: a front end keeps its scroll position there and
    /// shows the new entry's (its fragment for `.anchorNavigation`, its
    /// remembered position for `.sessionStatePop`).
    func webView(_ webView: WebView, didSameDocumentNavigation type: SameDocumentNavigationType,
                 from previousItem: BackForwardListItem)
}

extension NavigationDelegate {
    public func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                        decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
        decisionHandler(.allow)
    }
    public func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
                        decisionHandler: @escaping (NavigationActionPolicy, WebpagePreferences) -> Void) {
        self.webView(webView, decidePolicyFor: navigationAction) { decisionHandler($0, preferences) }
    }
    public func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                        decisionHandler: @escaping (NavigationResponsePolicy) -> Void) {
        decisionHandler(navigationResponse.canShowMIMEType ? .allow : .cancel)
    }
    public func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) {}
    public func webView(_ webView: WebView, didReceiveServerRedirectForProvisionalNavigation navigation: Navigation!) {}
    public func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                        completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
        completionHandler(.performDefaultHandling, nil)
    }
    public func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {}
    public func webView(_ webView: WebView, didCommit navigation: Navigation!) {}
    public func webView(_ webView: WebView, didFinish navigation: Navigation!) {}
    public func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {}
    public func webView(_ webView: WebView, navigationResponse: NavigationResponse, didBecome download: Download) {
        download.cancel()
    }
    public func webViewWebContentProcessDidTerminate(_ webView: WebView) {}
    public func webView(_ webView: WebView, didSameDocumentNavigation type: SameDocumentNavigationType,
                        from previousItem: BackForwardListItem) {}
}
