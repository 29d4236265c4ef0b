/// One line of a rendered page: runs of styled text.
///
/// Widths are in terminal display columns (East Asian wide characters count
/// 2, combining marks and zero-width characters 0). A line is never wider than
/// the layout width, except inside `<pre>` (lines are kept as written) and a
/// single character wider than a one-column layout.
public struct Line: Hashable, Sendable {
    /// A stretch of text drawn one way.
    ///
    /// Stored compactly (32 bytes: 32-bit width and indexes, -1 for none),
    /// since a large page has hundreds of thousands of runs; the public
    /// properties read and write that storage.
    public struct Run: Hashable, Sendable {
        public var text: String
        private var storedWidth: Int32
        private var storedLink: Int32
        private var storedControl: Int32
        public var style: Style
        public var color: Color?
        /// The background colour (CSS `background-color`), nil for the terminal's own.
        public var background: Color?

        /// Display columns of `text`.
        public var width: Int {
            get { Int(storedWidth) }
            set { storedWidth = Int32(clamping: newValue) }
        }
        /// Index into `RenderedPage.links` when the run is part of a link.
        public var link: Int? {
            get { storedLink >= 0 ? Int(storedLink) : nil }
            set { storedLink = Run.stored(newValue) }
        }
        /// Index into `RenderedPage.controls` when the run is part of a form control.
        public var control: Int? {
            get { storedControl >= 0 ? Int(storedControl) : nil }
            set { storedControl = Run.stored(newValue) }
        }

        public init(text: String, width: Int, style: Style = Style(rawValue: 0), color: Color? = nil, background: Color? = nil, link: Int? = nil, control: Int? = nil) {
            self.text = text
            self.storedWidth = Int32(clamping: width)
            self.storedLink = Run.stored(link)
            self.storedControl = Run.stored(control)
            self.style = style
            self.color = color
            self.background = background
        }

        /// An index as stored: -1 for none (and for anything out of range).
        private static func stored(_ index: Int?) -> Int32 {
            guard let index, index >= 0, index <= Int(Int32.max) else { return -1 }
            return Int32(index)
        }
    }

    public var runs: [Run]
    /// The line belongs to a block that scrolls sideways (CSS `overflow:
    /// auto/scroll` on text that does not wrap, such as a `pre` of code):
    /// it is kept whole, however wide, and a front end should let the reader
    /// scroll it horizontally rather than cut it at the window's edge.
    public var scrollsHorizontally = false

    public init(runs: [Run] = [], scrollsHorizontally: Bool = false) {
        self.runs = runs
        self.scrollsHorizontally = scrollsHorizontally
    }

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
