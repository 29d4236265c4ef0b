import TernNet
import TernScript

/// What a `WebView` forwards to: the page it shows, run here (`WebPage`)
/// or in a web content process (`WebPageProxy`), as the embedder chose
/// (`WebViewConfiguration.processModel`). Each member is the `WebView`
/// member of the same name.
protocol PageEngine: AnyObject {
    var configuration: WebViewConfiguration { get }
    var onConsoleMessage: ((ConsoleMessage) -> Void)? { get set }
    var backForwardList: BackForwardList { get }
    var customUserAgent: String? { get set }
    var estimatedProgress: Double { get }
    var title: String? { get }
    var url: WebURL? { get }
    var isLoading: Bool { get }
    var canGoBack: Bool { get }
    var canGoForward: Bool { get }
    var hasOnlySecureContent: Bool { get }
    var authorStyleSheetsEnabled: Bool { get set }
    var numbersFormFields: Bool { get set }
    var response: Response? { get }
    var sourceBytes: [UInt8] { get }
    var documentRevision: Int { get }
    var viewportSize: ViewportSize { get set }
    var userAgent: String { get }
    var interactionState: WebView.InteractionState? { get set }
    var scrolledLines: Int { get set }
    var focusedElement: PageElement? { get }
    var modalDialog: PageElement? { get }
    var requestedScrollLine: Int? { get }
    var sourceEncoding: String { get }
    var sourceText: String { get }

    func load(_ request: Request) -> Navigation?
    func load(_ request: Request, replacingCurrentItem: Bool) -> Navigation?
    func load(urlString: String) throws -> Navigation?
    func loadHTMLString(_ string: String, baseURL: WebURL?) -> Navigation?
    func load(_ data: [UInt8], mimeType: String, characterEncodingName: String?, baseURL: WebURL?) -> Navigation?
    func loadFileURL(_ url: WebURL, allowingReadAccessTo readAccessURL: WebURL) -> Navigation?
    func reload() -> Navigation?
    func reloadFromOrigin() -> Navigation?
    func stopLoading()
    func goBack() -> Navigation?
    func goForward() -> Navigation?
    func go(to item: BackForwardListItem) -> Navigation?
    func restore(_ state: WebView.InteractionState) -> Navigation?
    func focus(_ element: PageElement?)
    func pageLayout(width: Int, rows: Int) -> PageLayout?
    func writePageText(width: Int, rows: Int, references: Bool, _ write: (UnsafeBufferPointer<UInt8>) -> Void) -> PageTextOutcome
    func activate(_ link: PageLink) -> ActivationResult
    func openInNewWindow(_ link: PageLink) -> ActivationResult
    func activate(_ control: PageControl) -> ActivationResult
    func activate(_ element: PageElement) -> ActivationResult
    func setValue(_ value: String, for field: PageElement) -> Bool
    func selectOptions(at indices: [Int], in select: PageElement) -> Bool
    func pressEnter(in field: PageElement) -> ActivationResult
    func chooseFiles(_ files: [WebURL], for input: PageElement) -> Bool
    func chosenFiles(for input: PageElement) -> [WebURL]
    func sendCloseRequest() -> Bool
    func evaluateJavaScript(_ source: String, completionHandler: ((Any?, Error?) -> Void)?)
    func evaluateJavaScript(_ source: String) async throws -> Any?
    func evaluateJavaScript(_ source: String, in frame: FrameInfo?) async throws -> Any?
    func evaluateScriptValue(_ source: String, completionHandler: @escaping (Result<ScriptValue?, ScriptError>) -> Void)
    func evaluateJavaScript(_ source: String, in frame: FrameInfo?, completionHandler: ((Any?, Error?) -> Void)?)
    func notifyUserActivation()
    func type(_ key: TextFieldKey, in field: PageElement) -> WebView.TextFieldState?
    func finishTyping(in field: PageElement)
}
extension WebPage: PageEngine {}
