import TernDOM
import TernCSS

/// What a frame element (`iframe`, `frame`) shows, as the embedder (TernKit,
/// which loads frames) knows it: the frame's own document, laid out inline,
/// or the reason it cannot be.
public enum FrameContent {
    /// The frame's document, drawn inline where the element is.
    case document(FrameDocument)
    /// A frame that cannot be shown inline (a download, a blocked load, the
    /// nesting cap): the element stays a link to its `src`, with the reason.
    case unavailable(reason: String)
}

/// A frame's document and what laying it out needs besides the parent's options.
public struct FrameDocument {
    /// The frame's document (its own tree, not the parent's).
    public var document: Document
    /// The title shown on the frame's border (the document's title, else its URL).
    public var title: String
    /// The frame document's style sheets, in cascade order.
    public var styleSheets: [StyleSheet]
    /// Resolves an `href` or `src` of the frame's document against its URL.
    public var resolveURL: (String) -> String
    /// Whether the frame's scripts run (`<noscript>` is shown only when not).
    public var scriptingEnabled: Bool

    public init(document: Document, title: String, styleSheets: [StyleSheet] = [],
                resolveURL: @escaping (String) -> String = { $0 }, scriptingEnabled: Bool = false) {
        self.document = document
        self.title = title
        self.styleSheets = styleSheets
        self.resolveURL = resolveURL
        self.scriptingEnabled = scriptingEnabled
    }
}
