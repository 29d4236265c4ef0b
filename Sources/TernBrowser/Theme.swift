import TernKit
import TernTerminal

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

    /// The terminal style of a run of page text.
    static func cell(for style: TextStyle, color: TextColor?) -> CellStyle {
        var cell = CellStyle(bold: style.contains(.bold), underline: style.contains(.underline),
                             reverse: style.contains(.reverse), italic: style.contains(.italic))
        _ = color // CONTRACT (coordinator): the terminal helper maps RGB to the terminal's colours.
        if style.contains(.heading) {
            cell.bold = true
            cell.foreground = cell.foreground ?? .yellow
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
}
