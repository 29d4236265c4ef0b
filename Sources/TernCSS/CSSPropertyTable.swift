/// The value grammar of each longhand (CSS Display 3, Box 3, Backgrounds 3,
/// Sizing 3, Overflow 3, Masking 1, Flexbox 1, Position 3, Fonts 4, Text 3/4,
/// Text Decoration 3, Lists 3, Generated Content 3, Color 4), turning the
/// words of a declaration into the computed value in `CSSStyle`.
enum CSSPropertyTable {
    /// What a longhand's value is computed against.
    struct Environment {
        /// The parent's computed style (the initial style for the root).
        var parent: CSSStyle
        var lengths: CSSLengthParser.Context
    }

    /// Parses `words` (the value without whitespace) as `property` and
    /// stores its computed value in `style`; false (and `style` untouched)
    /// when the value is invalid.
    static func apply(_ property: CSSProperty, _ words: [CSSComponentValue], to style: inout CSSStyle, _ env: Environment) -> Bool {
        guard let first = words.first else { return false }
        let single = words.count == 1
        var lengths = env.lengths
        lengths.fontSize = style.fontSize
        switch property {
        case .display:
            guard let display = display(words) else { return false }
            style.display = display
        case .visibility:
            guard single, let value = keyword(first, visibilities) else { return false }
            style.visibility = value
        case .position:
            guard single, let value = keyword(first, positions) else { return false }
            style.position = value
        case .float:
            guard single, let value = keyword(first, floats) else { return false }
            style.float = value
        case .marginTop, .marginRight, .marginBottom, .marginLeft, .top, .right, .bottom, .left:
            guard single, let value = first.keyword == "auto" ? .auto : CSSLengthParser.length(first, lengths) else { return false }
            switch property {
            case .marginTop: style.marginTop = value
            case .marginRight: style.marginRight = value
            case .marginBottom: style.marginBottom = value
            case .marginLeft: style.marginLeft = value
            case .top: style.top = value
            case .right: style.right = value
            case .bottom: style.bottom = value
            default: style.left = value
            }
        case .opacity:
            // CSS Color 4 §14: <alpha-value> (a number or a percentage), clamped when computed.
            guard single else { return false }
            let alpha: Double
            if case .token(.percentage(let percent)) = first {
                alpha = percent.value / 100
            } else if let number = CSSLengthParser.number(first, lengths) {
                alpha = number
            } else {
                return false
            }
            style.opacity = alpha.isNaN ? 0 : max(0, min(alpha, 1))
        case .paddingTop, .paddingRight, .paddingBottom, .paddingLeft:
            guard single, let value = CSSLengthParser.length(first, lengths, negative: false) else { return false }
            switch property {
            case .paddingTop: style.paddingTop = value
            case .paddingRight: style.paddingRight = value
            case .paddingBottom: style.paddingBottom = value
            default: style.paddingLeft = value
            }
        case .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth:
            guard single, let value = borderWidth(first, lengths) else { return false }
            switch property {
            case .borderTopWidth: style.borderTop.width = value
            case .borderRightWidth: style.borderRight.width = value
            case .borderBottomWidth: style.borderBottom.width = value
            default: style.borderLeft.width = value
            }
        case .borderTopStyle, .borderRightStyle, .borderBottomStyle, .borderLeftStyle:
            guard single, let value = borderStyle(first) else { return false }
            switch property {
            case .borderTopStyle: style.borderTop.style = value
            case .borderRightStyle: style.borderRight.style = value
            case .borderBottomStyle: style.borderBottom.style = value
            default: style.borderLeft.style = value
            }
        case .borderTopColor, .borderRightColor, .borderBottomColor, .borderLeftColor:
            // nil is currentcolor: the border follows the element's colour.
            guard single, let parsed = CSSColorParser.parse(first) else { return false }
            let value: CSSColor? = if case .color(let color) = parsed { color } else { nil }
            switch property {
            case .borderTopColor: style.borderTop.color = value
            case .borderRightColor: style.borderRight.color = value
            case .borderBottomColor: style.borderBottom.color = value
            default: style.borderLeft.color = value
            }
        case .width, .height, .minWidth, .minHeight, .flexBasis:
            if property == .flexBasis && single && first.keyword == "content" { return true }
            guard single, let value = size(first, lengths, none: false) else { return false }
            if property == .width { style.width = value }
            if property == .height { style.height = value }
            if property == .minWidth { style.minWidth = value }
        case .maxWidth, .maxHeight:
            guard single, let value = size(first, lengths, none: true) else { return false }
            if property == .maxWidth { style.maxWidth = value }
        case .overflowX, .overflowY:
            guard single, let value = overflow(first) else { return false }
            if property == .overflowX { style.overflowX = value } else { style.overflowY = value }
        case .clip:
            guard single, let empty = clipIsEmpty(first, lengths) else { return false }
            style.clipIsEmpty = empty
        case .clipPath:
            guard let empty = clipPathIsEmpty(words, lengths) else { return false }
            style.clipPathIsEmpty = empty
        case .flexDirection:
            guard single, let value = keyword(first, flexDirections) else { return false }
            style.flexDirection = value
        case .flexWrap:
            guard single, let value = keyword(first, flexWraps) else { return false }
            style.flexWrap = value
        case .flexGrow, .flexShrink:
            guard single, let n = CSSLengthParser.number(first, lengths), n >= 0 else { return false }
            if property == .flexGrow { style.flexGrow = n }
        case .verticalAlign:
            guard single else { return false }
            if let value = keyword(first, verticalAligns) {
                style.verticalAlign = value
            } else if CSSLengthParser.length(first, lengths) != nil {
                style.verticalAlign = .other
            } else {
                return false
            }
        case .color:
            guard single, let value = CSSColorParser.color(first, current: env.parent.color) else { return false }
            style.color = value
        case .backgroundColor:
            guard single, let value = CSSColorParser.color(first, current: style.color) else { return false }
            style.backgroundColor = value
        case .fontWeight:
            guard single, let value = fontWeight(first, parent: env.parent.fontWeight) else { return false }
            style.fontWeight = value
        case .fontStyle:
            guard let value = fontStyle(words) else { return false }
            style.fontStyle = value
        case .fontVariantCaps:
            guard single, let value = smallCaps(first) else { return false }
            style.smallCaps = value
        case .fontSize:
            guard single, let value = fontSize(first, env) else { return false }
            style.fontSize = value
        case .fontFamily:
            guard isFontFamily(words) else { return false }
        case .lineHeight:
            guard single, first.keyword == "normal" || CSSLengthParser.number(first, lengths).map({ $0 >= 0 }) == true
                    || CSSLengthParser.length(first, lengths, negative: false) != nil else { return false }
        case .textDecorationLine:
            guard let value = decorationLine(words) else { return false }
            style.textDecorationLine = value
        case .textDecorationStyle:
            guard single, isDecorationStyle(first) else { return false }
        case .textDecorationColor:
            guard single, CSSColorParser.parse(first) != nil else { return false }
        case .textDecorationThickness:
            guard single, first.keyword == "auto" || first.keyword == "from-font" || CSSLengthParser.length(first, lengths) != nil else { return false }
        case .textTransform:
            guard let value = textTransform(words) else { return false }
            style.textTransform = value
        case .textAlign:
            guard single, let value = textAlign(first, parent: env.parent.textAlign) else { return false }
            style.textAlign = value
        case .textIndent:
            var length: CSSLength?
            for word in words {
                if word.keyword == "hanging" || word.keyword == "each-line" { continue }
                guard length == nil, let value = CSSLengthParser.length(word, lengths) else { return false }
                length = value
            }
            guard let length else { return false }
            style.textIndent = length
        case .whiteSpace:
            guard let value = whiteSpace(words, current: style.whiteSpace) else { return false }
            style.whiteSpace = value
        case .whiteSpaceCollapse:
            guard single, let value = keyword(first, collapses) else { return false }
            style.whiteSpace = CSSWhiteSpace(collapse: value, wraps: style.whiteSpace.wraps)
        case .textWrapMode:
            guard single, let wraps = keyword(first, wrapModes) else { return false }
            style.whiteSpace = CSSWhiteSpace(collapse: style.whiteSpace.collapse, wraps: wraps)
        case .listStyleType:
            guard single, let value = listStyleType(first) else { return false }
            style.listStyleType = value
        case .listStylePosition:
            guard single, let value = keyword(first, listStylePositions) else { return false }
            style.listStylePosition = value
        case .listStyleImage:
            guard single, first.keyword == "none" || isImage(first) else { return false }
        case .quotes:
            guard let value = quotes(words) else { return false }
            style.quotes = value
        case .content:
            guard let value = content(words) else { return false }
            style.content = value.isEmpty ? nil : value
        case .counterReset, .counterIncrement, .counterSet:
            guard let value = counterChanges(words, defaultValue: property == .counterIncrement ? 1 : 0) else { return false }
            switch property {
            case .counterReset: style.counterReset = value
            case .counterIncrement: style.counterIncrement = value
            default: style.counterSet = value
            }
        case .backgroundImage, .backgroundPosition, .backgroundRepeat, .backgroundAttachment, .outlineColor, .outlineStyle,
             .outlineWidth, .borderCollapse, .borderSpacing, .captionSide, .emptyCells, .tableLayout, .clear, .cursor,
             .direction, .unicodeBidi, .letterSpacing, .wordSpacing, .zIndex, .pageBreakBefore, .pageBreakAfter,
             .pageBreakInside, .orphans, .widows:
            guard isValidInert(property, words, lengths) else { return false }
        }
        return true
    }

    // MARK: Keywords

    /// The value `table` gives `word`'s keyword (ASCII case-insensitive).
    static func keyword<Value>(_ word: CSSComponentValue, _ table: [String: Value]) -> Value? {
        word.keyword.flatMap { table[$0] }
    }

    /// CSS Display 3 §2: a precomposed keyword, or an outer type, an inner
    /// type and `list-item` in any order.
    static func display(_ words: [CSSComponentValue]) -> CSSDisplay? {
        if words.count == 1, let value = keyword(words[0], displayKeywords) { return value }
        var outer: String?
        var inner: String?
        var listItem = false
        for word in words {
            switch word.keyword {
            case let k? where ["block", "inline", "run-in"].contains(k):
                guard outer == nil else { return nil }
                outer = k
            case let k? where ["flow", "flow-root", "table", "flex", "grid", "ruby", "math"].contains(k):
                guard inner == nil else { return nil }
                inner = k
            case "list-item"?:
                guard !listItem else { return nil }
                listItem = true
            default:
                return nil
            }
        }
        if listItem {
            guard inner == nil || inner == "flow" || inner == "flow-root" else { return nil }
            return .listItem
        }
        let isInline = outer == "inline" || outer == "run-in" || (outer == nil && (inner == "ruby" || inner == "math"))
        switch inner ?? "flow" {
        case "flow-root": return isInline ? .inlineBlock : .flowRoot
        case "table": return isInline ? .inlineTable : .table
        case "flex": return isInline ? .inlineFlex : .flex
        case "grid": return isInline ? .inlineGrid : .grid
        default: return isInline ? .inline : .block
        }
    }

    /// CSS Backgrounds 3 §3.2: `thin`, `medium`, `thick` or a length ≥ 0.
    static func borderWidth(_ word: CSSComponentValue, _ lengths: CSSLengthParser.Context) -> Double? {
        if let value = keyword(word, borderWidths) { return value }
        if case .px(let px)? = CSSLengthParser.length(word, lengths, percent: false, negative: false) { return px }
        return nil
    }

    static func borderStyle(_ word: CSSComponentValue) -> CSSBorderStyle? {
        keyword(word, borderStyles)
    }

    /// CSS Sizing 3 §3.1: `auto` (or `none` for max-*), a length-percentage
    /// ≥ 0, or an intrinsic size keyword (computed as `auto`/`none`: a
    /// terminal block takes the width it has).
    static func size(_ word: CSSComponentValue, _ lengths: CSSLengthParser.Context, none: Bool) -> CSSLength? {
        let fallback: CSSLength = none ? .none : .auto
        if case .function(let name, _) = word,
           ["fit-content", "-webkit-fit-content"].contains(CSSComponentValue.asciiLowercased(name)) { return fallback }
        switch word.keyword {
        case "auto"?: return none ? nil : CSSLength.auto
        case "none"?: return none ? CSSLength.none : nil
        case "content"?: return nil
        case "min-content"?, "max-content"?, "fit-content"?, "stretch"?, "-webkit-fill-available"?,
             "-moz-available"?, "-webkit-fit-content"?, "-moz-fit-content"?, "-webkit-min-content"?, "-webkit-max-content"?:
            return fallback
        default:
            return CSSLengthParser.length(word, lengths, negative: false)
        }
    }

    static func overflow(_ word: CSSComponentValue) -> CSSOverflow? {
        keyword(word, overflows)
    }

    /// CSS Masking 1 §9.1 `clip`: `auto`, or `rect(top, right, bottom, left)`
    /// (commas optional, each a length or `auto`); whether the rectangle is empty.
    static func clipIsEmpty(_ word: CSSComponentValue, _ lengths: CSSLengthParser.Context) -> Bool? {
        if word.keyword == "auto" { return false }
        guard let (name, arguments) = word.function, name == "rect" else { return nil }
        let edges = arguments.words.filter { !$0.isComma }
        guard edges.count == 4 else { return nil }
        var px: [Double?] = []
        for edge in edges {
            if edge.keyword == "auto" { px.append(nil); continue }
            guard case .px(let value)? = CSSLengthParser.length(edge, lengths, percent: false) else { return nil }
            px.append(value)
        }
        // `auto` is the border box's edge: only two set edges can meet.
        let height = px[0].flatMap { top in px[2].map { $0 - top } }
        let width = px[3].flatMap { left in px[1].map { $0 - left } }
        return (height.map { $0 <= 0 } ?? false) || (width.map { $0 <= 0 } ?? false)
    }

    /// CSS Masking 1 §3.1 `clip-path`: `none`, a basic shape (CSS Shapes 1
    /// §3) and/or a geometry box, or a `url()`; whether the shape is known
    /// to leave nothing visible (`inset(50%)`, `circle(0)`, `ellipse(0 0)`).
    static func clipPathIsEmpty(_ words: [CSSComponentValue], _ lengths: CSSLengthParser.Context) -> Bool? {
        if words.count == 1, words[0].keyword == "none" { return false }
        if words.count == 1, case .token(.url) = words[0] { return false }
        var empty = false
        var shapes = 0
        for word in words {
            if let k = word.keyword, geometryBoxes.contains(k) { continue }
            guard let (name, arguments) = word.function, shapes == 0 else { return nil }
            shapes += 1
            let args = arguments.words
            func percentOrPx(_ value: CSSComponentValue?) -> (px: Double, percent: Double) {
                switch value.flatMap({ CSSLengthParser.length($0, lengths) }) {
                case .px(let px)?: return (px, 0)
                case .percent(let p)?: return (0, p)
                case .calc(let px, let p)?: return (px, p)
                default: return (0, 0)
                }
            }
            switch name {
            case "inset":
                let round = args.firstIndex { $0.keyword == "round" } ?? args.count
                let sides = args[..<round].map(percentOrPx)
                guard (1...4).contains(sides.count) else { return nil }
                let top = sides[0], right = sides.count > 1 ? sides[1] : top
                let bottom = sides.count > 2 ? sides[2] : top, left = sides.count > 3 ? sides[3] : right
                empty = top.percent + bottom.percent >= 100 || left.percent + right.percent >= 100
            case "circle", "ellipse":
                let at = args.firstIndex { $0.keyword == "at" } ?? args.count
                let radii = args[..<at]
                empty = !radii.isEmpty && radii.contains { word in
                    guard let length = CSSLengthParser.length(word, lengths) else { return false }
                    return length == .px(0) || length == .percent(0)
                }
            case "polygon", "path", "rect", "xywh", "url", "shape":
                break
            default:
                return nil
            }
        }
        return empty
    }

    /// CSS Fonts 4 §2.2: 1…1000, `normal`, `bold`, and `bolder`/`lighter`
    /// relative to the parent's weight (the table of §2.2.1).
    static func fontWeight(_ word: CSSComponentValue, parent: Double) -> Double? {
        switch word.keyword {
        case "normal"?: return 400
        case "bold"?: return 700
        case "bolder"?: return parent < 350 ? 400 : parent < 550 ? 700 : parent < 900 ? 900 : parent
        case "lighter"?: return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700
        default:
            guard let n = CSSLengthParser.number(word) else { return nil }
            if case .token = word, !(1...1000).contains(n) { return nil }
            return min(max(n, 1), 1000)
        }
    }

    /// `normal | italic | oblique <angle>?`
    static func fontStyle(_ words: [CSSComponentValue]) -> CSSFontStyle? {
        switch words.first?.keyword {
        case "normal"? where words.count == 1: return .normal
        case "italic"? where words.count == 1: return .italic
        case "oblique"?:
            guard words.count <= 2 else { return nil }
            if words.count == 2 {
                guard case .token(.dimension(_, let unit)) = words[1],
                      ["deg", "rad", "grad", "turn"].contains(CSSComponentValue.asciiLowercased(unit)) else { return nil }
            }
            return .oblique
        default: return nil
        }
    }

    /// `font-variant-caps`: whether the value draws lower case as small capitals.
    static func smallCaps(_ word: CSSComponentValue) -> Bool? {
        keyword(word, caps)
    }

    /// CSS Fonts 4 §2.5: absolute keywords (the scale of §2.5.1 on 16 px),
    /// `larger`/`smaller` (×1.2), lengths and percentages of the parent's
    /// size (`em` too); negative sizes are invalid.
    static func fontSize(_ word: CSSComponentValue, _ env: Environment) -> Double? {
        let parent = env.parent.fontSize
        if let factor = keyword(word, fontSizeScale) { return 16 * factor }
        switch word.keyword {
        case "larger"?: return CSSLengthParser.clamp(parent * 1.2)
        case "smaller"?: return parent / 1.2
        case "math"?: return parent
        default: break
        }
        var lengths = env.lengths
        lengths.fontSize = parent
        lengths.percentBase = parent
        guard case .px(let px)? = CSSLengthParser.length(word, lengths, negative: false) else { return nil }
        return px
    }

    /// CSS Fonts 4 §2.1: comma-separated family names, each a string or a
    /// sequence of identifiers.
    static func isFontFamily(_ words: [CSSComponentValue]) -> Bool {
        guard let groups = words.commaGroups else { return false }
        return groups.allSatisfy { group in
            if group.count == 1, case .token(.string) = group[0] { return true }
            return group.allSatisfy { $0.keyword != nil }
        }
    }

    /// CSS Text Decoration 3 §2.1: `none` or any of the line keywords once each.
    static func decorationLine(_ words: [CSSComponentValue]) -> CSSTextDecorationLine? {
        if words.count == 1, words[0].keyword == "none" { return [] }
        var lines: CSSTextDecorationLine = []
        var seen: UInt8 = 0
        for word in words {
            let bit: UInt8
            switch word.keyword {
            case "underline"?: bit = 1; lines.insert(.underline)
            case "overline"?: bit = 2; lines.insert(.overline)
            case "line-through"?: bit = 4; lines.insert(.lineThrough)
            case "blink"?: bit = 8
            case "spelling-error"?: bit = 16
            case "grammar-error"?: bit = 32
            default: return nil
            }
            guard seen & bit == 0 else { return nil }
            seen |= bit
        }
        return lines
    }

    static func isDecorationStyle(_ word: CSSComponentValue) -> Bool {
        decorationStyles.contains(word.keyword ?? "")
    }

    /// CSS Text 3 §2.1: `none`, or one case keyword with `full-width` and
    /// `full-size-kana` (a case keyword wins over `full-width` here).
    static func textTransform(_ words: [CSSComponentValue]) -> CSSTextTransform? {
        if words.count == 1, words[0].keyword == "none" { return CSSTextTransform.none }
        var result: CSSTextTransform?
        var fullWidth = false
        var seen: Set<String> = []
        for word in words {
            guard let k = word.keyword, seen.insert(k).inserted else { return nil }
            switch k {
            case "uppercase", "lowercase", "capitalize":
                guard result == nil else { return nil }
                result = k == "uppercase" ? .uppercase : k == "lowercase" ? .lowercase : .capitalize
            case "full-width": fullWidth = true
            case "full-size-kana": break
            default: return nil
            }
        }
        return result ?? (fullWidth ? .fullWidth : CSSTextTransform.none)
    }

    /// CSS Text 3 §7.1 (`match-parent` takes the parent's value, start and
    /// end resolved for left-to-right text).
    static func textAlign(_ word: CSSComponentValue, parent: CSSTextAlign) -> CSSTextAlign? {
        if word.keyword == "match-parent" {
            switch parent {
            case .start: return .left
            case .end: return .right
            default: return parent
            }
        }
        return keyword(word, textAligns)
    }

    /// `white-space`: a CSS Text 3 keyword, or (CSS Text 4 §3) the
    /// shorthand's collapse and wrap keywords in any order.
    static func whiteSpace(_ words: [CSSComponentValue], current: CSSWhiteSpace) -> CSSWhiteSpace? {
        if words.count == 1, let value = keyword(words[0], whiteSpaces) { return value }
        var collapse: CSSWhiteSpace.Collapse?
        var wraps: Bool?
        for word in words {
            switch word.keyword {
            case "collapse"?, "discard"?, "preserve"?, "preserve-breaks"?, "preserve-spaces"?, "break-spaces"?:
                guard collapse == nil else { return nil }
                let k = word.keyword ?? ""
                collapse = k == "preserve-breaks" ? .preserveBreaks : k == "break-spaces" ? .breakSpaces
                    : k.hasPrefix("preserve") ? .preserve : .collapse
            case "wrap"?, "nowrap"?:
                guard wraps == nil else { return nil }
                wraps = word.keyword == "wrap"
            case "none"?, "discard-before"?, "discard-after"?, "discard-inner"?:
                break
            default:
                return nil
            }
        }
        return CSSWhiteSpace(collapse: collapse ?? .collapse, wraps: wraps ?? true)
    }

    /// CSS Lists 3 §3.1 / CSS Counter Styles 3: a string, `none`, or a
    /// counter style name (one Tern does not draw falls back to `decimal`,
    /// §3.1 of Counter Styles); `symbols()` also draws as decimal.
    static func listStyleType(_ word: CSSComponentValue) -> CSSListStyleType? {
        if case .token(.string(let text)) = word { return .string(text) }
        if let (name, _) = word.function { return name == "symbols" ? .decimal : nil }
        guard let name = word.keyword else { return nil }
        if let known = counterStyle(name) { return known }
        return reservedNames.contains(name) ? nil : .decimal
    }

    /// The counter styles Tern draws, by name (ASCII lower case).
    static func counterStyle(_ name: String) -> CSSListStyleType? {
        switch name {
        case "none": return CSSListStyleType.none
        case "disc": return .disc
        case "circle": return .circle
        case "square": return .square
        case "decimal": return .decimal
        case "decimal-leading-zero": return .decimalLeadingZero
        case "lower-alpha", "lower-latin": return .lowerAlpha
        case "upper-alpha", "upper-latin": return .upperAlpha
        case "lower-roman": return .lowerRoman
        case "upper-roman": return .upperRoman
        case "lower-greek": return .lowerGreek
        case "disclosure-open": return .disclosureOpen
        case "disclosure-closed": return .disclosureClosed
        default: return nil
        }
    }

    /// An `<image>`: `url()` or an image function (drawn as nothing).
    static func isImage(_ word: CSSComponentValue) -> Bool {
        if case .token(.url) = word { return true }
        guard let (name, _) = word.function else { return false }
        return imageFunctions.contains(name)
    }

    /// CSS Generated Content 3 §3 `quotes`: `auto`, `none` or pairs of strings.
    static func quotes(_ words: [CSSComponentValue]) -> [CSSQuotePair]?? {
        if words.count == 1, words[0].keyword == "auto" { return .some(nil) }
        if words.count == 1, words[0].keyword == "none" { return .some([]) }
        guard words.count % 2 == 0 else { return nil }
        var pairs: [CSSQuotePair] = []
        var index = 0
        while index + 1 < words.count {
            guard case .token(.string(let open)) = words[index], case .token(.string(let close)) = words[index + 1] else { return nil }
            pairs.append(CSSQuotePair(open: open, close: close))
            index += 2
        }
        return .some(pairs)
    }

    /// CSS Generated Content 3 §2 `content`: `normal`, `none`, or a list of
    /// strings, `attr()`, `counter()`, `counters()`, quote keywords and
    /// images (skipped: no pictures in a terminal), with an optional `/ alt`
    /// (dropped). `[]` means normal/none.
    static func content(_ words: [CSSComponentValue]) -> [CSSContentItem]? {
        if words.count == 1, words[0].keyword == "normal" || words[0].keyword == "none" { return [] }
        var items: [CSSContentItem] = []
        var sawItem = false
        for word in words {
            if word == .token(.delim("/")) { break }
            sawItem = true
            if isImage(word) { continue }
            switch word {
            case .token(.string(let text)):
                items.append(.string(text))
            case .token(.ident):
                switch word.keyword {
                case "open-quote"?: items.append(.openQuote)
                case "close-quote"?: items.append(.closeQuote)
                case "no-open-quote"?: items.append(.noOpenQuote)
                case "no-close-quote"?: items.append(.noCloseQuote)
                default: return nil
                }
            case .function(let rawName, let arguments):
                guard let item = contentFunction(CSSComponentValue.asciiLowercased(rawName), arguments) else { return nil }
                items.append(item)
            default:
                return nil
            }
        }
        guard sawItem else { return nil }
        // Only images: a box with nothing to draw (an empty string keeps the box).
        return items.isEmpty ? [.string("")] : items
    }

    /// `attr(name)`, `counter(name, style?)`, `counters(name, "sep", style?)`.
    private static func contentFunction(_ name: String, _ arguments: [CSSComponentValue]) -> CSSContentItem? {
        guard let groups = arguments.commaGroups else { return nil }
        switch name {
        case "attr":
            // attr(name type? , fallback?): the name is what the element is asked for.
            guard case .token(.ident(let attribute))? = groups.first?.first else { return nil }
            return .attribute(attribute)
        case "counter", "counters":
            let isCounters = name == "counters"
            guard groups.allSatisfy({ $0.count == 1 }), case .token(.ident(let counter)) = groups[0][0],
                  groups.count == (isCounters ? 2 : 1) || groups.count == (isCounters ? 3 : 2) else { return nil }
            var style = CSSListStyleType.decimal
            if groups.count == (isCounters ? 3 : 2) {
                guard let value = listStyleType(groups[groups.count - 1][0]) else { return nil }
                if case .string = value { return nil }
                style = value
            }
            if isCounters {
                guard case .token(.string(let separator)) = groups[1][0] else { return nil }
                return .counters(name: counter, separator: separator, style: style)
            }
            return .counter(name: counter, style: style)
        default:
            return nil
        }
    }

    /// CSS Lists 3 §4: `none` or `[<counter-name> <integer>?]+`.
    static func counterChanges(_ words: [CSSComponentValue], defaultValue: Int) -> [CSSCounterChange]? {
        if words.count == 1, words[0].keyword == "none" { return [] }
        var changes: [CSSCounterChange] = []
        var index = 0
        while index < words.count {
            guard case .token(.ident(let name)) = words[index],
                  !reservedNames.contains(CSSComponentValue.asciiLowercased(name)) && CSSComponentValue.asciiLowercased(name) != "none" else { return nil }
            index += 1
            var value = defaultValue
            if index < words.count, let integer = CSSLengthParser.integer(words[index]) {
                value = integer
                index += 1
            }
            changes.append(CSSCounterChange(name: name, value: value))
        }
        return changes
    }

    // MARK: Keyword tables (built once)

    static let visibilities: [String: CSSVisibility] = [
        "visible": CSSVisibility.visible, "hidden": .hidden, "collapse": .collapse,
    ]
    static let positions: [String: CSSPosition] = [
        "static": CSSPosition.static, "relative": .relative, "absolute": .absolute, "fixed": .fixed, "sticky": .sticky,
        "-webkit-sticky": .sticky,
    ]
    static let floats: [String: CSSFloat] = [
        "none": CSSFloat.none, "left": .left, "right": .right, "inline-start": .left, "inline-end": .right,
    ]
    static let flexDirections: [String: CSSFlexDirection] = [
        "row": CSSFlexDirection.row, "row-reverse": .rowReverse, "column": .column, "column-reverse": .columnReverse,
    ]
    static let flexWraps: [String: Bool] = ["nowrap": false, "wrap": true, "wrap-reverse": true]
    static let verticalAligns: [String: CSSVerticalAlign] = [
        "baseline": CSSVerticalAlign.baseline, "sub": .sub, "super": .super, "top": .other, "text-top": .other,
        "middle": .other, "bottom": .other, "text-bottom": .other,
    ]
    static let collapses: [String: CSSWhiteSpace.Collapse] = [
        "collapse": CSSWhiteSpace.Collapse.collapse, "discard": .collapse, "preserve": .preserve,
        "preserve-spaces": .preserve, "preserve-breaks": .preserveBreaks, "break-spaces": .breakSpaces,
    ]
    static let wrapModes: [String: Bool] = ["wrap": true, "nowrap": false]
    static let listStylePositions: [String: CSSListStylePosition] = ["inside": CSSListStylePosition.inside, "outside": .outside]
    static let borderWidths: [String: Double] = ["thin": 1.0, "medium": 3.0, "thick": 5.0]
    static let borderStyles: [String: CSSBorderStyle] = [
        "none": CSSBorderStyle.none, "hidden": .hidden, "dotted": .dotted, "dashed": .dashed, "solid": .solid,
        "double": .double, "groove": .groove, "ridge": .ridge, "inset": .inset, "outset": .outset,
    ]
    static let overflows: [String: CSSOverflow] = [
        "visible": .visible, "hidden": .hidden, "clip": .clip, "scroll": .scroll, "auto": .auto, "overlay": .auto,
    ]
    static let caps: [String: Bool] = [
        "normal": false, "small-caps": true, "all-small-caps": true, "petite-caps": true, "all-petite-caps": true,
        "unicase": false, "titling-caps": false,
    ]
    static let textAligns: [String: CSSTextAlign] = [
        "start": .start, "end": .end, "left": .left, "right": .right, "center": .center, "justify": .justify,
        "justify-all": .justify, "-webkit-left": .left, "-webkit-right": .right, "-webkit-center": .center,
        "-moz-left": .left, "-moz-right": .right, "-moz-center": .center,
    ]
    static let displayKeywords: [String: CSSDisplay] = [
        "none": .none, "contents": .contents, "inline-block": .inlineBlock, "inline-table": .inlineTable,
        "inline-flex": .inlineFlex, "inline-grid": .inlineGrid, "table-row-group": .tableRowGroup,
        "table-header-group": .tableHeaderGroup, "table-footer-group": .tableFooterGroup, "table-row": .tableRow,
        "table-cell": .tableCell, "table-column-group": .tableColumnGroup, "table-column": .tableColumn,
        "table-caption": .tableCaption, "-webkit-box": .block, "-webkit-inline-box": .inlineBlock,
        "ruby-base": .inline, "ruby-text": .inline, "ruby-base-container": .inline, "ruby-text-container": .inline,
    ]
    /// CSS Fonts 4 §2.5.1: the absolute-size keywords as factors of `medium`.
    static let fontSizeScale: [String: Double] = [
        "xx-small": 3.0 / 5, "x-small": 3.0 / 4, "small": 8.0 / 9, "medium": 1, "large": 6.0 / 5, "x-large": 3.0 / 2,
        "xx-large": 2, "xxx-large": 3,
    ]
    static let whiteSpaces: [String: CSSWhiteSpace] = [
        "normal": .normal, "pre": .pre, "nowrap": .nowrap, "pre-wrap": .preWrap, "break-spaces": .breakSpaces,
        "pre-line": .preLine,
    ]
    static let geometryBoxes: Set<String> = [
        "border-box", "padding-box", "content-box", "margin-box", "fill-box", "stroke-box", "view-box",
    ]
    /// CSS Values 4 §4.2: names a `<custom-ident>` may not take.
    static let reservedNames: Set<String> = ["default", "inherit", "initial", "unset", "revert", "revert-layer"]
    static let imageFunctions: Set<String> = [
        "url", "src", "image", "image-set", "-webkit-image-set", "cross-fade", "element", "paint", "linear-gradient",
        "radial-gradient", "conic-gradient", "repeating-linear-gradient", "repeating-radial-gradient",
        "repeating-conic-gradient", "-webkit-linear-gradient", "-webkit-radial-gradient", "-webkit-gradient",
    ]
    static let decorationStyles: Set<String> = ["solid", "double", "dotted", "dashed", "wavy"]
}
