import TernCSS
import TernDOM

/// How to lay a document out. A value; every property has a default.
public struct LayoutOptions {
    /// The width in display columns (default 80; at least 1 is used).
    public var width: Int
    /// Turns an `href` or `src` as written into the URL to record in `Link.url`.
    /// Default: identity. TernKit passes a resolver against the document URL.
    public var resolveURL: (String) -> String
    /// Resolves a reference against an absolute base URL, used when the page
    /// has `<base href>` (the base itself goes through `resolveURL` first).
    /// Default nil: a small RFC 3986 resolver built into TernLayout is used.
    public var resolveURLAgainstBase: ((_ reference: String, _ base: String) -> String)?
    /// Whether scripts run: `<noscript>` content is shown only when false (default false).
    public var scriptingEnabled: Bool
    /// Whether links are shown with their number, `[1]text` (default true).
    public var numberLinks: Bool
    /// Whether form controls are numbered with the links, `[7]` before each
    /// (lynx's numbered fields: one count for both). Default false.
    public var numberFields = false
    /// The user's and the page's style sheets, in cascade order (the
    /// user-agent sheet is always applied first). Empty by default.
    public var styleSheets: [StyleSheet] = []
    /// false: the page as the user-agent and user sheets alone show it
    /// (the browser's toggle, `--no-css`).
    public var authorStylesEnabled = true
    /// The window height in rows, for media queries (the width is `width`).
    public var rows = 24
    /// The focused element, for `:focus` and `:focus-within`.
    public var focusedElement: Node?
    /// The document's style store, kept between layouts (issue 28): the
    /// styles it holds up to date are taken from it, and those it must
    /// compute are kept in it. The layout first brings it up to date with
    /// these options' sheets, width and rows (media queries), scripting
    /// and focus (`ElementStyleStore.update`). Used for its own document
    /// only (a frame's document is styled afresh). nil (the default): every
    /// style is computed, and none is kept.
    public var styleStore: ElementStyleStore?
    /// What each `iframe`/`frame` element shows; nil (or a nil answer): the
    /// element is a link to its `src`, as without frame support.
    public var frameContent: ((Node) -> FrameContent?)?
    /// The element in HTML's top layer (the topmost modal `<dialog>`): laid
    /// out as a modal layer over the page (`RenderedPage.layers`). nil: none.
    public var topLayer: Node?
    /// Elements whose place the caller wants (`RenderedPage.extents`, in
    /// this order): a script asked for their geometry. Empty: none.
    public var measuredElements: [Node] = []
    /// Asked every `Layout.stopCheckInterval` elements styled, and every few
    /// thousand elements a long selector match (`:has()`) visits: true ends
    /// the layout there. The page then holds what was laid out so far and
    /// a notice line (`RenderedPage.isIncomplete`). Must be cheap; nil
    /// (the default) never stops.
    public var shouldStop: (() -> Bool)?

    public init(width: Int = 80, resolveURL: @escaping (String) -> String = { $0 },
                resolveURLAgainstBase: ((String, String) -> String)? = nil,
                scriptingEnabled: Bool = false, numberLinks: Bool = true) {
        self.width = width
        self.resolveURL = resolveURL
        self.resolveURLAgainstBase = resolveURLAgainstBase
        self.scriptingEnabled = scriptingEnabled
        self.numberLinks = numberLinks
    }
}
