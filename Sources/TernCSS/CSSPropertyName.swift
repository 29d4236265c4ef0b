/// What a declaration's (lower-case) name refers to: a longhand, an alias
/// of one (the logical properties of CSS Logical 1 for horizontal
/// left-to-right text, and legacy names), or a shorthand.
enum CSSPropertyName {
    case longhand(CSSProperty)
    case shorthand(CSSShorthand)

    static func named(_ name: String) -> CSSPropertyName? { table[name] }

    /// Each alias of a longhand → the longhand's own name (its first in the table).
    static let aliases: [String: String] = {
        var canonical: [CSSProperty: String] = [:], out: [String: String] = [:]
        for (name, property) in longhands {
            if let own = canonical[property] { out[name] = own } else { canonical[property] = name }
        }
        return out
    }()

    private static let table: [String: CSSPropertyName] = {
        var table: [String: CSSPropertyName] = [:]
        for (name, property) in longhands { table[name] = .longhand(property) }
        for (name, shorthand) in shorthands { table[name] = .shorthand(shorthand) }
        return table
    }()

    private static let longhands: [(String, CSSProperty)] = [
        ("display", .display), ("visibility", .visibility), ("position", .position), ("float", .float),
        ("margin-top", .marginTop), ("margin-right", .marginRight), ("margin-bottom", .marginBottom), ("margin-left", .marginLeft),
        ("margin-block-start", .marginTop), ("margin-inline-end", .marginRight), ("margin-block-end", .marginBottom),
        ("margin-inline-start", .marginLeft),
        ("padding-top", .paddingTop), ("padding-right", .paddingRight), ("padding-bottom", .paddingBottom), ("padding-left", .paddingLeft),
        ("padding-block-start", .paddingTop), ("padding-inline-end", .paddingRight), ("padding-block-end", .paddingBottom),
        ("padding-inline-start", .paddingLeft),
        ("border-top-width", .borderTopWidth), ("border-right-width", .borderRightWidth),
        ("border-bottom-width", .borderBottomWidth), ("border-left-width", .borderLeftWidth),
        ("border-top-style", .borderTopStyle), ("border-right-style", .borderRightStyle),
        ("border-bottom-style", .borderBottomStyle), ("border-left-style", .borderLeftStyle),
        ("border-top-color", .borderTopColor), ("border-right-color", .borderRightColor),
        ("border-bottom-color", .borderBottomColor), ("border-left-color", .borderLeftColor),
        ("border-block-start-width", .borderTopWidth), ("border-inline-end-width", .borderRightWidth),
        ("border-block-end-width", .borderBottomWidth), ("border-inline-start-width", .borderLeftWidth),
        ("border-block-start-style", .borderTopStyle), ("border-inline-end-style", .borderRightStyle),
        ("border-block-end-style", .borderBottomStyle), ("border-inline-start-style", .borderLeftStyle),
        ("border-block-start-color", .borderTopColor), ("border-inline-end-color", .borderRightColor),
        ("border-block-end-color", .borderBottomColor), ("border-inline-start-color", .borderLeftColor),
        ("width", .width), ("min-width", .minWidth), ("max-width", .maxWidth),
        ("height", .height), ("min-height", .minHeight), ("max-height", .maxHeight),
        ("inline-size", .width), ("min-inline-size", .minWidth), ("max-inline-size", .maxWidth),
        ("block-size", .height), ("min-block-size", .minHeight), ("max-block-size", .maxHeight),
        ("overflow-x", .overflowX), ("overflow-y", .overflowY), ("overflow-inline", .overflowX), ("overflow-block", .overflowY),
        ("clip", .clip), ("clip-path", .clipPath),
        ("flex-direction", .flexDirection), ("flex-wrap", .flexWrap), ("flex-grow", .flexGrow),
        ("flex-shrink", .flexShrink), ("flex-basis", .flexBasis),
        ("top", .top), ("right", .right), ("bottom", .bottom), ("left", .left), ("opacity", .opacity),
        ("inset-block-start", .top), ("inset-inline-end", .right), ("inset-block-end", .bottom), ("inset-inline-start", .left),
        ("vertical-align", .verticalAlign), ("color", .color), ("background-color", .backgroundColor),
        ("font-weight", .fontWeight), ("font-style", .fontStyle), ("font-variant-caps", .fontVariantCaps),
        ("font-size", .fontSize), ("font-family", .fontFamily), ("line-height", .lineHeight),
        ("text-decoration-line", .textDecorationLine), ("text-decoration-style", .textDecorationStyle),
        ("text-decoration-color", .textDecorationColor), ("text-decoration-thickness", .textDecorationThickness),
        ("text-transform", .textTransform), ("text-align", .textAlign), ("text-indent", .textIndent),
        ("white-space", .whiteSpace), ("white-space-collapse", .whiteSpaceCollapse), ("text-wrap-mode", .textWrapMode),
        ("list-style-type", .listStyleType), ("list-style-position", .listStylePosition), ("list-style-image", .listStyleImage),
        ("quotes", .quotes), ("content", .content),
        ("counter-reset", .counterReset), ("counter-increment", .counterIncrement), ("counter-set", .counterSet),
        ("background-image", .backgroundImage), ("background-position", .backgroundPosition),
        ("background-repeat", .backgroundRepeat), ("background-attachment", .backgroundAttachment),
        ("outline-color", .outlineColor), ("outline-style", .outlineStyle), ("outline-width", .outlineWidth),
        ("border-collapse", .borderCollapse), ("border-spacing", .borderSpacing), ("caption-side", .captionSide),
        ("empty-cells", .emptyCells), ("table-layout", .tableLayout), ("clear", .clear), ("cursor", .cursor),
        ("direction", .direction), ("unicode-bidi", .unicodeBidi), ("letter-spacing", .letterSpacing),
        ("word-spacing", .wordSpacing), ("z-index", .zIndex), ("page-break-before", .pageBreakBefore),
        ("page-break-after", .pageBreakAfter), ("page-break-inside", .pageBreakInside),
        ("orphans", .orphans), ("widows", .widows),
    ]

    private static let shorthands: [(String, CSSShorthand)] = [
        ("margin", .margin), ("padding", .padding), ("inset", .inset),
        ("border-width", .borderWidth), ("border-style", .borderStyle), ("border-color", .borderColor),
        ("margin-block", .marginBlock), ("margin-inline", .marginInline), ("padding-block", .paddingBlock),
        ("padding-inline", .paddingInline), ("inset-block", .insetBlock), ("inset-inline", .insetInline),
        ("border", .border), ("border-top", .borderTop), ("border-right", .borderRight),
        ("border-bottom", .borderBottom), ("border-left", .borderLeft),
        ("border-block-start", .borderTop), ("border-inline-end", .borderRight),
        ("border-block-end", .borderBottom), ("border-inline-start", .borderLeft),
        ("overflow", .overflow), ("flex-flow", .flexFlow), ("flex", .flex), ("background", .background),
        ("font", .font), ("font-variant", .fontVariant), ("text-decoration", .textDecoration),
        ("list-style", .listStyle), ("text-wrap", .textWrap), ("all", .all),
    ]
}
