/// The style values layout reads for an element, in terminal units:
/// margins in lines, indentation in columns.
///
/// Made by `StyleResolver` from a built-in user-agent table (a CSS cascade
/// can replace or extend it later without changing layout).
public struct ComputedStyle: Hashable, Sendable {
    public enum Display: Hashable, Sendable {
        case none, block, inline, listItem
        case table, tableRowGroup, tableHeaderGroup, tableFooterGroup, tableRow, tableCell, tableCaption, tableColumn
    }

    public enum WhiteSpace: Hashable, Sendable {
        /// Collapse whitespace, wrap lines.
        case normal
        /// Keep whitespace and newlines, do not wrap.
        case pre
        /// Collapse whitespace, do not wrap.
        case nowrap
    }

    public var display: Display = .inline
    /// Inherited.
    public var whiteSpace: WhiteSpace = .normal
    /// Blank lines above and below (collapsing with neighbours, as CSS margins do).
    public var marginTop = 0
    public var marginBottom = 0
    /// Columns the block's content is indented by (margin-left + padding-left).
    public var indent = 0
    /// Inherited: font-weight bold.
    public var bold = false
    /// Inherited: font-style italic.
    public var italic = false
    /// Inherited: text-decoration underline.
    public var underline = false
    /// Inherited: reverse video (`<mark>`).
    public var reverse = false
    /// Inherited.
    public var textAlign: TextAlign = .left
    /// Inherited.
    public var color: Color?

    public init() {}

    /// The style a child starts from: the inherited properties of `self`.
    public var inherited: ComputedStyle {
        var child = ComputedStyle()
        child.whiteSpace = whiteSpace
        child.bold = bold
        child.italic = italic
        child.underline = underline
        child.reverse = reverse
        child.textAlign = textAlign
        child.color = color
        return child
    }
}
