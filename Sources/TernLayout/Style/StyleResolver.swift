import TernCSS
import TernDOM

/// Computes each element's style: the CSS cascade (TernCSS's `StyleEngine`
/// over the user-agent sheet `Resources/ua.css`, the user's and the page's
/// sheets) gives its `CSSStyle`, which becomes layout's `ComputedStyle` in
/// terminal units. What an element *is* for layout (a link, an image, a
/// control, a table part) is its role, from the tag table.
///
/// The HTML standard's presentational hints (§15.2: `nowrap`, `<font color>`,
/// `bgcolor`) are the engine's (`StyleEngine.computedStyle(for:parent:)`).
final class StyleResolver {
    let engine: StyleEngine

    init(options: LayoutOptions) {
        var sheets = options.styleSheets
        if !options.authorStylesEnabled { sheets.removeAll { $0.origin == .author } }
        var environment = MediaEnvironment(columns: options.width, rows: options.rows)
        environment.scriptingEnabled = options.scriptingEnabled
        engine = StyleEngine(sheets: sheets, environment: environment)
        engine.focusedElement = options.focusedElement
        engine.shouldStop = options.shouldStop
    }

    /// The styles of `element` (whose lower-case tag name is `tag`) inside a
    /// parent styled `parent`, in a container `containerWidth` columns wide.
    func resolve(_ element: Node, tag: String, parent: (css: CSSStyle, layout: ComputedStyle)?,
                 containerWidth: Int) -> (css: CSSStyle, style: ComputedStyle, role: ElementRole) {
        let role = StyleResolver.roles.value(for: tag) ?? .generic
        let css = engine.computedStyle(for: element, parent: parent?.css)
        var style = layoutStyle(css, containerWidth: containerWidth, parentBackground: parent?.layout.background)
        // The initial colour (CanvasText) is the terminal's own foreground, and
        // a colour a child inherits unchanged stays whatever its parent's is.
        if let parent {
            if css.color == parent.css.color { style.color = parent.layout.color }
        } else if css.color == CSSStyle().color {
            style.color = nil
        }
        if let parent = parent?.layout {
            // Text decorations propagate to the text of descendants (CSS Text
            // Decoration 3 §2); so does reverse video.
            if parent.underline { style.underline = true }
            if parent.lineThrough { style.lineThrough = true }
            if parent.reverse { style.reverse = true }
        }
        if tag == "mark" { style.reverse = true }
        if style.display != .none {
            style.before = generatedContent(.before, of: element, elementStyle: css, containerWidth: containerWidth)
            style.after = generatedContent(.after, of: element, elementStyle: css, containerWidth: containerWidth)
            if style.display == .listItem {
                style.marker = generatedContent(.marker, of: element, elementStyle: css, containerWidth: containerWidth)
            }
        }
        return (css, style, role)
    }

    /// `ComputedStyle(css:containerWidth:parentBackground:)`, made once for
    /// each shared `CSSStyle` box, width and background while they recur: a
    /// direct-mapped cache (no hashing of its own, no growth, no clearing),
    /// as the same few kinds of element recur at a few widths.
    private func layoutStyle(_ css: CSSStyle, containerWidth: Int, parentBackground: Color?) -> ComputedStyle {
        var mix = UInt(bitPattern: css.identity) &>> 4
        mix = mix &* 31 &+ UInt(bitPattern: containerWidth)
        if let background = parentBackground {
            mix = mix &* 31 &+ UInt(background.red) &<< 16 &+ UInt(background.green) &<< 8 &+ UInt(background.blue) &+ 1
        }
        let slot = Int(truncatingIfNeeded: (mix ^ (mix &>> 9)) & UInt(StyleResolver.layoutStyleSlots - 1))
        if let known = layoutStyles[slot], known.css.isIdentical(to: css), known.containerWidth == containerWidth,
           known.parentBackground == parentBackground {
            return known.style
        }
        let style = ComputedStyle(css: css, containerWidth: containerWidth, parentBackground: parentBackground)
        // The entry holds `css`, so its box (and identity) lives as long as the entry.
        layoutStyles[slot] = LayoutStyleEntry(css: css, containerWidth: containerWidth, parentBackground: parentBackground, style: style)
        return style
    }

    private struct LayoutStyleEntry {
        let css: CSSStyle
        let containerWidth: Int
        let parentBackground: Color?
        let style: ComputedStyle
    }
    private static let layoutStyleSlots = 512
    private var layoutStyles = [LayoutStyleEntry?](repeating: nil, count: StyleResolver.layoutStyleSlots)

    private func generatedContent(_ pseudo: PseudoElement, of element: Node, elementStyle: CSSStyle,
                                  containerWidth: Int) -> ComputedStyle.GeneratedContent? {
        guard let css = engine.pseudoElementStyle(pseudo, of: element, elementStyle: elementStyle),
              let items = css.content, css.display != .none else { return nil }
        let style = ComputedStyle(css: css, containerWidth: containerWidth)
        var content = ComputedStyle.GeneratedContent(items: items)
        content.block = style.display == .block || style.display == .listItem
        content.bold = style.bold
        content.italic = style.italic
        content.underline = style.underline
        content.color = style.color
        return content
    }

    // MARK: Roles

    /// What each element is for layout, by tag name.
    static let roles = TagTable<ElementRole>([
        "base": .base, "form": .form, "dt": .definitionTerm,
        "pre": .preformatted, "listing": .preformatted, "xmp": .preformatted, "plaintext": .preformatted,
        "h1": .heading(1), "h2": .heading(2), "h3": .heading(3), "h4": .heading(4), "h5": .heading(5), "h6": .heading(6),
        "hr": .rule, "ul": .list(ordered: false), "dir": .list(ordered: false), "menu": .list(ordered: false),
        "ol": .list(ordered: true), "li": .listItem, "details": .details, "summary": .summary,
        "table": .table, "caption": .caption, "thead": .headerGroup, "tbody": .rowGroup, "tfoot": .footerGroup,
        "tr": .row, "td": .cell(header: false), "th": .cell(header: true),
        "a": .anchor, "img": .image, "br": .lineBreak, "wbr": .wordBreak, "input": .input, "button": .button,
        "select": .select, "textarea": .textarea, "iframe": .frame, "frame": .frame, "noscript": .noscript,
    ])
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
