/// An element's computed values (CSS Cascade 4 §4.4) for the properties Tern
/// implements, in CSS units: lengths in CSS px (a terminal cell counts as
/// 8 px × 16 px), colours as sRGB. Layout turns them into cells and lines;
/// `getComputedStyle` serialises them.
///
/// Made by `StyleComputer` from an element's cascaded declarations and its
/// parent's `CSSStyle`; `CSSStyle()` holds every property's initial value.
///
/// Shared, not copied (as WebKit's `RenderStyle` data and Servo's
/// `ComputedValues` are): the values live in one reference-counted box,
/// copied only when a style that shares it is changed. Elements styled
/// alike (siblings, the cells of a table) hold one box; a copy costs a
/// retain, and comparing two styles that share a box costs a pointer
/// comparison. Read and write the properties as `style.display`
/// (`Values` lists them).
@dynamicMemberLookup
public struct CSSStyle: Hashable, Sendable {
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Unchecked: a box is changed only while uniquely referenced (copy on write).
        @usableFromInline var values: Values
        @usableFromInline init(_ values: Values) { self.values = values }
    }

    @usableFromInline var storage: Storage

    /// Every property's initial value (one box shared by all such styles).
    public init() { storage = CSSStyle.initialStorage }

    private static let initialStorage = Storage(Values())

    @inlinable
    public subscript<T>(dynamicMember path: KeyPath<Values, T>) -> T {
        storage.values[keyPath: path]
    }

    @inlinable
    public subscript<T>(dynamicMember path: WritableKeyPath<Values, T>) -> T {
        get { storage.values[keyPath: path] }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
            yield &storage.values[keyPath: path]
        }
    }

    /// Whether the two share one box: then they are equal, without comparing values.
    @inlinable
    public func isIdentical(to other: CSSStyle) -> Bool { storage === other.storage }

    /// The box's identity: equal for styles that share it (`isIdentical`),
    /// and never reused while a style holding the box lives.
    @inlinable
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    @inlinable
    public static func == (lhs: CSSStyle, rhs: CSSStyle) -> Bool {
        if lhs.storage === rhs.storage { return true }
        // Compared in place: reading `storage.values` would copy both (a retain per field).
        return withUnsafeMutablePointer(to: &lhs.storage.values) { left in
            withUnsafeMutablePointer(to: &rhs.storage.values) { right in left.pointee == right.pointee }
        }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeMutablePointer(to: &storage.values) { hasher.combine($0.pointee) }
    }
}

extension CSSStyle {
    /// The computed values themselves.
    public struct Values: Hashable, Sendable {
        // MARK: Box
        public var display: CSSDisplay = .inline
        /// Inherited.
        public var visibility: CSSVisibility = .visible
        public var position: CSSPosition = .static
        public var float: CSSFloat = .none
        public var marginTop: CSSLength = .px(0)
        public var marginRight: CSSLength = .px(0)
        public var marginBottom: CSSLength = .px(0)
        public var marginLeft: CSSLength = .px(0)
        public var paddingTop: CSSLength = .px(0)
        public var paddingRight: CSSLength = .px(0)
        public var paddingBottom: CSSLength = .px(0)
        public var paddingLeft: CSSLength = .px(0)
        /// Top, right, bottom, left.
        public var borderTop = CSSBorderSide()
        public var borderRight = CSSBorderSide()
        public var borderBottom = CSSBorderSide()
        public var borderLeft = CSSBorderSide()
        public var width: CSSLength = .auto
        public var minWidth: CSSLength = .auto
        /// `.none` is `max-width: none`.
        public var maxWidth: CSSLength = .none
        public var height: CSSLength = .auto
        /// CSS Position 3 §3.1 inset properties (`auto`, a length or a percentage).
        public var top: CSSLength = .auto
        public var right: CSSLength = .auto
        public var bottom: CSSLength = .auto
        public var left: CSSLength = .auto
        /// CSS Color 4 §14 `opacity`, clamped to 0…1.
        public var opacity: Double = 1
        public var overflowX: CSSOverflow = .visible
        public var overflowY: CSSOverflow = .visible
        /// `clip: rect(…)` with an empty rectangle or `clip-path` that leaves nothing
        /// visible (the visually-hidden pattern: a text browser still reads it).
        /// Setting it sets `clipIsEmpty` and clears `clipPathIsEmpty`.
        public var clippedToNothing: Bool {
            get { clipIsEmpty || clipPathIsEmpty }
            set { clipIsEmpty = newValue; clipPathIsEmpty = false }
        }
        /// `clip: rect(…)` of zero area (CSS Masking 1 §9.1).
        public var clipIsEmpty = false
        /// `clip-path: inset(50%)`, `circle(0)` and the like (CSS Masking 1 §3.1).
        public var clipPathIsEmpty = false
        public var flexDirection: CSSFlexDirection = .row
        public var flexWrap = false
        /// `flex-grow` (CSS Flexbox 1 §7.3.1): a flex item's share of the free space.
        public var flexGrow: Double = 0
        public var verticalAlign: CSSVerticalAlign = .baseline

        // MARK: Text (inherited unless noted)
        public var color = CSSColor.black
        /// Not inherited.
        public var backgroundColor = CSSColor.transparent
        /// 1…1000; 400 normal, 700 bold.
        public var fontWeight: Double = 400
        public var fontStyle: CSSFontStyle = .normal
        public var smallCaps = false
        /// In px; 16 initially.
        public var fontSize: Double = 16
        /// Not inherited: the lines this element's own box draws (CSS Text
        /// Decoration 3 §2: decorations propagate to descendants' text, which
        /// layout does).
        public var textDecorationLine: CSSTextDecorationLine = []
        public var textTransform: CSSTextTransform = .none
        public var textAlign: CSSTextAlign = .start
        public var textIndent: CSSLength = .px(0)
        public var whiteSpace: CSSWhiteSpace = .normal
        public var listStyleType: CSSListStyleType = .disc
        public var listStylePosition: CSSListStylePosition = .outside
        /// `nil` is `quotes: auto`; `[]` is `none`.
        public var quotes: [CSSQuotePair]?

        // MARK: Generated content (not inherited)
        /// `nil` is `normal`/`none` (no box for ::before/::after).
        public var content: [CSSContentItem]?
        public var counterReset: [CSSCounterChange] = []
        public var counterIncrement: [CSSCounterChange] = []
        public var counterSet: [CSSCounterChange] = []

        // MARK: Custom properties (inherited), by name with the leading `--`
        public var customProperties: [String: [CSSComponentValue]] = [:]

        /// A property that is not inherited took its parent's value (`inherit`):
        /// this style then depends on more of its parent's than the inherited
        /// properties (WebKit's `hasExplicitlyInheritedProperties`).
        public var explicitlyInherits = false

        public init() {}
    }
}

public enum CSSDisplay: Hashable, Sendable {
    case none, contents
    case block, inline, inlineBlock, listItem, flowRoot
    case flex, inlineFlex, grid, inlineGrid
    case table, inlineTable, tableRowGroup, tableHeaderGroup, tableFooterGroup
    case tableRow, tableCell, tableColumnGroup, tableColumn, tableCaption
}

public enum CSSVisibility: Hashable, Sendable { case visible, hidden, collapse }
public enum CSSPosition: Hashable, Sendable { case `static`, relative, absolute, fixed, sticky }
public enum CSSFloat: Hashable, Sendable { case none, left, right }
public enum CSSOverflow: Hashable, Sendable { case visible, hidden, clip, scroll, auto }
public enum CSSFlexDirection: Hashable, Sendable { case row, rowReverse, column, columnReverse }
public enum CSSVerticalAlign: Hashable, Sendable { case baseline, sub, `super`, other }
public enum CSSFontStyle: Hashable, Sendable { case normal, italic, oblique }
public enum CSSTextTransform: Hashable, Sendable { case none, uppercase, lowercase, capitalize, fullWidth }
public enum CSSTextAlign: Hashable, Sendable { case start, end, left, right, center, justify }
public enum CSSWhiteSpace: Hashable, Sendable { case normal, pre, nowrap, preWrap, preLine, breakSpaces }
public enum CSSListStylePosition: Hashable, Sendable { case inside, outside }
public enum CSSBorderStyle: Hashable, Sendable {
    case none, hidden, dotted, dashed, solid, double, groove, ridge, inset, outset
}

/// A length as computed: absolute units resolved to px (`em`/`rem` against
/// the font size, `ch`/`ex` as half an em), percentages kept, `calc()` of
/// the two kept as `px + percent`.
public enum CSSLength: Hashable, Sendable {
    case px(Double)
    case percent(Double)
    case calc(px: Double, percent: Double)
    case auto
    /// `none` (max-width, max-height).
    case none

    /// The length in px against a containing block of `base` px; nil for `auto`/`none`.
    public func resolved(against base: Double) -> Double? {
        switch self {
        case .px(let px): return px
        case .percent(let p): return base * p / 100
        case .calc(let px, let p): return px + base * p / 100
        case .auto, .none: return nil
        }
    }
}

/// An sRGB colour with alpha, each channel 0…255.
public struct CSSColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = CSSColor(red: 0, green: 0, blue: 0)
    public static let white = CSSColor(red: 255, green: 255, blue: 255)
    public static let transparent = CSSColor(red: 0, green: 0, blue: 0, alpha: 0)
}

public struct CSSBorderSide: Hashable, Sendable {
    /// 0 when `style` is none or hidden (CSS Backgrounds 3 §3.3).
    public var width: Double = 0
    public var style: CSSBorderStyle = .none
    /// `nil` is `currentcolor`.
    public var color: CSSColor?
    public init() {}
}

public struct CSSTextDecorationLine: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let underline = CSSTextDecorationLine(rawValue: 1 << 0)
    public static let overline = CSSTextDecorationLine(rawValue: 1 << 1)
    public static let lineThrough = CSSTextDecorationLine(rawValue: 1 << 2)
}

public enum CSSListStyleType: Hashable, Sendable {
    case none, disc, circle, square, decimal, decimalLeadingZero
    case lowerAlpha, upperAlpha, lowerRoman, upperRoman, lowerGreek
    case disclosureOpen, disclosureClosed
    /// `list-style-type: "→ "`.
    case string(String)
}

public struct CSSQuotePair: Hashable, Sendable {
    public var open: String
    public var close: String
    public init(open: String, close: String) {
        self.open = open
        self.close = close
    }
}

/// One item of a `content` value (CSS Generated Content 3 §1).
public enum CSSContentItem: Hashable, Sendable {
    case string(String)
    /// `attr(name)`: the element's attribute, "" when absent.
    case attribute(String)
    case counter(name: String, style: CSSListStyleType)
    case counters(name: String, separator: String, style: CSSListStyleType)
    case openQuote, closeQuote, noOpenQuote, noCloseQuote
}

/// `name n` of `counter-reset`/`-increment`/`-set`.
public struct CSSCounterChange: Hashable, Sendable {
    public var name: String
    public var value: Int
    public init(name: String, value: Int) {
        self.name = name
        self.value = value
    }
}
