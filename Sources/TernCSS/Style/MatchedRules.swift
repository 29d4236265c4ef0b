/// What an element's cascaded declarations come from: the style rules that
/// match it and its `style` attribute. Two elements with equal matched rules
/// and equal parent styles get equal computed styles, which lets siblings
/// that match alike share one computation (the style sharing of browsers).
/// Valid for the `StyleEngine` that made it, until its sheets change.
public struct MatchedRules: Hashable {
    /// Indices into the engine's rule list, ascending.
    let rules: [Int]
    let styleAttribute: String?

    /// One word for the rule list (FNV-1a over the indices), then the
    /// attribute: hashing every index through the hasher cost more than
    /// the lookups it serves.
    public func hash(into hasher: inout Hasher) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for rule in rules { hash = (hash ^ UInt64(truncatingIfNeeded: rule)) &* 0x100_0000_01B3 }
        hasher.combine(hash)
        hasher.combine(styleAttribute)
    }
}
