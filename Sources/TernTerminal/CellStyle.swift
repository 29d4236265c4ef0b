/// How text is drawn: attributes and colours. Colours are used where the
/// terminal has them; `fallback` attributes stand in where it has not.
public struct CellStyle: Hashable, Sendable {
    public var bold = false
    public var underline = false
    public var reverse = false
    public var italic = false
    public var dim = false
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    /// A page's own colours: drawn as near as the terminal can, in place
    /// of `foreground`/`background` when set.
    public var foregroundRGB: RGBColor?
    public var backgroundRGB: RGBColor?
    /// Attributes added on a terminal without colours, so that what the
    /// colours told apart stays apart (a link underlined, a highlight reversed).
    public var monochromeUnderline = false
    public var monochromeReverse = false
    public var monochromeBold = false

    public init(bold: Bool = false, underline: Bool = false, reverse: Bool = false, italic: Bool = false, dim: Bool = false,
                foreground: TerminalColor? = nil, background: TerminalColor? = nil) {
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.italic = italic
        self.dim = dim
        self.foreground = foreground
        self.background = background
    }

    public static let plain = CellStyle()
}

/// The terminal's eight colours and their bright variants (bright ones need
/// a terminal with 16 colours; elsewhere they fall back to the dark ones).
public enum TerminalColor: Int16, Hashable, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}
