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
/// `:required`, `:optional`, `:read-only`, `:read-write`. Dynamic states a
/// terminal page never has (`:hover`, `:focus`, `:visited`, `:target` …) and
/// pseudo-elements (`::before` …) parse but match nothing.
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
}

enum Combinator {
    case descendant, child, nextSibling, subsequentSibling
}

/// A type selector and the simple selectors attached to it.
struct CompoundSelector {
    /// The lower-case tag name, NUL-terminated; nil for any element.
    var tag: [UInt8]?
    var conditions: [SimpleSelector] = []
    /// True for compounds that can never match an element of an HTML
    /// document: pseudo-elements, `|name` (no namespace).
    var matchesNothing = false
}

indirect enum SimpleSelector {
    case id([UInt8])
    case className([UInt8])
    case attribute(AttributeSelector)
    case pseudoClass(PseudoClass)
    case not([ComplexSelector])
    /// `:is()` and `:where()` (specificity does not matter for matching).
    case `is`([ComplexSelector])
    case nth(NthSelector)
    case lang([String])
    /// `:has(<relative-selector-list>)`: each selector ends (on its left) in
    /// a compound matching only the anchor, the element `:has` is tested on.
    case has([RelativeSelector])
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
    var of: [ComplexSelector]?

    func matches(position: Int) -> Bool {
        if a == 0 { return position == b }
        let difference = position - b
        return difference % a == 0 && difference / a >= 0
    }
}
