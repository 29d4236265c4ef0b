/// Pages left whole — document and script window, the window suspended — to
/// be shown again by going back or forward without loading or running them
/// again, as WebKit's BackForwardCache does (HTML "session history": a
/// document kept in its entry, shown again with `pageshow`'s `persisted`
/// true). Kept by document (every history entry of a document, pushState's
/// too, finds it); the least recently left go first once more than
/// `capacity` pages or more than `memoryBudget` estimated bytes are kept.
final class BackForwardCache {
    /// A page kept whole.
    struct Entry {
        /// The history entries' document number (`BackForwardListItem.documentID`).
        let documentID: Int
        /// The page's session, its script window suspended.
        let session: PageSession
        /// Estimated bytes held (`BackForwardCache.cost`).
        let cost: Int
    }

    /// Most pages kept.
    let capacity: Int
    /// Most estimated bytes kept, all pages together.
    let memoryBudget: Int
    /// Least recently left first.
    private(set) var entries: [Entry] = []

    init(capacity: Int, memoryBudget: Int) {
        self.capacity = max(0, capacity)
        self.memoryBudget = max(0, memoryBudget)
    }

    /// Estimated bytes per DOM node: measured (resident size) at about 310
    /// per node for libxml2's tree of a page of 100,000 paragraphs.
    static let bytesPerNode = 300
    /// Estimated bytes of a script window: measured at about 2.8 MB of
    /// resident size per JavaScriptCore context with Tern's preludes and a
    /// small page attached.
    static let bytesPerWindow = 3 << 20

    /// The estimated bytes a page holds: its source, its nodes (one walk of
    /// the tree, when it is left) and its script window.
    static func cost(of session: PageSession) -> Int {
        var nodes = 0
        session.page?.document?.node?.walk { _ in
            nodes += 1
            return true
        }
        return (session.page?.bytes.count ?? 0) + nodes * bytesPerNode + (session.scriptHost.window == nil ? 0 : bytesPerWindow)
    }

    /// Whether a page of `cost` bytes may be kept at all.
    func admits(cost: Int) -> Bool {
        capacity > 0 && cost <= memoryBudget
    }

    /// Keeps `entry` (the most recently left), then drops the least recently
    /// left pages past the budget: their windows and documents are released.
    func store(_ entry: Entry) {
        entries.removeAll { $0.documentID == entry.documentID }
        entries.append(entry)
        var total = entries.reduce(0) { $0 + $1.cost }
        while let oldest = entries.first, entries.count > capacity || total > memoryBudget {
            total -= oldest.cost
            entries.removeFirst()
        }
    }

    func contains(documentID: Int) -> Bool {
        entries.contains { $0.documentID == documentID }
    }

    /// Takes the page of `documentID` out of the cache, to be shown again.
    func take(documentID: Int) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.documentID == documentID }) else { return nil }
        return entries.remove(at: index)
    }

    /// Drops the pages no history entry leads to any more.
    func keepOnly(documentsOf list: BackForwardList) {
        let reachable = Set(list.items.map(\.documentID))
        entries.removeAll { !reachable.contains($0.documentID) }
    }
}
