import TernCSS

/// A `CSSStyle` as `getComputedStyle` reads it: each property's resolved
/// value (CSSOM §9 "resolved value"; without a box tree in script, the
/// computed value: lengths in px, percentages kept), serialised as CSSOM
/// §6.7.2 and CSS Color 4 §15 say.
enum ComputedStyleSerializer {
    /// The longhands Tern computes and their aliases (CSSOM §9: every
    /// supported longhand, logical ones included), sorted by name, then the
    /// custom properties sorted by name (the order of `item(i)`).
    static func declarations(_ style: CSSStyle) -> [(name: String, value: String)] {
        var out = longhands(style)
        let values = Dictionary(out, uniquingKeysWith: { first, _ in first })
        for (alias, name) in StyleComputer.longhandAliases {
            if let value = values[name] { out.append((alias, value)) }
        }
        out.sort { $0.0 < $1.0 }
        for name in style.customProperties.keys.sorted() {
            out.append((name, CSSSerializer.serialize(CSSOMDeclarations.trimmed(style.customProperties[name] ?? []))))
        }
        return out.filter { !$0.1.isEmpty }
    }

    private static func longhands(_ style: CSSStyle) -> [(String, String)] {
        [
            ("background-color", color(style.backgroundColor)),
            ("bottom", length(style.bottom)),
            ("border-bottom-color", color(style.borderBottom.color ?? style.color)),
            ("border-bottom-style", keyword(style.borderBottom.style)),
            ("border-bottom-width", px(style.borderBottom.width)),
            ("border-left-color", color(style.borderLeft.color ?? style.color)),
            ("border-left-style", keyword(style.borderLeft.style)),
            ("border-left-width", px(style.borderLeft.width)),
            ("border-right-color", color(style.borderRight.color ?? style.color)),
            ("border-right-style", keyword(style.borderRight.style)),
            ("border-right-width", px(style.borderRight.width)),
            ("border-top-color", color(style.borderTop.color ?? style.color)),
            ("border-top-style", keyword(style.borderTop.style)),
            ("border-top-width", px(style.borderTop.width)),
            ("color", color(style.color)),
            ("content", content(style.content)),
            ("counter-increment", counters(style.counterIncrement)),
            ("counter-reset", counters(style.counterReset)),
            ("counter-set", counters(style.counterSet)),
            ("display", keyword(style.display)),
            ("flex-direction", keyword(style.flexDirection)),
            ("flex-grow", number(style.flexGrow)),
            ("flex-wrap", style.flexWrap ? "wrap" : "nowrap"),
            ("float", keyword(style.float)),
            ("font-size", px(style.fontSize)),
            ("font-style", keyword(style.fontStyle)),
            ("font-variant-caps", style.smallCaps ? "small-caps" : "normal"),
            ("font-weight", number(style.fontWeight)),
            ("height", length(style.height)),
            ("left", length(style.left)),
            ("list-style-position", keyword(style.listStylePosition)),
            ("list-style-type", listStyle(style.listStyleType)),
            ("margin-bottom", length(style.marginBottom)),
            ("margin-left", length(style.marginLeft)),
            ("margin-right", length(style.marginRight)),
            ("margin-top", length(style.marginTop)),
            ("max-width", length(style.maxWidth)),
            ("min-width", length(style.minWidth)),
            ("opacity", number(style.opacity)),
            ("overflow-x", keyword(style.overflowX)),
            ("overflow-y", keyword(style.overflowY)),
            ("padding-bottom", length(style.paddingBottom)),
            ("padding-left", length(style.paddingLeft)),
            ("padding-right", length(style.paddingRight)),
            ("padding-top", length(style.paddingTop)),
            ("position", keyword(style.position)),
            ("quotes", quotes(style.quotes)),
            ("right", length(style.right)),
            ("text-align", keyword(style.textAlign)),
            ("text-decoration-line", decoration(style.textDecorationLine)),
            ("text-indent", length(style.textIndent)),
            ("text-transform", keyword(style.textTransform)),
            ("top", length(style.top)),
            ("vertical-align", keyword(style.verticalAlign)),
            ("visibility", keyword(style.visibility)),
            ("white-space", keyword(style.whiteSpace)),
            ("width", length(style.width)),
        ]
    }

    // MARK: Values

    /// An enum case as its CSS keyword: `preWrap` → `pre-wrap`.
    static func keyword<T>(_ value: T) -> String {
        var out = ""
        for character in String(describing: value) {
            if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
        }
        // `CSSVerticalAlign.other` is a value Tern does not model: no serialisation.
        return out == "other" ? "" : out
    }

    /// CSS Color 4 §15.2: `rgb(r, g, b)`, or `rgba(r, g, b, a)` with the
    /// alpha in the fewest decimals (2, else 3) that read back to the same byte.
    static func color(_ value: CSSColor) -> String {
        let rgb = "\(value.red), \(value.green), \(value.blue)"
        guard value.alpha != 255 else { return "rgb(\(rgb))" }
        let alpha = Double(value.alpha) / 255
        var rounded = (alpha * 100).rounded() / 100
        if (rounded * 255).rounded() != Double(value.alpha) { rounded = (alpha * 1000).rounded() / 1000 }
        return "rgba(\(rgb), \(number(rounded)))"
    }

    static func length(_ value: CSSLength) -> String {
        switch value {
        case .px(let px): return self.px(px)
        case .percent(let percent): return number(percent) + "%"
        case .calc(let px, let percent): return "calc(\(number(percent))% + \(self.px(px)))"
        case .auto: return "auto"
        case .none: return "none"
        }
    }

    static func px(_ value: Double) -> String { number(value) + "px" }

    static func number(_ value: Double) -> String { CSSSerializer.number(value) }

    static func listStyle(_ value: CSSListStyleType) -> String {
        switch value {
        case .string(let text): return CSSSerializer.string(text)
        default: return keyword(value)
        }
    }

    static func content(_ items: [CSSContentItem]?) -> String {
        guard let items else { return "normal" }
        guard !items.isEmpty else { return "none" }
        return items.map { item in
            switch item {
            case .string(let text): return CSSSerializer.string(text)
            case .attribute(let name): return "attr(\(CSSSerializer.identifier(name)))"
            case .counter(let name, let style):
                return "counter(\(CSSSerializer.identifier(name))\(style == .decimal ? "" : ", " + listStyle(style)))"
            case .counters(let name, let separator, let style):
                return "counters(\(CSSSerializer.identifier(name)), \(CSSSerializer.string(separator))\(style == .decimal ? "" : ", " + listStyle(style)))"
            case .openQuote: return "open-quote"
            case .closeQuote: return "close-quote"
            case .noOpenQuote: return "no-open-quote"
            case .noCloseQuote: return "no-close-quote"
            }
        }.joined(separator: " ")
    }

    static func counters(_ changes: [CSSCounterChange]) -> String {
        guard !changes.isEmpty else { return "none" }
        return changes.map { "\(CSSSerializer.identifier($0.name)) \($0.value)" }.joined(separator: " ")
    }

    static func quotes(_ pairs: [CSSQuotePair]?) -> String {
        guard let pairs else { return "auto" }
        guard !pairs.isEmpty else { return "none" }
        return pairs.map { CSSSerializer.string($0.open) + " " + CSSSerializer.string($0.close) }.joined(separator: " ")
    }

    static func decoration(_ line: CSSTextDecorationLine) -> String {
        var parts: [String] = []
        if line.contains(.underline) { parts.append("underline") }
        if line.contains(.overline) { parts.append("overline") }
        if line.contains(.lineThrough) { parts.append("line-through") }
        return parts.isEmpty ? "none" : parts.joined(separator: " ")
    }
}
