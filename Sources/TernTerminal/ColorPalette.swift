#if canImport(Glibc)
import Glibc
#endif

/// What colours a terminal can show, and the nearest of them to a page's
/// 24-bit colour.
public enum ColorPalette: Hashable, Sendable {
    /// No colours (`NO_COLOR`, `--no-color`, or a monochrome terminal).
    case none
    /// The 8 ANSI colours.
    case ansi8
    /// The 8 and their bright variants.
    case ansi16
    /// xterm's 256: the 16, a 6×6×6 cube and 24 greys.
    case xterm256
    /// Any 24-bit colour (direct colour).
    case direct

    /// The palette for a terminal with `colors` colours, given whether it
    /// says it takes 24-bit colour (terminfo `RGB`, direct colour, or
    /// `COLORTERM=truecolor`/`24bit` where the driver can send it).
    public init(colors: Int, directColor: Bool) {
        if directColor || colors >= 1 << 24 { self = .direct }
        else if colors >= 256 { self = .xterm256 }
        else if colors >= 16 { self = .ansi16 }
        else if colors >= 8 { self = .ansi8 }
        else { self = .none }
    }

    /// The terminal colour number nearest `color`: the RGB value packed as
    /// 0xRRGGBB for direct colour, else a palette index; nil without colours.
    public func number(for color: RGBColor) -> Int32? {
        switch self {
        case .none: return nil
        case .direct: return Int32(color.red) << 16 | Int32(color.green) << 8 | Int32(color.blue)
        case .xterm256: return ColorPalette.nearest256(color)
        case .ansi16: return ColorPalette.nearest(color, among: 16)
        case .ansi8: return ColorPalette.nearest(color, among: 8)
        }
    }

    /// The colours 0…15 as xterm shows them by default (terminals differ;
    /// these are the usual reference).
    static let ansi: [RGBColor] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ].map { RGBColor(red: $0.0, green: $0.1, blue: $0.2) }

    /// The levels of each channel in the 256-colour cube.
    static let cubeLevels: [UInt8] = [0, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]

    /// The RGB value of palette entry `index` (0…255).
    public static func rgb(ofIndex index: Int) -> RGBColor {
        switch index {
        case ..<16: return ansi[max(0, index)]
        case 16..<232:
            let i = index - 16
            return RGBColor(red: cubeLevels[i / 36], green: cubeLevels[i / 6 % 6], blue: cubeLevels[i % 6])
        default:
            let level = UInt8(8 + 10 * (min(index, 255) - 232))
            return RGBColor(red: level, green: level, blue: level)
        }
    }

    /// The nearest of the first `count` ANSI colours.
    static func nearest(_ color: RGBColor, among count: Int) -> Int32 {
        var best = 0
        for index in 1..<count where ansi[index].distance(to: color) < ansi[best].distance(to: color) { best = index }
        return Int32(best)
    }

    /// The nearest entry of the cube or the grey ramp (16…255): the 16
    /// ANSI colours are left out, since each terminal has its own idea of
    /// them (as tmux does).
    static func nearest256(_ color: RGBColor) -> Int32 {
        func cubeIndex(_ channel: UInt8) -> Int {
            var best = 0
            for i in 1..<6 where abs(Int(cubeLevels[i]) - Int(channel)) < abs(Int(cubeLevels[best]) - Int(channel)) { best = i }
            return best
        }
        let cube = 16 + 36 * cubeIndex(color.red) + 6 * cubeIndex(color.green) + cubeIndex(color.blue)
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let grey = 232 + max(0, min(23, (average - 3) / 10))
        let cubeDistance = rgb(ofIndex: cube).distance(to: color), greyDistance = rgb(ofIndex: grey).distance(to: color)
        return Int32(greyDistance < cubeDistance ? grey : cube)
    }
}
