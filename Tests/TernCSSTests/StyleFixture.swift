@testable import TernCSS

/// Declarations as the cascade hands them to `StyleComputer`, parsed from CSS text.
enum StyleFixture {
    /// The declarations of `css` (a declaration list), names ASCII-lowercased
    /// except custom properties, all from `origin`.
    static func declarations(_ css: String, origin: CSSOrigin = .author) -> [CascadedDeclaration] {
        CSSParser.parseDeclarationList(css).compactMap { item in
            guard case .success(.declaration(let d)) = item else { return nil }
            let name = d.name.hasPrefix("--") ? d.name : CSSComponentValue.asciiLowercased(d.name)
            return CascadedDeclaration(name: name, value: d.value, important: d.important, origin: origin)
        }
    }

    /// The computed style of an element declaring `css`, child of `parent`.
    static func style(_ css: String, parent: CSSStyle? = nil) -> CSSStyle {
        StyleComputer.compute(declarations(css), parent: parent)
    }

    static func supports(_ property: String, _ value: String) -> Bool {
        StyleComputer.supports(property: property, value: CSSParser.parseComponentValueList(value))
    }
}
