import TernDOM

/// A style rule (CSSOM §6.4.3 CSSStyleRule): a selector list and its
/// declarations, names ASCII-lowercased except custom properties.
public final class StyleRule {
    public let selector: Selector
    public let declarations: [CSSDeclaration]

    init(selector: Selector, declarations: [CSSDeclaration]) {
        self.selector = selector
        self.declarations = declarations
    }

    /// CSSOM `selectorText`: the selector as written, whitespace trimmed.
    public var selectorText: String { selector.source }

    /// CSSOM §6.4.3 `cssText`: `selector { a: b; c: d !important; }`.
    public var cssText: String {
        let body = declarations.map(StyleRule.serialize).joined(separator: " ")
        return selectorText + (body.isEmpty ? " { }" : " { " + body + " }")
    }

    /// CSSOM §6.7.2 serialize a CSS declaration.
    static func serialize(_ declaration: CSSDeclaration) -> String {
        let value = StyleRule.trimmed(declaration.value)
        let text = declaration.name.hasPrefix("--") ? CSSSerializer.serialize(value) : CSSSerializer.specifiedValue(value)
        return declaration.name + ": " + text + (declaration.important ? " !important" : "") + ";"
    }

    /// The declarations of a declaration list (a rule's block or a `style`
    /// attribute): at-rules and invalid items dropped, names lowercased
    /// (CSS Syntax 3 §5.4.6 leaves case to the properties; CSS properties are
    /// ASCII case-insensitive, custom properties are not).
    static func declarations(from items: [Result<CSSDeclarationListItem, CSSParseError>]) -> [CSSDeclaration] {
        var declarations: [CSSDeclaration] = []
        for case .success(.declaration(var declaration)) in items {
            if !declaration.name.hasPrefix("--") { declaration.name = CSSTokenizer.asciiLowercased(declaration.name) }
            declaration.value = trimmed(declaration.value)
            declarations.append(declaration)
        }
        return declarations
    }

    /// The value without leading and trailing whitespace tokens.
    static func trimmed(_ value: [CSSComponentValue]) -> [CSSComponentValue] {
        var slice = value[...]
        while slice.first == .token(.whitespace) { slice = slice.dropFirst() }
        while slice.last == .token(.whitespace) { slice = slice.dropLast() }
        return Array(slice)
    }
}
