import TernNet

/// What a navigation is about to do, offered to `decidePolicyFor navigationAction`.
public struct NavigationAction {
    public let request: Request
    public let navigationType: NavigationType
    /// The frame that asked for the navigation.
    public let sourceFrame: FrameInfo
    /// The frame to navigate; nil when the navigation opens a new window.
    public let targetFrame: FrameInfo?
    /// Whether the person asked for it: a load by the app (`load`, `reload`,
    /// going back), a link or form the person activated (`WebView.activate`,
    /// `pressEnter`), or a navigation a script started while the page had
    /// transient activation (a key in the last few seconds), which it used
    /// up. False for what a page's scripts do by themselves (`location = …`
    /// from a timer, `a.click()` on load): a front end asks before handing
    /// such a URL to another program or saving its response.
    public internal(set) var isUserInitiated = false
}

/// A frame of a page (WebKit's WKFrameInfo): the main frame or one an
/// `iframe`/`frame` element holds.
public struct FrameInfo {
    public let isMainFrame: Bool
    /// The frame's current request (its document's URL), if it has one.
    public let request: Request?
    /// The frame document's origin, serialised ("null" for opaque origins,
    /// as a frame sandboxed without `allow-same-origin` has).
    public let securityOrigin: String
    /// Which frame of the web view this is (0: the main frame), for
    /// `evaluateJavaScript(_:in:completionHandler:)`.
    var frameID = 0
}

/// The answer to `decidePolicyFor navigationAction`.
public enum NavigationActionPolicy: Hashable {
    case cancel
    case allow
    case download
}
