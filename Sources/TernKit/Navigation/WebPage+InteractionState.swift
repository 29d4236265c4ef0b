import TernNet

/// Saving and restoring a web view's back/forward list (WKWebView's
/// `interactionState`), for a front end's sessions.
extension WebPage {
    var interactionState: WebView.InteractionState? {
        get { backForwardList.interactionState { $0.substituteData != nil } }
        set {
            if let newValue { restore(newValue) }
        }
    }

    @discardableResult
    func restore(_ state: WebView.InteractionState) -> Navigation? {
        // The load in progress ends first: its delegate calls see the old list.
        cancelCurrentLoad(reporting: .cancelled)
        var entries = state.items[...]
        var current = state.currentIndex
        while entries.count > backForwardList.capacity {
            if current - entries.startIndex > entries.endIndex - 1 - current {
                entries.removeFirst()
            } else {
                entries.removeLast()
            }
        }
        current -= entries.startIndex
        let items = entries.map { entry -> BackForwardListItem in
            let item = BackForwardListItem(url: entry.url, initialURL: entry.url, title: entry.title,
                                           request: Request(url: entry.url), substituteData: nil)
            item.scrollPosition = entry.scrollPosition
            // A document of its own: going back or forward between restored entries loads.
            navigationState.nextDocumentID += 1
            item.documentID = navigationState.nextDocumentID
            return item
        }
        backForwardList.replaceAll(with: items, currentIndex: current)
        backForwardCache.keepOnly(documentsOf: backForwardList)
        updateBackForwardState()
        guard let item = backForwardList.currentItem else { return nil }
        var request = item.request
        request.cachePolicy = .returnCacheDataElseLoad
        let access = item.url.scheme == "file" ? item.url.filePath : nil
        return startNavigation(request, type: .backForward, targetItem: item, fileAccess: access)
    }
}
