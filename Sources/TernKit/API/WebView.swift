import TernScript
import TernNet
import TernDOM
import TernLayout

/// A headless web view: loads pages, keeps their history and reports every
/// step to its delegates, with WKWebView's API.
///
/// A web view lives on the thread of its configuration's event loop and is
/// not thread-safe; every callback arrives on that loop.
public final class WebView {
    /// The configuration the web view was created with (a copy).
    public let configuration: WebViewConfiguration
    /// Hears of each navigation's steps.
    public weak var navigationDelegate: NavigationDelegate?
    /// Shows the page's JavaScript dialogs.
    public weak var uiDelegate: UIDelegate?
    /// Called with each console message the page's scripts write.
    public var onConsoleMessage: ((ConsoleMessage) -> Void)?
    /// The session history.
    public let backForwardList = BackForwardList()
    /// Replaces the whole User-Agent header for later loads. Default nil.
    public var customUserAgent: String?

    // MARK: Observable state (see `observe(_:options:changeHandler:)`)

    /// How much of the current load has arrived, as WebKit's PageLoadState
    /// reports it: 0.1 from inside `load()` (while an app's request is
    /// pending) or as a page's own navigation starts, rising with the bytes
    /// received, 1.0 when the load finishes or fails.
    public private(set) var estimatedProgress: Double = 0 {
        didSet { observers.changed(self, \.estimatedProgress, from: oldValue, to: estimatedProgress) }
    }
    /// The current (or last) load's own progress, which `estimatedProgress`
    /// shows once no app's request is pending.
    var loadProgress: Double = 0 {
        didSet { updateLoadState() }
    }
    /// The page's title: "" for a page without one and before the first
    /// page, never nil, as WKWebView's (PageLoadState's null title becomes
    /// `@""` through WTF::String::createNSString).
    public internal(set) var title: String? = "" {
        didSet { observers.changed(self, \.title, from: oldValue, to: title) }
    }
    /// WebKit's active URL (PageLoadState::activeURL): the URL an app's
    /// load asked for, from the call on (its pending API request); the
    /// provisional URL (each redirect's) once the load has started; the
    /// committed page's otherwise, and again after a provisional failure or
    /// a cancel. The page itself (its scripts, cookies, dialogs) goes by the
    /// committed URL whatever this shows.
    public private(set) var url: WebURL? {
        didSet { observers.changed(self, \.url, from: oldValue, to: url) }
    }
    /// The committed page's URL (pushState and fragment links move it).
    var pageURL: WebURL? {
        didSet {
            updateLoadState()
            updateDocumentFragment()
        }
    }
    /// Whether a navigation is in progress: true from the `load` call until
    /// it finishes, fails or a policy cancels it.
    public internal(set) var isLoading = false {
        didSet { observers.changed(self, \.isLoading, from: oldValue, to: isLoading) }
    }
    public internal(set) var canGoBack = false {
        didSet { observers.changed(self, \.canGoBack, from: oldValue, to: canGoBack) }
    }
    public internal(set) var canGoForward = false {
        didSet { observers.changed(self, \.canGoForward, from: oldValue, to: canGoForward) }
    }
    /// Whether everything on the page came over a verified secure connection.
    public internal(set) var hasOnlySecureContent = false {
        didSet { observers.changed(self, \.hasOnlySecureContent, from: oldValue, to: hasOnlySecureContent) }
    }

    /// Whether pages' own styles apply: their `<style>` and `<link
    /// rel=stylesheet>` sheets and `style` attributes. false shows each page
    /// as the user-agent and user style sheets alone style it (the
    /// browser's toggle, `tern --no-css`); the page is laid out again at
    /// once. Starts as `configuration.preferences.authorStyleSheetsEnabled`.
    /// (WebKit has no public switch; Safari's "Disable Styles" is private.)
    public var authorStyleSheetsEnabled: Bool {
        didSet { if authorStyleSheetsEnabled != oldValue { documentDidChange() } }
    }

    /// Whether `pageLayout` numbers form controls with the links (`[7]`
    /// before each field, lynx's numbered fields), for a front end where a
    /// typed number reaches a field. Default false (`--dump` numbers links
    /// only); the page is laid out again when it changes.
    public var numbersFormFields = false {
        didSet { if numbersFormFields != oldValue { documentDidChange() } }
    }

    // MARK: The committed page

    /// The current page's main response.
    public var response: Response? { page?.response }
    /// The current page's document (HTML, or text shown preformatted); while
    /// the page is still arriving, the part parsed so far.
    var document: Document? {
        if let load = currentLoad, load.phase == .committed, let partial = load.parser?.document { return partial }
        return page?.document
    }
    /// The current page's source bytes.
    public var sourceBytes: [UInt8] { page?.bytes ?? [] }

    // MARK: Internals

    let observers = ObserverRegistry<WebView>()
    let loader: Loader
    /// Serves custom schemes to scripts, XHR and fetch.
    private lazy var schemeHandlerLoads = SchemeHandlerLoads(webView: self)
    var loop: EventLoop { configuration.eventLoop }
    /// The navigation state machine's state.
    let navigationState = NavigationState()
    /// The committed page's session; a new one per committed page.
    lazy var session = PageSession(webView: self)
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
    var openedWindows: [WeakWebView] = []
    /// This view as its opener's scripts hold it (`window.open`'s result).
    private(set) lazy var popupProxy = PopupWindowProxy(self)
    /// Counts changes to the shown document (a new page, more of it parsed,
    /// scripts changing it): a front end lays the page out again when it moves.
    public internal(set) var documentRevision = 0 {
        didSet {
            guard documentRevision != oldValue else { return }
            session.layoutCache = nil
            observers.changed(self, \.documentRevision, from: oldValue, to: documentRevision)
        }
    }
    /// The size of the window the page is shown in (80 × 24 cells until a
    /// front end says otherwise). Laying the page out for another size
    /// (`pageLayout(width:rows:)`) sets it too. A change fires `resize` at
    /// the page's windows and re-evaluates their media queries.
    public var viewportSize = ViewportSize(columns: 80, rows: 24) {
        didSet {
            guard viewportSize != oldValue else { return }
            scriptHost.viewportDidChange(columns: viewportSize.columns, rows: viewportSize.rows)
            for frame in allFrames { frame.session.scriptHost.viewportDidChange(columns: viewportSize.columns, rows: viewportSize.rows) }
        }
    }
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

    public init(configuration: WebViewConfiguration = WebViewConfiguration()) {
        self.configuration = configuration
        authorStyleSheetsEnabled = configuration.preferences.authorStyleSheetsEnabled
        var network = configuration.network
        if network.cookieJar == nil { network.cookieJar = configuration.websiteDataStore.cookieJar }
        if network.httpCache == nil { network.httpCache = configuration.websiteDataStore.httpCache }
        configuration.websiteDataStore.register(sessionStorage: sessionStorage)
        configuration.websiteDataStore.eventLoop = configuration.eventLoop
        self.loader = Loader(loop: configuration.eventLoop, configuration: network)
        backForwardCache = BackForwardCache(capacity: configuration.pageCacheCapacity, memoryBudget: configuration.pageCacheMemoryBudget)
        loader.customSchemes = schemeHandlerLoads
    }

    /// Whether Tern loads `scheme` itself (http, https, file, data, about,
    /// ...), so that it cannot be given a `URLSchemeHandler`, as WKWebView's
    /// class method of the same name answers.
    public static func handlesURLScheme(_ scheme: String) -> Bool {
        WebViewConfiguration.builtInSchemes.contains(scheme.lowercased())
    }

    deinit {
        currentLoad?.stop()
    }

    /// Watches a property; the handler runs after each change until the
    /// returned token is released or invalidated.
    public func observe<Value>(_ keyPath: KeyPath<WebView, Value>, options: ObservationOptions = [.new],
                               changeHandler: @escaping (WebView, ObservedChange<Value>) -> Void) -> Observation {
        observers.add(keyPath, options: options, object: self, handler: changeHandler)
    }

    /// The User-Agent header later loads send.
    public var userAgent: String {
        if let customUserAgent { return customUserAgent }
        let base = configuration.network.userAgent
        return configuration.applicationNameForUserAgent.map { base + " " + $0 } ?? base
    }

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

    /// Loads `request`. A file: URL grants read access to that one file.
    @discardableResult
    public func load(_ request: Request) -> Navigation? {
        load(request, replacingCurrentItem: false)
    }

    /// Tern-only: loads `request` in place of the current history item
    /// (HTML's "replace" history handling, as `location.replace()`). For a
    /// front end's start page, which browsers replace like their new-tab
    /// page: it leaves no entry to go back to, and the page that replaces it
    /// is its view's only entry (which `window.close()` may close).
    @discardableResult
    public func load(_ request: Request, replacingCurrentItem: Bool) -> Navigation? {
        if currentLoad == nil, isFragmentNavigation(to: request) {
            // As WebKit's FrameLoader: this page's URL with another fragment moves within it.
            navigateToFragment(request.url, replacing: replacingCurrentItem)
            return nil
        }
        let access = request.url.scheme == "file" ? request.url.filePath : nil
        return startNavigation(request, type: .other, fileAccess: access, replacing: replacingCurrentItem)
    }

    /// Loads what a person typed as a URL; a string that is not a valid
    /// absolute URL throws `NavigationError.badURL` and changes nothing.
    @discardableResult
    public func load(urlString: String) throws -> Navigation? {
        guard let url = WebURL(urlString) else { throw NavigationError.badURL(urlString) }
        return load(Request(url: url))
    }

    /// Shows `string` as HTML; relative links resolve against `baseURL`.
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: WebURL?) -> Navigation? {
        load(Array(string.utf8), mimeType: "text/html", characterEncodingName: "utf-8", baseURL: baseURL)
    }

    /// Shows `data` as `mimeType` with `baseURL` as the page's URL (about:blank when nil).
    @discardableResult
    public func load(_ data: [UInt8], mimeType: String, characterEncodingName: String?, baseURL: WebURL?) -> Navigation? {
        let url = baseURL ?? WebURL("about:blank")!
        let substitute = SubstituteData(bytes: data, mimeType: mimeType.lowercased(), textEncodingName: characterEncodingName?.lowercased())
        return startNavigation(Request(url: url), type: .other, substitute: substitute)
    }

    /// Loads a local file, allowing this page to read files under
    /// `readAccessURL` (a folder, or the file itself). A file outside it fails
    /// with `fileAccessDenied`.
    @discardableResult
    public func loadFileURL(_ url: WebURL, allowingReadAccessTo readAccessURL: WebURL) -> Navigation? {
        startNavigation(Request(url: url), type: .other, fileAccess: readAccessURL.filePath)
    }

    /// Loads the current page again, revalidating cached data.
    @discardableResult
    public func reload() -> Navigation? {
        reload(cachePolicy: .reloadRevalidatingCacheData)
    }

    /// Loads the current page again from the server, bypassing caches.
    @discardableResult
    public func reloadFromOrigin() -> Navigation? {
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

    /// Stops the current navigation: the delegate hears `didFail`
    /// (or `didFailProvisionalNavigation`) with `.cancelled`.
    public func stopLoading() {
        cancelCurrentLoad(reporting: .cancelled)
        // As WebKit, the page's frames stop loading too.
        for frame in allFrames where frame.state == .loading { frameUnavailable(frame, "Not loaded: stopped") }
        // A pending request ends too, as WebPageProxy::stopLoading clears it
        // (the delegate may have started another load meanwhile).
        updateLoadState()
        isLoading = currentLoad != nil
    }

    @discardableResult
    public func goBack() -> Navigation? {
        backForwardList.backItem.flatMap { go(to: $0) }
    }

    @discardableResult
    public func goForward() -> Navigation? {
        backForwardList.forwardItem.flatMap { go(to: $0) }
    }

    /// Navigates to an item of the back/forward list, from the page cache
    /// when it still holds it, else from the HTTP cache (however old its
    /// response), else from the network.
    @discardableResult
    public func go(to item: BackForwardListItem) -> Navigation? {
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
