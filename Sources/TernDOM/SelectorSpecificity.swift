/// A selector's specificity (Selectors 4 §16): ids, then classes,
/// attributes and pseudo-classes, then types and pseudo-elements, compared
/// in that order.
public struct SelectorSpecificity: Hashable, Comparable, Sendable {
    public var ids: Int
    public var classes: Int
    public var types: Int

    public init(ids: Int = 0, classes: Int = 0, types: Int = 0) {
        self.ids = ids
        self.classes = classes
        self.types = types
    }

    public static func < (a: SelectorSpecificity, b: SelectorSpecificity) -> Bool {
        (a.ids, a.classes, a.types) < (b.ids, b.classes, b.types)
    }

    static func + (a: SelectorSpecificity, b: SelectorSpecificity) -> SelectorSpecificity {
        SelectorSpecificity(ids: a.ids + b.ids, classes: a.classes + b.classes, types: a.types + b.types)
    }

    /// §16: the sum over the compounds' simple selectors.
    init(_ complex: ComplexSelector) {
        var total = SelectorSpecificity()
        for compound in complex.compounds {
            if compound.tag != nil { total.types += 1 }
            if compound.pseudoElement != nil { total.types += 1 }
            for condition in compound.conditions { total = total + SelectorSpecificity.of(condition) }
        }
        self = total
    }

    /// The most specific selector of a list (`:is()`, `:not()`, `:has()`, `of S`).
    private static func maximum(_ list: [ComplexSelector]) -> SelectorSpecificity {
        list.map(SelectorSpecificity.init).max() ?? SelectorSpecificity()
    }

    private static func of(_ simple: SimpleSelector) -> SelectorSpecificity {
        switch simple {
        case .id: return SelectorSpecificity(ids: 1)
        case .className, .attribute, .pseudoClass, .lang: return SelectorSpecificity(classes: 1)
        case .not(let list), .is(let list): return maximum(list)
        case .where: return SelectorSpecificity()
        case .has(let relative): return maximum(relative.selectors.map { SelectorSpecificity.withoutAnchor($0.complex) })
        case .nth(let nth): return SelectorSpecificity(classes: 1) + (nth.of.map { maximum($0.alternatives) } ?? SelectorSpecificity())
        }
    }

    /// A `:has()` argument without the anchor compound the parser appended.
    private static func withoutAnchor(_ complex: ComplexSelector) -> ComplexSelector {
        var trimmed = complex
        trimmed.compounds.removeLast()
        trimmed.combinators.removeLast()
        return trimmed
    }
}
