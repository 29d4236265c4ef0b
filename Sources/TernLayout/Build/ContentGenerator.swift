import TernCSS
import TernDOM

/// The state generated content reads as the document is walked in order:
/// CSS counters (CSS Lists 3 §4) and the quote depth (CSS Generated
/// Content 3 §1.1.2, `open-quote`/`close-quote`).
///
/// Counters live on a stack in document order. A counter made by an element
/// (`counter-reset`, or a `counter-increment`/`-set` of a name not in scope)
/// is in scope for the element, its descendants and its following siblings
/// with theirs (§4.4 "creating counters"): it is dropped when its element's
/// parent ends. Entries of one parent sit together at the top of the stack,
/// so dropping them is popping.
struct ContentGenerator {
    struct Counter {
        var name: String
        var value: Int
        /// The depth of the element that made it (its parent's frame count + 1).
        var depth: Int
    }

    private(set) var counters: [Counter] = []
    private var quoteDepth = 0

    /// Ends the scope of counters made by children of an element that ended,
    /// leaving `depth` elements open.
    @inline(__always)
    mutating func close(depth: Int) {
        while let last = counters.last, last.depth > depth + 1 { counters.removeLast() }
    }

    /// Applies an element's counter properties in the order of CSS Lists 3
    /// §4.5: resets, then increments, then sets. `depth` is the element's
    /// (1 for the root). `implicitListItem` is the step of the `list-item`
    /// counter a list item increments unless `counter-increment` names it.
    mutating func apply(reset: [CSSCounterChange], increment: [CSSCounterChange], set: [CSSCounterChange],
                        depth: Int, implicitListItem: Int?) {
        for change in reset { instantiate(change.name, value: change.value, depth: depth) }
        for change in increment { add(change.name, change.value, depth: depth) }
        if let step = implicitListItem, !increment.contains(where: { $0.name == "list-item" }) {
            add("list-item", step, depth: depth)
        }
        for change in set {
            if let index = innermost(change.name) {
                counters[index].value = change.value
            } else {
                instantiate(change.name, value: change.value, depth: depth)
            }
        }
    }

    /// §4.4.1: a counter made by a preceding sibling (or the element itself)
    /// is replaced; otherwise a new one nests inside those in scope.
    private mutating func instantiate(_ name: String, value: Int, depth: Int) {
        if let index = innermost(name), counters[index].depth == depth {
            counters[index].value = value
        } else {
            counters.append(Counter(name: name, value: value, depth: depth))
        }
    }

    private mutating func add(_ name: String, _ amount: Int, depth: Int) {
        if let index = innermost(name) {
            counters[index].value = counters[index].value.addingReportingOverflow(amount).partialValue
        } else {
            counters.append(Counter(name: name, value: amount, depth: depth))
        }
    }

    private func innermost(_ name: String) -> Int? {
        counters.lastIndex { $0.name == name }
    }

    /// The innermost counter named `name`; nil when none is in scope.
    func value(_ name: String) -> Int? {
        innermost(name).map { counters[$0].value }
    }

    /// The text of a `content` value for `element`, with its quotes (nil is
    /// `quotes: auto`: “ ” outside, ‘ ’ inside). `counter()` of a counter not
    /// in scope shows 0, as if instantiated (§4.4).
    mutating func text(_ items: [CSSContentItem], element: Node, quotes: [CSSQuotePair]?) -> String {
        var out = ""
        for item in items {
            switch item {
            case .string(let text):
                out += text
            case .attribute(let name):
                out += element.attribute(name) ?? ""
            case .counter(let name, let style):
                out += ListNumbering.representation(value(name) ?? 0, style)
            case .counters(let name, let separator, let style):
                let values = counters.filter { $0.name == name }.map { ListNumbering.representation($0.value, style) }
                out += values.isEmpty ? ListNumbering.representation(0, style) : values.joined(separator: separator)
            case .openQuote:
                out += quote(open: true, quotes)
                quoteDepth += 1
            case .closeQuote:
                guard quoteDepth > 0 else { continue }
                quoteDepth -= 1
                out += quote(open: false, quotes)
            case .noOpenQuote:
                quoteDepth += 1
            case .noCloseQuote:
                quoteDepth = max(0, quoteDepth - 1)
            }
        }
        return out
    }

    /// The quote at the current depth: the last pair repeats deeper (§1.1.2).
    private func quote(open: Bool, _ quotes: [CSSQuotePair]?) -> String {
        let pairs = quotes ?? ContentGenerator.autoQuotes
        guard let pair = pairs.isEmpty ? nil : pairs[min(quoteDepth, pairs.count - 1)] else { return "" }
        return open ? pair.open : pair.close
    }

    /// `quotes: auto` for English, as browsers have it.
    static let autoQuotes = [CSSQuotePair(open: "\u{201C}", close: "\u{201D}"), CSSQuotePair(open: "\u{2018}", close: "\u{2019}")]
}
