/// What an element's cascaded declarations come from: the style rules that
/// match it and its `style` attribute. Two elements with equal matched rules
/// and equal parent styles get equal computed styles, which lets siblings
/// that match alike share one computation (the style sharing of browsers).
/// Valid for the `StyleEngine` that made it, until its sheets change.
public struct MatchedRules: Hashable {
    /// Indices into the engine's rule list, ascending.
    let rules: [Int]
    let styleAttribute: String?
}
