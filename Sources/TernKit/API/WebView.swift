import TernNet
import TernScript

/// A headless web view: loads pages, keeps their history and reports every
/// step to its delegates, with WKWebView's API.
///
/// `WebView` is the API object, as WebKit's `WKWebView` is over its
/// `WebPageProxy`: each member forwards to the page it shows, a `WebPage`
/// (the document, styles, scripts, layout, frames and history), and what
/// the page reports (delegate calls, observed changes) comes back through
/// it. A web view lives on the thread of its configuration's event loop
/// and is not thread-safe; every callback arrives on that loop.
public final class WebView {
    /// The page this view shows, here or in a content process: the engine behind every member.
    let engine: PageEngine
    /// The page when it runs in this process.
    var localPage: WebPage? { engine as? WebPage }
    let observers = ObserverRegistry<WebView>()

    // MARK: Configuration and delegates

    /// The configuration the web view was created with (a copy).
    public var configuration: WebViewConfiguration { engine.configuration }

    /// Hears of each navigation's steps.
    public weak var navigationDelegate: NavigationDelegate?

    /// Shows the page's JavaScript dialogs.
    public weak var uiDelegate: UIDelegate?

    /// Called with each console message the page's scripts write.
    public var onConsoleMessage: ((ConsoleMessage) -> Void)? {
        get { engine.onConsoleMessage }
        set { engine.onConsoleMessage = newValue }
    }

    /// The session history.
    public var backForwardList: BackForwardList { engine.backForwardList }

    /// Replaces the whole User-Agent header for later loads. Default nil.
    public var customUserAgent: String? {
        get { engine.customUserAgent }
        set { engine.customUserAgent = newValue }
    }

    // MARK: Observable state (see `observe(_:options:changeHandler:)`)

    /// How much of the current load has arrived, as WebKit's PageLoadState
    /// reports it: 0.1 from inside `load()` (while an app's request is
    /// pending) or as a page's own navigation starts, rising with the bytes
    /// received, 1.0 when the load finishes or fails.
    public var estimatedProgress: Double { engine.estimatedProgress }

    /// The page's title: "" for a page without one and before the first
    /// page, never nil, as WKWebView's (PageLoadState's null title becomes
    /// `@""` through WTF::String::createNSString).
    public var title: String? { engine.title }

    /// WebKit's active URL (PageLoadState::activeURL): the URL an app's
    /// load asked for, from the call on (its pending API request); the
    /// provisional URL (each redirect's) once the load has started; the
    /// committed page's otherwise, and again after a provisional failure or
    /// a cancel. The page itself (its scripts, cookies, dialogs) goes by the
    /// committed URL whatever this shows.
    public var url: WebURL? { engine.url }

    /// Whether a navigation is in progress: true from the `load` call until
    /// it finishes, fails or a policy cancels it.
    public var isLoading: Bool { engine.isLoading }

    /// Whether the back/forward list has an item before the current one.
    public var canGoBack: Bool { engine.canGoBack }

    /// Whether the back/forward list has an item after the current one.
    public var canGoForward: Bool { engine.canGoForward }

    /// Whether everything on the page came over a verified secure connection.
    public var hasOnlySecureContent: Bool { engine.hasOnlySecureContent }

    /// Whether pages' own styles apply: their `<style>` and `<link
    /// rel=stylesheet>` sheets and `style` attributes. false shows each page
    /// as the user-agent and user style sheets alone style it (the
    /// browser's toggle, `tern --no-css`); the page is laid out again at
    /// once. Starts as `configuration.preferences.authorStyleSheetsEnabled`.
    /// (WebKit has no public switch; Safari's "Disable Styles" is private.)
    public var authorStyleSheetsEnabled: Bool {
        get { engine.authorStyleSheetsEnabled }
        set { engine.authorStyleSheetsEnabled = newValue }
    }

    /// Whether `pageLayout` numbers form controls with the links (`[7]`
    /// before each field, lynx's numbered fields), for a front end where a
    /// typed number reaches a field. Default false (`--dump` numbers links
    /// only); the page is laid out again when it changes.
    public var numbersFormFields: Bool {
        get { engine.numbersFormFields }
        set { engine.numbersFormFields = newValue }
    }

    /// The current page's main response.
    public var response: Response? { engine.response }

    /// The current page's source bytes.
    public var sourceBytes: [UInt8] { engine.sourceBytes }

    /// Counts changes to the shown document (a new page, more of it parsed,
    /// scripts changing it): a front end lays the page out again when it moves.
    public var documentRevision: Int { engine.documentRevision }

    /// The size of the window the page is shown in (80 × 24 cells until a
    /// front end says otherwise). Laying the page out for another size
    /// (`pageLayout(width:rows:)`) sets it too. A change fires `resize` at
    /// the page's windows and re-evaluates their media queries.
    public var viewportSize: ViewportSize {
        get { engine.viewportSize }
        set { engine.viewportSize = newValue }
    }

    /// A web view with a copy of `configuration`, showing nothing yet.
    public init(configuration: WebViewConfiguration = WebViewConfiguration()) {
        switch configuration.processModel {
        case .inProcess:
            let page = WebPage(configuration: configuration)
            engine = page
            page.view = self
        case .contentProcess:
            let proxy = WebPageProxy(configuration: configuration)
            engine = proxy
            proxy.view = self
        }
    }

    /// Whether Tern loads `scheme` itself (http, https, file, data, about,
    /// ...), so that it cannot be given a `URLSchemeHandler`, as WKWebView's
    /// class method of the same name answers.
    public static func handlesURLScheme(_ scheme: String) -> Bool {
        WebViewConfiguration.builtInSchemes.contains(scheme.lowercased())
    }

    /// Watches a property; the handler runs after each change until the
    /// returned token is released or invalidated.
    public func observe<Value>(_ keyPath: KeyPath<WebView, Value>, options: ObservationOptions = [.new],
                               changeHandler: @escaping (WebView, ObservedChange<Value>) -> Void) -> Observation {
        observers.add(keyPath, options: options, object: self, handler: changeHandler)
    }

    /// Tern-only (WebKit's private `_webProcessIdentifier`): the process id
    /// of the content process the page runs in, nil for a page run in
    /// this process (`ProcessModel.inProcess`) or while none runs (before
    /// the first load, after it ended).
    public var webContentProcessIdentifier: Int32? { (engine as? WebPageProxy)?.processID }

    /// The User-Agent header later loads send.
    public var userAgent: String { engine.userAgent }

    // MARK: Loading

    /// Loads `request`. A file: URL grants read access to that one file.
    @discardableResult
    public func load(_ request: Request) -> Navigation? {
        engine.load(request)
    }

    /// Tern-only: loads `request` in place of the current history item
    /// (HTML's "replace" history handling, as `location.replace()`). For a
    /// front end's start page, which browsers replace like their new-tab
    /// page: it leaves no entry to go back to, and the page that replaces it
    /// is its view's only entry (which `window.close()` may close).
    @discardableResult
    public func load(_ request: Request, replacingCurrentItem: Bool) -> Navigation? {
        engine.load(request, replacingCurrentItem: replacingCurrentItem)
    }

    /// Loads what a person typed as a URL; a string that is not a valid
    /// absolute URL throws `NavigationError.badURL` and changes nothing.
    @discardableResult
    public func load(urlString: String) throws -> Navigation? {
        try engine.load(urlString: urlString)
    }

    /// Shows `string` as HTML; relative links resolve against `baseURL`.
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: WebURL?) -> Navigation? {
        engine.loadHTMLString(string, baseURL: baseURL)
    }

    /// Shows `data` as `mimeType` with `baseURL` as the page's URL (about:blank when nil).
    @discardableResult
    public func load(_ data: [UInt8], mimeType: String, characterEncodingName: String?, baseURL: WebURL?) -> Navigation? {
        engine.load(data, mimeType: mimeType, characterEncodingName: characterEncodingName, baseURL: baseURL)
    }

    /// Loads a local file, allowing this page to read files under
    /// `readAccessURL` (a folder, or the file itself). A file outside it fails
    /// with `fileAccessDenied`.
    @discardableResult
    public func loadFileURL(_ url: WebURL, allowingReadAccessTo readAccessURL: WebURL) -> Navigation? {
        engine.loadFileURL(url, allowingReadAccessTo: readAccessURL)
    }

    /// Loads the current page again, revalidating cached data.
    @discardableResult
    public func reload() -> Navigation? {
        engine.reload()
    }

    /// Loads the current page again from the server, bypassing caches.
    @discardableResult
    public func reloadFromOrigin() -> Navigation? {
        engine.reloadFromOrigin()
    }

    /// Stops the current navigation: the delegate hears `didFail`
    /// (or `didFailProvisionalNavigation`) with `.cancelled`.
    public func stopLoading() {
        engine.stopLoading()
    }

    @discardableResult
    public func goBack() -> Navigation? {
        engine.goBack()
    }

    @discardableResult
    public func goForward() -> Navigation? {
        engine.goForward()
    }

    /// Navigates to an item of the back/forward list, from the page cache
    /// when it still holds it, else from the HTTP cache (however old its
    /// response), else from the network.
    @discardableResult
    public func go(to item: BackForwardListItem) -> Navigation? {
        engine.go(to: item)
    }

    /// The back/forward list as a value (nil before the first page): each
    /// entry's URL, title and scroll position, and which one is shown.
    /// Entries of pages given as data (`loadHTMLString`, `load(_:mimeType:…)`)
    /// are left out (their content is not kept); when the shown page is one,
    /// the entry before it (else after it) counts as shown.
    ///
    /// Setting it does what `restore(_:)` does; setting nil does nothing.
    public var interactionState: InteractionState? {
        get { engine.interactionState }
        set { engine.interactionState = newValue }
    }

    /// Replaces the back/forward list with `state`'s entries and loads the
    /// shown one (a `.backForward` navigation, from the HTTP cache when it
    /// has the page); the others load when the person goes back or forward
    /// to them, as any history entry. Each entry is its own document, keeps
    /// its scroll position and title, and loads with GET (a form's answer
    /// is not sent again). The page shown until now is left as by any
    /// navigation (`pagehide`, `unload`) but not kept in the back/forward
    /// cache, whose pages all belonged to the list replaced. Beyond the
    /// list's capacity, the entries farthest from the shown one are dropped.
    /// A `file:` entry may read that one file, as `load(_:)` grants.
    @discardableResult
    public func restore(_ state: InteractionState) -> Navigation? {
        engine.restore(state)
    }

    /// The first line of the page the front end shows (0 at the top): the
    /// page's scripts see it as the viewport's scroll position.
    public var scrolledLines: Int {
        get { engine.scrolledLines }
        set { engine.scrolledLines = newValue }
    }

    /// The page's focused element: the one given to `focus(_:)`, or moved
    /// by the page's scripts (`element.focus()`); nil for none. A front end
    /// finds it in `pageLayout(width:)` with `linkIndex(of:)` or
    /// `controlIndex(of:)`.
    public var focusedElement: PageElement? { engine.focusedElement }

    /// Moves the page's focus to `element` (nil: none), firing `blur` and
    /// `focusout`, then `focus` and `focusin`, for the page's scripts.
    public func focus(_ element: PageElement?) {
        engine.focus(element)
    }

    /// The current page laid out `width` columns wide in a window `rows`
    /// high (media queries see the window as 8 × 16 px cells); nil while no
    /// document is shown (nothing committed, content that is not shown as
    /// text, or a loading page whose head's style sheets have not arrived).
    /// Kept until the page, its document, its style sheets or the size changes.
    public func pageLayout(width: Int, rows: Int = 24) -> PageLayout? {
        engine.pageLayout(width: width, rows: rows)
    }

    /// The current page's text as `PageLayout.writePlainText(references:_:)`
    /// gives it, for the same size, written in UTF-8 pieces of whole lines.
    /// For a page in a web content process only the text crosses, not the
    /// layout, which is what a dump of a large page needs.
    public func writePageText(width: Int, rows: Int = 24, references: Bool,
                              _ write: (UnsafeBufferPointer<UInt8>) -> Void) -> PageTextOutcome {
        engine.writePageText(width: width, rows: rows, references: references, write)
    }

    /// Follows `link` as a click would (see `activate(_ element:)`).
    @discardableResult
    public func activate(_ link: PageLink) -> ActivationResult {
        engine.activate(link)
    }

    /// Opens `link` in a new web view, as the person's "open link in new
    /// tab": the UI delegate's `createWebViewWith` is asked for it, as for
    /// a `target=_blank` link, and it loads the link with this page as
    /// referrer. No click reaches the engine. `.newWindow` with the new web
    /// view; `.done` when the delegate made none, for a `javascript:` link,
    /// or for a link of a page no longer shown.
    @discardableResult
    public func openInNewWindow(_ link: PageLink) -> ActivationResult {
        engine.openInNewWindow(link)
    }

    /// Acts on `control` as a click would (see `activate(_ element:)`).
    @discardableResult
    public func activate(_ control: PageControl) -> ActivationResult {
        engine.activate(control)
    }

    /// Clicks `element` for the person: a trusted `click` goes to the page's
    /// handlers, which may cancel it (`.canceled`); then its activation
    /// behaviour runs — a link is followed (a fragment of this page gives
    /// `.fragment`, a `target` other than `_self`/`_parent`/`_top` asks the
    /// UI delegate for a new web view, anything else navigates with
    /// `.linkActivated`), a checkbox toggles, a radio button is chosen, a
    /// submit button submits its form (`.formSubmitted`), a reset button
    /// resets it, a file input asks the UI delegate's open panel. A disabled
    /// control, or an element of a page no longer shown, does nothing.
    @discardableResult
    public func activate(_ element: PageElement) -> ActivationResult {
        engine.activate(element)
    }

    /// Sets what the person typed into a text field or a textarea, then
    /// fires `input` and `change` when scripts run. False (nothing changed)
    /// for other elements and for disabled or read-only fields.
    @discardableResult
    public func setValue(_ value: String, for field: PageElement) -> Bool {
        engine.setValue(value, for: field)
    }

    /// Chooses a select's options by their indices in `PageControl.options`:
    /// exactly those for a `multiple` select, the first index for another.
    /// False for other elements, a disabled select or option, an index out of range.
    @discardableResult
    public func selectOptions(at indices: [Int], in select: PageElement) -> Bool {
        engine.selectOptions(at: indices, in: select)
    }

    /// Presses Enter in a form field: key events the page may cancel, then
    /// implicit submission of its form (HTML § 4.10.21.2).
    @discardableResult
    public func pressEnter(in field: PageElement) -> ActivationResult {
        engine.pressEnter(in: field)
    }

    /// Chooses files (absolute `file:` URLs) for a file input, as the open
    /// panel's answer does. False for other elements, or several files
    /// without `multiple`. An empty list clears the choice.
    @discardableResult
    public func chooseFiles(_ files: [WebURL], for input: PageElement) -> Bool {
        engine.chooseFiles(files, for: input)
    }

    /// The files chosen for a file input (`file:` URLs), none at first.
    public func chosenFiles(for input: PageElement) -> [WebURL] {
        engine.chosenFiles(for: input)
    }

    /// The page's topmost open modal dialog (`<dialog>` shown with
    /// `showModal()`): a front end sends it Esc (`sendCloseRequest()`).
    public var modalDialog: PageElement? { engine.modalDialog }

    /// Esc for the page (HTML "close request"): the topmost modal dialog
    /// hears `cancel` and closes unless the page cancels it. False when no
    /// modal dialog is open.
    @discardableResult
    public func sendCloseRequest() -> Bool {
        engine.sendCloseRequest()
    }

    /// The line a script asked the viewport to show at its top
    /// (`scrollTo`, `scrollIntoView`); observed by the front end, which
    /// scrolls there. Each request counts, even to the same line.
    public var requestedScrollLine: Int? { engine.requestedScrollLine }

    /// Runs `source` in the current page and hands the result or the error
    /// to `completionHandler` on a later turn of the loop. The result is
    /// converted as WKWebView converts it (`ScriptValue.anyValue`: String,
    /// Int or Double, Bool, [Any], [String: Any], `ScriptNull` for null,
    /// `ScriptDate`); nil for undefined. `ScriptValue(any:)` turns it back
    /// into a `ScriptValue`.
    public func evaluateJavaScript(_ source: String, completionHandler: ((Any?, Error?) -> Void)? = nil) {
        engine.evaluateJavaScript(source, completionHandler: completionHandler)
    }

    /// The person just pressed a key that activated a link, button or form
    /// control in the page (the front end calls this; `activate`, `setValue`,
    /// `pressEnter`… call it themselves): for `userActivationDuration`
    /// seconds the page's window has transient activation (HTML "activation
    /// notification"), which lets it open one window (`window.open`, a
    /// `target=_blank` link or form) or start one navigation counted as the
    /// person's (`NavigationAction.isUserInitiated`). The page's frames of
    /// its origin get it too; other frames do not.
    public func notifyUserActivation() {
        engine.notifyUserActivation()
    }

    /// Runs `source` in the current page and returns its result, converted
    /// as the completion-handler form converts it (nil for undefined); a
    /// JavaScript exception throws `ScriptError`.
    @discardableResult
    public func evaluateJavaScript(_ source: String) async throws -> Any? {
        try await engine.evaluateJavaScript(source)
    }

    /// The result as a `ScriptValue` (nil for undefined), for a `switch`
    /// over its kinds; on a later turn of the loop, as `evaluateJavaScript`.
    public func evaluateScriptValue(_ source: String, completionHandler: @escaping (Result<ScriptValue?, ScriptError>) -> Void) {
        engine.evaluateScriptValue(source, completionHandler: completionHandler)
    }

    /// Runs `source` in `frame` (nil: the main frame) as WKWebView's
    /// `evaluateJavaScript(_:in:in:completionHandler:)` does; a frame no
    /// longer in the page gives an error.
    public func evaluateJavaScript(_ source: String, in frame: FrameInfo?, completionHandler: ((Any?, Error?) -> Void)? = nil) {
        engine.evaluateJavaScript(source, in: frame, completionHandler: completionHandler)
    }

    /// The async form of `evaluateJavaScript(_:in:completionHandler:)`.
    @discardableResult
    public func evaluateJavaScript(_ source: String, in frame: FrameInfo?) async throws -> Any? {
        try await engine.evaluateJavaScript(source, in: frame)
    }

    /// The encoding the page's source is decoded from (its WHATWG name):
    /// the one the HTML parser used for an HTML page (a BOM, the HTTP
    /// charset, `<meta charset>` or sniffing decided it), else the
    /// response's charset, else UTF-8.
    public var sourceEncoding: String { engine.sourceEncoding }

    /// `sourceBytes` decoded with `sourceEncoding` (Encoding §6 "decode": a
    /// BOM wins, invalid sequences become U+FFFD). The text is as the page
    /// sent it: control characters and all, to be sanitized before drawing.
    /// Empty when the source is not kept (`keepsPageSource`).
    public var sourceText: String { engine.sourceText }

    /// Presses `key` in the text field or textarea `field`, in this order:
    /// `keydown`; for a key that makes a character, `keypress`; when the key
    /// edits, `beforeinput`, the edit at the field's selection, `input`
    /// (with `inputType` and `data`); then `keyup`. Cancelling `keydown`,
    /// `keypress` or `beforeinput` stops the edit. A read-only field gets
    /// the key events and no edit; `maxlength` cuts what would not fit.
    /// Returns the field's value and cursor afterwards, nil for an element
    /// that is not a text field of this page, or a disabled one.
    @discardableResult
    public func type(_ key: TextFieldKey, in field: PageElement) -> TextFieldState? {
        engine.type(key, in: field)
    }

    /// Typing in `field` ended (the person left it, or pressed Enter): when
    /// its value differs from the one it had when typing began, the page
    /// hears `change` (HTML: the user "commits" the change).
    public func finishTyping(in field: PageElement) {
        engine.finishTyping(in: field)
    }
}
