import TernDOM

/// Rule groups filed by what their subject needs (an id, a class, an
/// attribute name, a tag, else the universal list), the way browsers index
/// them: an element only tries the groups filed under its own id, classes,
/// attribute names and tag. Keys are `Selector.SubjectKey.hash` numbers, so
/// a lookup makes no string; two keys sharing a number only add candidates,
/// which matching then rejects.
struct RuleIndex {
    /// A group (an index into `StyleEngine`'s group list) with what it needs
    /// of the ancestors, side by side: the walk reads both for every
    /// candidate, and most are rejected by the ancestor filter alone.
    struct Candidate {
        let group: Int
        let ancestors: AncestorHashes
        /// Filed under more than one key (`Selector.subjectKeys`): an element
        /// may meet it in two buckets, and must try it once.
        let filedTwice: Bool
        /// It reads more than names and attributes: matched again before a
        /// style is shared (`StyleEngine`'s style sharing).
        let needsRevalidation: Bool
    }

    private var buckets: [UInt32: [Candidate]] = [:]
    private var universal: [Candidate] = []

    mutating func add(_ candidate: Candidate, keys: [Selector.SubjectKey]) {
        for key in keys {
            if let hash = key.hash { buckets[hash, default: []].append(candidate) } else { universal.append(candidate) }
        }
    }

    /// Calls `body` with each group that may match an element with these
    /// key hashes (`Node.forEachRuleKeyHash`), bucket by bucket, without
    /// collecting them.
    func forEachCandidate(keys: [UInt32], _ body: (Candidate) -> Void) {
        if !buckets.isEmpty {
            for key in keys {
                guard let bucket = buckets[key] else { continue }
                for candidate in bucket { body(candidate) }
            }
        }
        for candidate in universal { body(candidate) }
    }
}
