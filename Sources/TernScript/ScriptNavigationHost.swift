/// What `location` and `history` ask of the page's web view. TernKit
/// implements it; navigations go through its navigation policy.
package protocol ScriptNavigationHost: AnyObject {
    /// The page's current URL (after pushState and fragment changes).
    func scriptCurrentURL() -> String
    /// `location.href = url`, `assign`, `replace`; `url` is already resolved.
    /// When only the fragment changes, the host moves within the page at once.
    func scriptNavigate(to url: String, replacing: Bool)
    /// `location.reload()`.
    func scriptReload()
    /// HTML "fully active": the window's document is its navigable's
    /// active document, and its parent's is fully active (a removed
    /// frame's document is not); `history` throws otherwise.
    func scriptDocumentIsFullyActive() -> Bool
    /// `history.length`.
    func scriptHistoryLength() -> Int
    /// `history.back/forward/go(delta)`.
    func scriptHistoryGo(_ delta: Int)
    /// `history.pushState/replaceState`: a new or
    /// replaced entry for the same document; nil on success, else why not.
    func scriptHistoryPush(state: ScriptValue, url: String?, replacing: Bool) -> String?
    /// The current entry's serialized state (`history.state`), or null.
    func scriptHistoryState() -> ScriptValue
}

extension ScriptNavigationHost {
    /// A host without frames or a page cache: its document is always active.
    package func scriptDocumentIsFullyActive() -> Bool { true }
}
