/// A declaration; `important` is set when the value ended in `!important` (removed from `value`).
public struct CSSDeclaration: Hashable, Sendable {
    public var name: String
    public var value: [CSSComponentValue]
    public var important: Bool
}
