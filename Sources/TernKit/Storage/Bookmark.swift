import TernNet

/// One bookmark of a `Bookmarks` store: what `about:bookmarks` lists and
/// the Netscape bookmark file holds.
public struct Bookmark: Hashable {
    /// The store's number for it, stable while it exists.
    public let id: Int64
    /// The page it opens.
    public let url: WebURL
    /// Its name ("" when it has none: the URL is shown instead).
    public let title: String
    /// The folder it is in, as a path of folder names joined by "/"
    /// (`Work/Docs`); "" is the top level.
    public let folder: String
    /// Its place in its folder: the folder lists by position, smallest first.
    public let position: Int
    /// When it was added, in seconds since 1970.
    public let addedAt: Double
    /// When it was last changed (title, URL, folder or place), in seconds since 1970.
    public let modifiedAt: Double

    public init(id: Int64, url: WebURL, title: String, folder: String, position: Int, addedAt: Double, modifiedAt: Double) {
        self.id = id
        self.url = url
        self.title = title
        self.folder = folder
        self.position = position
        self.addedAt = addedAt
        self.modifiedAt = modifiedAt
    }
}
