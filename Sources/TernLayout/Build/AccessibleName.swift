import TernCSS
import TernDOM

/// The name assistive technology gives an element: W3C "Accessible Name
/// and Description Computation 1.2" §4.3.2, with the host language's rules
/// of HTML-AAM §4.1 (labels, `alt`, `value`, `legend`, `caption`, an SVG's
/// `<title>`), and, last, what lynx shows for an image with no text: the
/// file name of its URL. Whitespace is collapsed; "" when there is none.
///
/// `hidden`, `aria-hidden="true"` and elements that are never rendered
/// count as hidden; with the page's styles (`styles`), so do elements of
/// `display: none` or not `visibility: visible`, and `::before`/`::after`
/// content is part of the name (step 2F.ii). Without them the document
/// alone is read: the layout names icon-only links and fields while it
/// walks, before the elements inside are styled.
public enum AccessibleName {
    /// An element's computed style (nil) or its pseudo-element's; nil when
    /// it has none (a pseudo-element that makes no box, a node not styled).
    public typealias StyleLookup = (Node, PseudoElement?) -> CSSStyle?

    /// The name of `element`; `elementByID` finds the targets of
    /// `aria-labelledby` and of a `<label for>` (the element with that id).
    /// `imageFileName`: lynx's last resort for a link or button (a landmark
    /// or a table is not named by an image inside it).
    public static func of(_ element: Node, elementByID: (String) -> Node?, imageFileName: Bool = true,
                          styles: StyleLookup? = nil) -> String {
        let name = withoutActuallyEscaping(elementByID) { lookup in
            var computation = Computation(root: element, elementByID: lookup)
            computation.styles = styles
            return TextNormalizer.clean(computation.name(of: element, labelledBy: false, recursing: false))
        }
        if !name.isEmpty || !imageFileName { return name }
        return Self.imageFileName(in: element)
    }

    /// The name the page's author gave `element` outside its content and
    /// labels: `aria-labelledby`, `aria-label`, then `title` (steps 2B,
    /// 2D, 2I); "" when none. Cheap: no `<label>` is looked for.
    static func authorGiven(_ element: Node, elementByID: (String) -> Node?) -> String {
        guard element.hasAttributes, element.attribute("aria-labelledby") != nil || element.attribute("aria-label") != nil
                || element.attribute("title") != nil else { return "" }
        let name = withoutActuallyEscaping(elementByID) { lookup in
            var computation = Computation(root: element, elementByID: lookup)
            computation.skipsHostLanguage = true
            return TextNormalizer.clean(computation.name(of: element, labelledBy: false, recursing: false))
        }
        return name
    }

    /// lynx's name for an image with no text (its `VERBOSE_IMAGES`): the
    /// last segment of its `src`, percent-decoded, for a link or button
    /// whose only content is such an image; "" otherwise.
    static func imageFileName(in element: Node) -> String {
        var found = ""
        element.walk { node in
            guard found.isEmpty else { return false }
            if node.isElement("img"), node.attribute("alt") == nil, let source = node.attribute("src") {
                found = fileName(of: source)
            }
            return found.isEmpty
        }
        return found
    }

    /// The file name of a URL as written: its path's last non-empty segment,
    /// percent-decoded and cleaned, at most 60 characters; "" for a `data:` URL.
    static func fileName(of source: String) -> String {
        let trimmed = source.trimmingSpaces
        guard !trimmed.lowercased().hasPrefix("data:") else { return "" }
        let path = trimmed.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
        let withoutQuery = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard let last = withoutQuery.split(separator: "/").last else { return "" }
        return String(TextNormalizer.clean(percentDecoded(String(last))).prefix(60))
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One computation: the root, the nodes already visited (a reference
    /// cycle must end) and a bound on the work (hostile pages nest deeply).
    private struct Computation {
        let root: Node
        let elementByID: (String) -> Node?
        var visited: Set<Node> = []
        var budget = 10_000
        var depth = 0
        /// Only the author's attributes name the root (`authorGiven`).
        var skipsHostLanguage = false
        var styles: StyleLookup?
        /// Style lookups left: each may restyle the element's ancestors, so
        /// a hostile subtree falls back to the document alone.
        var styleBudget = 512
        /// Inside a hidden element that aria-labelledby or a `<label>`
        /// points at: what is hidden in it is read too (2A).
        var inHiddenReference = false

        init(root: Node, elementByID: @escaping (String) -> Node?) {
            self.root = root
            self.elementByID = elementByID
        }

        /// §4.3.2 step 2 for `node`: `labelledBy` while following an
        /// `aria-labelledby` reference, `recursing` while reading a
        /// node's content (or a label's) for another's name.
        mutating func name(of node: Node, labelledBy: Bool, recursing: Bool) -> String {
            budget -= 1
            guard budget > 0, depth < 64 else { return "" }
            // 2G: a text node's text.
            if node.isText { return node.textContent }
            guard node.isElement, !visited.contains(node) else { return "" }
            visited.insert(node)
            depth += 1
            defer { depth -= 1 }
            let tag = node.name.lowercased()
            // 2A: hidden, unless inside a hidden element a reference or label points at.
            if !inHiddenReference, isHidden(node, tag: tag) { return "" }
            // 2B: aria-labelledby, not followed again inside a reference.
            if !labelledBy, let ids = node.attribute("aria-labelledby") {
                var parts: [String] = []
                for id in ids.split(whereSeparator: AccessibleName.isSpace).prefix(16) {
                    guard let target = elementByID(String(id)) else { continue }
                    visited.remove(target)
                    let text = readingHidden(target) { $0.name(of: target, labelledBy: true, recursing: false) }
                    if AccessibleName.hasText(text) { parts.append(text) }
                }
                let joined = TextNormalizer.clean(parts.joined(separator: " "))
                if !joined.isEmpty { return joined }
            }
            // 2C: a control inside a label (or content) read for another's name gives its value.
            if recursing || (labelledBy && node != root), let value = embeddedControlValue(node, tag: tag) { return value }
            // 2D: aria-label.
            if let label = node.attribute("aria-label").map(TextNormalizer.clean), !label.isEmpty { return label }
            let role = node.attribute("role").map(AccessibleName.firstRoleToken)
            // 2E: the host language's label (HTML-AAM §4.1), unless the element is presentational.
            if skipsHostLanguage && node == root {
                return node.attribute("title").map(TextNormalizer.clean) ?? ""
            }
            if role != "presentation" && role != "none", let native = hostLanguageName(node, tag: tag) {
                if !native.isEmpty || ["img", "area"].contains(tag) { return native }
            }
            // 2F: the name from content, for the roles that take it and inside a recursion.
            if recursing || labelledBy || AccessibleName.takesNameFromContent(tag: tag, role: role) {
                let text = contentName(of: node)
                if AccessibleName.hasText(text) { return text }
            }
            // 2I: the tooltip; then a field's placeholder (HTML-AAM §4.1.2).
            if let title = node.attribute("title").map(TextNormalizer.clean), !title.isEmpty { return title }
            if !recursing, tag == "input" || tag == "textarea", let placeholder = node.attribute("placeholder").map(TextNormalizer.clean) {
                return placeholder
            }
            return ""
        }

        /// 2A: hidden from the name: by markup, or by CSS when styles are
        /// known. Not an SVG element by CSS: Tern's own sheet hides `svg`
        /// (a terminal does not draw it), which a browser renders.
        mutating func isHidden(_ node: Node, tag: String) -> Bool {
            if AccessibleName.isHidden(node, tag: tag) { return true }
            guard let style = style(of: node, nil), style.display == .none || style.visibility != .visible else { return false }
            // In an SVG (the HTML parser gives its elements no namespace of their own), only markup hides.
            var element: Node? = node
            while let current = element, current.isElement {
                if current.isElement("svg") { return false }
                element = current.parent
            }
            return true
        }

        /// Runs `body` for an element a reference or a label points at: if
        /// it is hidden, what is hidden inside it is read as well (2A).
        mutating func readingHidden(_ target: Node, _ body: (inout Computation) -> String) -> String {
            let outer = inHiddenReference
            if !outer, target.isElement, isHidden(target, tag: target.name.lowercased()) { inHiddenReference = true }
            defer { inHiddenReference = outer }
            return body(&self)
        }

        /// The computed style of `node` (or of its pseudo-element), while the budget lasts.
        mutating func style(of node: Node, _ pseudoElement: PseudoElement?) -> CSSStyle? {
            guard let styles, styleBudget > 0 else { return nil }
            styleBudget -= 1
            return styles(node, pseudoElement)
        }

        /// 2F.ii: the text of the element's `::before` or `::after` content.
        mutating func generatedText(_ node: Node, _ pseudoElement: PseudoElement) -> String {
            guard node.isElement, let style = style(of: node, pseudoElement), let items = style.content,
                  style.display != .none, style.visibility == .visible else { return "" }
            var generator = ContentGenerator()
            return generator.text(items, element: node, quotes: style.quotes)
        }

        /// 2F: the names of the children, in order; block-level ones apart;
        /// between the element's `::before` and `::after` content. Not
        /// trimmed (a space at the edge of a part keeps words apart):
        /// whitespace is collapsed once, on the whole name.
        mutating func contentName(of node: Node) -> String {
            var out = generatedText(node, .before)
            for child in node.children {
                let part = name(of: child, labelledBy: false, recursing: true)
                guard !part.isEmpty else { continue }
                let apart = child.isElement && AccessibleName.blockTags.contains(child.name.lowercased())
                if apart, !out.isEmpty { out += " " }
                out += part
                if apart { out += " " }
            }
            out += generatedText(node, .after)
            return out
        }

        /// HTML-AAM §4.1: what the element's own markup names it by; nil
        /// when it has no such rule (the computation goes on).
        mutating func hostLanguageName(_ node: Node, tag: String) -> String? {
            switch tag {
            case "input":
                let type = node.attribute("type")?.lowercased().trimmingSpaces ?? "text"
                switch type {
                case "submit", "reset", "button":
                    if let value = node.attribute("value") { return TextNormalizer.clean(value) }
                    return type == "submit" ? "Submit" : type == "reset" ? "Reset" : labelText(of: node)
                case "image":
                    for attribute in ["alt", "value", "title"] {
                        if let text = node.attribute(attribute).map(TextNormalizer.clean), !text.isEmpty { return text }
                    }
                    return "Submit"
                case "hidden":
                    return ""
                default:
                    return labelText(of: node)
                }
            case "textarea", "select", "meter", "progress", "output", "button":
                let label = labelText(of: node)
                return label.isEmpty && tag == "button" ? nil : label
            case "img", "area":
                // An empty alt makes the image presentational: no name.
                return node.attribute("alt").map(TextNormalizer.clean) ?? (node.attribute("title").map(TextNormalizer.clean) ?? "")
            case "svg":
                return node.children.first { $0.isElement("title") }.map { TextNormalizer.clean($0.textContent) }
            case "fieldset":
                return node.children.first { $0.isElement("legend") }.map { TextNormalizer.clean(contentName(of: $0)) }
            case "figure":
                return node.children.first { $0.isElement("figcaption") }.map { TextNormalizer.clean(contentName(of: $0)) }
            case "table":
                // The caption is the table's first child (HTML §4.9.2): its rows are not looked through.
                return node.firstElementChild.flatMap { $0.isElement("caption") ? TextNormalizer.clean(contentName(of: $0)) : nil }
            default:
                return nil
            }
        }

        /// The text of a labelable element's `<label>`s (HTML §4.10.4: a
        /// `label` whose `for` is its id, and the one it is inside), the
        /// element itself left out of them.
        mutating func labelText(of node: Node) -> String {
            var labels: [Node] = []
            var ancestor = node.parent
            while let element = ancestor, element.isElement {
                if element.isElement("label") {
                    labels.append(element)
                    break
                }
                ancestor = element.parent
            }
            if let id = node.attribute("id"), !id.isEmpty, let document = node.document.node {
                document.walk { candidate in
                    if candidate.isElement("label"), candidate.attribute("for") == id, !labels.contains(candidate) { labels.append(candidate) }
                    return labels.count < 8
                }
            }
            visited.insert(node)
            var parts: [String] = []
            for label in labels {
                let text = readingHidden(label) { $0.contentName(of: label) }
                if AccessibleName.hasText(text) { parts.append(text) }
            }
            return TextNormalizer.clean(parts.joined(separator: " "))
        }

        /// 2C: the value of a control met inside another's label or content.
        func embeddedControlValue(_ node: Node, tag: String) -> String? {
            switch tag {
            case "input":
                let type = node.attribute("type")?.lowercased().trimmingSpaces ?? "text"
                guard ["text", "search", "email", "tel", "url", "number", "range", ""].contains(type) else { return nil }
                return TextNormalizer.clean(node.attribute("value") ?? "")
            case "textarea":
                return TextNormalizer.clean(node.textContent)
            case "select":
                let options = node.getElementsByTagName("option")
                let chosen = options.first { $0.attribute("selected") != nil } ?? options.first
                return chosen.map { TextNormalizer.clean($0.textContent) } ?? ""
            default:
                return nil
            }
        }
    }

    /// Not rendered, or hidden from assistive technology.
    static func isHidden(_ node: Node, tag: String) -> Bool {
        // An SVG's <title> is read as its name (2E), not as content.
        if ["script", "style", "template", "head", "title", "noscript"].contains(tag) { return true }
        guard node.hasAttributes else { return false }
        return node.hasAttribute("hidden") || node.attribute("aria-hidden")?.lowercased().trimmingSpaces == "true"
    }

    /// WAI-ARIA 1.2 §5.2.8.6 "roles supporting name from content", by the
    /// element's role or its tag's implicit one.
    static func takesNameFromContent(tag: String, role: String?) -> Bool {
        if let role {
            return ["button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem", "menuitemcheckbox",
                    "menuitemradio", "option", "radio", "row", "rowheader", "sectionhead", "switch", "tab", "tooltip",
                    "treeitem"].contains(role)
        }
        return ["a", "button", "h1", "h2", "h3", "h4", "h5", "h6", "summary", "option", "td", "th", "tr", "label", "legend",
                "caption", "figcaption", "dt"].contains(tag)
    }

    /// Elements whose content is read apart from what is around it.
    static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
        "ol", "p", "pre", "section", "table", "td", "th", "tr", "ul",
    ]

    /// The first token of a `role` attribute, lowercased ("" for none):
    /// the role Tern reads (WAI-ARIA's fallback roles are not).
    static func firstRoleToken(_ value: String) -> String {
        value.split(whereSeparator: isSpace).first?.lowercased() ?? ""
    }

    /// Whether a part of a name has more than whitespace.
    static func hasText(_ text: String) -> Bool {
        text.contains { !$0.isWhitespace }
    }

    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}"
    }
}
