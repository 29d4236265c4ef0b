/// The longhand properties Tern computes (each a field of `CSSStyle`, or
/// accepted with no effect on a terminal: `flex-grow`, `font-family`…),
/// with whether each is inherited and how a CSS-wide keyword copies it.
enum CSSProperty: UInt8, CaseIterable {
    case display, visibility, position, float
    case marginTop, marginRight, marginBottom, marginLeft
    case paddingTop, paddingRight, paddingBottom, paddingLeft
    case borderTopWidth, borderRightWidth, borderBottomWidth, borderLeftWidth
    case borderTopStyle, borderRightStyle, borderBottomStyle, borderLeftStyle
    case borderTopColor, borderRightColor, borderBottomColor, borderLeftColor
    case width, minWidth, maxWidth, height, minHeight, maxHeight
    case overflowX, overflowY, clip, clipPath
    case flexDirection, flexWrap, flexGrow, flexShrink, flexBasis
    case top, right, bottom, left, opacity
    case verticalAlign
    case color, backgroundColor
    case fontWeight, fontStyle, fontVariantCaps, fontSize, fontFamily, lineHeight
    case textDecorationLine, textDecorationStyle, textDecorationColor, textDecorationThickness
    case textTransform, textAlign, textIndent, whiteSpace, whiteSpaceCollapse, textWrapMode
    case listStyleType, listStylePosition, listStyleImage, quotes, content
    case counterReset, counterIncrement, counterSet
    // Inert on a terminal (`CSSPropertyTable+Inert`): validated, stored nowhere.
    case backgroundImage, backgroundPosition, backgroundRepeat, backgroundAttachment
    case outlineColor, outlineStyle, outlineWidth
    case borderCollapse, borderSpacing, captionSide, emptyCells, tableLayout
    case clear, cursor, direction, unicodeBidi, letterSpacing, wordSpacing, zIndex
    case pageBreakBefore, pageBreakAfter, pageBreakInside, orphans, widows


    /// CSS Cascade 4 §3.3 (each spec's property index says which inherit).
    var isInherited: Bool {
        switch self {
        case .visibility, .color, .fontWeight, .fontStyle, .fontVariantCaps, .fontSize, .fontFamily, .lineHeight,
             .textTransform, .textAlign, .textIndent, .whiteSpace, .whiteSpaceCollapse, .textWrapMode,
             .listStyleType, .listStylePosition, .listStyleImage, .quotes,
             .borderCollapse, .borderSpacing, .captionSide, .emptyCells, .cursor, .direction, .letterSpacing,
             .wordSpacing, .orphans, .widows:
            return true
        default:
            return false
        }
    }

    /// Properties other values depend on (`em`, `currentcolor`): computed
    /// before the rest of an element's declarations.
    var isEarly: Bool { self == .fontSize || self == .color }

    /// The four sides' longhands of a box edge property, in top, right, bottom, left order.
    static let margins: [CSSProperty] = [.marginTop, .marginRight, .marginBottom, .marginLeft]
    static let paddings: [CSSProperty] = [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
    static let borderWidths: [CSSProperty] = [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth]
    static let borderStyles: [CSSProperty] = [.borderTopStyle, .borderRightStyle, .borderBottomStyle, .borderLeftStyle]
    static let borderColors: [CSSProperty] = [.borderTopColor, .borderRightColor, .borderBottomColor, .borderLeftColor]
    static let insets: [CSSProperty] = [.top, .right, .bottom, .left]

    /// Sets this property of `style` to its value in `source` (for
    /// `inherit`, `initial`, `unset` and `revert`).
    func copy(from source: CSSStyle, to style: inout CSSStyle) {
        switch self {
        case .display: style.display = source.display
        case .visibility: style.visibility = source.visibility
        case .position: style.position = source.position
        case .float: style.float = source.float
        case .marginTop: style.marginTop = source.marginTop
        case .marginRight: style.marginRight = source.marginRight
        case .marginBottom: style.marginBottom = source.marginBottom
        case .marginLeft: style.marginLeft = source.marginLeft
        case .paddingTop: style.paddingTop = source.paddingTop
        case .paddingRight: style.paddingRight = source.paddingRight
        case .paddingBottom: style.paddingBottom = source.paddingBottom
        case .paddingLeft: style.paddingLeft = source.paddingLeft
        case .borderTopWidth: style.borderTop.width = source.borderTop.width
        case .borderRightWidth: style.borderRight.width = source.borderRight.width
        case .borderBottomWidth: style.borderBottom.width = source.borderBottom.width
        case .borderLeftWidth: style.borderLeft.width = source.borderLeft.width
        case .borderTopStyle: style.borderTop.style = source.borderTop.style
        case .borderRightStyle: style.borderRight.style = source.borderRight.style
        case .borderBottomStyle: style.borderBottom.style = source.borderBottom.style
        case .borderLeftStyle: style.borderLeft.style = source.borderLeft.style
        case .borderTopColor: style.borderTop.color = source.borderTop.color
        case .borderRightColor: style.borderRight.color = source.borderRight.color
        case .borderBottomColor: style.borderBottom.color = source.borderBottom.color
        case .borderLeftColor: style.borderLeft.color = source.borderLeft.color
        case .width: style.width = source.width
        case .minWidth: style.minWidth = source.minWidth
        case .maxWidth: style.maxWidth = source.maxWidth
        case .height: style.height = source.height
        case .top: style.top = source.top
        case .right: style.right = source.right
        case .bottom: style.bottom = source.bottom
        case .left: style.left = source.left
        case .opacity: style.opacity = source.opacity
        case .overflowX: style.overflowX = source.overflowX
        case .overflowY: style.overflowY = source.overflowY
        case .clip: style.clipIsEmpty = source.clipIsEmpty
        case .clipPath: style.clipPathIsEmpty = source.clipPathIsEmpty
        case .flexDirection: style.flexDirection = source.flexDirection
        case .flexWrap: style.flexWrap = source.flexWrap
        case .verticalAlign: style.verticalAlign = source.verticalAlign
        case .color: style.color = source.color
        case .backgroundColor: style.backgroundColor = source.backgroundColor
        case .fontWeight: style.fontWeight = source.fontWeight
        case .fontStyle: style.fontStyle = source.fontStyle
        case .fontVariantCaps: style.smallCaps = source.smallCaps
        case .fontSize: style.fontSize = source.fontSize
        case .textDecorationLine: style.textDecorationLine = source.textDecorationLine
        case .textTransform: style.textTransform = source.textTransform
        case .textAlign: style.textAlign = source.textAlign
        case .textIndent: style.textIndent = source.textIndent
        case .whiteSpace: style.whiteSpace = source.whiteSpace
        case .whiteSpaceCollapse: style.whiteSpace = CSSWhiteSpace(collapse: source.whiteSpace.collapse, wraps: style.whiteSpace.wraps)
        case .textWrapMode: style.whiteSpace = CSSWhiteSpace(collapse: style.whiteSpace.collapse, wraps: source.whiteSpace.wraps)
        case .listStyleType: style.listStyleType = source.listStyleType
        case .listStylePosition: style.listStylePosition = source.listStylePosition
        case .quotes: style.quotes = source.quotes
        case .content: style.content = source.content
        case .counterReset: style.counterReset = source.counterReset
        case .counterIncrement: style.counterIncrement = source.counterIncrement
        case .counterSet: style.counterSet = source.counterSet
        case .flexGrow: style.flexGrow = source.flexGrow
        case .minHeight, .maxHeight, .flexShrink, .flexBasis,
             .fontFamily, .lineHeight, .textDecorationStyle, .textDecorationColor, .textDecorationThickness, .listStyleImage:
            break
        case .backgroundImage, .backgroundPosition, .backgroundRepeat, .backgroundAttachment, .outlineColor, .outlineStyle,
             .outlineWidth, .borderCollapse, .borderSpacing, .captionSide, .emptyCells, .tableLayout, .clear, .cursor,
             .direction, .unicodeBidi, .letterSpacing, .wordSpacing, .zIndex, .pageBreakBefore, .pageBreakAfter,
             .pageBreakInside, .orphans, .widows:
            break
        }
    }
}

/// `white-space` as its CSS Text 4 §3 longhands `white-space-collapse` and
/// `text-wrap-mode`.
extension CSSWhiteSpace {
    enum Collapse { case collapse, preserve, preserveBreaks, breakSpaces }

    var collapse: Collapse {
        switch self {
        case .normal, .nowrap: return .collapse
        case .pre, .preWrap: return .preserve
        case .preLine: return .preserveBreaks
        case .breakSpaces: return .breakSpaces
        }
    }

    var wraps: Bool { self != .nowrap && self != .pre }

    /// The nearest of the six `white-space` values (`preserve-breaks nowrap`
    /// has no keyword: it keeps the breaks and wraps, as `pre-line`).
    init(collapse: Collapse, wraps: Bool) {
        switch collapse {
        case .collapse: self = wraps ? .normal : .nowrap
        case .preserve: self = wraps ? .preWrap : .pre
        case .preserveBreaks: self = .preLine
        case .breakSpaces: self = wraps ? .breakSpaces : .pre
        }
    }
}
