import TernDOM

/// The HTML standard's presentational hints that are not rules of the
/// user-agent sheet (HTML §15.2: `nowrap` on table cells, `<font color>`,
/// `bgcolor`; `align` and list `type` are rules of `ua.css`). They enter
/// the cascade as author declarations of specificity zero, before every
/// author rule (CSS Cascade 5 §6.1 "presentational hints").
enum PresentationalHints {
    /// `element`'s hints, in the order they apply; empty for most elements.
    static func of(_ element: Node) -> [CascadedDeclaration] {
        guard element.hasAttributes else { return [] }
        var hints: [CascadedDeclaration] = []
        func hint(_ name: String, _ value: String) {
            hints.append(CascadedDeclaration(name: name, value: CSSParser.parseComponentValueList(value),
                                             important: false, origin: .author))
        }
        if (element.isElement("td") || element.isElement("th")) && element.hasAttribute("nowrap") { hint("white-space", "nowrap") }
        if element.isElement("font"), let color = element.attribute("color") { hint("color", color) }
        if let color = element.attribute("bgcolor") { hint("background-color", color) }
        return hints
    }

    /// Whether a change of `element`'s attribute `name` (lower case) may
    /// change its hints: its own style must be computed again.
    static func dependsOn(attribute name: String, of element: Node) -> Bool {
        switch name {
        case "bgcolor": return true
        case "nowrap": return element.isElement("td") || element.isElement("th")
        case "color": return element.isElement("font")
        default: return false
        }
    }

    /// `declarations` (in ascending precedence) with `hints` put before
    /// every author declaration and every important one.
    static func insert(_ hints: [CascadedDeclaration], into declarations: inout [CascadedDeclaration]) {
        let index = declarations.firstIndex { $0.origin == .author || $0.important } ?? declarations.count
        declarations.insert(contentsOf: hints, at: index)
    }
}
