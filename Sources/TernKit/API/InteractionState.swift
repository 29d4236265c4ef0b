import TernNet

extension WebView {
    /// A web view's back/forward list as a value, to save and restore a
    /// session: WKWebView's `interactionState`, made readable. Each item has
    /// its URL, title and scroll position; `currentIndex` is the item shown.
    /// Form data and page state (scripts, pushState objects) are not kept.
    ///
    /// `encoded` is a stable text form (versioned, one line per item) for a
    /// file or a database; `init?(encoded:)` reads it back and rejects
    /// anything else (a truncated, corrupt or hostile text) as a whole.
    public struct InteractionState: Equatable {
        /// One history entry.
        public struct Item: Equatable {
            public var url: WebURL
            /// The page's title when last seen ("" when it had none).
            public var title: String
            /// The first visible line when the page was left (`BackForwardListItem.scrollPosition`).
            public var scrollPosition: Int

            public init(url: WebURL, title: String = "", scrollPosition: Int = 0) {
                self.url = url
                self.title = title
                self.scrollPosition = max(0, scrollPosition)
            }
        }

        /// The entries, oldest first; never empty.
        public let items: [Item]
        /// The index of the entry shown, within `items`.
        public let currentIndex: Int

        /// A state of `items` showing the one at `currentIndex`; nil when
        /// `items` is empty or the index is not one of theirs.
        public init?(items: [Item], currentIndex: Int) {
            guard items.indices.contains(currentIndex) else { return nil }
            self.items = items
            self.currentIndex = currentIndex
        }

        /// The entry shown.
        public var currentItem: Item { items[currentIndex] }

        // MARK: Text form

        /// The version `encoded` writes; `init?(encoded:)` reads this one only.
        public static let version = 1
        private static let magic = "tern-interaction-state"
        /// Limits on what `init?(encoded:)` accepts: a whole state, a URL, a title.
        static let maximumEncodedLength = 4 << 20
        static let maximumURLLength = 65536
        static let maximumTitleLength = 4096
        static let maximumItems = 1000

        /// The text form: a `tern-interaction-state 1` line, a `current N`
        /// line, then one line per item, oldest first: the scroll position,
        /// the URL and the title separated by tabs (backslash, tab, line
        /// feed and carriage return escaped as `\\`, `\t`, `\n`, `\r`).
        public var encoded: String {
            var text = "\(Self.magic) \(Self.version)\ncurrent \(currentIndex)\n"
            for item in items {
                text += "\(item.scrollPosition)\t\(Self.escape(item.url.href))\t\(Self.escape(item.title))\n"
            }
            return text
        }

        /// Reads `encoded`'s text form; nil for anything else (another
        /// version, a line out of place, a bad URL or number, too long).
        public init?(encoded text: String) {
            guard text.utf8.count <= Self.maximumEncodedLength else { return nil }
            // Split by scalars, not characters: "\r\n" or a combining mark after a tab is no one character here.
            var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
            // The text ends with a line feed: the last "line" is empty.
            guard lines.last == "" else { return nil }
            lines.removeLast()
            guard lines.popFirst() == "\(Self.magic) \(Self.version)",
                  let currentLine = lines.popFirst(), currentLine.hasPrefix("current "),
                  let current = Int(currentLine.dropFirst("current ".count)),
                  lines.count <= Self.maximumItems else { return nil }
            var items: [Item] = []
            for line in lines {
                let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 3, let scroll = Int(fields[0]), scroll >= 0,
                      fields[1].utf8.count <= Self.maximumURLLength, fields[2].utf8.count <= Self.maximumTitleLength * 4,
                      let href = Self.unescape(fields[1]), let url = WebURL(href),
                      let title = Self.unescape(fields[2]) else { return nil }
                items.append(Item(url: url, title: String(title.prefix(Self.maximumTitleLength)), scrollPosition: scroll))
            }
            self.init(items: items, currentIndex: current)
        }

        private static func escape(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": result += "\\\\"
                case "\t": result += "\\t"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }

        /// `escape` undone; nil for a backslash not followed by `\`, `t`, `n` or `r`.
        private static func unescape(_ text: String) -> String? {
            var result = ""
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "\\" else {
                    result.unicodeScalars.append(scalar)
                    continue
                }
                switch scalars.next() {
                case "\\": result += "\\"
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                default: return nil
                }
            }
            return result
        }
    }
}
