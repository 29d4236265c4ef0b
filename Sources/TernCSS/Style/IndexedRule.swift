import TernDOM

/// One alternative of a style rule's selector, ready for the cascade: where
/// it sorts (CSS Cascade 5 §6: origin and importance, layer, specificity,
/// order of appearance) and its declarations split by importance.
struct IndexedRule {
    let selector: Selector
    let alternative: Int
    let origin: CSSOrigin
    /// The cascade layer node (`CascadeLayers`) until ranks are known, then its rank.
    var layer: Int
    let specificity: SelectorSpecificity
    let normal: [CascadedDeclaration]
    let important: [CascadedDeclaration]
}
