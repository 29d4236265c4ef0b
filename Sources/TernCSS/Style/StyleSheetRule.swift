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

    /// `prelude {`, each rule on its own line indented by two spaces, `}`.
    private static func grouping(_ prelude: String, _ rules: [StyleSheetRule]) -> String {
        var text = prelude + " {"
        for rule in rules { text += "\n  " + rule.cssText }
        return text + "\n}"
    }
}
