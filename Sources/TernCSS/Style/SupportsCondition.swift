import TernDOM

/// CSS Conditional 3 §2.1 `<supports-condition>` (and Conditional 4's
/// `selector()`), evaluated against what Tern implements: a declaration is
/// supported when `StyleComputer.supports` accepts it, custom properties
/// always; `<general-enclosed>` is false.
enum SupportsCondition {
    /// Nesting deeper than this is a syntax error (hostile `((((…))))`).
    static let maxDepth = 64

    /// The condition's truth, or nil when it does not parse.
    static func evaluate(_ values: [CSSComponentValue], depth: Int = 0) -> Bool? {
        guard depth < maxDepth else { return nil }
        var stream = MediaTokens(values.filter { $0 != .token(.whitespace) })
        guard !stream.atEnd else { return nil }
        if stream.peekKeyword() == "not" {
            stream.advance()
            guard let inner = inParens(&stream, depth: depth), stream.atEnd else { return nil }
            return !inner
        }
        guard var result = inParens(&stream, depth: depth) else { return nil }
        guard let joiner = stream.peekKeyword(), joiner == "and" || joiner == "or" else {
            return stream.atEnd ? result : nil
        }
        while stream.peekKeyword() == joiner {
            stream.advance()
            guard let next = inParens(&stream, depth: depth) else { return nil }
            result = joiner == "and" ? (result && next) : (result || next)
        }
        return stream.atEnd ? result : nil
    }

    /// `supports(…)` of `@import`: a condition, or a bare declaration.
    static func evaluateImportCondition(_ values: [CSSComponentValue]) -> Bool {
        evaluate(values) ?? declaration(values) ?? false
    }

    /// `<supports-in-parens>`.
    private static func inParens(_ stream: inout MediaTokens, depth: Int) -> Bool? {
        switch stream.next() {
        case .block(opening: .openParen, let contents)?:
            if let nested = evaluate(contents, depth: depth + 1) { return nested }
            return declaration(contents) ?? false
        case .function(let name, let arguments)?:
            guard CSSTokenizer.asciiLowercased(name) == "selector" else { return false }
            let text = CSSSerializer.serialize(StyleRule.trimmed(arguments))
            guard let selector = try? Selector.parse(text) else { return false }
            // Only pseudo-elements Tern renders count as supported.
            return (0..<selector.alternativeCount).allSatisfy {
                selector.pseudoElement(ofAlternative: $0).map(PseudoElement.init(selectorName:)) != .some(nil)
            }
        default:
            return nil
        }
    }

    /// `<supports-decl>`: `name: value`; nil when it is not declaration syntax.
    private static func declaration(_ contents: [CSSComponentValue]) -> Bool? {
        let items = CSSParser.parseDeclarationList(contents)
        guard items.count == 1, case .success(.declaration(let declaration))? = items.first else { return nil }
        if declaration.name.hasPrefix("--") { return true }
        return StyleComputer.supports(property: CSSTokenizer.asciiLowercased(declaration.name),
                                      value: StyleRule.trimmed(declaration.value))
    }
}
