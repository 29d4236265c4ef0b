import TernDOM

/// The name a screen reader gives a link or button that has no text of its
/// own (an icon), after WAI-ARIA Accessible Name Computation 1.2 §4.3.2:
/// step 2B `aria-labelledby` (the referenced elements' text, in order),
/// 2C `aria-label`, 2F the name from content that shows nothing in a
/// terminal (an inner element's `aria-label`, an `img`'s `alt`, an `svg`'s
/// `<title>`), then 2I the `title` tooltip. Whitespace is collapsed; ""
/// when there is none.
enum AccessibleName {
    static func of(_ element: Node, elementByID: (String) -> Node?) -> String {
        if let ids = element.attribute("aria-labelledby") {
            var parts: [String] = []
            for id in ids.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).prefix(16) {
                if let target = elementByID(String(id)) {
                    let text = TextNormalizer.clean(target.attribute("aria-label") ?? target.textContent)
                    if !text.isEmpty { parts.append(text) }
                }
            }
            if !parts.isEmpty { return parts.joined(separator: " ") }
        }
        if let label = element.attribute("aria-label").map(TextNormalizer.clean), !label.isEmpty { return label }
        var found = ""
        element.walk { node in
            guard found.isEmpty else { return false }
            guard node.isElement, node != element else { return true }
            if let label = node.attribute("aria-label").map(TextNormalizer.clean), !label.isEmpty {
                found = label
            } else if node.isElement("img"), let alt = node.attribute("alt").map(TextNormalizer.clean), !alt.isEmpty {
                found = alt
            } else if node.isElement("svg") {
                if let title = node.children.first(where: { $0.isElement("title") }) {
                    found = TextNormalizer.clean(title.textContent)
                }
                return false
            }
            return found.isEmpty
        }
        if !found.isEmpty { return found }
        return TextNormalizer.clean(element.attribute("title") ?? "")
    }
}
