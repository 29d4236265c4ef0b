import CLibXML2

/// A compiled CSS selector list (a subset of Selectors Level 4,
/// https://drafts.csswg.org/selectors-4/), parsed once and matched right to
/// left against elements.
///
/// Supported: type and universal selectors (`*|` and `|` namespace prefixes),
/// `#id`, `.class`, attribute selectors with `= ~= |= ^= $= *=` and the `i`/`s`
/// flags, the four combinators, selector lists, `:not()`, `:is()`, `:where()`,
/// the structural pseudo-classes (`:first-child` … `:nth-last-of-type()`,
/// `:nth-child(An+B of S)`), `:has()`, `:root`, `:empty`, `:scope`, `:checked`,
/// `:disabled`, `:enabled`, `:link`, `:any-link`, `:lang()`, `:defined`,
/// `:required`, `:optional`, `:read-only`, `:read-write`, `:placeholder-shown`,
/// and `:focus`/`:focus-within`/`:focus-visible` against the focused element a
/// `SelectorMatcher` is given. Dynamic states a terminal page never has
/// (`:hover`, `:visited`, `:target` …) parse but match nothing. A
/// pseudo-element (`::before`, legacy `:before`) at the end of an alternative
/// is that alternative's `pseudoElement(ofAlternative:)`: DOM queries never
/// match it, the style engine matches its originating element.
///
/// Case: type and attribute names are ASCII case-insensitive (HTML document);
/// ids and classes are case-sensitive (no quirks mode); attribute values are
/// case-sensitive except with the `i` flag or for the attributes HTML lists as
/// case-insensitive (`type`, `lang`, `dir` …).
public struct Selector: CustomStringConvertible {
    /// The alternatives of the list; an element matches if any matches.
    let alternatives: [ComplexSelector]
    /// The text the selector was parsed from.
    public let source: String

    /// Compiles `text`, or throws `SelectorError.syntax` with the position
    /// (in Unicode scalars) where it stopped making sense.
    public static func parse(_ text: String) throws(SelectorError) -> Selector {
        var parser = SelectorParser(text)
        return Selector(alternatives: try parser.parseTopLevel(), source: text)
    }

    /// Whether `node` is an element that matches. `scope` is what `:scope`
    /// means (nil: the root element).
    public func matches(_ node: Node, scope: Node? = nil) -> Bool {
        guard node.isElement else { return false }
        return SelectorMatcher(scope: scope?.raw).matches(alternatives, node.raw)
    }

    public var description: String { source }

    // MARK: Alternatives, for the style engine

    /// How many comma-separated alternatives the list has.
    public var alternativeCount: Int { alternatives.count }

    /// Selectors 4 §16 specificity of one alternative.
    public func specificity(ofAlternative index: Int) -> SelectorSpecificity {
        SelectorSpecificity(alternatives[index])
    }

    /// The lower-case name of the pseudo-element the alternative ends in
    /// (`before`, `after`, `marker`, `selection` …), nil for an element.
    public func pseudoElement(ofAlternative index: Int) -> String? {
        alternatives[index].pseudoElement
    }

    /// What the alternative's subject must have, most selective first (an id,
    /// a class, an attribute, a tag): the style engine files the rule under it.
    public enum SubjectKey: Hashable {
        case id(String), className(String), attribute(String), tag(String)
        /// `:root`: the document's element (sheets style it on every page: `:root { --x: … }`).
        case root
        case universal
    }

    /// Whether the alternative is `*` alone (or `*::before`): it matches
    /// every element, and the style engine need not ask.
    public func matchesEveryElement(ofAlternative index: Int) -> Bool {
        let complex = alternatives[index]
        guard complex.combinators.isEmpty, let subject = complex.compounds.first else { return false }
        return subject.tag == nil && subject.conditions.isEmpty && !subject.matchesNothing
    }

    /// The keys the style engine files the alternative under: its subject's
    /// own key, else the keys of an `:is()`/`:where()` in the subject whose
    /// every alternative has one (`:is(h1, h2, h3)` under h1, h2 and h3),
    /// else `.universal`. An element matching the alternative has one of them.
    public func subjectKeys(ofAlternative index: Int) -> [SubjectKey] {
        let subject = alternatives[index].compounds[0]
        let own = Selector.key(of: subject)
        guard own == .universal else { return [own] }
        for condition in subject.conditions {
            guard case .is(let list) = condition else {
                if case .where(let list) = condition, let keys = Selector.keys(ofEach: list) { return keys }
                continue
            }
            if let keys = Selector.keys(ofEach: list) { return keys }
        }
        return [.universal]
    }

    /// Each alternative's subject key, or nil when one has none.
    private static func keys(ofEach list: [ComplexSelector]) -> [SubjectKey]? {
        var keys: [SubjectKey] = []
        for complex in list {
            let key = key(of: complex.compounds[0])
            guard complex.pseudoElement == nil, key != .universal else { return nil }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys.isEmpty ? nil : keys
    }

    private static func key(of compound: CompoundSelector) -> SubjectKey {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
        var className: [UInt8]?, attribute: [UInt8]?
        for condition in compound.conditions {
            switch condition {
            case .id(let id): return .id(text(id))
            case .className(let name) where className == nil: className = name
            case .attribute(let selector) where attribute == nil && !selector.anyNamespace: attribute = selector.name
            default: break
            }
        }
        if let className { return .className(text(className)) }
        if let attribute { return .attribute(text(attribute)) }
        if let tag = compound.tag { return .tag(text(tag)) }
        if compound.conditions.contains(where: { if case .pseudoClass(.root) = $0 { return true } else { return false } }) { return .root }
        return .universal
    }

    /// What the alternative requires of the subject's ancestors (the
    /// compounds left of a descendant or child combinator: each is an
    /// ancestor's), for `SelectorAncestorFilter`: their ids, classes and
    /// tags, and for an `:is()`/`:where()` in them, one of its alternatives' keys.
    public func ancestorHashes(ofAlternative index: Int) -> AncestorHashes {
        let complex = alternatives[index]
        var hashes = AncestorHashes()
        for (i, combinator) in complex.combinators.enumerated() where combinator == .descendant || combinator == .child {
            let compound = complex.compounds[i + 1]
            if let tag = compound.tag { hashes.require(SelectorAncestorFilter.hash(tag.prefix { $0 != 0 }, kind: .tag)) }
            for condition in compound.conditions {
                switch condition {
                case .id(let id): hashes.require(SelectorAncestorFilter.hash(id, kind: .id))
                case .className(let name): hashes.require(SelectorAncestorFilter.hash(name, kind: .className))
                case .is(let list), .where(let list):
                    // The ancestor matches one alternative, so it has that alternative's key.
                    let keys = list.map { $0.pseudoElement == nil ? Selector.filterHash(of: $0.compounds[0]) : nil }
                    if !keys.isEmpty, keys.allSatisfy({ $0 != nil }) { hashes.requireOne(of: keys.compactMap { $0 }) }
                default: break
                }
            }
        }
        return hashes
    }

    /// The most telling key of `compound` that the filter holds (id, else
    /// class, else tag), or nil when it has none.
    private static func filterHash(of compound: CompoundSelector) -> UInt32? {
        var className: [UInt8]?
        for condition in compound.conditions {
            switch condition {
            case .id(let id): return SelectorAncestorFilter.hash(id, kind: .id)
            case .className(let name) where className == nil: className = name
            default: break
            }
        }
        if let className { return SelectorAncestorFilter.hash(className, kind: .className) }
        return compound.tag.map { SelectorAncestorFilter.hash($0.prefix { $0 != 0 }, kind: .tag) }
    }
}

extension Selector.SubjectKey {
    /// The key as `SelectorAncestorFilter` hashes it; nil for `.universal`.
    /// `Node.forEachRuleKeyHash` gives an element's keys the same way, so
    /// a rule index can file rules by these numbers and look them up
    /// without making strings.
    public var hash: UInt32? {
        switch self {
        case .id(let id): return SelectorAncestorFilter.hash(id.utf8, kind: .id)
        case .className(let name): return SelectorAncestorFilter.hash(name.utf8, kind: .className)
        case .attribute(let name): return SelectorAncestorFilter.hash(name.utf8, kind: .attribute)
        case .tag(let tag): return SelectorAncestorFilter.hash(tag.utf8, kind: .tag)
        case .root: return SelectorAncestorFilter.hash([], kind: .root)
        case .universal: return nil
        }
    }
}

/// Why a selector did not compile.
public enum SelectorError: Error, Hashable {
    /// Invalid selector syntax (or an unknown pseudo-class, or an undeclared
    /// namespace prefix) at `position`, counted in Unicode scalars from 0.
    /// Scripts see a "SyntaxError" DOMException.
    case syntax(position: Int)
}

// MARK: - The compiled form

/// A chain of compound selectors joined by combinators, stored right to left.
struct ComplexSelector {
    /// `compounds[0]` is the subject (the rightmost compound).
    var compounds: [CompoundSelector]
    /// `combinators[i]` joins `compounds[i]` to `compounds[i + 1]` (its left).
    var combinators: [Combinator]
    /// The pseudo-element the selector ends in (lower case); the matcher
    /// matches such a selector only for the style engine.
    var pseudoElement: String?
}

enum Combinator {
    case descendant, child, nextSibling, subsequentSibling
}

/// A type selector and the simple selectors attached to it.
struct CompoundSelector {
    /// The lower-case tag name, NUL-terminated; nil for any element.
    var tag: [UInt8]?
    /// The tag name as written, NUL-terminated, when it has upper case: what
    /// an element outside HTML (or in an XML document) must match exactly.
    var tagAsWritten: [UInt8]? {
        didSet { hasUpperCaseTag = tagAsWritten != nil }
    }
    /// `tagAsWritten` is set: read on every match, so the common case copies no array.
    private(set) var hasUpperCaseTag = false
    var conditions: [SimpleSelector] = []
    /// True for compounds that can never match an element of an HTML
    /// document: a pseudo-element not at the end, `|name` (no namespace).
    var matchesNothing = false
    /// `::name` or legacy `:before`/`:after`/`:first-line`/`:first-letter`.
    var pseudoElement: String?
}

indirect enum SimpleSelector {
    case id([UInt8])
    case className([UInt8])
    case attribute(AttributeSelector)
    case pseudoClass(PseudoClass)
    case not([ComplexSelector])
    case `is`([ComplexSelector])
    /// `:where()`: matches as `:is()`, with no specificity.
    case `where`([ComplexSelector])
    case nth(NthSelector)
    case lang([String])
    /// `:has(<relative-selector-list>)`: each selector ends (on its left) in
    /// a compound matching only the anchor, the element `:has` is tested on.
    case has(RelativeSelectorList)
}

/// The argument of one `:has()`, compiled once. Its identity keys the
/// matcher's cache of `:has()` results (per anchor element, for one query
/// or style pass), as WebKit's and Blink's per-pass `:has()` caches do: a
/// nested `:has()` is then searched once per element, not once per outer
/// search that meets it.
final class RelativeSelectorList {
    let selectors: [RelativeSelector]

    init(_ selectors: [RelativeSelector]) {
        self.selectors = selectors
    }
}

/// The `S` of `:nth-child(An+B of S)`, compiled once; its identity keys the
/// matcher's cache of positions among the siblings matching `S`.
final class NthFilter {
    let alternatives: [ComplexSelector]

    init(_ alternatives: [ComplexSelector]) {
        self.alternatives = alternatives
    }
}

/// A selector of `:has()`, relative to the anchor element.
struct RelativeSelector {
    /// The selector with an anchor compound appended on its left.
    var complex: ComplexSelector
    /// Whether matches can only be among the anchor's following siblings (and
    /// their descendants) rather than its descendants.
    var reachesSiblings: Bool
}

struct AttributeSelector {
    enum Operator {
        case exists, equals, includes, dashMatch, prefix, suffix, substring
    }
    enum CaseSensitivity {
        /// HTML decides: case-insensitive for the attributes it lists.
        case byAttribute
        case insensitive, sensitive
    }
    /// The lower-case attribute name, NUL-terminated.
    var name: [UInt8]
    var anyNamespace = false
    var op: Operator = .exists
    var value: [UInt8] = []
    var caseSensitivity: CaseSensitivity = .byAttribute
}

enum PseudoClass {
    case root, empty, scope, firstChild, lastChild, onlyChild, firstOfType, lastOfType, onlyOfType
    case checked, disabled, enabled, link, defined, required, optional, readOnly, readWrite
    case placeholderShown
    /// `:focus` and `:focus-visible` (a terminal focuses from the keyboard).
    case focus
    case focusWithin
    /// `:target`: the document's indicated element (its URL fragment).
    case target
    /// The anchor of the `:has()` being evaluated.
    case hasAnchor
    /// A state a terminal page is never in (`:hover`, `:visited`, …).
    case never
}

/// `:nth-child(An+B [of S])` and its relatives: the element's 1-based
/// position p among the counted siblings satisfies p = A·n + B for some n ≥ 0.
struct NthSelector {
    var a: Int
    var b: Int
    var fromEnd = false
    var ofType = false
    var of: NthFilter?

    func matches(position: Int) -> Bool {
        if a == 0 { return position == b }
        let difference = position - b
        return difference % a == 0 && difference / a >= 0
    }
}
