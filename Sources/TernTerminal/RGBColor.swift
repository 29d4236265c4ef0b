#if canImport(Glibc)
import Glibc
#endif

/// A 24-bit sRGB colour a page asked for, drawn as near as the terminal
/// can (`ColorPalette`).
public struct RGBColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// WCAG 2.x relative luminance (sRGB channels linearised), 0…1.
    public var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.x contrast ratio with `other`, 1…21.
    public func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// A perceptual distance (the "redmean" weighting of squared channel
    /// differences): what "nearest colour" means here.
    func distance(to other: RGBColor) -> Int {
        let meanRed = (Int(red) + Int(other.red)) / 2
        let dr = Int(red) - Int(other.red), dg = Int(green) - Int(other.green), db = Int(blue) - Int(other.blue)
        return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
    }
}
