/// A media feature test (Media Queries 4 §2.4 and §4–§12, Media Queries 5
/// for the `prefers-*` features): `(name)`, `(name: value)`, `(min-name: value)`
/// or the range form `(400px <= width < 700px)`.
struct MediaFeature: Hashable, Sendable {
    /// The feature's name without `min-`/`max-`.
    var name: String
    var test: Test
    /// The serialised test, parentheses included.
    var text: String

    enum Test: Hashable, Sendable {
        /// Boolean context (§2.4.2).
        case boolean
        case keyword(String)
        /// `feature op value`, every comparison must hold.
        case range([Comparison])
    }

    struct Comparison: Hashable, Sendable {
        enum Operator: Hashable, Sendable { case less, lessOrEqual, greater, greaterOrEqual, equal }
        var op: Operator
        var value: Double
        /// For `vw`/`vh`/`vmin`/`vmax`: `value` is hundredths of this viewport size.
        var viewport: Viewport?

        enum Viewport: Hashable, Sendable { case width, height, min, max }

        func holds(_ actual: Double, in environment: MediaEnvironment) -> Bool {
            var value = self.value
            if let viewport {
                let (w, h) = (environment.width, environment.height)
                switch viewport {
                case .width: value *= w / 100
                case .height: value *= h / 100
                case .min: value *= min(w, h) / 100
                case .max: value *= max(w, h) / 100
                }
            }
            switch op {
            case .less: return actual < value
            case .lessOrEqual: return actual <= value
            case .greater: return actual > value
            case .greaterOrEqual: return actual >= value
            case .equal: return actual == value
            }
        }

        /// The same comparison with the operands swapped (`400px < width` is `width > 400px`).
        var flipped: Comparison {
            switch op {
            case .less: return Comparison(op: .greater, value: value, viewport: viewport)
            case .lessOrEqual: return Comparison(op: .greaterOrEqual, value: value, viewport: viewport)
            case .greater: return Comparison(op: .less, value: value, viewport: viewport)
            case .greaterOrEqual: return Comparison(op: .lessOrEqual, value: value, viewport: viewport)
            case .equal: return self
            }
        }
    }

    // MARK: The features Tern knows

    enum ValueType { case length, ratio, integer, resolution }
    enum Kind {
        case range(ValueType)
        /// The allowed keywords; the first is the one that is false in a boolean context, if any.
        case discrete([String], falseInBooleanContext: String?)
    }

    static let kinds: [String: Kind] = [
        "width": .range(.length), "height": .range(.length),
        "device-width": .range(.length), "device-height": .range(.length),
        "aspect-ratio": .range(.ratio), "device-aspect-ratio": .range(.ratio),
        "resolution": .range(.resolution),
        "color": .range(.integer), "color-index": .range(.integer), "monochrome": .range(.integer),
        "grid": .discrete(["0", "1"], falseInBooleanContext: "0"),
        "orientation": .discrete(["portrait", "landscape"], falseInBooleanContext: nil),
        "prefers-color-scheme": .discrete(["light", "dark"], falseInBooleanContext: nil),
        "prefers-reduced-motion": .discrete(["no-preference", "reduce"], falseInBooleanContext: "no-preference"),
        "prefers-reduced-transparency": .discrete(["no-preference", "reduce"], falseInBooleanContext: "no-preference"),
        "prefers-reduced-data": .discrete(["no-preference", "reduce"], falseInBooleanContext: "no-preference"),
        "prefers-contrast": .discrete(["no-preference", "less", "more", "custom"], falseInBooleanContext: "no-preference"),
        "forced-colors": .discrete(["none", "active"], falseInBooleanContext: "none"),
        "inverted-colors": .discrete(["none", "inverted"], falseInBooleanContext: "none"),
        "hover": .discrete(["none", "hover"], falseInBooleanContext: "none"),
        "any-hover": .discrete(["none", "hover"], falseInBooleanContext: "none"),
        "pointer": .discrete(["none", "coarse", "fine"], falseInBooleanContext: "none"),
        "any-pointer": .discrete(["none", "coarse", "fine"], falseInBooleanContext: "none"),
        "scripting": .discrete(["none", "initial-only", "enabled"], falseInBooleanContext: "none"),
        "update": .discrete(["none", "slow", "fast"], falseInBooleanContext: "none"),
        "overflow-block": .discrete(["none", "scroll", "paged"], falseInBooleanContext: "none"),
        "overflow-inline": .discrete(["none", "scroll"], falseInBooleanContext: "none"),
        "color-gamut": .discrete(["srgb", "p3", "rec2020"], falseInBooleanContext: nil),
        "dynamic-range": .discrete(["standard", "high"], falseInBooleanContext: nil),
        "video-dynamic-range": .discrete(["standard", "high"], falseInBooleanContext: nil),
        "display-mode": .discrete(["browser", "fullscreen", "standalone", "minimal-ui", "picture-in-picture"],
                                  falseInBooleanContext: nil),
    ]

    /// The environment's value of a range feature.
    private static func number(_ name: String, _ environment: MediaEnvironment) -> Double {
        switch name {
        case "width", "device-width": return environment.width
        case "height", "device-height": return environment.height
        case "aspect-ratio", "device-aspect-ratio":
            return environment.height > 0 ? environment.width / environment.height : .infinity
        case "resolution": return 1  // dppx: a CSS px is a CSS px
        case "color": return Double(max(0, environment.colorBits))
        case "monochrome": return environment.colorBits > 0 ? 0 : 1
        default: return 0  // color-index
        }
    }

    /// The environment's value of a discrete feature: a terminal has no
    /// pointer that hovers, updates slowly (a redraw, no animation) and is no grid device.
    private static func keyword(_ name: String, _ environment: MediaEnvironment) -> String {
        switch name {
        case "orientation": return environment.height >= environment.width ? "portrait" : "landscape"
        case "prefers-color-scheme": return environment.prefersDarkColorScheme ? "dark" : "light"
        case "prefers-reduced-motion": return environment.prefersReducedMotion ? "reduce" : "no-preference"
        case "scripting": return environment.scriptingEnabled ? "enabled" : "none"
        case "update": return environment.type == .print ? "none" : "slow"
        case "overflow-block": return environment.type == .print ? "paged" : "scroll"
        case "overflow-inline": return environment.type == .print ? "none" : "scroll"
        case "grid": return "0"
        case "color-gamut": return "srgb"
        case "dynamic-range", "video-dynamic-range": return "standard"
        case "display-mode": return "browser"
        case "prefers-reduced-transparency", "prefers-reduced-data", "prefers-contrast": return "no-preference"
        default: return "none"  // hover, any-hover, pointer, any-pointer, forced-colors, inverted-colors
        }
    }

    func evaluate(_ environment: MediaEnvironment) -> Bool {
        switch (test, MediaFeature.kinds[name]) {
        case (.boolean, .range?): return MediaFeature.number(name, environment) != 0
        case (.boolean, .discrete(_, let falseValue)?): return MediaFeature.keyword(name, environment) != falseValue
        case (.keyword(let wanted), _): return MediaFeature.keyword(name, environment) == wanted
        case (.range(let comparisons), _):
            let actual = MediaFeature.number(name, environment)
            return comparisons.allSatisfy { $0.holds(actual, in: environment) }
        case (.boolean, nil): return false
        }
    }

    // MARK: Parsing

    enum ParseResult {
        case feature(MediaFeature)
        /// Feature syntax with a name or value Tern does not know: the query is `not all`.
        case unknownName
        /// Not feature syntax: `<general-enclosed>`.
        case notAFeature
    }

    /// The contents of `( … )` without whitespace.
    static func parse(_ values: [CSSComponentValue]) -> ParseResult {
        guard let first = values.first else { return .notAFeature }
        if case .token(.ident(let written)) = first {
            let name = CSSTokenizer.asciiLowercased(written)
            if values.count == 1 {  // (name)
                return kinds[name] == nil ? .unknownName : .feature(MediaFeature(name: name, test: .boolean, text: "(\(name))"))
            }
            if values[1] == .token(.colon) { return parsePlain(name, Array(values.dropFirst(2))) }
        }
        return parseRange(values)
    }

    /// `(name: value)` and `(min-name: value)`.
    private static func parsePlain(_ written: String, _ value: [CSSComponentValue]) -> ParseResult {
        var name = written
        var op = Comparison.Operator.equal
        if name.hasPrefix("min-") || name.hasPrefix("max-") {
            op = name.hasPrefix("min-") ? .greaterOrEqual : .lessOrEqual
            name = String(name.dropFirst(4))
        }
        let text = "(\(written): \(serialize(value)))"
        switch kinds[name] {
        case nil:
            return .unknownName
        case .discrete(let allowed, _)?:
            guard op == .equal, value.count == 1 else { return .unknownName }
            let keyword: String
            switch value[0] {
            case .token(.ident(let word)): keyword = CSSTokenizer.asciiLowercased(word)
            case .token(.number(let number)) where number.isInteger: keyword = number.representation
            default: return .unknownName
            }
            guard allowed.contains(keyword) else { return .unknownName }
            return .feature(MediaFeature(name: name, test: .keyword(keyword), text: text))
        case .range(let type)?:
            var values = MediaTokens(value)
            guard let amount = parseValue(&values, type), values.atEnd else { return .unknownName }
            return .feature(MediaFeature(name: name, test: .range([Comparison(op: op, value: amount.value, viewport: amount.viewport)]),
                                         text: text))
        }
    }

    /// Media Queries 4 §2.4.3 range context: `name op value`, `value op name`,
    /// `value op name op value` (both operators `<` or both `>`).
    private static func parseRange(_ values: [CSSComponentValue]) -> ParseResult {
        var stream = MediaTokens(values)
        // Where the name is: the first identifier that is not a value.
        guard let nameIndex = values.firstIndex(where: { if case .token(.ident) = $0 { return true }; return false }),
              case .token(.ident(let written)) = values[nameIndex] else { return .notAFeature }
        let name = CSSTokenizer.asciiLowercased(written)
        var comparisons: [Comparison] = []
        var parts: [String] = []
        let kind = kinds[name]
        let type: ValueType
        if case .range(let t)? = kind { type = t } else { type = .length }
        if nameIndex > 0 {
            guard let value = parseValue(&stream, type), let op = parseOperator(&stream) else { return .notAFeature }
            comparisons.append(Comparison(op: op.op, value: value.value, viewport: value.viewport).flipped)
            parts += [serialize(Array(values[..<(nameIndex - op.length)])), op.text]
        }
        guard stream.peekKeyword() == name else { return .notAFeature }
        stream.advance()
        parts.append(name)
        if !stream.atEnd {
            let start = nameIndex + 1
            guard let op = parseOperator(&stream), let value = parseValue(&stream, type), stream.atEnd else { return .notAFeature }
            if let first = comparisons.first {
                // Both sides must point the same way: a < x < b or a > x > b.
                let firstLess = first.op == .greater || first.op == .greaterOrEqual
                let secondLess = op.op == .less || op.op == .lessOrEqual
                guard first.op != .equal, op.op != .equal, firstLess == secondLess else { return .notAFeature }
            }
            comparisons.append(Comparison(op: op.op, value: value.value, viewport: value.viewport))
            parts += [op.text, serialize(Array(values[(start + op.length)...]))]
        }
        guard !comparisons.isEmpty else { return .notAFeature }
        guard case .range? = kind else { return .unknownName }
        return .feature(MediaFeature(name: name, test: .range(comparisons), text: "(" + parts.joined(separator: " ") + ")"))
    }

    /// `<`, `<=`, `>`, `>=`, `=` as delimiters, and how many tokens they took.
    private static func parseOperator(_ stream: inout MediaTokens) -> (op: Comparison.Operator, length: Int, text: String)? {
        guard case .token(.delim(let first))? = stream.peek() else { return nil }
        stream.advance()
        let withEqual = stream.peek() == .token(.delim("="))
        switch (first, withEqual) {
        case ("=", _): return (.equal, 1, "=")
        case ("<", true): stream.advance(); return (.lessOrEqual, 2, "<=")
        case ("<", false): return (.less, 1, "<")
        case (">", true): stream.advance(); return (.greaterOrEqual, 2, ">=")
        case (">", false): return (.greater, 1, ">")
        default: return nil
        }
    }

    /// A value of `type` in the feature's unit (px, dppx, a ratio as a
    /// number), or a viewport percentage.
    private static func parseValue(_ stream: inout MediaTokens, _ type: ValueType) -> (value: Double, viewport: Comparison.Viewport?)? {
        switch (stream.next(), type) {
        case (.token(.number(let n))?, .integer) where n.isInteger:
            return (n.value, nil)
        case (.token(.number(let n))?, .length) where n.value == 0:
            return (0, nil)
        case (.token(.dimension(let n, let unit))?, .length):
            return length(n.value, CSSTokenizer.asciiLowercased(unit))
        case (.token(.dimension(let n, let unit))?, .resolution):
            switch CSSTokenizer.asciiLowercased(unit) {
            case "dppx", "x": return (n.value, nil)
            case "dpi": return (n.value / 96, nil)
            case "dpcm": return (n.value * 2.54 / 96, nil)
            default: return nil
            }
        case (.token(.number(let n))?, .ratio):
            guard n.value >= 0 else { return nil }
            guard stream.peek() == .token(.delim("/")) else { return (n.value, nil) }
            stream.advance()
            guard case .token(.number(let d))? = stream.next(), d.value >= 0 else { return nil }
            return (d.value == 0 ? .infinity : n.value / d.value, nil)
        default:
            return nil
        }
    }

    /// Media Queries 4 §1.3: relative lengths against the initial font
    /// (16 px; a cell is half an em wide) and the viewport.
    private static func length(_ value: Double, _ unit: String) -> (value: Double, viewport: Comparison.Viewport?)? {
        let factor: Double
        switch unit {
        case "px": factor = 1
        case "em", "rem", "lh", "rlh", "cap", "ic": factor = 16
        case "ex", "ch": factor = 8
        case "vw", "svw", "lvw", "dvw": return (value, .width)
        case "vh", "svh", "lvh", "dvh": return (value, .height)
        case "vmin", "svmin", "lvmin", "dvmin": return (value, .min)
        case "vmax", "svmax", "lvmax", "dvmax": return (value, .max)
        default:
            guard let absolute = CSSLengthParser.absoluteFactor(unit) else { return nil }
            factor = absolute
        }
        return (value * factor, nil)
    }

    private static func serialize(_ values: [CSSComponentValue]) -> String {
        var text = ""
        for (i, value) in values.enumerated() {
            if i > 0, value == .token(.delim("/")) || values[i - 1] == .token(.delim("/")) { text += " " }
            text += CSSSerializer.serialize(value)
        }
        return text
    }
}
