import TernScript
import TernNet
import TernDOM
import TernLayout

/// The page a `WebView` shows, and the engine behind it (WebKit's
/// `WebPage`): the navigation state machine, the committed page's session
/// (document, styles, scripts, layout), its frames, the back/forward list
/// and cache. It reports to the view's delegates and observers through
/// `view`, which owns it.
///
/// Values cross between the two, never the document: the line between them
/// is where the web content process's boundary goes (ARCHITECTURE.md).
final class WebPage {
    /// The view that shows this page (it owns the page).
    weak var view: WebView?
    let configuration: WebViewConfiguration
    /// The view's delegates (they are the view's, as WKWebView's are).
    var navigationDelegate: NavigationDelegate? { view?.navigationDelegate }
    var uiDelegate: UIDelegate? { view?.uiDelegate }
    var onConsoleMessage: ((ConsoleMessage) -> Void)?
    let backForwardList = BackForwardList()
    var customUserAgent: String?

    // MARK: Observable state (see `observe(_:options:changeHandler:)`)

    private(set) var estimatedProgress: Double = 0 {
        didSet { notify(\.estimatedProgress, from: oldValue, to: estimatedProgress) }
    }
    /// The current (or last) load's own progress, which `estimatedProgress`
    /// shows once no app's request is pending.
    var loadProgress: Double = 0 {
        didSet { updateLoadState() }
    }
    var title: String? = "" {
        didSet { notify(\.title, from: oldValue, to: title) }
    }
    private(set) var url: WebURL? {
        didSet { notify(\.url, from: oldValue, to: url) }
    }
    /// The committed page's URL (pushState and fragment links move it).
    var pageURL: WebURL? {
        didSet {
            updateLoadState()
            updateDocumentFragment()
        }
    }
    var isLoading = false {
        didSet { notify(\.isLoading, from: oldValue, to: isLoading) }
    }
    var canGoBack = false {
        didSet { notify(\.canGoBack, from: oldValue, to: canGoBack) }
    }
    var canGoForward = false {
        didSet { notify(\.canGoForward, from: oldValue, to: canGoForward) }
    }
    var hasOnlySecureContent = false {
        didSet { notify(\.hasOnlySecureContent, from: oldValue, to: hasOnlySecureContent) }
    }

    var authorStyleSheetsEnabled: Bool {
        didSet { if authorStyleSheetsEnabled != oldValue { documentDidChange() } }
    }

    var numbersFormFields = false {
        didSet { if numbersFormFields != oldValue { documentDidChange() } }
    }

    // MARK: The committed page

    var response: Response? { page?.response }
    /// The current page's document (HTML, or text shown preformatted); while
    /// the page is still arriving, the part parsed so far.
    var document: Document? {
        if let load = currentLoad, load.phase == .committed, let partial = load.parser?.document { return partial }
        return page?.document
    }
    var sourceBytes: [UInt8] { page?.bytes ?? [] }

    // MARK: Internals

    let loader: Loader
    /// Serves custom schemes to scripts, XHR and fetch.
    private lazy var schemeHandlerLoads = SchemeHandlerLoads(webPage: self)
    var loop: EventLoop { configuration.eventLoop }
    /// The navigation state machine's state.
    let navigationState = NavigationState()
    /// The committed page's session; a new one per committed page.
    lazy var session = PageSession(webPage: self)
    /// Pages left whole, to be shown again by going back or forward.
    let backForwardCache: BackForwardCache
    /// A page opened this view (the UI delegate's `createWebViewWith`): its
    /// scripts may close it whatever its history (HTML "script-closable").
    var isOpenedByPage = false
    /// HTML's "target name" of this top-level window (`window.name`): the
    /// name `window.open` or a link's `target` gave it, or what its pages'
    /// scripts set; it outlives each page.
    var targetName = ""
    /// The windows this one's pages opened, by their target names (a second
    /// `window.open` with the same name navigates the first window).
    var openedWindows: [WeakWebPage] = []
    /// This view as its opener's scripts hold it (`window.open`'s result).
    private(set) lazy var popupProxy = PopupWindowProxy(self)
    var documentRevision = 0 {
        didSet {
            guard documentRevision != oldValue else { return }
            session.layoutCache = nil
            notify(\.documentRevision, from: oldValue, to: documentRevision)
        }
    }
    var viewportSize = ViewportSize(columns: 80, rows: 24) {
        didSet {
            guard viewportSize != oldValue else { return }
            scriptHost.viewportDidChange(columns: viewportSize.columns, rows: viewportSize.rows)
            for frame in allFrames { frame.session.scriptHost.viewportDidChange(columns: viewportSize.columns, rows: viewportSize.rows) }
        }
    }
    /// Where `document.cookie` goes instead of the cookie jar: a content
    /// process's browser, which keeps the cookies.
    weak var cookieForwarder: ScriptCookieForwarding?
    /// Where `about:` pages come from instead of `AboutPages` here: a
    /// content process's browser, which has the data and the files.
    var aboutPageSource: ((_ url: WebURL, _ fromOwnForm: Bool) -> (bytes: [UInt8], url: WebURL)?)?
    /// A layout update is already scheduled for this turn.
    var documentChangePending = false
    /// This web view's sessionStorage areas, kept across its pages.
    let sessionStorage = WebStorage()
    /// Set while `activate` dispatches a click: a form the page submits
    /// meanwhile is held here and submitted when the click returns.
    var activationCapture: ActivationCapture?

    // The parts' fields, under the names the rest of the web view uses.
    var currentLoad: PageLoad? {
        get { navigationState.currentLoad }
        set {
            navigationState.currentLoad = newValue
            updateLoadState()
        }
    }
    var page: Page? {
        get { session.page }
        set { session.page = newValue }
    }
    var scriptHost: PageScriptHost { session.scriptHost }
    /// The current page's JavaScript window, made when first needed.
    var scriptWindow: ScriptWindow? {
        get { session.scriptHost.window }
        set { session.scriptHost.window = newValue }
    }

    init(configuration: WebViewConfiguration = WebViewConfiguration()) {
        self.configuration = configuration
        authorStyleSheetsEnabled = configuration.preferences.authorStyleSheetsEnabled
        configuration.websiteDataStore.register(sessionStorage: sessionStorage)
        configuration.websiteDataStore.eventLoop = configuration.eventLoop
        self.loader = Loader(loop: configuration.eventLoop, configuration: configuration.loaderConfiguration)
        backForwardCache = BackForwardCache(capacity: configuration.pageCacheCapacity, memoryBudget: configuration.pageCacheMemoryBudget)
        loader.customSchemes = schemeHandlerLoads
    }

    deinit {
        currentLoad?.stop()
    }

    /// Calls `body` with the view's navigation delegate and the view, when
    /// there are both (a delegate method takes the view, never the page).
    func tellNavigationDelegate(_ body: (NavigationDelegate, WebView) -> Void) {
        guard let view, let delegate = view.navigationDelegate else { return }
        body(delegate, view)
    }

    /// Calls `body` with the view's UI delegate and the view, when there are both.
    func tellUIDelegate(_ body: (UIDelegate, WebView) -> Void) {
        guard let view, let delegate = view.uiDelegate else { return }
        body(delegate, view)
    }

    /// Tells the view's observers of a change of one of its properties.
    func notify<Value: Equatable>(_ keyPath: KeyPath<WebView, Value>, from old: Value, to new: Value) {
        guard let view else { return }
        view.observers.changed(view, keyPath, from: old, to: new)
    }

    var userAgent: String { configuration.userAgent(custom: customUserAgent) }

    /// The User-Agent of the committed page: its navigation's
    /// `WebpagePreferences.customUserAgent`, else `userAgent`.
    var pageUserAgent: String {
        session.webpagePreferences.customUserAgent ?? userAgent
    }

    /// Whether the committed page's own scripts run: JavaScript is on
    /// (`Preferences.javaScriptEnabled`) and the page's navigation allowed
    /// it (`WebpagePreferences.allowsContentJavaScript`).
    var pageScriptsEnabled: Bool {
        configuration.preferences.javaScriptEnabled && session.webpagePreferences.allowsContentJavaScript
    }

    // MARK: Loading

    @discardableResult
    func load(_ request: Request) -> Navigation? {
        load(request, replacingCurrentItem: false)
    }

    @discardableResult
    func load(_ request: Request, replacingCurrentItem: Bool) -> Navigation? {
        if currentLoad == nil, isFragmentNavigation(to: request) {
            // As WebKit's FrameLoader: this page's URL with another fragment moves within it.
            navigateToFragment(request.url, replacing: replacingCurrentItem)
            return nil
        }
        let access = request.url.scheme == "file" ? request.url.filePath : nil
        return startNavigation(request, type: .other, fileAccess: access, replacing: replacingCurrentItem)
    }

    @discardableResult
    func load(urlString: String) throws -> Navigation? {
        guard let url = WebURL(urlString) else { throw NavigationError.badURL(urlString) }
        return load(Request(url: url))
    }

    @discardableResult
    func loadHTMLString(_ string: String, baseURL: WebURL?) -> Navigation? {
        load(Array(string.utf8), mimeType: "text/html", characterEncodingName: "utf-8", baseURL: baseURL)
    }

    @discardableResult
    func load(_ data: [UInt8], mimeType: String, characterEncodingName: String?, baseURL: WebURL?) -> Navigation? {
        let url = baseURL ?? WebURL("about:blank")!
        let substitute = SubstituteData(bytes: data, mimeType: mimeType.lowercased(), textEncodingName: characterEncodingName?.lowercased())
        return startNavigation(Request(url: url), type: .other, substitute: substitute)
    }

    @discardableResult
    func loadFileURL(_ url: WebURL, allowingReadAccessTo readAccessURL: WebURL) -> Navigation? {
        startNavigation(Request(url: url), type: .other, fileAccess: readAccessURL.filePath)
    }

    @discardableResult
    func reload() -> Navigation? {
        reload(cachePolicy: .reloadRevalidatingCacheData)
    }

    @discardableResult
    func reloadFromOrigin() -> Navigation? {
        reload(cachePolicy: .reloadIgnoringLocalCacheData)
    }

    private func reload(cachePolicy: Request.CachePolicy) -> Navigation? {
        guard let item = backForwardList.currentItem else { return nil }
        var request = item.request
        request.url = item.url
        request.cachePolicy = cachePolicy
        if cachePolicy == .reloadIgnoringLocalCacheData {
            request.headers["Cache-Control"] = "no-cache"
            request.headers["Pragma"] = "no-cache"
        }
        let type: NavigationType = request.method.uppercased() == "POST" ? .formResubmitted : .reload
        return startNavigation(request, type: type, substitute: item.substituteData, targetItem: item,
                               fileAccess: navigationState.fileReadAccessRoot)
    }

    func stopLoading() {
        cancelCurrentLoad(reporting: .cancelled)
        // As WebKit, the page's frames stop loading too.
        for frame in allFrames where frame.state == .loading { frameUnavailable(frame, "Not loaded: stopped") }
        // A pending request ends too, as WebPageProxy::stopLoading clears it
        // (the delegate may have started another load meanwhile).
        updateLoadState()
        isLoading = currentLoad != nil
    }

    @discardableResult
    func goBack() -> Navigation? {
        backForwardList.backItem.flatMap { go(to: $0) }
    }

    @discardableResult
    func goForward() -> Navigation? {
        backForwardList.forwardItem.flatMap { go(to: $0) }
    }

    @discardableResult
    func go(to item: BackForwardListItem) -> Navigation? {
        guard backForwardList.contains(item), let current = backForwardList.currentItem, item !== current else { return nil }
        // The page's document is shown (its own load may still be going on:
        // a script calling back() while the page loads stays in it).
        let documentShown = currentLoad.map { $0.phase == .committed } ?? true
        if item.documentID == current.documentID, documentShown, page != nil {
            // An entry of this same document (pushState, fragment, a frame's navigation): no load, popstate.
            restoreFrames(of: item, from: current)
            traverseWithinDocument(to: item)
            return nil
        }
        // A POST result not in the page cache is sent again: the policy hears formResubmitted.
        let cached = backForwardCache.contains(documentID: item.documentID)
        let type: NavigationType = item.request.method.uppercased() == "POST" && !cached ? .formResubmitted : .backForward
        // As in browsers, going back shows the page as it was: from the HTTP cache however old.
        var request = item.request
        if type == .backForward { request.cachePolicy = .returnCacheDataElseLoad }
        return startNavigation(request, type: type, substitute: item.substituteData, targetItem: item,
                               fileAccess: navigationState.fileReadAccessRoot)
    }

    /// Sets `estimatedProgress` and `url` as WebKit's PageLoadState derives
    /// them (see each); called whenever the navigation in progress, its
    /// phase or request, its progress or the committed URL changes.
    func updateLoadState() {
        let load = currentLoad
        let pending = load?.isPendingAPIRequest ?? false
        estimatedProgress = pending ? 0.1 : loadProgress
        url = pending || load?.phase == .provisional ? load?.request.url : pageURL
    }

    func updateBackForwardState() {
        canGoBack = backForwardList.backItem != nil
        canGoForward = backForwardList.forwardItem != nil
    }
}

/// A committed page's content, kept for the page cache.
struct Page {
    var response: Response
    var bytes: [UInt8]
    var document: Document?
    var title: String
    /// HTML "document's referrer": the `Referer` its navigation request
    /// sent to the URL that answered (after redirects), "" when none.
    var referrer = ""
}
