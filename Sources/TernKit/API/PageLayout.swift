import TernLayout

/// The page a web view shows, laid out as lines of styled text for one
/// width: what a text front end draws, searches and lets the person act on.
/// A value: every position in it (link and control regions, anchors) is a
/// line index into `lines`; lay the page out again for another width.
/// Made by `WebView.pageLayout(width:)`.
public struct PageLayout {
    let rendered: RenderedPage
    /// The page's computed styles, for its controls' names (CSS hiding and generated content).
    let styles: AccessibleName.StyleLookup?
    /// A page laid out in a content process: its links' and controls'
    /// elements by the content process's numbers, and its controls'
    /// descriptions, read there (`rendered`'s nodes are stand-ins).
    let remote: RemoteParts?
    struct RemoteParts {
        let links: [UInt64]
        let controls: [UInt64]
        let descriptions: [ControlDescription]
    }

    init(_ rendered: RenderedPage, styles: AccessibleName.StyleLookup?, remote: RemoteParts? = nil) {
        self.rendered = rendered
        self.styles = styles
        self.remote = remote
    }

    /// An empty page (nothing committed yet, or content that is not shown as text).
    public init() {
        rendered = RenderedPage()
        styles = nil
        remote = nil
    }

    /// A page of the front end's own lines (a view of the source): no
    /// links, controls or anchors.
    public init(title: String, lines: [Line]) {
        rendered = RenderedPage(title: title, lines: lines)
        styles = nil
        remote = nil
    }

    /// The document's title, whitespace collapsed, control characters replaced.
    public var title: String { rendered.title }
    public var lines: [Line] { rendered.lines }
    /// The links in reading order; `links[i].number == i + 1` unless form
    /// controls are numbered too (`WebView.numbersFormFields`).
    public var links: PageItems<PageLink> {
        guard let remote else { return PageItems(rendered.links) { PageLink($0) } }
        let links = rendered.links
        return PageItems(links.indices) { PageLink(links[$0], remoteElement: remote.links[$0]) }
    }
    /// The form controls in document order, hidden inputs included.
    public var controls: PageItems<PageControl> {
        let styles = styles
        guard let remote else { return PageItems(rendered.controls) { PageControl($0, styles: styles) } }
        let controls = rendered.controls
        return PageItems(controls.indices) {
            PageControl(controls[$0], described: remote.descriptions[$0], remoteElement: remote.controls[$0])
        }
    }
    /// The headings, landmarks and tables in document order, with their
    /// lines: what quick navigation moves between.
    public var outline: [PageOutlineItem] { rendered.outline }
    /// The parts drawn over the page (fixed overlays, a modal dialog), in
    /// the order they stack; their lines follow the page's own in `lines`.
    public var layers: [PageLayer] { rendered.layers }
    /// Fragment targets: each `id` (and `<a name>`) → the index of the line
    /// where that element starts.
    public var anchors: [String: Int] { rendered.anchors }
    /// The layout was stopped (a key that stops or quits, `--dump`'s
    /// deadline) before the end of the document: `lines` hold the part laid
    /// out and end with a line saying so.
    public var isIncomplete: Bool { rendered.isIncomplete }

    /// The index in `links` of the link for `element`: a front end's focus,
    /// found again after a relayout.
    public func linkIndex(of element: PageElement) -> Int? {
        switch element.reference {
        case .node(let node): return remote == nil ? rendered.links.firstIndex { $0.node == node } : nil
        case .remote(let id): return remote?.links.firstIndex(of: id)
        }
    }

    /// The index in `controls` of the form control for `element`.
    public func controlIndex(of element: PageElement) -> Int? {
        switch element.reference {
        case .node(let node): return remote == nil ? rendered.controls.firstIndex { $0.node == node } : nil
        case .remote(let id): return remote?.controls.firstIndex(of: id)
        }
    }

    /// The page as plain text (what `tern --dump` prints), with the list of
    /// link references at the end when `references` is true.
    public func plainText(references: Bool) -> String {
        rendered.plainText(references: references)
    }

    /// `writePlainText`, and how it ended, for `WebView.writePageText`.
    func writePageText(references: Bool, _ write: (UnsafeBufferPointer<UInt8>) -> Void) -> PageTextOutcome {
        writePlainText(references: references, write)
        return isIncomplete ? .cutShort : .written
    }

    /// The plain text in UTF-8 pieces of about `chunkSize` bytes, without
    /// building it whole (a large page's text is tens of megabytes).
    public func writePlainText(references: Bool, chunkSize: Int = 64 << 10, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        rendered.writePlainText(references: references, chunkSize: chunkSize, write)
    }
}
