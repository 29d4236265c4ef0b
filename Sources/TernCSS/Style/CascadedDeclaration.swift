/// One declaration that applies to an element, as the cascade hands it to
/// `StyleComputer`: declarations come in ascending precedence (CSS Cascade 4
/// §6.1: origin and importance, then specificity, then order), so a later
/// one wins over an earlier one for the same property.
public struct CascadedDeclaration: Hashable {
    /// The property name as written, ASCII-lowercased except for custom
    /// properties (`--name` is case-sensitive).
    public var name: String
    public var value: [CSSComponentValue]
    public var important: Bool
    public var origin: CSSOrigin

    public init(name: String, value: [CSSComponentValue], important: Bool, origin: CSSOrigin) {
        self.name = name
        self.value = value
        self.important = important
        self.origin = origin
    }
}
