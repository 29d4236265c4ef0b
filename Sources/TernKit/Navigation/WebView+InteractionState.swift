import TernNet

/// Saving and restoring a web view's back/forward list (WKWebView's
/// `interactionState`), for a front end's sessions.
extension WebView {
    /// The back/forward list as a value (nil before the first page): each
    /// entry's URL, title and scroll position, and which one is shown.
    /// Entries of pages given as data (`loadHTMLString`, `load(_:mimeType:…)`)
    /// are left out (their content is not kept); when the shown page is one,
    /// the entry before it (else after it) counts as shown.
    ///
    /// Setting it does what `restore(_:)` does; setting nil does nothing.
    public var interactionState: InteractionState? {
        get {
            let list = backForwardList
            guard let currentIndex = list.currentIndex else { return nil }
            var items: [InteractionState.Item] = []
            var current = 0
            for (index, item) in list.items.enumerated() {
                if item.substituteData == nil {
                    items.append(InteractionState.Item(url: item.url, title: item.title, scrollPosition: item.scrollPosition))
                }
                if index == currentIndex { current = max(0, items.count - 1) }
            }
            return InteractionState(items: items, currentIndex: current)
        }
        set {
            if let newValue { restore(newValue) }
        }
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
