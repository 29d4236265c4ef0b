import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// How the browser's parts and the page's styles look on the terminal: a
/// colour theme, chosen by the settings file's `theme` (`named`).
/// `default`, with colours: links cyan, headings bold yellow, controls
/// green, bars in reverse. Without colours (and in every theme): links
/// underlined, highlights reversed, so nothing is told apart by colour alone.
struct Theme {
    var titleBar: CellStyle
    var progressBar: CellStyle
    var status = CellStyle.plain
    var error: CellStyle
    var searchMatch: CellStyle
    var dialog: CellStyle
    var dialogFrame: CellStyle
    var dialogSelection = CellStyle(reverse: true)
    /// The colours of links, headings (unless the page colours them) and
    /// form controls; nil: underlined, bold and bold, as without colours.
    var link: TerminalColor?
    var heading: TerminalColor?
    var control: TerminalColor?
    /// Whether the pages' own colours are drawn.
    var pageColors = true

    /// The themes by their names in the settings file.
    static let named: [String: Theme] = ["default": .standard, "light": .light, "mono": .mono]
    static let names = ["default", "light", "mono"]

    /// The theme in force (the browser sets it from its settings).
    nonisolated(unsafe) static var current = Theme.standard

    /// Colours for a dark terminal (and most others).
    static let standard = Theme(
        titleBar: { var style = CellStyle(bold: true, foreground: .white, background: .blue); style.monochromeReverse = true; return style }(),
        progressBar: CellStyle(bold: true, foreground: .green),
        error: { var style = CellStyle(bold: true, foreground: .red); style.monochromeBold = true; return style }(),
        searchMatch: {
            var style = CellStyle(foreground: .black, background: .yellow)
            style.monochromeReverse = true
            style.monochromeBold = true
            return style
        }(),
        dialog: CellStyle(foreground: .white, background: .blue),
        dialogFrame: { var style = CellStyle(bold: true, foreground: .white, background: .blue); style.monochromeBold = true; return style }(),
        link: .cyan, heading: .yellow, control: .green)

    /// Colours that read on a light background: blue links, magenta
    /// controls, headings bold in the text's colour, dialogs black on cyan.
    static let light: Theme = {
        var theme = Theme.standard
        theme.progressBar = CellStyle(bold: true, foreground: .blue)
        theme.searchMatch.background = .cyan
        theme.dialog = CellStyle(foreground: .black, background: .cyan)
        theme.dialogFrame = CellStyle(bold: true, foreground: .black, background: .cyan)
        theme.dialogFrame.monochromeBold = true
        theme.link = .blue
        theme.heading = nil
        theme.control = .magenta
        return theme
    }()

    /// No colours at all, the pages' included: reverse, bold and underline only.
    static let mono = Theme(
        titleBar: CellStyle(bold: true, reverse: true),
        progressBar: CellStyle(bold: true),
        error: CellStyle(bold: true),
        searchMatch: CellStyle(bold: true, reverse: true),
        dialog: .plain,
        dialogFrame: CellStyle(bold: true),
        link: nil, heading: nil, control: nil, pageColors: false)

    static var titleBar: CellStyle { current.titleBar }
    static var progressBar: CellStyle { current.progressBar }
    static var status: CellStyle { current.status }
    static var error: CellStyle { current.error }
    static var searchMatch: CellStyle { current.searchMatch }
    static var dialog: CellStyle { current.dialog }
    static var dialogFrame: CellStyle { current.dialogFrame }
    static var dialogSelection: CellStyle { current.dialogSelection }

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
        let theme = current
        if style.isDisjoint(with: [.link, .formControl, .focused]), theme.pageColors {
            cell.backgroundRGB = background.map(rgb)
            cell.foregroundRGB = color.flatMap { readable(rgb($0), on: cell.backgroundRGB, lightTerminal: lightTerminal) }
        }
        if style.contains(.heading) {
            cell.bold = true
            if cell.foregroundRGB == nil { cell.foreground = theme.heading }
        }
        if style.contains(.link) {
            cell.foreground = theme.link
            cell.monochromeUnderline = true
            if theme.link == nil { cell.underline = true }
        }
        if style.contains(.formControl) {
            cell.foreground = theme.control
            cell.monochromeBold = true
            if theme.control == nil { cell.bold = true }
        }
        if style.contains(.focused) {
            cell.reverse = true
        }
        if style.contains(.placeholder) { cell.dim = true }
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
