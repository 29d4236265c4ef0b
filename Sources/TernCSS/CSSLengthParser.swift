/// Lengths, percentages and numbers (CSS Values 4 §5–§6), computed to CSS px
/// the way computed values are (§4.4 of CSS Cascade 4: relative units
/// resolved, percentages kept where they depend on layout).
enum CSSLengthParser {
    /// What relative units are measured against.
    struct Context {
        /// `em` (the element's font size; the parent's for `font-size` itself).
        var fontSize: Double = 16
        /// `rem` (the root element's font size).
        var rootFontSize: Double = 16
        /// The viewport in px (`vw`, `vh`, `vmin`, `vmax`): 80 × 24 cells by default.
        var viewportWidth: Double = 640
        var viewportHeight: Double = 384
        /// What a percentage is of when it resolves at computed-value time
        /// (the parent's font size for `font-size`); nil keeps percentages.
        var percentBase: Double?
    }

    /// Computed lengths stay within ±10^7 px (a million cells): CSS Values 4
    /// §10.9 lets a UA clamp to its supported range; NaN becomes 0.
    static let limit = 1e7

    static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }

    /// §6.2: px in one `unit` of the absolute lengths other than px (1in = 96px).
    static func absoluteFactor(_ unit: String) -> Double? {
        switch unit {
        case "in": return 96
        case "cm": return 96 / 2.54
        case "mm": return 96 / 25.4
        case "q": return 96 / 101.6
        case "pt": return 96 / 72
        case "pc": return 16
        default: return nil
        }
    }

    /// §6.1–§6.2: `value` of `unit` (ASCII lower case) in px; nil for a unit
    /// that is not a length.
    static func px(_ value: Double, unit: String, _ context: Context) -> Double? {
        let factor: Double
        switch unit {
        case "px": factor = 1
        case "em", "ic": factor = context.fontSize
        case "rem", "ric": factor = context.rootFontSize
        // A terminal cell is half an em wide: the x-height and the "0" advance are too.
        case "ex", "ch", "cap": factor = context.fontSize / 2
        case "rex", "rch", "rcap": factor = context.rootFontSize / 2
        case "lh": factor = context.fontSize * 1.2
        case "rlh": factor = context.rootFontSize * 1.2
        case "vw", "svw", "lvw", "dvw", "vi", "svi", "lvi", "dvi", "cqw", "cqi": factor = context.viewportWidth / 100
        case "vh", "svh", "lvh", "dvh", "vb", "svb", "lvb", "dvb", "cqh", "cqb": factor = context.viewportHeight / 100
        case "vmin", "svmin", "lvmin", "dvmin", "cqmin": factor = min(context.viewportWidth, context.viewportHeight) / 100
        case "vmax", "svmax", "lvmax", "dvmax", "cqmax": factor = max(context.viewportWidth, context.viewportHeight) / 100
        default:
            guard let absolute = absoluteFactor(unit) else { return nil }
            factor = absolute
        }
        return clamp(value * factor)
    }

    /// A `<length-percentage>` (`<length>` when `percent` is false), `0`
    /// unitless, or a `calc()`-family function of them. Negative values are
    /// invalid when `negative` is false (a `calc()` is clamped instead, §10.12).
    static func length(_ value: CSSComponentValue, _ context: Context, percent: Bool = true, negative: Bool = true) -> CSSLength? {
        switch value {
        case .token(.dimension(let number, let unit)):
            guard let px = px(number.value, unit: CSSComponentValue.asciiLowercased(unit), context),
                  negative || px >= 0 else { return nil }
            return .px(px)
        case .token(.number(let number)) where number.value == 0:
            return .px(0)
        case .token(.percentage(let number)) where percent:
            guard negative || number.value >= 0 else { return nil }
            if let base = context.percentBase { return .px(clamp(base * number.value / 100)) }
            return .percent(clamp(number.value))
        case .function(let name, let arguments):
            guard let result = CSSCalc.evaluate(CSSComponentValue.asciiLowercased(name), arguments, context),
                  !result.isNumber, percent || result.percent == 0 else { return nil }
            var px = clamp(result.px)
            var pct = clamp(result.percent)
            if !negative && pct == 0 { px = max(px, 0) }
            if !negative && px == 0 { pct = max(pct, 0) }
            if pct == 0 { return .px(px) }
            return px == 0 ? .percent(pct) : .calc(px: px, percent: pct)
        default:
            return nil
        }
    }

    /// A `<number>` or a `calc()` of numbers, NaN as 0 and clamped to ±10^7.
    static func number(_ value: CSSComponentValue, _ context: Context = Context()) -> Double? {
        switch value {
        case .token(.number(let number)): return clamp(number.value)
        case .function(let name, let arguments):
            guard let result = CSSCalc.evaluate(CSSComponentValue.asciiLowercased(name), arguments, context),
                  result.isNumber else { return nil }
            return clamp(result.number)
        default: return nil
        }
    }

    /// An `<integer>` (a number token with the integer flag, or a calc()
    /// rounded, §10.9), clamped to ±2^31 so it always fits an `Int`.
    static func integer(_ value: CSSComponentValue) -> Int? {
        let result: Double
        switch value {
        case .token(.number(let number)) where number.isInteger: result = number.value
        case .function: guard let n = self.number(value) else { return nil }; result = n.rounded()
        default: return nil
        }
        return Int(min(max(result.isNaN ? 0 : result, -2_147_483_648), 2_147_483_647))
    }
}
