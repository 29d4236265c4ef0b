/// Where a style sheet comes from (CSS Cascade 4 §6.2), in ascending order
/// of precedence for normal declarations.
public enum CSSOrigin: Int, Hashable, Comparable, Sendable {
    case userAgent, user, author

    public static func < (a: CSSOrigin, b: CSSOrigin) -> Bool { a.rawValue < b.rawValue }
}
