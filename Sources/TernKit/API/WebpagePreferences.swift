/// Settings for one page, chosen per navigation (WKWebpagePreferences):
/// the navigation delegate's `decidePolicyFor:preferences:` may change
/// them for the page the navigation commits, so that a site can have
/// scripts off or a User-Agent of its own. They start as
/// `WebViewConfiguration.defaultWebpagePreferences`.
public struct WebpagePreferences: Equatable {
    /// Whether the page's own scripts run: its `<script>` elements, event
    /// handler attributes, `javascript:` URLs, and `<noscript>` then shows
    /// (the CSS `scripting` media feature says `none`). Default true. As in
    /// WebKit, the embedder's scripts still run (`evaluateJavaScript`, user
    /// scripts). `Preferences.javaScriptEnabled` false turns scripts off for
    /// every page whatever this says.
    public var allowsContentJavaScript = true
    /// Tern-only (WebKit's SPI `_customUserAgent`): the User-Agent the
    /// navigation's request, and then the committed page's subresources and
    /// `navigator.userAgent`, send instead of `WebView.userAgent`. Default nil.
    public var customUserAgent: String?

    public init(allowsContentJavaScript: Bool = true, customUserAgent: String? = nil) {
        self.allowsContentJavaScript = allowsContentJavaScript
        self.customUserAgent = customUserAgent
    }
}
