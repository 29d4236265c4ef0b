/// The shorthand properties Tern expands into its longhands (each spec's
/// shorthand grammar; CSS Cascade 4 §1.2: a shorthand sets all of its
/// longhands, the ones it omits to their initial values).
enum CSSShorthand: CaseIterable {
    case margin, padding, inset, borderWidth, borderStyle, borderColor
    case marginBlock, marginInline, paddingBlock, paddingInline, insetBlock, insetInline
    case border, borderTop, borderRight, borderBottom, borderLeft
    case overflow, flexFlow, flex, background, font, fontVariant, textDecoration, listStyle, textWrap
    /// CSS Cascade 4 §3.2: takes only the CSS-wide keywords, for every longhand.
    case all

    var longhands: [CSSProperty] {
        switch self {
        case .margin: return CSSProperty.margins
        case .padding: return CSSProperty.paddings
        case .inset: return CSSProperty.insets
        case .borderWidth: return CSSProperty.borderWidths
        case .borderStyle: return CSSProperty.borderStyles
        case .borderColor: return CSSProperty.borderColors
        case .marginBlock: return [.marginTop, .marginBottom]
        case .marginInline: return [.marginLeft, .marginRight]
        case .paddingBlock: return [.paddingTop, .paddingBottom]
        case .paddingInline: return [.paddingLeft, .paddingRight]
        case .insetBlock: return [.top, .bottom]
        case .insetInline: return [.left, .right]
        case .border: return Self.borderLonghands
        case .borderTop: return [.borderTopWidth, .borderTopStyle, .borderTopColor]
        case .borderRight: return [.borderRightWidth, .borderRightStyle, .borderRightColor]
        case .borderBottom: return [.borderBottomWidth, .borderBottomStyle, .borderBottomColor]
        case .borderLeft: return [.borderLeftWidth, .borderLeftStyle, .borderLeftColor]
        case .overflow: return [.overflowX, .overflowY]
        case .flexFlow: return [.flexDirection, .flexWrap]
        case .flex: return [.flexGrow, .flexShrink, .flexBasis]
        case .background: return [.backgroundColor, .backgroundImage, .backgroundPosition, .backgroundRepeat, .backgroundAttachment]
        case .font: return [.fontStyle, .fontVariantCaps, .fontWeight, .fontSize, .lineHeight, .fontFamily]
        case .fontVariant: return [.fontVariantCaps]
        case .textDecoration: return [.textDecorationLine, .textDecorationStyle, .textDecorationColor, .textDecorationThickness]
        case .listStyle: return [.listStyleType, .listStylePosition, .listStyleImage]
        case .textWrap: return [.textWrapMode]
        // CSS Cascade 4 §3.2: all but direction and unicode-bidi.
        case .all: return CSSProperty.allCases.filter { $0 != .direction && $0 != .unicodeBidi }
        }
    }

    /// Whether this shorthand sets a property that others depend on.
    var isEarly: Bool { self == .font || self == .all }

    /// Parses `words` and sets the longhands in `style`; false (and `style`
    /// untouched) when the value is invalid.
    func apply(_ words: [CSSComponentValue], to style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        var result = style
        guard !words.isEmpty, expand(words, into: &result, env) else { return false }
        style = result
        return true
    }

    private func set(_ property: CSSProperty, _ word: CSSComponentValue, _ style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        CSSPropertyTable.apply(property, [word], to: &style, env)
    }

    private func expand(_ words: [CSSComponentValue], into style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        let sides = longhands
        switch self {
        case .margin, .padding, .inset, .borderWidth, .borderStyle, .borderColor:
            // CSS Box 4 §2: one to four values for top, right, bottom, left.
            guard words.count <= 4 else { return false }
            let order = [[0, 0, 0, 0], [0, 1, 0, 1], [0, 1, 2, 1], [0, 1, 2, 3]][words.count - 1]
            return zip(sides, order).allSatisfy { set($0, words[$1], &style, env) }
        case .marginBlock, .marginInline, .paddingBlock, .paddingInline, .insetBlock, .insetInline:
            // CSS Logical 1 §4: start then end, for horizontal left-to-right text.
            guard words.count <= 2 else { return false }
            return set(sides[0], words[0], &style, env) && set(sides[1], words[words.count - 1], &style, env)
        case .border, .borderTop, .borderRight, .borderBottom, .borderLeft:
            return border(words, &style, env)
        case .overflow:
            guard words.count <= 2 else { return false }
            return set(.overflowX, words[0], &style, env) && set(.overflowY, words[words.count - 1], &style, env)
        case .flexFlow:
            var direction = false, wrap = false
            for word in words {
                if !direction, set(.flexDirection, word, &style, env) { direction = true } else if !wrap, set(.flexWrap, word, &style, env) { wrap = true } else { return false }
            }
            if !direction { style.flexDirection = .row }
            if !wrap { style.flexWrap = false }
            return true
        case .flex:
            return flex(words, &style, env)
        case .background:
            return background(words, &style, env)
        case .font:
            return font(words, &style, env)
        case .fontVariant:
            return fontVariant(words, &style)
        case .textDecoration:
            return textDecoration(words, &style, env)
        case .listStyle:
            return listStyle(words, &style, env)
        case .textWrap:
            guard words.count <= 2 else { return false }
            var mode: Bool?
            for word in words {
                switch word.keyword {
                case "wrap"?, "nowrap"?:
                    guard mode == nil else { return false }
                    mode = word.keyword == "wrap"
                case "auto"?, "balance"?, "stable"?, "pretty"?, "avoid-orphans"?: break
                default: return false
                }
            }
            style.whiteSpace = CSSWhiteSpace(collapse: style.whiteSpace.collapse, wraps: mode ?? true)
            return true
        case .all:
            return false
        }
    }

    /// CSS Backgrounds 3 §3.5 `border` and `border-<side>`: a width, a style
    /// and a colour in any order, each at most once.
    private func border(_ words: [CSSComponentValue], _ style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        guard words.count <= 3 else { return false }
        var width: CSSComponentValue?, lineStyle: CSSComponentValue?, color: CSSComponentValue?
        for word in words {
            if width == nil, CSSPropertyTable.borderWidth(word, env.lengths) != nil { width = word }
            else if lineStyle == nil, CSSPropertyTable.borderStyle(word) != nil { lineStyle = word }
            else if color == nil, CSSColorParser.parse(word) != nil { color = word }
            else { return false }
        }
        let properties = longhands
        let sideCount = self == .border ? 4 : 1
        for side in 0..<sideCount {
            guard set(properties[side], width ?? .token(.ident("medium")), &style, env),
                  set(properties[side + sideCount], lineStyle ?? .token(.ident("none")), &style, env),
                  set(properties[side + 2 * sideCount], color ?? .token(.ident("currentcolor")), &style, env) else { return false }
        }
        return true
    }

    /// CSS Flexbox 1 §7.2: `none` (0 0 auto), `auto` (1 1 auto), or
    /// `<grow> <shrink>? || <basis>` (`flex: 1` grows by 1). Only the grow
    /// factor is kept (a growing field's width reads it); the rest is
    /// checked so that `@supports` and the cascade see the value valid.
    private func flex(_ words: [CSSComponentValue], _ style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        if words.count == 1, let keyword = words[0].keyword, keyword == "none" || keyword == "auto" {
            style.flexGrow = keyword == "auto" ? 1 : 0
            return true
        }
        guard words.count <= 3 else { return false }
        var numbers = 0, basis = 0
        var lastWasNumber = false
        var grow: Double = 0
        for word in words {
            if word.keyword == nil, let n = CSSLengthParser.number(word, env.lengths), n >= 0 {
                if numbers == 1 && !lastWasNumber { return false }
                if numbers == 0 { grow = n }
                numbers += 1
                lastWasNumber = true
            } else if word.keyword == "content" || CSSPropertyTable.size(word, env.lengths, none: false) != nil {
                basis += 1
                lastWasNumber = false
            } else {
                return false
            }
        }
        guard numbers <= 2 && basis <= 1 else { return false }
        // A basis alone (`flex: 10em`) grows by 1, as the omitted grow factor does.
        style.flexGrow = numbers == 0 ? 1 : grow
        return true
    }

    /// CSS Backgrounds 3 §3.10: comma-separated layers; only the last may hold
    /// a colour. Images, positions, sizes, repeats, attachments and boxes are
    /// checked loosely and have no effect.
    private func background(_ words: [CSSComponentValue], _ style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        guard let layers = words.commaGroups else { return false }
        var color = CSSColor.transparent
        for (index, layer) in layers.enumerated() {
            var sawColor = false
            for word in layer {
                if let k = word.keyword, Self.backgroundKeywords.contains(k) { continue }
                if word == .token(.delim("/")) || CSSPropertyTable.isImage(word) { continue }
                if CSSLengthParser.length(word, env.lengths) != nil { continue }
                guard index == layers.count - 1, !sawColor, let value = CSSColorParser.color(word, current: style.color) else { return false }
                sawColor = true
                color = value
            }
        }
        style.backgroundColor = color
        return true
    }

    /// CSS Fonts 4 §2.8 `font`: a system font keyword, or style, variant,
    /// weight and stretch in any order, then the size, `/ line-height`, and
    /// the family list. Omitted longhands reset to their initial values.
    private func font(_ words: [CSSComponentValue], _ style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        style.fontStyle = .normal
        style.smallCaps = false
        style.fontWeight = 400
        if words.count == 1, Self.systemFonts.contains(words[0].keyword ?? "") {
            style.fontSize = 16
            return true
        }
        var index = 0
        var seenStyle = false, seenVariant = false, seenWeight = false, seenStretch = false
        prefix: while index < words.count, index < 4 {
            let word = words[index]
            switch word.keyword {
            case "normal"?: break
            case "italic"? where !seenStyle, "oblique"? where !seenStyle:
                seenStyle = true
                style.fontStyle = word.keyword == "italic" ? .italic : .oblique
            case "small-caps"? where !seenVariant:
                seenVariant = true
                style.smallCaps = true
            case let k? where Self.fontStretches.contains(k) && !seenStretch:
                seenStretch = true
            case "bold"? where !seenWeight, "bolder"? where !seenWeight, "lighter"? where !seenWeight:
                seenWeight = true
                style.fontWeight = CSSPropertyTable.fontWeight(word, parent: env.parent.fontWeight) ?? 400
            default:
                if !seenWeight, word.keyword == nil, let weight = CSSPropertyTable.fontWeight(word, parent: env.parent.fontWeight) {
                    seenWeight = true
                    style.fontWeight = weight
                } else {
                    break prefix
                }
            }
            index += 1
        }
        guard index < words.count, let size = CSSPropertyTable.fontSize(words[index], env) else { return false }
        style.fontSize = size
        index += 1
        if index < words.count, words[index] == .token(.delim("/")) {
            guard index + 1 < words.count, CSSPropertyTable.apply(.lineHeight, [words[index + 1]], to: &style, env) else { return false }
            index += 2
        }
        return index < words.count && CSSPropertyTable.isFontFamily(Array(words[index...]))
    }

    /// CSS Fonts 4 §2.7 `font-variant`: `normal`, `none`, or variant keywords;
    /// only the caps ones change what a terminal draws.
    private func fontVariant(_ words: [CSSComponentValue], _ style: inout CSSStyle) -> Bool {
        if words.count == 1, words[0].keyword == "normal" || words[0].keyword == "none" {
            style.smallCaps = false
            return true
        }
        var smallCaps = false
        for word in words {
            if let caps = CSSPropertyTable.smallCaps(word) { smallCaps = smallCaps || caps; continue }
            guard let k = word.keyword, Self.variantKeywords.contains(k) else { return false }
        }
        style.smallCaps = smallCaps
        return true
    }

    /// CSS Text Decoration 3 §2.5: line || style || colour || thickness.
    private func textDecoration(_ words: [CSSComponentValue], _ style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        var lines: [CSSComponentValue] = []
        var sawStyle = false, sawColor = false, sawThickness = false
        for word in words {
            if CSSPropertyTable.decorationLine([word]) != nil { lines.append(word) }
            else if !sawStyle, CSSPropertyTable.isDecorationStyle(word) { sawStyle = true }
            else if !sawColor, CSSColorParser.parse(word) != nil { sawColor = true }
            else if !sawThickness, word.keyword == "auto" || word.keyword == "from-font" || CSSLengthParser.length(word, env.lengths) != nil { sawThickness = true }
            else { return false }
        }
        guard let line = lines.isEmpty ? [] : CSSPropertyTable.decorationLine(lines) else { return false }
        style.textDecorationLine = line
        return true
    }

    /// CSS Lists 3 §3.4 `list-style`: position, image and type in any order;
    /// `none` sets whichever of image and type is not otherwise given.
    private func listStyle(_ words: [CSSComponentValue], _ style: inout CSSStyle, _ env: CSSPropertyTable.Environment) -> Bool {
        guard words.count <= 3 else { return false }
        var type: CSSListStyleType?, position: CSSListStylePosition?, image = false
        var nones = 0
        for word in words {
            if word.keyword == "none" { nones += 1; continue }
            if position == nil, let value = CSSPropertyTable.keyword(word, CSSPropertyTable.listStylePositions) {
                position = value
            } else if !image, CSSPropertyTable.isImage(word) {
                image = true
            } else if type == nil, let value = CSSPropertyTable.listStyleType(word) {
                type = value
            } else {
                return false
            }
        }
        guard nones <= (type == nil ? 1 : 0) + (image ? 0 : 1) else { return false }
        style.listStyleType = type ?? (nones > 0 ? CSSListStyleType.none : .disc)
        style.listStylePosition = position ?? .outside
        return true
    }

    // MARK: Keyword tables (built once)

    static let backgroundKeywords: Set<String> = [
        "none", "left", "right", "top", "bottom", "center", "cover", "contain", "auto", "repeat", "repeat-x",
        "repeat-y", "no-repeat", "space", "round", "scroll", "fixed", "local", "border-box", "padding-box",
        "content-box", "text", "x-start", "x-end", "y-start", "y-end",
    ]
    static let fontStretches: Set<String> = [
        "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded",
        "extra-expanded", "ultra-expanded",
    ]
    static let variantKeywords: Set<String> = [
        "common-ligatures", "no-common-ligatures", "discretionary-ligatures", "no-discretionary-ligatures",
        "historical-ligatures", "no-historical-ligatures", "contextual", "no-contextual", "lining-nums",
        "oldstyle-nums", "proportional-nums", "tabular-nums", "diagonal-fractions", "stacked-fractions", "ordinal",
        "slashed-zero", "jis78", "jis83", "jis90", "jis04", "simplified", "traditional", "full-width",
        "proportional-width", "ruby", "sub", "super", "historical-forms", "emoji", "text", "unicode",
    ]
    static let borderLonghands = CSSProperty.borderWidths + CSSProperty.borderStyles + CSSProperty.borderColors
    static let systemFonts: Set<String> = ["caption", "icon", "menu", "message-box", "small-caption", "status-bar"]
}
