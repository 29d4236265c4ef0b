/// What `window.open` and `window.close` ask of the page's web view.
package protocol ScriptWindowingHost: AnyObject {
    /// `window.open(url, target, features)`: the window that opened, nil when
    /// none did (blocked, refused, or for `_self`/`_parent`/`_top`, this one
    /// navigates). The host blocks a new window unless the page has transient
    /// activation (a user gesture just now, used up by it) or the preference
    /// lets scripts open windows.
    func scriptOpenWindow(url: String, target: String, features: String) -> ScriptOpenedWindow?
    /// `window.close()`.
    func scriptCloseWindow()
    /// The window whose script opened this one (`window.opener`), unless it
    /// was opened with `noopener`; nil by default.
    func scriptOpenerWindow() -> ScriptWindow?
}

extension ScriptWindowingHost {
    package func scriptOpenerWindow() -> ScriptWindow? { nil }
}

/// A top-level window a script opened, as its opener's scripts reach it
/// (`window.open`'s result): another web view, whose page the opener reaches
/// through the WindowProxy, wholly when it is of the opener's origin and
/// engine, else through the restricted members (`postMessage`, `closed`,
/// `close()`, `location`).
package protocol ScriptOpenedWindow: AnyObject {
    /// The window of the page it shows now; nil while it has none.
    var scriptCurrentWindow: ScriptWindow? { get }
    /// The window of the page it shows now, made if the page has none yet
    /// (its opener reaches into it); nil when it can have none.
    func scriptWindowForAccess() -> ScriptWindow?
    /// `close()` from its opener.
    func scriptClose()
    /// `location.href = url` or `location.replace(url)` from its opener; `url` is resolved.
    func scriptNavigate(to url: String, replacing: Bool)
}
