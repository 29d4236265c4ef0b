/// A number as CSS Syntax 3 §4.2 produces it: its source text (the test suites compare it),
/// its value, and whether it was written as an integer.
public struct CSSNumber: Hashable, Sendable {
    public var representation: String
    public var value: Double
    public var isInteger: Bool
}

/// A token of CSS Syntax 3 §4.
public enum CSSToken: Hashable, Sendable {
    case ident(String)
    case function(String)
    case atKeyword(String)
    /// `isID`: the "id" type flag (the hash would start an identifier); otherwise "unrestricted".
    case hash(String, isID: Bool)
    case string(String)
    case badString
    case url(String)
    case badURL
    case delim(Unicode.Scalar)
    case number(CSSNumber)
    case percentage(CSSNumber)
    case dimension(CSSNumber, unit: String)
    case whitespace
    case cdo, cdc, colon, semicolon, comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
}
