import TernNet
import TernScript

/// One page in a web view's history.
public final class BackForwardListItem {
    /// The page's URL after redirects.
    public internal(set) var url: WebURL
    /// The URL the navigation to this page was asked for.
    public let initialURL: WebURL
    /// The page's title when last seen ("" when it had none).
    public internal(set) var title: String
    /// Where the reader was in the page, saved by the front end and restored
    /// on going back or forward (the first visible line).
    public var scrollPosition: Int = 0

    /// What reloads the page: the request (with its method and body) or the
    /// data given to `loadHTMLString`/`load(_:mimeType:…)`.
    let request: Request
    let substituteData: SubstituteData?
    /// Items made by pushState share their document's number: moving between
    /// them fires popstate instead of loading.
    var documentID = 0
    /// The joint session history: the entries of the page's frames that
    /// were navigated after their first load, by the frame's path in the
    /// frame tree ("0", "0/1": indexes in tree order). A frame not named here
    /// shows its first entry (`Frame.initialEntry`).
    var frameEntries: [String: FrameHistoryEntry] = [:]
    /// Identifies the page's own entry: steps made by a frame's navigation
    /// copy it, so moving between them fires no popstate at the page.
    var entryID = BackForwardListItem.newEntryID()
    /// The state object of a pushState/replaceState entry.
    var stateObject: ScriptValue?
    /// What the user set in the page's form controls, by `ControlState.key`,
    /// restored when the page is loaded again by going back or forward.
    var controlStates: [String: ControlState] = [:]

    private static var lastEntryID = 0
    static func newEntryID() -> Int {
        lastEntryID += 1
        return lastEntryID
    }

    /// A new step of the same page entry (a frame navigated): its URL,
    /// document, state and frames' entries.
    func nextStep() -> BackForwardListItem {
        let item = BackForwardListItem(url: url, initialURL: initialURL, title: title, request: request, substituteData: substituteData)
        item.documentID = documentID
        item.entryID = entryID
        item.stateObject = stateObject
        item.frameEntries = frameEntries
        item.controlStates = controlStates
        return item
    }

    init(url: WebURL, initialURL: WebURL, title: String, request: Request, substituteData: SubstituteData?) {
        self.url = url
        self.initialURL = initialURL
        self.title = title
        self.request = request
        self.substituteData = substituteData
    }
}

/// Content given directly to the web view instead of loaded from its URL.
struct SubstituteData {
    var bytes: [UInt8]
    var mimeType: String
    var textEncodingName: String?
}
