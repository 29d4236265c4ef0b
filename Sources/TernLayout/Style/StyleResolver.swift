import TernDOM

/// Computes each element's `ComputedStyle` from a built-in user-agent style
/// table by tag name (after the HTML standard's rendering section,
/// https://html.spec.whatwg.org/multipage/rendering.html, in terminal units),
/// plus the `hidden` attribute and the inline `style` attribute's `display`,
/// `white-space`, `font-weight` and `font-style`.
///
/// libxml2 2.9 parses HTML5 elements as unknown elements; the table gives
/// them their HTML5 display. Unknown elements are inline, as in CSS.
public struct StyleResolver {
    /// Whether scripting is on: `<noscript>` is `display: none` when it is.
    public var scriptingEnabled: Bool

    public init(scriptingEnabled: Bool = false) {
        self.scriptingEnabled = scriptingEnabled
    }

    struct Entry {
        var style: ComputedStyle
        var role: ElementRole
    }

    /// The style of `element` (whose lower-case tag name is `tag`) inside a parent styled `parent`.
    public func computedStyle(for element: Node, parent: ComputedStyle) -> ComputedStyle {
        resolve(element, tag: element.name, parent: parent).style
    }

    /// `listDepth` counts the lists around the element: the bullet of an
    /// unordered list depends on it (the user-agent sheet's `ul ul`).
    func resolve(_ element: Node, tag: String, parent: ComputedStyle, listDepth: Int = 0) -> (style: ComputedStyle, role: ElementRole) {
        var style = parent.inherited
        var role = ElementRole.generic
        if let entry = StyleResolver.tagTable.value(for: tag) {
            role = entry.role
            let ua = entry.style
            style.display = ua.display
            style.marginTop = ua.marginTop
            style.marginBottom = ua.marginBottom
            style.indent = ua.indent
            if ua.bold { style.bold = true }
            if ua.italic { style.italic = true }
            if ua.underline { style.underline = true }
            if ua.reverse { style.reverse = true }
            if ua.whiteSpace != .normal { style.whiteSpace = ua.whiteSpace }
            if ua.textAlign != .left { style.textAlign = ua.textAlign }
        }
        switch role {
        case .list(let ordered):
            // HTML §15.3.8: `ol` decimal (or its `type`), `ul` by depth.
            style.listStyle = ordered ? ListNumbering.kind(element.attribute("type")) ?? .decimal
                : ListNumbering.bullet(depth: listDepth + 1)
        case .listItem:
            if let type = element.attribute("type"), let kind = ListNumbering.kind(type) { style.listStyle = kind }
        case .noscript:
            if scriptingEnabled { style.display = .none }
        case .input:
            if element.attribute("type")?.lowercased() == "hidden" { style.display = .none }
        default:
            break
        }
        guard element.hasAttributes else { return (style, role) }
        if let align = element.attribute("align") {
            switch align.lowercased() {
            case "center", "middle": style.textAlign = .center
            case "right": style.textAlign = .right
            case "left": style.textAlign = .left
            default: break
            }
        }
        if element.hasAttribute("hidden") { style.display = .none }
        if let css = element.attribute("style") { StyleResolver.applyInline(css, to: &style) }
        return (style, role)
    }

    /// Applies the few declarations of a `style` attribute layout honours.
    /// Property names and keywords are case-insensitive; `!important` and
    /// spaces are allowed.
    static func applyInline(_ css: String, to style: inout ComputedStyle) {
        for declaration in css.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = declaration[..<colon].trimmingSpaces.lowercased()
            var value = declaration[declaration.index(after: colon)...].trimmingSpaces.lowercased()
            if let bang = value.firstIndex(of: "!") { value = String(value[..<bang]).trimmingSpaces }
            switch property {
            case "display":
                switch value {
                case "none": style.display = .none
                case "block", "flex", "grid", "flow-root":
                    if style.display == .inline { style.display = .block }
                case "inline", "inline-block", "inline-flex", "inline-grid", "contents":
                    if style.display == .block { style.display = .inline }
                case "list-item":
                    if style.display == .block || style.display == .inline { style.display = .listItem }
                default: break
                }
            case "white-space":
                switch value {
                case "pre", "pre-wrap", "break-spaces": style.whiteSpace = .pre
                case "nowrap": style.whiteSpace = .nowrap
                case "normal", "pre-line": style.whiteSpace = .normal
                default: break
                }
            case "font-weight":
                if value == "bold" || value == "bolder" || (Int(value) ?? 400) >= 600 { style.bold = true }
                if value == "normal" || value == "lighter" || (Int(value) ?? 700) < 600 { style.bold = false }
            case "font-style":
                if value == "italic" || value == "oblique" { style.italic = true }
                if value == "normal" { style.italic = false }
            default:
                continue
            }
        }
    }

    // MARK: The user-agent table

    private static func entry(_ display: ComputedStyle.Display, _ role: ElementRole = .generic, margin: Int = 0,
                              indent: Int = 0, bold: Bool = false, italic: Bool = false, underline: Bool = false,
                              reverse: Bool = false, pre: Bool = false, center: Bool = false) -> Entry {
        var style = ComputedStyle()
        style.display = display
        style.marginTop = margin
        style.marginBottom = margin
        style.indent = indent
        style.bold = bold
        style.italic = italic
        style.underline = underline
        style.reverse = reverse
        if pre { style.whiteSpace = .pre }
        if center { style.textAlign = .center }
        return Entry(style: style, role: role)
    }

    /// `table` for lookups by tag name on every element.
    static let tagTable = TagTable(table)

    static let table: [String: Entry] = {
        var t: [String: Entry] = [:]
        for tag in ["head", "script", "style", "template", "title", "meta", "link", "area", "param", "datalist", "svg", "embed", "col", "colgroup", "dialog", "rp"] {
            t[tag] = entry(.none)
        }
        t["base"] = entry(.none, .base)
        for tag in ["html", "body", "div", "article", "aside", "footer", "header", "hgroup", "main", "nav", "section",
                    "search", "form", "address", "legend", "optgroup", "option", "noframes", "frameset"] {
            t[tag] = entry(.block)
        }
        t["form"] = entry(.block, .form)
        t["address"] = entry(.block, italic: true)
        t["legend"] = entry(.block, bold: true)
        t["center"] = entry(.block, center: true)
        for tag in ["p", "figure", "fieldset", "dl", "multicol"] { t[tag] = entry(.block, margin: 1) }
        t["figure"] = entry(.block, margin: 1, indent: 2)
        t["fieldset"] = entry(.block, margin: 1, indent: 2)
        t["figcaption"] = entry(.block, italic: true)
        t["blockquote"] = entry(.block, margin: 1, indent: 4)
        t["dt"] = entry(.block, .definitionTerm, bold: true)
        t["dd"] = entry(.block, indent: 4)
        for tag in ["pre", "listing", "xmp", "plaintext"] { t[tag] = entry(.block, .preformatted, margin: 1, pre: true) }
        t["h1"] = entry(.block, .heading(1), margin: 1, bold: true, underline: true)
        for level in 2...6 { t["h\(level)"] = entry(.block, .heading(level), margin: 1, bold: true) }
        t["hr"] = entry(.block, .rule)
        t["ul"] = entry(.block, .list(ordered: false), margin: 1)
        t["dir"] = t["ul"]
        t["menu"] = t["ul"]
        t["ol"] = entry(.block, .list(ordered: true), margin: 1)
        t["li"] = entry(.listItem, .listItem)
        t["details"] = entry(.block, .details)
        t["summary"] = entry(.block, .summary)
        t["table"] = entry(.table, .table, margin: 1)
        t["caption"] = entry(.tableCaption, .caption, center: true)
        t["thead"] = entry(.tableHeaderGroup, .headerGroup)
        t["tbody"] = entry(.tableRowGroup, .rowGroup)
        t["tfoot"] = entry(.tableFooterGroup, .footerGroup)
        t["tr"] = entry(.tableRow, .row)
        t["td"] = entry(.tableCell, .cell(header: false))
        t["th"] = entry(.tableCell, .cell(header: true), bold: true)
        for tag in ["b", "strong"] { t[tag] = entry(.inline, bold: true) }
        for tag in ["i", "em", "cite", "var", "dfn"] { t[tag] = entry(.inline, italic: true) }
        for tag in ["u", "ins"] { t[tag] = entry(.inline, underline: true) }
        t["mark"] = entry(.inline, reverse: true)
        t["a"] = entry(.inline, .anchor)
        t["img"] = entry(.inline, .image)
        t["br"] = entry(.inline, .lineBreak)
        t["wbr"] = entry(.inline, .wordBreak)
        t["input"] = entry(.inline, .input)
        t["button"] = entry(.inline, .button)
        t["select"] = entry(.inline, .select)
        t["textarea"] = entry(.block, .textarea)
        t["q"] = entry(.inline, .quote)
        t["iframe"] = entry(.inline, .frame)
        t["frame"] = entry(.block, .frame)
        t["noscript"] = entry(.inline, .noscript)
        // Void in HTML5 but unknown to libxml2 2.9, which makes what follows
        // them their children: they must stay visible (they draw nothing).
        for tag in ["source", "track", "keygen"] { t[tag] = entry(.inline) }
        t["nobr"] = entry(.inline)
        t["nobr"]!.style.whiteSpace = .nowrap
        return t
    }()
}

extension Substring {
    var trimmingSpaces: String {
        var s = self
        while let first = s.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == "\u{0C}" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" || last == "\n" || last == "\r" || last == "\u{0C}" { s.removeLast() }
        return String(s)
    }
}

extension String {
    var trimmingSpaces: String {
        // Most values have nothing to trim: when neither end byte is ASCII
        // whitespace, neither end character can be.
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        if !String.isTrimmedSpace(first) && !String.isTrimmedSpace(last) { return self }
        return self[...].trimmingSpaces
    }

    @inline(__always)
    static func isTrimmedSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
