/// What an element's text and paragraphs read of its `ComputedStyle`: plain
/// values, copied without a reference to count (a `ComputedStyle` holds
/// arrays, so each copy of it retains and releases every one). `BoxBuilder`
/// keeps one per open element and reads it for each text run and paragraph.
struct InlineStyle {
    var bold: Bool
    var italic: Bool
    var underline: Bool
    var lineThrough: Bool
    var reverse: Bool
    var hidden: Bool
    var scrollsHorizontally: Bool
    var flexRow: Bool
    var whiteSpace: ComputedStyle.WhiteSpace
    var textTransform: ComputedStyle.TextTransform
    var verticalAlign: ComputedStyle.VerticalAlign
    var textAlign: TextAlign
    var color: Color?
    var background: Color?

    init(_ style: ComputedStyle) {
        bold = style.bold
        italic = style.italic
        underline = style.underline
        lineThrough = style.lineThrough
        reverse = style.reverse
        hidden = style.hidden
        scrollsHorizontally = style.scrollsHorizontally
        flexRow = style.flexRow
        whiteSpace = style.whiteSpace
        textTransform = style.textTransform
        verticalAlign = style.verticalAlign
        textAlign = style.textAlign
        color = style.color
        background = style.background
    }
}
