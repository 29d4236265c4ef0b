import TernCSS

/// The size of the window a web view is shown in, in terminal cells. Pages
/// see it in CSS px (a cell is `MediaEnvironment.cellWidth` ×
/// `cellHeight` px): `innerWidth`, `screen`, media queries.
public struct ViewportSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    /// The size in CSS px, as media queries see it.
    var mediaEnvironment: MediaEnvironment { MediaEnvironment(columns: columns, rows: rows) }
}
