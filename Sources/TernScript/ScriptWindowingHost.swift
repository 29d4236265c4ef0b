/// What `window.open` and `window.close` ask of the page's web view.
public protocol ScriptWindowingHost: AnyObject {
    /// `window.open(url, target, features)` with a user gesture (or when the
    /// preference allows scripts to open windows): whether a window opened.
    func scriptOpenWindow(url: String, target: String, features: String) -> Bool
    /// Whether scripts may open a window now: a user gesture happened just
    /// now (transient activation, used up by this call) or the preference
    /// lets scripts open windows automatically.
    func scriptMayOpenWindow() -> Bool
    /// `window.close()`.
    func scriptCloseWindow()
}
