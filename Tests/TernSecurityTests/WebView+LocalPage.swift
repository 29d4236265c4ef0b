@testable import TernKit

extension WebView {
    /// The in-process page of a view these tests made in process (the default).
    var page: WebPage {
        guard let page = localPage else { fatalError("a web view whose page runs in a content process") }
        return page
    }
}
