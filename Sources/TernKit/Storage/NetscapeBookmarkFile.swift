import TernDOM
import TernNet

/// The Netscape bookmark file, the HTML every browser exports and imports
/// bookmarks in (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`): a `<DL>` list
/// whose `<DT><A HREF ADD_DATE LAST_MODIFIED>` items are bookmarks and whose
/// `<DT><H3>` items are folders, each followed by its own `<DL>`.
///
/// Reading is tolerant, as browsers are: the format is not well-formed
/// HTML (unclosed `<DT>` and `<p>`, upper-case tags), so the file goes
/// through TernDOM's HTML parser and the tree is walked in document order:
/// an `<H3>` names the folder of the next `<DL>`, an `<A HREF>` is a
/// bookmark in the folder of the `<DL>`s it is in. `ICON` data, `<DD>`
/// descriptions, tags and keywords are ignored. `javascript:` bookmarklets
/// (Tern runs none) and Firefox's `place:` queries are skipped and
/// counted, as are HREFs that are not absolute URLs. A "/" in a folder name
/// becomes "∕" (U+2215), since "/" separates folder names in Tern.
public struct NetscapeBookmarkFile: Equatable {
    /// A bookmark read from a file.
    public struct Item: Equatable {
        public var url: WebURL
        public var title: String
        /// Its folder path (`Work/Docs`; "" at the top level).
        public var folder: String
        /// ADD_DATE, in seconds since 1970, when the file had a usable one.
        public var addedAt: Double?
        /// LAST_MODIFIED, in seconds since 1970, when the file had a usable one.
        public var modifiedAt: Double?

        public init(url: WebURL, title: String, folder: String = "", addedAt: Double? = nil, modifiedAt: Double? = nil) {
            self.url = url
            self.title = title
            self.folder = folder
            self.addedAt = addedAt
            self.modifiedAt = modifiedAt
        }
    }

    /// The bookmarks, in file order.
    public var items: [Item] = []
    /// Every folder of the file, empty ones included, in file order.
    public var folders: [String] = []
    /// Why each link left out was left out ("javascript: URL …").
    public var skipped: [String] = []

    public init(items: [Item] = [], folders: [String] = [], skipped: [String] = []) {
        self.items = items
        self.folders = folders
        self.skipped = skipped
    }

    // MARK: Reading

    /// Reads a bookmark file (its encoding from a BOM or its `<META>` charset, else UTF-8).
    public static func parse(_ bytes: [UInt8]) -> NetscapeBookmarkFile {
        let document = bytes.withUnsafeBytes { Document(html: $0) }
        var file = NetscapeBookmarkFile()
        guard let root = document.node else { return file }
        var path: [String?] = []       // one entry per open <DL>: the folder name it opened, or nil
        var pendingFolder: String?     // an <H3> waiting for its <DL>
        // Document order without recursion (a hostile file may nest deeply):
        // each stack entry is a node to enter, or the <DL> to leave.
        var stack: [(node: Node, leaving: Bool)] = [(root, false)]
        func folderPath() -> String { path.compactMap { $0 }.joined(separator: "/") }
        var known = Set<String>()
        func addFolder(_ name: String) {
            let full = (path.compactMap { $0 } + [name]).joined(separator: "/")
            if known.insert(full).inserted { file.folders.append(full) }
        }
        while let (node, leaving) = stack.popLast() {
            if leaving {
                _ = path.popLast()
                continue
            }
            guard node.isElement || node.isDocument else { continue }
            if node.isElement("h3") {
                if let earlier = pendingFolder { addFolder(earlier) }
                pendingFolder = folderName(node.textContent)
                continue
            }
            if node.isElement("a") {
                read(link: node, folder: folderPath(), into: &file)
                continue
            }
            if node.isElement("dl") {
                if let name = pendingFolder { addFolder(name) }
                path.append(pendingFolder)
                pendingFolder = nil
                stack.append((node, true))
            }
            for child in node.children.reversed() { stack.append((child, false)) }
        }
        if let name = pendingFolder { addFolder(name) }
        return file
    }

    private static func read(link: Node, folder: String, into file: inout NetscapeBookmarkFile) {
        guard let href = link.attribute("href")?.trimmingSpaces(), !href.isEmpty else { return }
        let title = collapsed(link.textContent)
        guard let url = WebURL(href) else {
            file.skipped.append("not an absolute URL: \(href.prefix(200))")
            return
        }
        if url.scheme == "javascript" || url.scheme == "place" {
            file.skipped.append("\(url.scheme): URL “\(title.prefix(200))”")
            return
        }
        if let problem = Bookmarks.problem(with: url) {
            file.skipped.append(problem)
            return
        }
        file.items.append(Item(url: url, title: title, folder: folder, addedAt: date(link.attribute("add_date")),
                               modifiedAt: date(link.attribute("last_modified"))))
    }

    /// Seconds since 1970 from an ADD_DATE or LAST_MODIFIED (some writers
    /// use microseconds); nil for anything else.
    static func date(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingSpaces()), value.isFinite, value > 0 else { return nil }
        if value < 1e11 { return value.rounded(.down) }
        let seconds = value / 1_000_000
        return seconds < 1e11 ? seconds.rounded(.down) : nil
    }

    private static func folderName(_ text: String) -> String {
        let name = collapsed(text).replacingSlashes()
        return name.isEmpty ? "Untitled folder" : name
    }

    /// Text with runs of white space made one space, trimmed.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
            .joined(separator: " ")
    }

    // MARK: Writing

    /// The file for `bookmarks`, with every folder in `folders` (empty ones
    /// too), a folder's bookmarks before the folders in it. Text and URLs
    /// are HTML-escaped; the file is UTF-8 and says so.
    public static func format(_ bookmarks: [Bookmark], folders: [String] = []) -> String {
        var byFolder: [String: [Bookmark]] = [:]
        for bookmark in bookmarks { byFolder[bookmark.folder, default: []].append(bookmark) }
        var allFolders = Set(folders.map(Bookmarks.normalizedFolder))
        for folder in byFolder.keys {
            var components = folder.split(separator: "/").map(String.init)
            while !components.isEmpty {
                allFolders.insert(components.joined(separator: "/"))
                components.removeLast()
            }
        }
        var children: [String: [String]] = [:]
        for folder in allFolders.sorted(by: Bookmarks.folderOrder) where !folder.isEmpty {
            let parent = folder.split(separator: "/").dropLast().joined(separator: "/")
            children[parent, default: []].append(folder)
        }
        var out = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <!-- This is an automatically generated file.
                 It will be read and overwritten.
                 DO NOT EDIT! -->
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE>
            <H1>Bookmarks</H1>

            """
        func write(_ folder: String, depth: Int) {
            let indent = String(repeating: "    ", count: depth)
            out += "\(indent)<DL><p>\n"
            for bookmark in (byFolder[folder] ?? []).sorted(by: { ($0.position, $0.id) < ($1.position, $1.id) }) {
                out += "\(indent)    <DT><A HREF=\"\(HTMLText.escaped(bookmark.url.href))\" ADD_DATE=\"\(Int64(clamping: bookmark.addedAt))\""
                    + " LAST_MODIFIED=\"\(Int64(clamping: bookmark.modifiedAt))\">\(HTMLText.escaped(bookmark.title))</A>\n"
            }
            for child in children[folder] ?? [] {
                let name = child.split(separator: "/").last.map(String.init) ?? child
                out += "\(indent)    <DT><H3>\(HTMLText.escaped(name))</H3>\n"
                write(child, depth: depth + 1)
            }
            out += "\(indent)</DL><p>\n"
        }
        write("", depth: 0)
        return out
    }
}

private extension Int64 {
    /// Seconds, rounded down, from a time that may be any Double.
    init(clamping time: Double) {
        self = time.isFinite ? Int64(Swift.max(0, Swift.min(time, 1e15)).rounded(.down)) : 0
    }
}

private extension String {
    func replacingSlashes() -> String {
        String(map { $0 == "/" ? "∕" : $0 })
    }
}
