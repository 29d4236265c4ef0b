import TernDOM

/// Rule groups filed by what their subject needs (an id, a class, an
/// attribute name, a tag, else the universal list), the way browsers index
/// them: an element only tries the groups filed under its own id, classes,
/// attribute names and tag. Keys are `Selector.SubjectKey.hash` numbers, so
/// a lookup makes no string; two keys sharing a number only add candidates,
/// which matching then rejects. Each group is in exactly one bucket.
struct RuleIndex {
    /// A group (an index into `StyleEngine`'s group list) with what it needs
    /// of the ancestors, side by side: the walk reads both for every
    /// candidate, and most are rejected by the ancestor filter alone.
    struct Candidate {
        let group: Int
        let ancestors: AncestorHashes
    }

    private var buckets: [UInt32: [Candidate]] = [:]
    private var universal: [Candidate] = []

    mutating func add(_ candidate: Candidate, key: Selector.SubjectKey) {
        if let hash = key.hash { buckets[hash, default: []].append(candidate) } else { universal.append(candidate) }
    }

    /// The buckets of groups that may match `element`.
    func candidates(of element: Node) -> [[Candidate]] {
        var found: [[Candidate]] = []
        if !buckets.isEmpty {
            element.forEachRuleKeyHash { hash in
                if let bucket = buckets[hash] { found.append(bucket) }
            }
        }
        if !universal.isEmpty { found.append(universal) }
        return found
    }
}
