import TernNet
import TernDOM

/// The state of one navigation of a web view's main frame, from its policy
/// decision to its end. The web view drives it (WebView+Navigation.swift);
/// this object only holds state and relays its sources' events.
final class PageLoad {
    enum Phase { case deciding, provisional, committed, ended }

    let navigation: Navigation
    var request: Request
    let substitute: SubstituteData?
    /// The history item a back/forward or reload navigation goes to.
    let targetItem: BackForwardListItem?
    /// What file: paths this navigation may read (nil: none).
    let fileAccess: String?
    var phase = Phase.deciding
    /// Save the response as a download (the action policy said so).
    var forceDownload = false
    /// A `download` link's attribute value: the proposed filename (HTML "download the hyperlink").
    var downloadName: String?
    /// The new page takes the current history entry's place (location.replace).
    var replacesCurrentItem = false
    /// A page's script started it (not the app, not the person's activation):
    /// it counts as the person's only if the page has transient activation
    /// when its action is decided (and uses it up).
    var startedByPage = false
    /// The window whose script or link started it (`startedByPage`): its
    /// transient activation is the one that counts.
    weak var activationSource: PageSession?
    /// Whether the person asked for it (`NavigationAction.isUserInitiated`).
    var isUserInitiated = true
    /// The app asked for it and it has not started yet: WebKit's pending
    /// API request (PageLoadState::setPendingAPIRequest), which its `url`
    /// shows until didStartProvisionalNavigation or a cancel.
    var isPendingAPIRequest = false
    /// The settings of the page this navigation commits, as the navigation
    /// delegate last answered (`configuration.defaultWebpagePreferences` until then).
    var webpagePreferences = WebpagePreferences()

    var resourceLoad: ResourceLoad?
    var schemeTask: URLSchemeTask?
    var schemeHandler: URLSchemeHandler?
    var response: Response?
    /// Whether the response policy allowed showing it.
    var responseAllowed = false
    var body: [UInt8] = []
    /// Bytes of the body received so far (`body` may hold fewer: see `keepsPageSource`).
    var receivedBodyCount = 0
    /// Parses HTML as it arrives (from commit on).
    var parser: HTMLParser?
    var bytesSinceLayout = 0
    var lastLayoutTime = 0.0
    /// Set when the source delivered its last byte.
    var bodyComplete = false
    /// Credentials tried per protection space (a wrong one is asked again with the count).
    var authenticationFailures: [ProtectionSpace: Int] = [:]
    /// The proxy credentials that answered a 407, kept for a later 401 retry.
    var proxyCredential: (Credential, Credential.Method)?
    /// Runs the page's scripts once the document is parsed.
    var scriptRunner: PageScriptRunner?
    /// The page this back/forward navigation shows again from the back/forward cache.
    var restored: BackForwardCache.Entry?

    weak var webPage: WebPage?

    init(navigation: Navigation, request: Request, substitute: SubstituteData?, targetItem: BackForwardListItem?,
         fileAccess: String?, webPage: WebPage) {
        self.navigation = navigation
        self.request = request
        self.substitute = substitute
        self.targetItem = targetItem
        self.fileAccess = fileAccess
        self.webPage = webPage
    }

    /// Stops whatever source is running; no more events arrive.
    func stop() {
        scriptRunner?.cancel()
        scriptRunner = nil
        parser?.abort()
        resourceLoad?.cancel()
        resourceLoad = nil
        if let schemeTask, let view = webPage?.view {
            schemeTask.stop()
            schemeHandler?.webView(view, stop: schemeTask)
        }
        schemeTask = nil
        phase = .ended
    }
}

extension PageLoad: ResourceLoadDelegate {
    func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                      decision: @escaping (Bool) -> Void) {
        guard load === resourceLoad else { return }
        webPage?.pageLoad(self, willRedirectTo: request, decision: decision)
    }

    func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
        guard load === resourceLoad else { return }
        webPage?.pageLoad(self, didReceive: response)
    }

    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
        guard load === resourceLoad else { return }
        webPage?.pageLoad(self, didReceive: data)
    }

    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
        guard load === resourceLoad else { return }
        webPage?.pageLoad(self, didCompleteWith: error)
    }
}

extension PageLoad: URLSchemeTaskClient {
    func schemeTask(_ task: URLSchemeTask, didReceive response: Response) {
        guard task === schemeTask else { return }
        webPage?.pageLoad(self, didReceive: response)
    }

    func schemeTask(_ task: URLSchemeTask, didReceive data: UnsafeRawBufferPointer) {
        guard task === schemeTask else { return }
        webPage?.pageLoad(self, didReceive: data)
    }

    func schemeTask(_ task: URLSchemeTask, didCompleteWith error: NavigationError?) {
        guard task === schemeTask else { return }
        webPage?.pageLoad(self, didCompleteWith: error)
    }
}
