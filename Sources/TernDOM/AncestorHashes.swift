/// What one selector alternative needs of the subject's ancestors, for
/// `SelectorAncestorFilter`: hashes that must all be on the path, and a
/// group of which at least one must be (the alternatives of an ancestor's
/// `:is()`/`:where()`, as in `:is(.nav, .menu) a`). A plain value that
/// holds no references: the style walk reads one for every candidate rule.
public struct AncestorHashes: Equatable {
    /// Hashes beyond the capacity are left out: the filter is a quick
    /// rejection, not a match.
    static let capacity = 4
    @usableFromInline private(set) var required = SIMD4<UInt32>(repeating: 0)
    @usableFromInline private(set) var requiredCount = 0
    @usableFromInline private(set) var anyOf = SIMD4<UInt32>(repeating: 0)
    @usableFromInline private(set) var anyOfCount = 0

    public init() {}

    /// How many tests the filter makes: each required hash, and the group as one.
    public var count: Int { requiredCount + (anyOfCount > 0 ? 1 : 0) }

    mutating func require(_ hash: UInt32) {
        guard requiredCount < AncestorHashes.capacity else { return }
        required[requiredCount] = hash
        requiredCount += 1
    }

    /// Requires one of `hashes` (one of them alone is simply required); a
    /// second group, or one too large, is left out.
    mutating func requireOne(of hashes: [UInt32]) {
        if hashes.count == 1 { return require(hashes[0]) }
        guard anyOfCount == 0, !hashes.isEmpty, hashes.count <= AncestorHashes.capacity else { return }
        for (i, hash) in hashes.enumerated() { anyOf[i] = hash }
        anyOfCount = hashes.count
    }
}
