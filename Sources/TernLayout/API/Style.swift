/// How a run of text is drawn: a set of attributes. The terminal front end maps
/// them to terminal attributes; `--dump` ignores them.
public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let bold = Style(rawValue: 1 << 0)
    public static let italic = Style(rawValue: 1 << 1)
    public static let underline = Style(rawValue: 1 << 2)
    public static let reverse = Style(rawValue: 1 << 3)
    /// Part of a link (its `[n]` number included).
    public static let link = Style(rawValue: 1 << 4)
    /// The focused link or control; layout never sets it, the front end does.
    public static let focused = Style(rawValue: 1 << 5)
    /// Part of a form control.
    public static let formControl = Style(rawValue: 1 << 6)
    /// Part of a heading (`h1`–`h6`), its underline row included.
    public static let heading = Style(rawValue: 1 << 7)
    /// Struck through (CSS `text-decoration: line-through`, `<s>`, `<del>`).
    public static let lineThrough = Style(rawValue: 1 << 8)
    /// A text field's placeholder, shown while it is empty (drawn dim).
    public static let placeholder = Style(rawValue: 1 << 9)
}

/// A colour as 24-bit sRGB, from the page's CSS. The terminal front end
/// maps it to what the terminal has (truecolor, 256 or 8 colours).
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
