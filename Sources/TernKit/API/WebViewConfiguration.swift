import TernNet

/// How a web view is set up. A value: the web view keeps the copy it was
/// created with, so changing a configuration afterwards affects only web views
/// created later.
public struct WebViewConfiguration {
    /// Behaviour switches for the page. Default: `Preferences()`.
    public var preferences = Preferences()
    /// Appended to the default User-Agent, as in WKWebViewConfiguration. Default nil.
    public var applicationNameForUserAgent: String?
    /// The event loop the web view runs on. Default: `EventLoop.main`.
    public var eventLoop: EventLoop = .main
    /// Network limits, timeouts and host pinning. Default: `LoaderConfiguration()`
    /// (a 64 MB document cap, 30 s connect and stall timeouts, no overall timeout).
    public var network = LoaderConfiguration()
    /// Where `about:NAME` pages are found (`NAME.html`). Default:
    /// `$TERN_RESOURCES` when set, else the installed `PREFIX/share/tern`
    /// (found from the executable in `PREFIX/bin`), else the bundled
    /// `Resources/` folder of the build tree.
    public var resourcesDirectory: String? = ResourceLocator.bundledResourcesDirectory()
    /// Makes `about:` pages of the application's own: called with NAME for
    /// each load of `about:NAME` (reloads and back/forward visits that are
    /// not served from the back/forward cache included), before `NAME.html`
    /// is looked for in `resourcesDirectory`. The HTML it returns is the
    /// page; nil goes on as without it. Default nil. (Tern's `?` page,
    /// `about:help`, is made from the keymap in force this way.)
    public var aboutPageProvider: ((_ name: String) -> String?)?
    /// How many pages the back/forward cache keeps in memory, each whole
    /// (document and script state, its timers stopped). Default 5.
    public var pageCacheCapacity = 5
    /// The estimated bytes the back/forward cache may hold, all its pages
    /// together (source, DOM nodes, script windows); the least recently left
    /// go first. Default 128 MiB.
    public var pageCacheMemoryBudget = 128 << 20
    /// User scripts and native message handlers. Default: an empty controller.
    public var userContentController = UserContentController()
    /// Seconds a script may run before it is stopped and reported. Default 10.
    public var scriptTimeLimit: Double = 10
    /// Bytes a page's JavaScript heap, with the DOM memory its scripts made
    /// (nodes, text, attributes, parsed documents), may hold; past it the page's scripts
    /// are stopped (the page stays, other pages run on) and the navigation
    /// delegate hears `webViewWebContentProcessDidTerminate`. nil: no limit.
    /// Default 1 GB.
    public var scriptMemoryLimit: Int? = 1 << 30
    /// Where the page runs. Default `.inProcess`.
    public var processModel = ProcessModel.inProcess
    /// The program started as a content process (`ProcessModel.contentProcess`):
    /// one that calls `WebContentProcess.runIfRequested()` first. nil: this program.
    public var contentProcessExecutable: String?
    /// The page whose `createWebViewWith` this configuration was given to:
    /// a view made with it joins that page's content process (WebKit's
    /// `_relatedWebView`), so that opener and popup reach each other.
    weak var relatedPage: WebPageProxy?
    /// Whether a page keeps the bytes of its HTML source (`WebView.sourceBytes`) next to its
    /// document. Default true. When false, HTML is fed to the parser as it arrives and not
    /// kept, so a large page is not held twice; `sourceBytes` is then empty for HTML pages.
    public var keepsPageSource = true
    /// Whether the pages this web view visits go into its data store's
    /// global history (`WebsiteDataStore.history`). Default true; `tern
    /// --dump` turns it off, since nobody browsed.
    public var recordsHistory = true
    /// The user's style sheet, as CSS text, applied to every page with the
    /// user origin (CSS Cascade 4 §6.2: above the user-agent sheet, below
    /// the page's sheets except for `!important`). Default nil. `tern` reads
    /// it from `$XDG_CONFIG_HOME/tern/user.css`. (WebKit's
    /// `_WKUserStyleSheet` is private API.)
    public var userStyleSheet: String?
    /// The page settings each navigation starts from, before the navigation
    /// delegate's `decidePolicyFor:preferences:` changes them for that
    /// page (WKWebViewConfiguration's `defaultWebpagePreferences`). Default
    /// `WebpagePreferences()`: scripts on, no User-Agent of its own.
    public var defaultWebpagePreferences = WebpagePreferences()

    private(set) var urlSchemeHandlers: [String: URLSchemeHandler] = [:]
    private var dataStore: WebsiteDataStore?

    /// Where cookies (and later the cache, history and storage) are kept.
    /// Default: `WebsiteDataStore.default()`, the persistent default profile
    /// (opened when a web view is first made with it).
    public var websiteDataStore: WebsiteDataStore {
        get { dataStore ?? .default() }
        set { dataStore = newValue }
    }

    public init() {}

    /// Schemes Tern loads itself; they cannot have a handler.
    public static let builtInSchemes: Set<String> = [
        "http", "https", "file", "data", "about", "blob", "javascript", "ws", "wss", "ftp",
    ]

    /// Serves `scheme` through `handler` in web views made with this configuration.
    public mutating func setURLSchemeHandler(_ handler: URLSchemeHandler?, forURLScheme scheme: String) throws {
        let scheme = scheme.lowercased()
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
              scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { throw URLSchemeHandlerError.invalidScheme(scheme) }
        guard !WebViewConfiguration.builtInSchemes.contains(scheme) else {
            throw URLSchemeHandlerError.builtInScheme(scheme)
        }
        urlSchemeHandlers[scheme] = handler
    }

    /// The loader's configuration of a web view made with this one: `network`,
    /// with the data store's cookie jar and HTTP cache unless it names its own.
    var loaderConfiguration: LoaderConfiguration {
        var network = network
        if network.cookieJar == nil { network.cookieJar = websiteDataStore.cookieJar }
        if network.httpCache == nil { network.httpCache = websiteDataStore.httpCache }
        return network
    }

    /// The User-Agent a web view sends: `custom` (its `customUserAgent`),
    /// else the network's, with `applicationNameForUserAgent` appended.
    func userAgent(custom: String?) -> String {
        if let custom { return custom }
        let base = network.userAgent
        return applicationNameForUserAgent.map { base + " " + $0 } ?? base
    }

    /// The handler registered for `scheme`, if any.
    public func urlSchemeHandler(forURLScheme scheme: String) -> URLSchemeHandler? {
        urlSchemeHandlers[scheme.lowercased()]
    }
}
