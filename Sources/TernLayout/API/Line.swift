/// One line of a rendered page: runs of styled text.
///
/// Widths are in terminal display columns (East Asian wide characters count
/// 2, combining marks and zero-width characters 0). A line is never wider than
/// the layout width, except inside `<pre>` (lines are kept as written) and a
/// single character wider than a one-column layout.
public struct Line: Hashable, Sendable {
    /// A stretch of text drawn one way.
    public struct Run: Hashable, Sendable {
        public var text: String
        /// Display columns of `text`.
        public var width: Int
        public var style: Style
        public var color: Color?
        /// Index into `RenderedPage.links` when the run is part of a link.
        public var link: Int?
        /// Index into `RenderedPage.controls` when the run is part of a form control.
        public var control: Int?

        public init(text: String, width: Int, style: Style = Style(rawValue: 0), color: Color? = nil, link: Int? = nil, control: Int? = nil) {
            self.text = text
            self.width = width
            self.style = style
            self.color = color
            self.link = link
            self.control = control
        }
    }

    public var runs: [Run]

    public init(runs: [Run] = []) { self.runs = runs }

    /// The line's text, runs joined.
    public var text: String {
        if runs.count == 1 { return runs[0].text }
        var text = ""
        for run in runs { text += run.text }
        return text
    }

    /// Display columns of the whole line.
    public var width: Int {
        var width = 0
        for run in runs { width += run.width }
        return width
    }
}
