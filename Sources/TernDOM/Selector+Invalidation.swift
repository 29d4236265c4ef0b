/// What a selector tests, and where, for style invalidation: WebKit's
/// `RuleFeatureSet` (a feature and its "match element") and Servo's
/// invalidation map ("dependencies" with the combinator that leads to the
/// subject), in one small walk over the compiled selector.
///
/// A feature (a class, an id, an attribute name, a state, a tree
/// structure) is reported with a `StyleInvalidationScope`: when the
/// feature changes on an element E, the elements the selector may match
/// differently are E's `scope`. The scope follows from the combinators
/// between the compound that tests the feature and the subject
/// (Selectors 4 §14, https://drafts.csswg.org/selectors-4/#combinators).
extension Selector {
    /// Calls `body` with each feature of each alternative and where it sits.
    public func forEachInvalidationFeature(_ body: (StyleFeature, StyleInvalidationScope) -> Void) {
        for complex in alternatives { Selector.visit(complex, outer: .element, body) }
    }

    /// The features of `complex`, its subject at `outer` from the element
    /// that matches the selector it is nested in (`.element` at the top).
    private static func visit(_ complex: ComplexSelector, outer: StyleInvalidationScope,
                              _ body: (StyleFeature, StyleInvalidationScope) -> Void) {
        // Compound i's scope: the combinators from it to the subject.
        var scope = StyleInvalidationScope.element
        for (i, compound) in complex.compounds.enumerated() {
            // From compound i the combinator on its right leads one step towards
            // the subject; compound i - 1's scope then takes it the rest of the way.
            if i > 0 { scope = StyleInvalidationScope(complex.combinators[i - 1]).then(scope) }
            let placed = scope.then(outer)
            visit(compound, at: placed, body)
            // A sibling combinator to its left: compound i is the later sibling.
            // Siblings inserted or removed before it change what it is preceded by.
            if i < complex.combinators.count {
                switch complex.combinators[i] {
                case .nextSibling:
                    // A chain (`a + b + c`) reaches past the next sibling.
                    let direct = i + 1 >= complex.combinators.count
                        || complex.combinators[i + 1] == .descendant || complex.combinators[i + 1] == .child
                    body(.precedingSiblings(direct: direct), placed)
                case .subsequentSibling:
                    body(.precedingSiblings(direct: false), placed)
                case .descendant, .child:
                    break
                }
            }
        }
    }

    private static func visit(_ compound: CompoundSelector, at scope: StyleInvalidationScope,
                              _ body: (StyleFeature, StyleInvalidationScope) -> Void) {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
        // States an element's ancestors decide too (a disabled fieldset, a
        // `lang`, a `contenteditable` above it): the element and its descendants.
        let inherited = StyleInvalidationScope.element.union(.descendants).then(scope)
        for condition in compound.conditions {
            switch condition {
            case .id(let id):
                // Selectors 4 §6.7 ID selectors.
                body(.id(text(id)), scope)
            case .className(let name):
                // Selectors 4 §6.6 class selectors.
                body(.className(text(name)), scope)
            case .attribute(let selector):
                // Selectors 4 §6 attribute selectors: any change of the value may change the answer.
                body(.attribute(text(selector.name)), scope)
            case .not(let list), .is(let list), .where(let list):
                // Selectors 4 §4.2–4.4: the argument's features, placed where the pseudo-class is.
                for complex in list { visit(complex, outer: scope, body) }
            case .nth(let nth):
                // Selectors 4 §13.3–13.4 child-indexed pseudo-classes.
                if nth.ofType {
                    body(.typedChildIndex(tag: compound.tag.map(text)), scope)
                } else {
                    body(.childIndex, scope)
                }
                // `of S`: whether a sibling matches S moves the others' positions.
                if let filter = nth.of {
                    for complex in filter.alternatives { visit(complex, outer: StyleInvalidationScope.parentSubtree.then(scope), body) }
                }
            case .lang:
                // Selectors 4 §7.2: the nearest `lang` up the tree.
                body(.attribute("lang"), inherited)
            case .has(let list):
                // Selectors 4 §4.5 (relational): a change below or after an
                // element changes whether it matches. Not tracked: the whole document.
                body(.relational, .document)
                for relative in list.selectors { visit(relative.complex, outer: .document, body) }
            case .pseudoClass(let pseudo):
                visit(pseudo, tag: compound.tag.map(text), at: scope, inherited: inherited, body)
            }
        }
    }

    /// The content attributes and states a pseudo-class reads (see `SelectorMatcher.matchPseudoClass`).
    private static func visit(_ pseudo: PseudoClass, tag: String?, at scope: StyleInvalidationScope,
                              inherited: StyleInvalidationScope, _ body: (StyleFeature, StyleInvalidationScope) -> Void) {
        switch pseudo {
        case .empty:
            // Selectors 4 §13.2: children and text.
            body(.childContent, scope)
        case .firstChild, .lastChild, .onlyChild:
            body(.childIndex, scope)
        case .firstOfType, .lastOfType, .onlyOfType:
            body(.typedChildIndex(tag: tag), scope)
        case .checked:
            for name in ["checked", "selected", "type"] { body(.attribute(name), scope) }
        case .disabled, .enabled:
            // A fieldset's disabled attribute reaches its descendants, but not
            // into its first legend: a legend moved in or out changes them too.
            body(.attribute("disabled"), inherited)
            body(.fieldsetChildren, scope)
        case .link:
            body(.attribute("href"), scope)
        case .required, .optional:
            body(.attribute("required"), scope)
        case .readOnly, .readWrite:
            body(.attribute("readonly"), scope)
            body(.attribute("disabled"), inherited)
            body(.attribute("contenteditable"), inherited)
            body(.fieldsetChildren, scope)
        case .placeholderShown:
            for name in ["placeholder", "type", "value"] { body(.attribute(name), scope) }
            // A textarea's text.
            body(.childContent, scope)
        case .focus:
            body(.focus, scope)
        case .focusWithin:
            body(.focusWithin, scope)
        case .target:
            // Selectors 4 §8.4: the first element whose id (or anchor whose
            // name) is the fragment; which one that is can change anywhere.
            body(.target, .document)
        case .root, .scope, .defined, .hasAnchor, .never:
            break
        }
    }
}

/// A thing a selector tests that a change to the document can change.
public enum StyleFeature: Hashable, Sendable {
    case id(String)
    case className(String)
    /// An attribute by its lower-case local name, tested by an attribute
    /// selector or read by a pseudo-class (`:checked` reads `checked`, …).
    case attribute(String)
    /// `:focus`, `:focus-visible`: the focused element.
    case focus
    /// `:focus-within`: the focused element and its ancestors.
    case focusWithin
    /// `:first-child`, `:last-child`, `:only-child`, `:nth-child()`,
    /// `:nth-last-child()`: an element's place among its siblings.
    case childIndex
    /// `:first-of-type` … `:nth-last-of-type()`: its place among its
    /// siblings of one type; `tag` is the compound's type selector (a
    /// sibling of another type changes nothing), nil for any.
    case typedChildIndex(tag: String?)
    /// `:empty`, and `:placeholder-shown` for a textarea: an element's
    /// children and their text.
    case childContent
    /// A compound right of a sibling combinator (`+`, `~`): the siblings
    /// before the element; `direct` when only the previous one counts.
    case precedingSiblings(direct: Bool)
    /// `:disabled`, `:enabled`, `:read-only`, `:read-write`: which child of
    /// a fieldset is its first legend.
    case fieldsetChildren
    /// `:target`.
    case target
    /// `:has()`.
    case relational
}

/// The elements, relative to one whose feature changed, that may match
/// differently. A set: a feature tested in several places has several.
public struct StyleInvalidationScope: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The element itself (the feature is in the subject compound).
    public static let element = StyleInvalidationScope(rawValue: 1 << 0)
    /// Its children (`.a > b`).
    public static let children = StyleInvalidationScope(rawValue: 1 << 1)
    /// Its descendants (`.a b`, or a child-combinator chain).
    public static let descendants = StyleInvalidationScope(rawValue: 1 << 2)
    /// Its next element sibling (`.a + b`).
    public static let nextSibling = StyleInvalidationScope(rawValue: 1 << 3)
    /// Every later element sibling (`.a ~ b`, `.a + * + b`).
    public static let followingSiblings = StyleInvalidationScope(rawValue: 1 << 4)
    /// Every later sibling and its descendants (`.a + b c`).
    public static let followingSiblingSubtrees = StyleInvalidationScope(rawValue: 1 << 5)
    /// Every descendant of its parent (siblings counted by `:nth-child(… of S)`).
    public static let parentSubtree = StyleInvalidationScope(rawValue: 1 << 6)
    /// The whole document (`:has()`, `:target`).
    public static let document = StyleInvalidationScope(rawValue: 1 << 7)

    /// The step one combinator makes from the compound on its left to the one on its right.
    init(_ combinator: Combinator) {
        switch combinator {
        case .descendant: self = .descendants
        case .child: self = .children
        case .nextSibling: self = .nextSibling
        case .subsequentSibling: self = .followingSiblings
        }
    }

    private static let all: [StyleInvalidationScope] = (0..<8).map { StyleInvalidationScope(rawValue: 1 << $0) }

    /// This scope, then `outer` from each element in it: the elements X's
    /// `outer` may reach for every X in E's `self`. Kept conservative where
    /// a step cannot be told exactly (two child steps are `descendants`).
    public func then(_ outer: StyleInvalidationScope) -> StyleInvalidationScope {
        var result: StyleInvalidationScope = []
        for inner in StyleInvalidationScope.all where contains(inner) {
            for step in StyleInvalidationScope.all where outer.contains(step) {
                result.formUnion(StyleInvalidationScope.compose(inner, step))
            }
        }
        return result
    }

    /// One scope then one other, each a single flag.
    private static func compose(_ inner: StyleInvalidationScope, _ outer: StyleInvalidationScope) -> StyleInvalidationScope {
        if inner == .element { return outer }
        if outer == .element { return inner }
        if inner == .document || outer == .document { return .document }
        switch inner {
        case .children, .descendants:
            // Siblings of a descendant are descendants; so are its descendants.
            if outer == .nextSibling || outer == .followingSiblings { return inner }
            return .descendants
        case .nextSibling, .followingSiblings:
            if outer == .nextSibling || outer == .followingSiblings { return .followingSiblings }
            if outer == .parentSubtree { return .parentSubtree }
            return .followingSiblingSubtrees
        case .followingSiblingSubtrees:
            return outer == .parentSubtree ? .parentSubtree : .followingSiblingSubtrees
        default:
            // .parentSubtree: whatever follows stays under the same parent.
            return .parentSubtree
        }
    }
}
