import TernDOM

/// Matches a document's style sheets against its elements (the cascade,
/// CSS Cascade 4 §6) and computes each element's style.
///
/// CONTRACT STUB (coordinator): the cascade helper implements it.
public final class StyleEngine {
    public let sheets: [StyleSheet]
    public var environment: MediaEnvironment
    /// The element with focus, for `:focus` and `:focus-within`.
    public var focusedElement: Node?

    /// `sheets` in document order (user sheets, then author sheets); the
    /// user-agent sheet is always applied first.
    public init(sheets: [StyleSheet], environment: MediaEnvironment) {
        self.sheets = sheets
        self.environment = environment
    }

    /// The declarations that apply to `element` (or to its `pseudoElement`),
    /// in ascending precedence, the `style` attribute's included.
    public func cascadedDeclarations(for element: Node, pseudoElement: PseudoElement? = nil) -> [CascadedDeclaration] {
        []
    }

    /// `element`'s computed style; `parent` is its parent element's (nil for the root).
    public func computedStyle(for element: Node, parent: CSSStyle?) -> CSSStyle {
        StyleComputer.compute(cascadedDeclarations(for: element), parent: parent)
    }

    /// The style of `element`'s `pseudoElement`, or nil when it generates no box.
    public func pseudoElementStyle(_ pseudoElement: PseudoElement, of element: Node, elementStyle: CSSStyle) -> CSSStyle? {
        nil
    }
}
