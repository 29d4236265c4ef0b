import TernNet
import TernDOM
import TernLayout

/// The committed page and everything that belongs to it alone: its content,
/// what was computed from it, the person's form state and focus in it, and
/// its script host (with its window). Exactly what the back/forward cache
/// keeps of a page left: a new page starts a new session, a restored page
/// brings its session back.
final class PageSession {
    /// The page's response, bytes and document (nil before anything is committed).
    var page: Page? {
        didSet { referrerPolicyCache = nil }
    }
    /// The settings the page was committed with (its navigation's answer).
    var webpagePreferences = WebpagePreferences()
    /// The page has finished loading (only such a page is cached when left).
    var finishedLoading = false
    /// The page was loaded again for a history item: its frames, as the
    /// parser makes them, go to the item's frame entries (HTML "apply the
    /// history step" restores the child navigables' entries).
    var restoresFrameEntries = false
    /// Answers the page's scripts and holds its window.
    let scriptHost: PageScriptHost
    /// The page's style sheets and their cascade.
    let styles = PageStyles()
    /// The last layout, and what it was made from.
    var layoutCache: (key: LayoutKey, page: RenderedPage)?
    /// A layout of `document` that was stopped (a key that stops or quits,
    /// `--dump`'s deadline): shown for that document from then on, whatever
    /// changes, so that a page whose layout takes minutes is not laid out
    /// again on its next change (the quit question would wait behind it).
    /// A new document (a reload, another page) is laid out afresh.
    var stoppedLayout: (document: Document, page: RenderedPage)?
    /// What a layout depends on besides the document's content.
    struct LayoutKey: Equatable {
        let width: Int
        let rows: Int
        let documentRevision: Int
        let stylesRevision: Int
        let authorStyles: Bool
        /// Changes whenever a frame's document or state changed.
        let framesRevision: Int
        /// The focused element, when the sheets may style it.
        let focus: Node?
    }
    /// The document's referrer policy as of a document revision (finding
    /// it walks the document for `<meta name=referrer>`).
    var referrerPolicyCache: (revision: Int, policy: ReferrerPolicy)?
    /// Each form control's state before the user first changed it (what a
    /// form reset restores).
    var controlDefaults: [Node: ControlState] = [:]
    /// The files chosen for file inputs, as paths.
    var chosenFiles: [Node: [String]] = [:]
    /// HTML "last activation timestamp" of the page's window: when the
    /// person last clicked or typed in it (or in a frame inside it, or in a
    /// same-origin parent); nil for never, or used up.
    var lastUserActivation: Double?
    /// The focused element when the page has no script window.
    var focusedNode: Node?
    /// Text fields' selections (UTF-16 offsets) when the page has no script
    /// window to keep them (`selectionStart`/`selectionEnd`).
    var textSelections: [Node: Range<Int>] = [:]
    /// The elements scripts asked the geometry of, laid out with their
    /// extents (`LayoutOptions.measuredElements`), and each one's index.
    var measuredElements: [Node] = []
    var measuredIndex: [Node: Int] = [:]
    /// Time spent laying out for geometry in the current second (its start,
    /// the seconds spent): past a budget, scripts get the last layout's answer.
    var geometryLayoutTime: (since: Double, spent: Double) = (0, 0)
    /// The last layout made for geometry.
    var geometryPage: RenderedPage?
    /// `WebView.scrolledLines`.
    var scrolledLines = 0
    /// `WebView.requestedScrollLine`.
    var requestedScrollLine: Int?
    /// Each field's value when the person began typing in it: `change`
    /// fires when typing ends with another (HTML's "dirty value" committed).
    var valuesBeforeTyping: [Node: String] = [:]
    /// Whether a document has inline event handlers (`onclick="…"`), scanned once.
    var inlineHandlerScan: (document: ObjectIdentifier, found: Bool)?

    /// The frames of the page's document (HTML "child navigables"), in tree order.
    var frames: [Frame] = []
    /// Counts changes to the page's frames (their documents, their states).
    var framesRevision = 0

    init(webPage: WebPage) {
        scriptHost = PageScriptHost(webPage: webPage)
    }

    deinit {
        // A page left (and not kept in the back/forward cache) stops its frames' loads and scripts.
        for frame in frames { frame.discard() }
    }
}
