/// Turns an element's cascaded declarations into its computed values
/// (CSS Cascade 4 §4: cascaded → specified → computed), given its parent's.
///
/// CONTRACT STUB (coordinator): handles a few keywords so the pipeline runs;
/// the values helper replaces the body, keeping the signatures.
public enum StyleComputer {
    /// `declarations` in ascending precedence (later wins); `parent` nil for the root.
    public static func compute(_ declarations: [CascadedDeclaration], parent: CSSStyle?) -> CSSStyle {
        var style = parent.map(inheritedStyle) ?? CSSStyle()
        for declaration in declarations {
            guard case .token(.ident(let keyword))? = declaration.value.first(where: { $0 != .token(.whitespace) }) else { continue }
            switch (declaration.name, keyword.lowercased()) {
            case ("display", "none"): style.display = .none
            case ("display", "block"): style.display = .block
            case ("display", "inline"): style.display = .inline
            default: break
            }
        }
        return style
    }

    /// Whether `property: value` is a declaration Tern implements and would
    /// accept (for `@supports` and `CSS.supports`).
    public static func supports(property: String, value: [CSSComponentValue]) -> Bool {
        property == "display"
    }

    /// The style a child starts from: `parent`'s inherited properties, the
    /// rest initial.
    static func inheritedStyle(_ parent: CSSStyle) -> CSSStyle {
        var style = CSSStyle()
        style.visibility = parent.visibility
        style.color = parent.color
        style.fontWeight = parent.fontWeight
        style.fontStyle = parent.fontStyle
        style.smallCaps = parent.smallCaps
        style.fontSize = parent.fontSize
        style.textTransform = parent.textTransform
        style.textAlign = parent.textAlign
        style.textIndent = parent.textIndent
        style.whiteSpace = parent.whiteSpace
        style.listStyleType = parent.listStyleType
        style.listStylePosition = parent.listStylePosition
        style.quotes = parent.quotes
        style.customProperties = parent.customProperties
        return style
    }
}
