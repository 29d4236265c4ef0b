import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// How the browser's parts and the page's styles look on the terminal.
/// With colours: links blue, headings bold yellow, controls green, bars in
/// reverse. Without: links underlined, highlights reversed, so nothing is
/// told apart by colour alone.
enum Theme {
    static let titleBar: CellStyle = {
        var style = CellStyle(bold: true, foreground: .white, background: .blue)
        style.monochromeReverse = true
        return style
    }()
    static let progressBar = CellStyle(bold: true, foreground: .green)
    static let status = CellStyle.plain
    static let error: CellStyle = {
        var style = CellStyle(bold: true, foreground: .red)
        style.monochromeBold = true
        return style
    }()
    static let searchMatch: CellStyle = {
        var style = CellStyle(foreground: .black, background: .yellow)
        style.monochromeReverse = true
        style.monochromeBold = true
        return style
    }()
    static let dialog = CellStyle(foreground: .white, background: .blue)
    static let dialogFrame: CellStyle = {
        var style = CellStyle(bold: true, foreground: .white, background: .blue)
        style.monochromeBold = true
        return style
    }()
    static let dialogSelection = CellStyle(reverse: true)

    /// Page colours closer than this (WCAG contrast ratio, 1…21) to their
    /// background are not used: WCAG's floor for large text, since a
    /// terminal's cells are what the person must read.
    static let minimumContrast = 3.0

    /// Whether the terminal's default background is light: `COLORFGBG`
    /// (rxvt, Konsole: "15;0" is light text on a dark ground) says so; dark
    /// when nothing says.
    static let terminalIsLight: Bool = {
        guard let value = getenv("COLORFGBG").map({ String(cString: $0) }),
              let background = value.split(separator: ";").last.flatMap({ Int($0) }) else { return false }
        return background == 7 || (9...15).contains(background)
    }()

    /// The terminal style of a run of page text: the page's colours where
    /// they can be read (the contrast floor), the theme's for links, form
    /// controls and the focused element so they stay told apart, headings
    /// yellow unless the page colours them.
    static func cell(for style: TextStyle, color: TextColor?, background: TextColor? = nil,
                     lightTerminal: Bool = Theme.terminalIsLight) -> CellStyle {
        var cell = CellStyle(bold: style.contains(.bold), underline: style.contains(.underline),
                             reverse: style.contains(.reverse), italic: style.contains(.italic))
        if style.isDisjoint(with: [.link, .formControl, .focused]) {
            cell.backgroundRGB = background.map(rgb)
            cell.foregroundRGB = color.flatMap { readable(rgb($0), on: cell.backgroundRGB, lightTerminal: lightTerminal) }
        }
        if style.contains(.heading) {
            cell.bold = true
            if cell.foregroundRGB == nil { cell.foreground = .yellow }
        }
        if style.contains(.link) {
            cell.foreground = .cyan
            cell.monochromeUnderline = true
        }
        if style.contains(.formControl) {
            cell.foreground = .green
            cell.monochromeBold = true
        }
        if style.contains(.focused) {
            cell.reverse = true
        }
        return cell
    }

    /// The contrast floor: `color` when it stands out from `background`
    /// (nil: the terminal's own, light or dark) by `minimumContrast`; else,
    /// on the terminal's background, nil (its default text colour), and on
    /// a page background, black or white, whichever stands out more.
    static func readable(_ color: RGBColor, on background: RGBColor?, lightTerminal: Bool) -> RGBColor? {
        let ground = background ?? (lightTerminal ? .white : .black)
        guard color.contrastRatio(with: ground) < minimumContrast else { return color }
        guard let background else { return nil }
        return RGBColor.black.contrastRatio(with: background) >= RGBColor.white.contrastRatio(with: background) ? .black : .white
    }

    private static func rgb(_ color: TextColor) -> RGBColor {
        RGBColor(red: color.red, green: color.green, blue: color.blue)
    }
}
