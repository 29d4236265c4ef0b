/// A list marker (`*`, `3.`) or a `<summary>` marker drawn in the indentation
/// to the left of the first line of an item.
struct Marker {
    var text: String
    var width: Int
    var attributes: RunAttributes
}

/// A `<textarea>`: a box of `rows` × `columns` showing its text.
struct TextareaBox {
    var text: String
    var rows: Int
    var columns: Int
    var attributes: RunAttributes
    /// Its field number (`LayoutOptions.numberFields`), drawn in its top
    /// border so that it stands on the box's first line, not above it.
    var number: Int?
}

/// One block of a flow: a paragraph, a rule, a table, a textarea, or nothing
/// (a marker or anchors with no content of their own).
struct FlowItem {
    enum Content {
        case paragraph(Paragraph)
        case rule
        case table(TableBox)
        case textarea(TextareaBox)
        /// A block laid out apart: bordered, padded, of its own width, or a flex row.
        case box(BlockBox)
        /// A frame's document inside a box-drawing frame.
        case frame(FrameBox)
        case empty
    }

    var content: Content
    /// Columns from the flow's left edge (clamped at layout time so deep
    /// nesting keeps some room for text).
    var indent: Int
    /// Columns kept free at the right edge (CSS margin, border and padding on the right).
    var indentRight = 0
    /// Blank lines before the item (collapsed margins); none at the top of a flow.
    var marginBefore: Int
    var marker: Marker?
    /// Anchors that start at the item's first line.
    var anchors: [String]
    /// For `h1`/`h2`: a character to draw a row of under the text.
    var underline: Unicode.Scalar?
    var underlineAttributes = RunAttributes()

    /// What a heading's row under its text is drawn with.
    static let headingUnderline: RunAttributes = {
        var attributes = RunAttributes()
        attributes.style = [.bold, .heading]
        return attributes
    }()

    /// Nothing at all: what an item is replaced by when it is moved out of
    /// an array (swapped, so that no array it holds is retained and released).
    static var placeholder: FlowItem {
        FlowItem(content: .empty, indent: 0, indentRight: 0, marginBefore: 0, marker: nil, anchors: [], underline: nil)
    }

    /// Moves the items out of `items`, one at a time, leaving placeholders.
    static func drain(_ items: inout [FlowItem], _ body: (consuming FlowItem) -> Void) {
        for index in items.indices {
            var item = placeholder
            swap(&item, &items[index])
            body(consume item)
        }
    }
}

/// A sequence of blocks laid out top to bottom: the page body, or a table cell.
/// Flat, whatever the document's depth: nesting only shows as indentation.
struct Flow {
    var items: [FlowItem] = []
}

/// Lines made by layout, with the anchors found on them (line index, name).
struct LaidOut {
    var lines: [Line] = []
    var anchors: [(line: Int, name: String)] = []
}
