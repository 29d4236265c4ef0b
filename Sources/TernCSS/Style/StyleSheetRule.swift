/// A top-level or nested rule of a `StyleSheet` (CSSOM §6.4), as the
/// cascade reads it. Rules Tern parses but does not apply (`@font-face`,
/// `@keyframes`, `@page`, `@namespace`, `@counter-style`, `@property`,
/// unknown at-rules) are `.other`, kept for `cssRules` and `cssText`.
public enum StyleSheetRule {
    case style(StyleRule)
    /// CSS Conditional 3 §6 `@media`.
    case media(MediaQueryList, [StyleSheetRule])
    /// CSS Conditional 3 §2 `@supports`: the condition as written and
    /// whether Tern supports it (evaluated once: the answer never changes).
    case supports(condition: String, matches: Bool, [StyleSheetRule])
    case `import`(ImportRule)
    /// CSS Cascade 5 §6.4.2 `@layer a, b;`: full dotted names.
    case layerStatement([String])
    /// `@layer a.b { … }`; nil name is an anonymous layer.
    case layerBlock(name: String?, [StyleSheetRule])
    /// `name` is the at-keyword, lowercased; `text` the rule as written.
    case other(name: String, text: String)

    /// CSSOM `cssText` (§6.4 serialize a CSS rule).
    public var cssText: String {
        switch self {
        case .style(let rule): return rule.cssText
        case .media(let media, let rules): return StyleSheetRule.grouping("@media " + media.text, rules)
        case .supports(let condition, _, let rules): return StyleSheetRule.grouping("@supports " + condition, rules)
        case .import(let rule): return rule.cssText
        case .layerStatement(let names): return "@layer " + names.joined(separator: ", ") + ";"
        case .layerBlock(let name, let rules): return StyleSheetRule.grouping("@layer" + (name.map { " " + $0 } ?? ""), rules)
        case .other(_, let text): return text
        }
    }

    /// The rules a grouping rule holds (CSSOM §6.4.6 CSSGroupingRule:
    /// `@media`, `@supports`, `@layer` blocks); nil for the rest.
    public var childRules: [StyleSheetRule]? {
        switch self {
        case .media(_, let rules), .supports(_, _, let rules), .layerBlock(_, let rules): return rules
        default: return nil
        }
    }

    /// CSSOM §6.4.6 `insertRule` on a grouping rule ("insert a CSS rule"
    /// into its child rules, nested: `@import` and `@namespace` are not
    /// allowed there): the grouping rule with `text`'s rule at `index`.
    public func insertingChildRule(_ text: String, at index: Int) throws(CSSOMError) -> StyleSheetRule {
        guard var rules = childRules else { throw .hierarchyRequest }
        // The index is checked before the text is parsed.
        guard index >= 0, index <= rules.count else { throw .indexSize }
        guard case .success(let parsed) = CSSParser.parseRule(text),
              let rule = StyleSheetParser(resolveURL: nil).rule(parsed, depth: 1) else { throw .syntax }
        if case .import = rule { throw .hierarchyRequest }
        if StyleSheetParser.isNamespace(rule) { throw .hierarchyRequest }
        rules.insert(rule, at: index)
        return replacingChildRules(rules)
    }

    /// CSSOM §6.4.6 `deleteRule` on a grouping rule.
    public func deletingChildRule(at index: Int) throws(CSSOMError) -> StyleSheetRule {
        guard var rules = childRules else { throw .hierarchyRequest }
        guard index >= 0, index < rules.count else { throw .indexSize }
        rules.remove(at: index)
        return replacingChildRules(rules)
    }

    private func replacingChildRules(_ rules: [StyleSheetRule]) -> StyleSheetRule {
        switch self {
        case .media(let media, _): return .media(media, rules)
        case .supports(let condition, let matches, _): return .supports(condition: condition, matches: matches, rules)
        case .layerBlock(let name, _): return .layerBlock(name: name, rules)
        default: return self
        }
    }

    /// `prelude {`, each rule on its own line indented by two spaces, `}`.
    private static func grouping(_ prelude: String, _ rules: [StyleSheetRule]) -> String {
        var text = prelude + " {"
        for rule in rules { text += "\n  " + rule.cssText }
        return text + "\n}"
    }
}
