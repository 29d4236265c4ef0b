/// Where an element sits on the rendered page, in cells: the lines from its
/// first content to its last, and the columns of the block it is in (the
/// indents at its start). An inline element is given its block's columns.
public struct ElementExtent: Hashable, Sendable {
    public var firstLine: Int
    public var lastLine: Int
    public var columns: Range<Int>

    public init(firstLine: Int, lastLine: Int, columns: Range<Int>) {
        self.firstLine = firstLine
        self.lastLine = max(firstLine, lastLine)
        self.columns = columns
    }
}
