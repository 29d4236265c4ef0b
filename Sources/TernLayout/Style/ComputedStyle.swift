import TernCSS

/// The style values layout reads for an element, in terminal units:
/// vertical lengths in lines, horizontal ones in columns (a cell is
/// 8 px × 16 px of CSS).
///
/// Made by `StyleResolver` from the element's `CSSStyle` (the cascade's
/// computed values) and the box it sits in.
///
/// Shared, not copied, as `CSSStyle` is: the values live in one box that
/// a change copies only while others hold it, so the builder's frames and
/// the elements styled alike hold one box each. Read and write the fields
/// as `style.display` (`Values` lists them).
@dynamicMemberLookup
public struct ComputedStyle: Hashable, Sendable {
    final class Storage: @unchecked Sendable {
        // Unchecked: a box is changed only while uniquely referenced (copy on write).
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var storage: Storage

    public init() { storage = ComputedStyle.initialStorage }

    init(values: Values) { storage = Storage(values) }

    private static let initialStorage = Storage(Values())

    // Always inlined: a field read through an uninlined key path costs a
    // thousand instructions, and the layout reads several per element.
    @inline(__always)
    public subscript<T>(dynamicMember path: KeyPath<Values, T>) -> T {
        storage.values[keyPath: path]
    }

    public subscript<T>(dynamicMember path: WritableKeyPath<Values, T>) -> T {
        @inline(__always) get { storage.values[keyPath: path] }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
            yield &storage.values[keyPath: path]
        }
    }

    public static func == (lhs: ComputedStyle, rhs: ComputedStyle) -> Bool {
        if lhs.storage === rhs.storage { return true }
        // Compared in place: reading `storage.values` would copy both (a retain per field).
        return withUnsafeMutablePointer(to: &lhs.storage.values) { left in
            withUnsafeMutablePointer(to: &rhs.storage.values) { right in left.pointee == right.pointee }
        }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeMutablePointer(to: &storage.values) { hasher.combine($0.pointee) }
    }

    public enum Display: Hashable, Sendable {
        case none, contents, block, inline, inlineBlock, listItem
        case table, tableRowGroup, tableHeaderGroup, tableFooterGroup, tableRow, tableCell, tableCaption, tableColumn
    }

    public enum WhiteSpace: Hashable, Sendable {
        /// Collapse whitespace, wrap lines.
        case normal
        /// Keep whitespace and newlines, do not wrap.
        case pre
        /// Collapse whitespace, do not wrap.
        case nowrap
        /// Keep whitespace and newlines, wrap (also `break-spaces`).
        case preWrap
        /// Collapse spaces, keep newlines, wrap.
        case preLine
    }

    public enum TextTransform: Hashable, Sendable { case none, uppercase, lowercase, capitalize, fullWidth }
    public enum VerticalAlign: Hashable, Sendable { case baseline, sub, `super` }
    public enum HorizontalPosition: Hashable, Sendable { case start, center, end }

    /// The lines a box draws around itself with box-drawing characters.
    public struct Border: Hashable, Sendable {
        public enum Line: Hashable, Sendable { case single, double, heavy, dashed }
        public var top = false
        public var right = false
        public var bottom = false
        public var left = false
        public var line = Line.single
        public var color: Color?
        public init() {}
        public var isVisible: Bool { top || right || bottom || left }
    }

    /// Text a `::before`, `::after` or `::marker` adds, and how it is drawn.
    public struct GeneratedContent: Hashable, Sendable {
        public var items: [CSSContentItem]
        /// `display: block` on the pseudo-element: a line of its own.
        public var block = false
        public var bold = false
        public var italic = false
        public var underline = false
        public var color: Color?
        public init(items: [CSSContentItem]) { self.items = items }
    }

    /// The style a child starts from: the inherited properties of `self`.
    public var inherited: ComputedStyle {
        var child = Values()
        let values = storage.values
        child.hidden = values.hidden
        child.whiteSpace = values.whiteSpace
        child.textTransform = values.textTransform
        child.bold = values.bold
        child.italic = values.italic
        child.underline = values.underline
        child.lineThrough = values.lineThrough
        child.reverse = values.reverse
        child.textAlign = values.textAlign
        child.color = values.color
        child.listStyle = values.listStyle
        child.listStyleInside = values.listStyleInside
        child.quotes = values.quotes
        return ComputedStyle(values: child)
    }
}

extension ComputedStyle {
    /// The values themselves.
    public struct Values: Hashable, Sendable {
        public var display: Display = .inline
        /// A flex container with a row direction: its items go on one line when they fit.
        public var flexRow = false
        /// Inherited: `visibility: hidden` (the box keeps its space, draws blanks).
        public var hidden = false
        /// Inherited.
        public var whiteSpace: WhiteSpace = .normal
        /// Blank lines above and below (collapsing with neighbours, as CSS margins do).
        public var marginTop = 0
        public var marginBottom = 0
        /// Blank lines inside the border, above and below the content (never collapse).
        public var paddingTop = 0
        public var paddingBottom = 0
        /// Columns the block's content is indented by (margin-left + border + padding-left).
        public var indent = 0
        /// Columns kept free on the right (margin-right + border + padding-right).
        public var indentRight = 0
        /// The part of `indent` (`indentRight`) outside the border: margin-left
        /// (margin-right). A border is drawn that far in; the rest of the indent,
        /// past the border's column, is padding.
        public var marginLeft = 0
        public var marginRight = 0
        public var border = Border()
        /// Content width in columns (`width`), and its bounds; nil for none/auto.
        public var width: Int?
        public var minWidth: Int?
        public var maxWidth: Int?
        /// Where a block narrower than its container sits (`margin: auto`).
        public var position = HorizontalPosition.start
        /// First-line indent in columns (may be negative).
        public var textIndent = 0
        /// Inherited.
        public var textTransform: TextTransform = .none
        /// Inherited: font-weight bold.
        public var bold = false
        /// Inherited: font-style italic.
        public var italic = false
        /// Inherited: text-decoration underline.
        public var underline = false
        /// Inherited: text-decoration line-through.
        public var lineThrough = false
        /// Inherited: reverse video (`<mark>`).
        public var reverse = false
        /// Inherited.
        public var textAlign: TextAlign = .left
        /// Inherited.
        public var color: Color?
        /// Not inherited (a child's text is drawn over it: layout carries it down).
        public var background: Color?
        /// Inherited: the list marker of `display: list-item` children.
        public var listStyle: CSSListStyleType = .disc
        public var listStyleInside = false
        public var verticalAlign: VerticalAlign = .baseline
        /// Not inherited: a fixed box over the viewport (`ComputedStyle.isOverlay`),
        /// laid out as a layer of the page, not in its flow.
        public var overlay = false
        /// `overflow: auto/scroll` on a non-wrapping block: long lines scroll
        /// sideways in the browser instead of being cut.
        public var scrollsHorizontally = false
        public var before: GeneratedContent?
        public var after: GeneratedContent?
        public var marker: GeneratedContent?
        public var counterReset: [CSSCounterChange] = []
        public var counterIncrement: [CSSCounterChange] = []
        public var counterSet: [CSSCounterChange] = []
        /// Inherited; nil is `quotes: auto`.
        public var quotes: [CSSQuotePair]?

        public init() {}
    }
}
