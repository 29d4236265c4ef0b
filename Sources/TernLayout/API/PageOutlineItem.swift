/// A place a person moves between on a page, as screen readers' quick
/// navigation does (and elinks' document structure): a heading, a
/// landmark (WAI-ARIA 1.2 §5.3.4 landmark roles, and the HTML elements
/// that imply them: HTML-AAM §4), or a table.
public struct PageOutlineItem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `h1`…`h6`, or `role=heading` with its `aria-level` (2 without one).
        case heading(level: Int)
        /// The landmark role: `banner`, `complementary`, `contentinfo`,
        /// `form`, `main`, `navigation`, `region` or `search`.
        case landmark(role: String)
        /// A `<table>` (not one marked `role=presentation`).
        case table
    }

    public var kind: Kind
    /// A heading's text; a landmark's or table's author-given name
    /// (`aria-labelledby`, `aria-label`, `title`, a table's caption), "" when none.
    public var name: String
    /// The line where it starts.
    public var line: Int

    public init(kind: Kind, name: String, line: Int) {
        self.kind = kind
        self.name = name
        self.line = line
    }
}
