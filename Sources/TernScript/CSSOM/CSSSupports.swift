import TernCSS
import TernDOM

/// `CSS.supports()` (CSS Conditional 3 §8.1): a property and value, or a
/// `<supports-condition>` (§6.1), against what Tern implements.
enum CSSSupports {
    /// `CSS.supports(property, value)`: a supported property (or a custom
    /// property) whose grammar `value` matches.
    static func supports(property: String, value: String) -> Bool {
        CSSOMDeclarations.parseValue(property: CSSOMDeclarations.propertyName(property), value) != nil
    }

    /// `CSS.supports(conditionText)`: the text as a `<supports-condition>`,
    /// else wrapped in parentheses (so `"display: flex"` works too).
    static func supports(conditionText: String) -> Bool {
        let values = CSSParser.parseComponentValueList(conditionText)
        return condition(values) ?? condition([.block(opening: .openParen, values)]) ?? false
    }

    /// `<supports-condition>`: nil when `values` does not parse as one.
    private static func condition(_ values: [CSSComponentValue]) -> Bool? {
        let items = values.filter { $0 != .token(.whitespace) }
        guard let first = items.first else { return nil }
        if keyword(first) == "not" {
            guard items.count == 2, let result = inParens(items[1]) else { return nil }
            return !result
        }
        guard var result = inParens(first) else { return nil }
        var combinator: String?
        var index = 1
        while index < items.count {
            let word = keyword(items[index])
            guard word == "and" || word == "or", combinator == nil || combinator == word, index + 1 < items.count,
                  let next = inParens(items[index + 1]) else { return nil }
            combinator = word
            result = word == "and" ? result && next : result || next
            index += 2
        }
        return result
    }

    /// `<supports-in-parens>`: a nested condition, a declaration, `selector()`,
    /// or `<general-enclosed>` (false).
    private static func inParens(_ value: CSSComponentValue) -> Bool? {
        switch value {
        case .block(.openParen, let contents):
            if let nested = condition(contents) { return nested }
            guard case .success(let declaration) = CSSParser.parseDeclaration(CSSSerializer.serialize(contents)) else { return false }
            let name = CSSOMDeclarations.propertyName(declaration.name)
            return CSSOMDeclarations.parseValue(property: name, CSSSerializer.serialize(declaration.value)) != nil
        case .function(let name, let arguments):
            guard CSSOMDeclarations.asciiLowercased(name) == "selector" else { return false }
            return (try? Selector.parse(CSSSerializer.serialize(arguments))) != nil
        default:
            return nil
        }
    }

    private static func keyword(_ value: CSSComponentValue) -> String? {
        guard case .token(.ident(let word)) = value else { return nil }
        return CSSOMDeclarations.asciiLowercased(word)
    }
}
