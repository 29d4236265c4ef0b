import TernDOM

/// What a window asks of the frame tree it belongs to (HTML's navigables);
/// TernKit's frames answer it. The windows of one page's frames share one
/// JavaScript engine group (`ScriptWindow.init(sharingEngineWith:)`), so a
/// same-origin frame's objects are usable from its parent and back.
package protocol ScriptFrameHost: AnyObject {
    /// The windows of the child navigables of this window's document (its
    /// `iframe`/`frame` elements that hold a loaded or loading frame), in tree
    /// order: `window.frames`, `length`, `window[i]` and named access.
    func scriptChildWindows() -> [ScriptWindow]
    /// The parent navigable's window; nil for a top-level window.
    func scriptParentWindow() -> ScriptWindow?
    /// The top-level window of this window's tree; nil when this window is it.
    func scriptTopWindow() -> ScriptWindow?
    /// The element of the parent's document that holds this window's frame
    /// (`frameElement` before its origin check); nil for a top-level window.
    func scriptFrameElement() -> Node?
    /// The window of the frame that `element` (an `iframe` or `frame` of this
    /// window's document) holds: `contentWindow`; nil when it holds none.
    func scriptContentWindow(of element: Node) -> ScriptWindow?
}
