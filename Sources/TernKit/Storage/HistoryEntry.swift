import TernNet

/// One page of the global history: what the history view and
/// `about:history` list.
public struct HistoryEntry: Hashable {
    /// The page's URL as it was shown (after redirects).
    public let url: WebURL
    /// The page's title when it was last visited ("" for a page without one).
    public let title: String
    /// How many times the page was visited.
    public let visitCount: Int
    /// When the page was first visited, in seconds since 1970.
    public let firstVisitedAt: Double
    /// When the page was last visited, in seconds since 1970.
    public let lastVisitedAt: Double

    public init(url: WebURL, title: String, visitCount: Int, firstVisitedAt: Double, lastVisitedAt: Double) {
        self.url = url
        self.title = title
        self.visitCount = visitCount
        self.firstVisitedAt = firstVisitedAt
        self.lastVisitedAt = lastVisitedAt
    }
}
