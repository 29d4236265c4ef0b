import Glibc

/// The device-independent colours of CSS Color 4 — `lab()`, `lch()` (§9),
/// `oklab()`, `oklch()` (§10) and `color()` in the sRGB, sRGB-linear,
/// Display P3 and XYZ spaces (§11) — converted to sRGB with the sample code
/// of §18. Colours outside sRGB are clipped per channel (a terminal has no
/// wider gamut; §13's gamut mapping would only shift hues slightly).
enum CSSColorSpaces {
    /// The colour function `name` (ASCII lower case) of `arguments`, or nil.
    static func parse(_ name: String, _ arguments: [CSSComponentValue]) -> CSSColor? {
        var words = arguments.words
        var space = name
        if name == "color" {
            guard let first = words.first?.keyword else { return nil }
            space = first
            words.removeFirst()
        }
        var alphaWord: CSSComponentValue?
        if words.count == 5 {
            guard words[3] == .token(.delim("/")) else { return nil }
            alphaWord = words[4]
            words.removeLast(2)
        }
        guard words.count == 3 else { return nil }
        guard let alpha = CSSColorParser.alpha(alphaWord, legacy: false) else { return nil }
        /// A component: a number, a percentage of `hundredPercent`, or `none` (0).
        func component(_ word: CSSComponentValue, _ hundredPercent: Double) -> Double? {
            if word.keyword == "none" { return 0 }
            if case .token(.percentage(let n)) = word { return n.value / 100 * hundredPercent }
            return CSSLengthParser.number(word)
        }
        func hue(_ word: CSSComponentValue) -> Double? { CSSColorParser.hue(word, legacy: false) }
        let linear: [Double]
        switch space {
        case "lab", "lch":
            guard let l = component(words[0], 100) else { return nil }
            let a: Double, b: Double
            if space == "lab" {
                guard let x = component(words[1], 125), let y = component(words[2], 125) else { return nil }
                (a, b) = (x, y)
            } else {
                guard let c = component(words[1], 150), let h = hue(words[2]) else { return nil }
                (a, b) = polar(max(c, 0), h)
            }
            linear = xyzD65ToLinearSRGB(d50ToD65(labToXYZ(min(max(l, 0), 100), a, b)))
        case "oklab", "oklch":
            guard let l = component(words[0], 1) else { return nil }
            let a: Double, b: Double
            if space == "oklab" {
                guard let x = component(words[1], 0.4), let y = component(words[2], 0.4) else { return nil }
                (a, b) = (x, y)
            } else {
                guard let c = component(words[1], 0.4), let h = hue(words[2]) else { return nil }
                (a, b) = polar(max(c, 0), h)
            }
            linear = oklabToLinearSRGB(min(max(l, 0), 1), a, b)
        case "srgb", "srgb-linear", "display-p3", "xyz", "xyz-d65", "xyz-d50":
            var values: [Double] = []
            for word in words {
                guard let value = component(word, 1) else { return nil }
                values.append(value)
            }
            switch space {
            case "srgb": linear = values.map(toLinear)
            case "srgb-linear": linear = values
            case "display-p3": linear = xyzD65ToLinearSRGB(multiply(p3ToXYZ, values.map(toLinear)))
            case "xyz-d50": linear = xyzD65ToLinearSRGB(d50ToD65(values))
            default: linear = xyzD65ToLinearSRGB(values)
            }
        default:
            return nil
        }
        let rgb = linear.map { CSSColorParser.byte(fromLinear($0)) }
        return CSSColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha)
    }

    private static func polar(_ chroma: Double, _ hueDegrees: Double) -> (Double, Double) {
        let radians = (hueDegrees.isFinite ? hueDegrees.truncatingRemainder(dividingBy: 360) : 0) * Double.pi / 180
        return (chroma * cos(radians), chroma * sin(radians))
    }

    private static func multiply(_ matrix: [[Double]], _ vector: [Double]) -> [Double] {
        matrix.map { row in zip(row, vector).reduce(0) { $0 + $1.0 * $1.1 } }
    }

    /// §18: CIE Lab (D50) to XYZ (D50).
    private static func labToXYZ(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let f1 = (l + 16) / 116, f0 = a / 500 + f1, f2 = f1 - b / 200
        let x = f0 * f0 * f0 > epsilon ? f0 * f0 * f0 : (116 * f0 - 16) / kappa
        let y = l > kappa * epsilon ? f1 * f1 * f1 : l / kappa
        let z = f2 * f2 * f2 > epsilon ? f2 * f2 * f2 : (116 * f2 - 16) / kappa
        return [x * 0.3457 / 0.3585, y, z * (1 - 0.3457 - 0.3585) / 0.3585]
    }

    /// §18: Bradford chromatic adaptation from D50 to D65.
    private static func d50ToD65(_ xyz: [Double]) -> [Double] {
        multiply([[0.955473421488075, -0.02309845494876471, 0.06325924320057072],
                  [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
                  [0.012314014864481998, -0.020507649298898964, 1.330365926242124]], xyz)
    }

    private static func xyzD65ToLinearSRGB(_ xyz: [Double]) -> [Double] {
        multiply([[12831.0 / 3959, -329.0 / 214, -1974.0 / 3959],
                  [-851781.0 / 878810, 1648619.0 / 878810, 36519.0 / 878810],
                  [705.0 / 12673, -2585.0 / 12673, 705.0 / 667]], xyz)
    }

    private static let p3ToXYZ: [[Double]] = [[608311.0 / 1250200, 189793.0 / 714400, 198249.0 / 1000160],
                                              [35783.0 / 156275, 247089.0 / 357200, 198249.0 / 2500400],
                                              [0, 32229.0 / 714400, 5220557.0 / 5000800]]

    /// §10 (Ottosson's OKLab) to linear sRGB.
    private static func oklabToLinearSRGB(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        let lms = [l + 0.3963377774 * a + 0.2158037573 * b,
                   l - 0.1055613458 * a - 0.0638541728 * b,
                   l - 0.0894841775 * a - 1.2914855480 * b].map { $0 * $0 * $0 }
        return multiply([[4.0767416621, -3.3077115913, 0.2309699292],
                         [-1.2684380046, 2.6097574011, -0.3413193965],
                         [-0.0041960863, -0.7034186147, 1.7076147010]], lms)
    }

    /// The sRGB transfer function and its inverse (§18, extended to negatives).
    private static func toLinear(_ value: Double) -> Double {
        let magnitude = abs(value)
        let result = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -result : result
    }

    private static func fromLinear(_ value: Double) -> Double {
        let magnitude = abs(value)
        let result = magnitude > 0.0031308 ? 1.055 * pow(magnitude, 1 / 2.4) - 0.055 : 12.92 * magnitude
        return value < 0 ? -result : result
    }
}
