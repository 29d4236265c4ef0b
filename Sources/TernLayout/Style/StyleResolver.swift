import TernCSS
import TernDOM

/// Computes each element's style: the CSS cascade (TernCSS's `StyleEngine`
/// over the user-agent sheet `Resources/ua.css`, the user's and the page's
/// sheets) gives its `CSSStyle`, which becomes layout's `ComputedStyle` in
/// terminal units. What an element *is* for layout (a link, an image, a
/// control, a table part) is its role, from the tag table.
///
/// With `LayoutOptions.styleStore` (for its own document; a frame's is
/// styled afresh), the `CSSStyle`s come from the store: what it holds up to
/// date is taken as it is, the rest is computed and kept there (issue 28).
/// The store is first brought up to date with this layout's sheets, media
/// environment and focus, so a store and a layout never disagree on them.
/// Without one, a `StyleEngine` of the layout's own computes every style.
///
/// The HTML standard's presentational hints (§15.2: `nowrap`, `<font color>`,
/// `bgcolor`) are the engine's (`StyleEngine.computedStyle(for:parent:)`).
final class StyleResolver {
    /// The engine that matches: the store's when the layout walks one.
    var engine: StyleEngine { walkedEngine ?? ownEngine }
    /// The store's engine, for the walk (a store changes engines only when updated).
    private var walkedEngine: StyleEngine?
    private let options: LayoutOptions
    /// The store styles come from: the options' when the first element
    /// shows it is this document's. Called unretained (`options` holds it):
    /// a store is weakly referenced (its document's observer), which makes
    /// each retain of one slow, and the walk calls it three times an element.
    private var walkedStore: Unmanaged<ElementStyleStore>?
    private var checkedStore = false
    private var store: ElementStyleStore? { walkedStore?.takeUnretainedValue() }
    /// Made at once (it builds its rule index only when first used): a
    /// `let`, so the walk's calls on it retain nothing.
    private let ownEngine: StyleEngine

    init(options: LayoutOptions) {
        self.options = options
        ownEngine = StyleEngine(sheets: StyleResolver.sheets(options), environment: StyleResolver.environment(options))
        ownEngine.focusedElement = options.focusedElement
        ownEngine.shouldStop = options.shouldStop
    }

    deinit {
        store?.endLayoutWalk()
    }

    /// The sheets that apply: the author's only when author styles are on.
    private var sheets: [StyleSheet] { StyleResolver.sheets(options) }

    private static func sheets(_ options: LayoutOptions) -> [StyleSheet] {
        options.authorStylesEnabled ? options.styleSheets : options.styleSheets.filter { $0.origin != .author }
    }

    /// What media queries see: the layout's width and rows, and whether scripts run.
    private var environment: MediaEnvironment { StyleResolver.environment(options) }

    private static func environment(_ options: LayoutOptions) -> MediaEnvironment {
        var environment = MediaEnvironment(columns: options.width, rows: options.rows)
        environment.scriptingEnabled = options.scriptingEnabled
        return environment
    }

    /// Starts the store's walk when `element` (the first styled, the root) is of its document.
    private func startWalk(at element: Node) {
        checkedStore = true
        guard let store = options.styleStore, store.document === element.document else { return }
        walkedStore = Unmanaged.passUnretained(store)
        store.update(sheets: sheets, environment: environment, focusedElement: options.focusedElement)
        store.beginLayoutWalk(shouldStop: options.shouldStop)
        walkedEngine = store.engine
    }

    /// Before `element`'s children are styled (top-down, document order).
    func enter(_ element: Node) {
        if let walkedStore { walkedStore._withUnsafeGuaranteedRef { $0.enter(element) } } else { ownEngine.enter(element) }
    }

    /// After them.
    func leave() {
        if let walkedStore { walkedStore._withUnsafeGuaranteedRef { $0.leave() } } else { ownEngine.leave() }
    }

    /// The styles of `element` inside a parent styled `parent`, in a
    /// container `containerWidth` columns wide, and its role.
    func resolve(_ element: Node, parent: (css: CSSStyle, layout: ComputedStyle)?,
                 containerWidth: Int) -> (css: CSSStyle, style: ComputedStyle, role: ElementRole) {
        if !checkedStore { startWalk(at: element) }
        // Looked up by the name's bytes: no String made per element.
        let role = element.withNameUTF8 { StyleResolver.roles.value(forUTF8: $0) } ?? .generic
        let css = walkedStore.map { $0._withUnsafeGuaranteedRef { $0.style(of: element, parent: parent?.css) } }
            ?? ownEngine.computedStyle(for: element, parent: parent?.css)
        // The initial colour (CanvasText) is the terminal's own foreground, and
        // a colour a child inherits unchanged stays whatever its parent's is.
        var color: Color?? = nil
        if let parentCSS = parent?.css {
            if css.color == parentCSS.color { color = .some(parent?.layout.color) }
        } else if css.color == CSSStyle().color {
            color = .some(nil)
        }
        // Text decorations propagate to the text of descendants (CSS Text
        // Decoration 3 §2); so does reverse video.
        var decorations = LayoutStyleEntry.Decorations()
        if let parent = parent?.layout {
            if parent.underline { decorations.insert(.underline) }
            if parent.lineThrough { decorations.insert(.lineThrough) }
            if parent.reverse { decorations.insert(.reverse) }
        }
        if role == .mark { decorations.insert(.reverse) }
        // Shared with the cache (what depends on the element alone is written
        // only where it changes something: a write copies the shared box).
        var style = layoutStyle(css, containerWidth: containerWidth, parentBackground: parent?.layout.background,
                                color: color, decorations: decorations)
        if style.display != .none {
            let before = generatedContent(.before, of: element, elementStyle: css, containerWidth: containerWidth)
            if before != style.before { style.before = before }
            let after = generatedContent(.after, of: element, elementStyle: css, containerWidth: containerWidth)
            if after != style.after { style.after = after }
            if style.display == .listItem {
                let marker = generatedContent(.marker, of: element, elementStyle: css, containerWidth: containerWidth)
                if marker != style.marker { style.marker = marker }
            }
        }
        return (css, style, role)
    }

    /// `ComputedStyle(css:containerWidth:parentBackground:)`, made once for
    /// each shared `CSSStyle` box, width and background while they recur: a
    /// direct-mapped cache (no hashing of its own, no growth, no clearing),
    /// as the same few kinds of element recur at a few widths. What the
    /// parent gives is part of it: `color` (when not nil) replaces the
    /// element's colour and `decorations` are added.
    private func layoutStyle(_ css: CSSStyle, containerWidth: Int, parentBackground: Color?, color: Color??,
                             decorations: LayoutStyleEntry.Decorations) -> ComputedStyle {
        var mix = UInt(bitPattern: css.identity) &>> 4
        mix = mix &* 31 &+ UInt(bitPattern: containerWidth)
        if let background = parentBackground {
            mix = mix &* 31 &+ UInt(background.red) &<< 16 &+ UInt(background.green) &<< 8 &+ UInt(background.blue) &+ 1
        }
        mix = mix &* 31 &+ UInt(decorations.rawValue)
        if let color {
            mix = mix &* 31 &+ (color.map { UInt($0.red) &<< 16 &+ UInt($0.green) &<< 8 &+ UInt($0.blue) &+ 2 } ?? 1)
        }
        let slot = Int(truncatingIfNeeded: (mix ^ (mix &>> 9)) & UInt(StyleResolver.layoutStyleSlots - 1))
        if let known = layoutStyles[slot], known.css.isIdentical(to: css), known.containerWidth == containerWidth,
           known.parentBackground == parentBackground, known.color == color, known.decorations == decorations {
            return known.style
        }
        var style = ComputedStyle(css: css, containerWidth: containerWidth, parentBackground: parentBackground)
        if let color { style.color = color }
        if decorations.contains(.underline) { style.underline = true }
        if decorations.contains(.lineThrough) { style.lineThrough = true }
        if decorations.contains(.reverse) { style.reverse = true }
        // The entry holds `css`, so its box (and identity) lives as long as the entry.
        layoutStyles[slot] = LayoutStyleEntry(css: css, containerWidth: containerWidth, parentBackground: parentBackground,
                                              color: color, decorations: decorations, style: style)
        return style
    }

    private struct LayoutStyleEntry {
        /// What the parent adds to the element's own values.
        struct Decorations: OptionSet, Equatable {
            let rawValue: UInt8
            static let underline = Decorations(rawValue: 1 << 0)
            static let lineThrough = Decorations(rawValue: 1 << 1)
            static let reverse = Decorations(rawValue: 1 << 2)
        }
        let css: CSSStyle
        let containerWidth: Int
        let parentBackground: Color?
        /// The colour that replaced the element's own (nil: none did).
        let color: Color??
        let decorations: Decorations
        let style: ComputedStyle
    }
    private static let layoutStyleSlots = 512
    private var layoutStyles = [LayoutStyleEntry?](repeating: nil, count: StyleResolver.layoutStyleSlots)

    private func generatedContent(_ pseudo: PseudoElement, of element: Node, elementStyle: CSSStyle,
                                  containerWidth: Int) -> ComputedStyle.GeneratedContent? {
        // The store keeps them with the element's style.
        let css: CSSStyle?
        if let walkedStore {
            css = walkedStore._withUnsafeGuaranteedRef { $0.pseudoElementStyle(pseudo, of: element, elementStyle: elementStyle) }
        } else {
            css = ownEngine.pseudoElementStyle(pseudo, of: element, elementStyle: elementStyle)
        }
        guard let css, let items = css.content, css.display != .none else { return nil }
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
        "mark": .mark, "main": .sectioning, "nav": .sectioning, "aside": .sectioning, "search": .sectioning,
        "header": .sectioning, "footer": .sectioning, "section": .sectioning,
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
