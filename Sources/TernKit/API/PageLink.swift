import TernLayout

/// A link of a laid-out page (`<a href>`, and `<iframe>`/`<frame>` sources).
public struct PageLink {
    let link: Link

    init(_ link: Link) { self.link = link }

    /// The link's number, 1 for the first in reading order; shown as `[n]`.
    public var number: Int { link.number }
    /// The `href`, resolved against the page (and its `<base href>`).
    public var url: String { link.url }
    /// The link's visible text, whitespace collapsed (without the `[n]`).
    public var text: String { link.text }
    /// The element, the same across layouts.
    public var element: PageElement { PageElement(node: link.node) }
    /// Where the link is drawn, one region per line it covers, `[n]` included.
    public var regions: [TextRegion] { link.regions }
}
