import TernNet
import TernSystem

/// A content process's page as the browser's `WebView` shows it: its
/// observable properties and its session history, sent whole whenever one
/// of them changes.
struct PageStateSnapshot: WireCodable {
    /// One history entry: its id (kept across snapshots), URLs and title.
    struct HistoryEntry: WireCodable {
        var entryID: Int
        var url: WebURL
        var initialURL: WebURL
        var title: String
        /// The scroll position the page kept for it (one restored), and
        /// whether its page was given as data (left out of the interaction state).
        var scrollPosition: Int
        var isData: Bool

        func encode(to encoder: inout MessageEncoder) {
            encoder.encode(entryID)
            encoder.encode(url)
            encoder.encode(initialURL)
            encoder.encode(title)
            encoder.encode(scrollPosition)
            encoder.encode(isData)
        }

        init(entryID: Int, url: WebURL, initialURL: WebURL, title: String, scrollPosition: Int, isData: Bool) {
            self.entryID = entryID
            self.url = url
            self.initialURL = initialURL
            self.title = title
            self.scrollPosition = scrollPosition
            self.isData = isData
        }

        init(from decoder: inout MessageDecoder) throws(MessageError) {
            entryID = try decoder.decode(Int.self)
            url = try decoder.decode(WebURL.self)
            initialURL = try decoder.decode(WebURL.self)
            title = try decoder.decode(String.self)
            scrollPosition = max(0, try decoder.decode(Int.self))
            isData = try decoder.decode(Bool.self)
        }
    }

    var title = ""
    var url: WebURL?
    var estimatedProgress = 0.0
    var isLoading = false
    var hasOnlySecureContent = false
    var documentRevision = 0
    var response: Response?
    var requestedScrollLine: Int?
    /// The focused element and the open modal dialog, by their element numbers (0: none).
    var focusedElement: UInt64 = 0
    var modalDialog: UInt64 = 0
    /// The last navigation of the browser's the page had started when this was sent.
    var browserNavigation: UInt64 = 0
    var history: [HistoryEntry] = []
    /// The shown entry's index in `history`, nil for none.
    var historyIndex: Int?

    init() {}

    func encode(to encoder: inout MessageEncoder) {
        encoder.encode(title)
        encoder.encode(url)
        encoder.encode(estimatedProgress)
        encoder.encode(isLoading)
        encoder.encode(hasOnlySecureContent)
        encoder.encode(documentRevision)
        encoder.encode(response)
        encoder.encode(requestedScrollLine ?? -1)
        encoder.encode(focusedElement)
        encoder.encode(modalDialog)
        encoder.encode(browserNavigation)
        encoder.encode(history)
        encoder.encode(historyIndex ?? -1)
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        title = try decoder.decode(String.self)
        url = try decoder.decodeOptional(WebURL.self)
        let progress = try decoder.decode(Double.self)
        estimatedProgress = progress.isFinite ? min(max(progress, 0), 1) : 0
        isLoading = try decoder.decode(Bool.self)
        hasOnlySecureContent = try decoder.decode(Bool.self)
        documentRevision = try decoder.decode(Int.self)
        response = try decoder.decodeOptional(Response.self)
        let line = try decoder.decode(Int.self)
        requestedScrollLine = line >= 0 ? line : nil
        focusedElement = try decoder.decode(UInt64.self)
        modalDialog = try decoder.decode(UInt64.self)
        browserNavigation = try decoder.decode(UInt64.self)
        history = try decoder.decodeArray(HistoryEntry.self, minimumSize: 25)
        let index = try decoder.decode(Int.self)
        guard index == -1 || history.indices.contains(index) else { throw .malformed("history index \(index) out of range") }
        historyIndex = index >= 0 ? index : nil
    }
}
