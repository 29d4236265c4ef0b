/// A web view's session history: its items and the current position.
public final class BackForwardList {
    private(set) var items: [BackForwardListItem] = []
    private(set) var currentIndex: Int?
    /// How many items are kept; the oldest go first. Default 100.
    let capacity = 100

    public var currentItem: BackForwardListItem? { currentIndex.map { items[$0] } }
    public var backItem: BackForwardListItem? { item(at: -1) }
    public var forwardItem: BackForwardListItem? { item(at: 1) }
    /// Items before the current one, oldest first.
    public var backList: [BackForwardListItem] { currentIndex.map { Array(items[..<$0]) } ?? [] }
    /// Items after the current one, nearest first.
    public var forwardList: [BackForwardListItem] { currentIndex.map { Array(items[($0 + 1)...]) } ?? [] }

    /// The item `offset` steps from the current one (negative is back).
    public func item(at offset: Int) -> BackForwardListItem? {
        // Overflow-checked: a page's history.go() delta reaches here.
        guard let currentIndex else { return nil }
        let (index, overflow) = currentIndex.addingReportingOverflow(offset)
        guard !overflow, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// Adds `item` after the current one, dropping the forward list.
    func push(_ item: BackForwardListItem) {
        if let currentIndex { items.removeSubrange((currentIndex + 1)...) }
        items.append(item)
        if items.count > capacity { items.removeFirst(items.count - capacity) }
        currentIndex = items.count - 1
    }

    /// Puts `item` in the current one's place.
    func replaceCurrent(with item: BackForwardListItem) {
        guard let currentIndex else { return push(item) }
        items[currentIndex] = item
    }

    /// Makes `item`, which must be in the list, the current one.
    func moveTo(_ item: BackForwardListItem) {
        if let index = items.firstIndex(where: { $0 === item }) { currentIndex = index }
    }

    /// Replaces every item (a restored session); `currentIndex` must be one of theirs.
    func replaceAll(with newItems: [BackForwardListItem], currentIndex index: Int) {
        guard newItems.indices.contains(index) else { return }
        items = newItems
        currentIndex = index
    }

    /// The list as `WebView.interactionState` gives it: the entries but
    /// those `isData` picks out (pages given as data, whose content is not
    /// kept); when the shown one is such, the entry before it (else after it).
    func interactionState(leavingOut isData: (BackForwardListItem) -> Bool) -> WebView.InteractionState? {
        guard let currentIndex else { return nil }
        var kept: [WebView.InteractionState.Item] = []
        var current = 0
        for (index, item) in items.enumerated() {
            if !isData(item) {
                kept.append(WebView.InteractionState.Item(url: item.url, title: item.title, scrollPosition: item.scrollPosition))
            }
            if index == currentIndex { current = max(0, kept.count - 1) }
        }
        return WebView.InteractionState(items: kept, currentIndex: current)
    }

    /// Empties the list (a content process's page, whose history went with it).
    func clear() {
        items = []
        currentIndex = nil
    }

    func contains(_ item: BackForwardListItem) -> Bool {
        items.contains { $0 === item }
    }
}
