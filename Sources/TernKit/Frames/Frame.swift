import TernNet
import TernDOM
import TernCSS
import TernScript

/// A child navigable of a page (HTML "navigables", "the iframe element",
/// "the frame element"): the browsing context an `iframe` or `frame`
/// element holds, with its own document, script host and window (a
/// `PageSession` of its own: a frame is a page session with a parent and an
/// element). Its children are the frames of its document.
final class Frame {
    /// Where the frame stands.
    enum State: Equatable {
        /// Its document is being fetched or parsed (its element's `load` has not fired).
        case loading
        /// Its document has loaded (`load` fired at the element).
        case loaded
        /// It shows no document: the reason, in words (a download, a policy, the caps).
        case unavailable(String)
    }

    /// Identifies the frame in `FrameInfo` (the main frame is 0).
    let id: Int
    private static var lastID = 0
    /// The element holding the frame, in the parent's document.
    let element: Node
    /// The parent frame; nil when the element is in the main frame's document.
    private(set) weak var parent: Frame?
    /// 1 for a frame of the main document, 2 for a frame of that frame's…
    let depth: Int
    /// The frame's page: its document, script host and window.
    var session: PageSession
    /// The frame document's URL (`about:blank`, `about:srcdoc`, or where it was loaded from).
    var url: WebURL
    /// The sandboxing flags its document was loaded with (its element's and its ancestors').
    var sandbox = SandboxFlags.none
    var state = State.loading {
        didSet { if state != .loading { runWaiters() } }
    }
    /// The frames of the frame's document.
    var children: [Frame] = []
    /// The `src`/`srcdoc` the frame was last navigated for (an attribute change navigates it).
    var attributeKey: String
    /// The fetch in progress, the parser and the scripts of the document loading.
    var load: FrameLoad?
    var parser: HTMLParser?
    var runner: PageScriptRunner?
    /// The script runner of the parent's document whose load event waits for this frame.
    weak var blockedRunner: PageScriptRunner?
    /// The frame's first document has loaded: later navigations add history entries.
    var loadedOnce = false
    /// Its current session history entry, and the one the page's history
    /// steps that do not name the frame show (its first document's).
    var entry: FrameHistoryEntry
    var initialEntry: FrameHistoryEntry
    /// The entry a traversal loads the frame's document again for (its document was left).
    var restoringEntry: FrameHistoryEntry?
    /// The frame was removed (its element left the document, or its page was left).
    private(set) var isDiscarded = false
    /// Changes whenever the frame's document (or its state) changes.
    var revision = 0
    /// A change of the frame's document by its scripts is already scheduled for this turn.
    var documentChangePending = false
    private var waiters: [() -> Void] = []
    /// The sheets of the frame's document as of a revision (see `WebView.frameStyleSheets`).
    var sheetCache: (revision: Int, sheets: [(sheet: StyleSheet, ownerNode: Node?)])?
    /// Its `<link rel=stylesheet>` sheets by URL: loading (a load) or arrived (a sheet, nil when it failed).
    var linkedSheets: [String: (load: StyleSheetLoad?, sheet: StyleSheet?)] = [:]

    init(element: Node, parent: Frame?, session: PageSession, attributeKey: String) {
        Frame.lastID += 1
        id = Frame.lastID
        self.element = element
        self.parent = parent
        self.depth = (parent?.depth ?? 0) + 1
        self.session = session
        self.attributeKey = attributeKey
        url = WebURL("about:blank")!
        entry = FrameHistoryEntry(url: url, documentID: 0)
        initialEntry = entry
    }

    /// While the person's click is dispatched in the frame: a link its
    /// scripts follow meanwhile is held here (followed once, after the click).
    var activationCapture: ActivationCapture?

    var document: Document? { session.page?.document ?? parser?.document }

    /// A frame past the caps (or refused before it loaded) has no browsing context: no window.
    var hasBrowsingContext: Bool {
        if case .unavailable = state { return session.page != nil }
        return !isDiscarded
    }

    /// Whether the frame document's own scripts run: JavaScript is on in
    /// the web view and for the document (its navigation's
    /// `WebpagePreferences`: a site's settings, whatever frame it is in),
    /// and no sandbox forbids them.
    func scriptsEnabled(in webPage: WebPage) -> Bool {
        webPage.configuration.preferences.javaScriptEnabled && session.webpagePreferences.allowsContentJavaScript
            && !sandbox.scripts
    }
    var window: ScriptWindow? { session.scriptHost.window }

    /// The name targets use: the element's `name` attribute.
    var name: String { element.attribute("name") ?? "" }

    /// The document's origin, serialised, decided once when the document is
    /// made (`documentCreated`), never from `url`, which `pushState` changes
    /// (HTML "determining the origin"): "null" when sandboxed without
    /// `allow-same-origin`, for data: and other opaque URLs; `about:blank`
    /// and `about:srcdoc` documents have their parent's.
    private(set) var origin = "null"

    /// Decides the origin of the frame's new document at `url`, whose parent
    /// document (the main page's when the frame has no parent frame) has `parentOrigin`.
    func documentCreated(at url: WebURL, parentOrigin: String) {
        self.url = url
        if sandbox.origin {
            origin = "null"
        } else if url.href == "about:blank" || url.href == "about:srcdoc" {
            origin = parent?.origin ?? parentOrigin
        } else {
            origin = url.origin
        }
    }

    /// What the API says of the frame.
    var info: FrameInfo {
        FrameInfo(isMainFrame: false, request: Request(url: url), securityOrigin: origin, frameID: id)
    }

    /// Runs `body` once the frame is no longer loading (at once if it is not).
    func whenLoaded(_ body: @escaping () -> Void) {
        if state != .loading || isDiscarded { body() } else { waiters.append(body) }
    }

    private func runWaiters() {
        let pending = waiters
        waiters = []
        pending.forEach { $0() }
    }

    /// Stops the frame's fetch and scripts (and its children's); its parent's
    /// load event no longer waits for it.
    func stopLoading() {
        for entry in linkedSheets.values { entry.load?.cancel() }
        linkedSheets = [:]
        load?.cancel()
        load = nil
        runner?.cancel()
        runner = nil
        parser = nil
        for child in children { child.discard() }
        children = []
        let blocked = blockedRunner
        blockedRunner = nil
        blocked?.loadBlockerDone()
    }

    /// The frame is gone: its element was removed or its page left. Its
    /// scripts stop (the window goes with its session).
    func discard() {
        guard !isDiscarded else { return }
        isDiscarded = true
        stopLoading()
        // HTML: a window whose navigable is gone reads `closed` as true.
        session.scriptHost.window?.isClosed = true
        session.scriptHost.window = nil
        runWaiters()
    }

    /// Every frame of the tree under `frames`, depth first.
    static func all(_ frames: [Frame]) -> [Frame] {
        frames.flatMap { [$0] + all($0.children) }
    }
}
