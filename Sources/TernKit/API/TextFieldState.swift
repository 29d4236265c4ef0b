extension WebView {
    /// The text and cursor of a field after a key, for the front end to draw.
    public struct TextFieldState: Equatable {
        /// The field's value now (what the page's handlers left).
        public let value: String
        /// The cursor: the number of characters (grapheme clusters) before it.
        public let cursor: Int
    }
}
