/// `<color>` values of CSS Color 4: hex notations (§5.2), named and system
/// colours (§6), `transparent`, `currentcolor` (§6.4), `rgb()`/`rgba()`
/// (§5.1), `hsl()`/`hsla()` (§7) and `hwb()` (§8), in their modern and
/// legacy (comma) syntaxes; `lab()`, `lch()`, `oklab()`, `oklch()` and
/// `color()` through `CSSColorSpaces`.
enum CSSColorParser {
    enum Parsed: Equatable {
        case color(CSSColor)
        case currentColor
    }

    static func parse(_ value: CSSComponentValue) -> Parsed? {
        switch value {
        case .token(.hash(let text, _)):
            return hex(text).map(Parsed.color)
        case .token(.ident):
            guard let name = value.keyword else { return nil }
            if name == "currentcolor" { return .currentColor }
            if name == "transparent" { return .color(.transparent) }
            guard let rgb = CSSNamedColors.table[name] else { return nil }
            return .color(CSSColor(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8), blue: UInt8(truncatingIfNeeded: rgb)))
        case .function(let rawName, let arguments):
            let name = CSSComponentValue.asciiLowercased(rawName)
            switch name {
            case "rgb", "rgba": return rgb(arguments).map(Parsed.color)
            case "hsl", "hsla", "hwb": return hueBased(arguments, hwb: name == "hwb").map(Parsed.color)
            default: return CSSColorSpaces.parse(name, arguments).map(Parsed.color)
            }
        default:
            return nil
        }
    }

    /// A colour that resolves `currentcolor` to `current`.
    static func color(_ value: CSSComponentValue, current: CSSColor) -> CSSColor? {
        switch parse(value) {
        case .color(let color)?: return color
        case .currentColor?: return current
        case nil: return nil
        }
    }

    /// §5.2: 3, 4, 6 or 8 hex digits.
    static func hex(_ text: String) -> CSSColor? {
        var digits: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 48...57: digits.append(byte - 48)
            case 65...70: digits.append(byte - 55)
            case 97...102: digits.append(byte - 87)
            default: return nil
            }
            if digits.count > 8 { return nil }
        }
        switch digits.count {
        case 3, 4:
            return CSSColor(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17, alpha: digits.count == 4 ? digits[3] * 17 : 255)
        case 6, 8:
            return CSSColor(red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3], blue: digits[4] << 4 | digits[5],
                            alpha: digits.count == 8 ? digits[6] << 4 | digits[7] : 255)
        default:
            return nil
        }
    }

    /// A channel 0…1 as a byte, NaN as 0 (§5.1: out-of-range values clamp).
    static func byte(_ fraction: Double) -> UInt8 {
        guard !fraction.isNaN else { return 0 }
        return UInt8(min(max(fraction * 255, 0), 255).rounded())
    }

    /// The arguments: three channels and an optional alpha, in the legacy
    /// comma form or the modern space form with `/ alpha`; nil if malformed.
    private static func channels(_ arguments: [CSSComponentValue]) -> (values: [CSSComponentValue], alpha: CSSComponentValue?, legacy: Bool)? {
        let words = arguments.words
        if words.contains(where: \.isComma) {
            guard let groups = arguments.commaGroups, groups.count == 3 || groups.count == 4,
                  groups.allSatisfy({ $0.count == 1 }) else { return nil }
            return (groups.prefix(3).map { $0[0] }, groups.count == 4 ? groups[3][0] : nil, true)
        }
        if words.count == 3 { return (words, nil, false) }
        guard words.count == 5, words[3] == .token(.delim("/")) else { return nil }
        return (Array(words.prefix(3)), words[4], false)
    }

    /// `<alpha-value>`: a number 0…1 or a percentage; `none` (modern) is 0.
    static func alpha(_ value: CSSComponentValue?, legacy: Bool) -> UInt8? {
        guard let value else { return 255 }
        if case .token(.percentage(let n)) = value { return byte(n.value / 100) }
        if !legacy && value.keyword == "none" { return 0 }
        return CSSLengthParser.number(value).map { byte($0) }
    }

    /// §5.1 `rgb()`: numbers 0…255 or percentages; the legacy syntax takes
    /// all of one kind and no `none`.
    private static func rgb(_ arguments: [CSSComponentValue]) -> CSSColor? {
        guard let (values, alphaValue, legacy) = channels(arguments) else { return nil }
        var result: [UInt8] = []
        var percentages = 0
        for value in values {
            if case .token(.percentage(let n)) = value {
                percentages += 1
                result.append(byte(n.value / 100))
            } else if !legacy && value.keyword == "none" {
                result.append(0)
            } else if let n = CSSLengthParser.number(value) {
                result.append(byte(n / 255))
            } else {
                return nil
            }
        }
        if legacy && percentages != 0 && percentages != 3 { return nil }
        guard let a = alpha(alphaValue, legacy: legacy) else { return nil }
        return CSSColor(red: result[0], green: result[1], blue: result[2], alpha: a)
    }

    /// A `<hue>` in degrees: a number or an angle (§7.1, CSS Values 4 §7.1).
    static func hue(_ value: CSSComponentValue, legacy: Bool) -> Double? {
        if !legacy && value.keyword == "none" { return 0 }
        if case .token(.dimension(let n, let unit)) = value {
            switch CSSComponentValue.asciiLowercased(unit) {
            case "deg": return n.value
            case "rad": return n.value * 180 / Double.pi
            case "grad": return n.value * 0.9
            case "turn": return n.value * 360
            default: return nil
            }
        }
        return CSSLengthParser.number(value)
    }

    /// §7 `hsl()` and §8 `hwb()`: hue, then two percentages (numbers in the
    /// modern syntax); `hwb()` has no legacy syntax.
    private static func hueBased(_ arguments: [CSSComponentValue], hwb: Bool) -> CSSColor? {
        guard let (values, alphaValue, legacy) = channels(arguments), !(hwb && legacy),
              var h = hue(values[0], legacy: legacy) else { return nil }
        var fractions: [Double] = []
        for value in values.dropFirst() {
            if case .token(.percentage(let n)) = value {
                fractions.append(n.value / 100)
            } else if !legacy && value.keyword == "none" {
                fractions.append(0)
            } else if !legacy, let n = CSSLengthParser.number(value) {
                fractions.append(n / 100)
            } else {
                return nil
            }
        }
        guard let a = alpha(alphaValue, legacy: legacy) else { return nil }
        h = h.isFinite ? h.truncatingRemainder(dividingBy: 360) : 0
        if h < 0 { h += 360 }
        let first = min(max(fractions[0].isNaN ? 0 : fractions[0], 0), 1)
        let second = min(max(fractions[1].isNaN ? 0 : fractions[1], 0), 1)
        var rgb: [Double]
        if hwb {
            // §8.1: whiteness and blackness summing to 1 or more give a grey.
            if first + second >= 1 {
                let grey = first / (first + second)
                rgb = [grey, grey, grey]
            } else {
                rgb = hslToRGB(h, 1, 0.5).map { $0 * (1 - first - second) + first }
            }
        } else {
            rgb = hslToRGB(h, first, second)
        }
        return CSSColor(red: byte(rgb[0]), green: byte(rgb[1]), blue: byte(rgb[2]), alpha: a)
    }

    /// §7.1's hslToRgb: hue in degrees, saturation and lightness 0…1.
    static func hslToRGB(_ hue: Double, _ saturation: Double, _ lightness: Double) -> [Double] {
        func f(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }
}
