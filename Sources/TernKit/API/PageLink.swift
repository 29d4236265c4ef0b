import TernLayout

/// A link of a laid-out page (`<a href>`, and `<iframe>`/`<frame>` sources).
public struct PageLink {
    let link: Link
    /// The content process's number for the element (a page run there).
    let remoteElement: UInt64?

    init(_ link: Link, remoteElement: UInt64? = nil) {
        self.link = link
        self.remoteElement = remoteElement
    }

    /// The link's number, 1 for the first in reading order; shown as `[n]`.
    public var number: Int { link.number }
    /// The `href`, resolved against the page (and its `<base href>`).
    public var url: String { link.url }
    /// The link's visible text, whitespace collapsed (without the `[n]`).
    public var text: String { link.text }
    /// The element, the same across layouts.
    public var element: PageElement { remoteElement.map(PageElement.init(remote:)) ?? PageElement(node: link.node) }
    /// Where the link is drawn, one region per line it covers, `[n]` included.
    public var regions: [TextRegion] { link.regions }
}
