/// A rule of CSS Syntax 3 §5: an at-rule (block optional) or a qualified rule.
public enum CSSRule: Hashable, Sendable {
    case at(name: String, prelude: [CSSComponentValue], block: [CSSComponentValue]?)
    case qualified(prelude: [CSSComponentValue], block: [CSSComponentValue])
}
