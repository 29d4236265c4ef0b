/// What `window.open` and `window.close` ask of the page's web view.
public protocol ScriptWindowingHost: AnyObject {
    /// `window.open(url, target, features)`: whether a window opened (or,
    /// for `_self`/`_parent`/`_top`, this one navigates). The host blocks a
    /// new window unless the page has transient activation (a user gesture
    /// just now, used up by it) or the preference lets scripts open windows.
    func scriptOpenWindow(url: String, target: String, features: String) -> Bool
    /// `window.close()`.
    func scriptCloseWindow()
}
