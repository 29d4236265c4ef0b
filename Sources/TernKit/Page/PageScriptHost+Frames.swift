import TernDOM
import TernScript

/// The frame tree as a window's scripts see it (HTML "navigables"):
/// `frames`, `parent`, `top`, `frameElement`, `contentWindow`.
extension PageScriptHost: ScriptFrameHost {
    /// The frames of this host's document.
    private var childFrames: [Frame] {
        ownerFrame?.children ?? webPage?.session.frames ?? []
    }

    func scriptChildWindows() -> [ScriptWindow] {
        guard let webPage else { return [] }
        return childFrames.filter { $0.hasBrowsingContext }.compactMap { try? webPage.frameScriptWindow($0) }
    }

    func scriptParentWindow() -> ScriptWindow? {
        guard let ownerFrame, let webPage else { return nil }
        if let parent = ownerFrame.parent { return try? webPage.frameScriptWindow(parent) }
        return try? webPage.pageScriptWindow()
    }

    func scriptTopWindow() -> ScriptWindow? {
        guard ownerFrame != nil else { return nil }
        return try? webPage?.pageScriptWindow()
    }

    func scriptFrameElement() -> Node? {
        ownerFrame?.element
    }

    func scriptContentWindow(of element: Node) -> ScriptWindow? {
        guard let webPage, let frame = childFrames.first(where: { $0.element == element }), frame.hasBrowsingContext else { return nil }
        return try? webPage.frameScriptWindow(frame)
    }
}
