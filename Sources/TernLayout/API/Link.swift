import TernDOM

/// A link of a rendered page (`<a href>`, and `<iframe>`/`<frame>` sources).
public struct Link {
    /// The link's number, 1 for the first in reading order; shown as `[n]`
    /// before the link text and in the references list. With
    /// `LayoutOptions.numberFields` the form controls count too.
    public var number: Int
    /// The `href`, resolved through `LayoutOptions.resolveURL` (against `<base href>` if any).
    public var url: String
    /// The link's visible text, whitespace collapsed (without the `[n]`).
    public var text: String
    /// The element (of the frame's document for a link inside a drawn frame).
    public var node: Node
    /// Where the link is drawn, one region per line it covers, `[n]` included.
    public var regions: [TextRegion]

    public init(number: Int, url: String, text: String, node: Node, regions: [TextRegion]) {
        self.number = number
        self.url = url
        self.text = text
        self.node = node
        self.regions = regions
    }
}
