/// What `WebView.writePageText(width:rows:references:_:)` wrote.
public enum PageTextOutcome: Equatable, Sendable {
    /// The whole page's text.
    case written
    /// The text of the part laid out before the run's deadline, ending in a notice.
    case cutShort
    /// Nothing: no document is shown (see `WebView.pageLayout(width:rows:)`).
    case nothingToShow
}
