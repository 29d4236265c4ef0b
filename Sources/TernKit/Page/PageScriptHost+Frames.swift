import TernDOM
import TernScript

/// The frame tree as a window's scripts see it (HTML "navigables"):
/// `frames`, `parent`, `top`, `frameElement`, `contentWindow`.
extension PageScriptHost: ScriptFrameHost {
    /// The frames of this host's document.
    private var childFrames: [Frame] {
        ownerFrame?.children ?? webView?.session.frames ?? []
    }

    func scriptChildWindows() -> [ScriptWindow] {
        guard let webView else { return [] }
        return childFrames.filter { $0.hasBrowsingContext }.compactMap { try? webView.frameScriptWindow($0) }
    }

    func scriptParentWindow() -> ScriptWindow? {
        guard let ownerFrame, let webView else { return nil }
        if let parent = ownerFrame.parent { return try? webView.frameScriptWindow(parent) }
        return try? webView.pageScriptWindow()
    }

    func scriptTopWindow() -> ScriptWindow? {
        guard ownerFrame != nil else { return nil }
        return try? webView?.pageScriptWindow()
    }

    func scriptFrameElement() -> Node? {
        ownerFrame?.element
    }

    func scriptContentWindow(of element: Node) -> ScriptWindow? {
        guard let webView, let frame = childFrames.first(where: { $0.element == element }), frame.hasBrowsingContext else { return nil }
        return try? webView.frameScriptWindow(frame)
    }
}
