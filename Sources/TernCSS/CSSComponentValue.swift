/// A component value of CSS Syntax 3 §5: a preserved token, a simple block or a function.
public enum CSSComponentValue: Hashable, Sendable {
    case token(CSSToken)
    /// `opening` is `.openCurly`, `.openSquare` or `.openParen`.
    case block(opening: CSSToken, [CSSComponentValue])
    case function(name: String, [CSSComponentValue])
}
