/// Where something sits on the rendered page: a line and a range of display
/// columns on it. A link that wraps has one region per line.
public struct TextRegion: Hashable, Sendable {
    /// Index into `RenderedPage.lines`.
    public var line: Int
    /// Display columns, counted from 0 at the left edge.
    public var columns: Range<Int>

    public init(line: Int, columns: Range<Int>) {
        self.line = line
        self.columns = columns
    }
}
