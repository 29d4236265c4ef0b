/// A part of the page drawn over the rest (CSS Position 3 §2.1 fixed
/// boxes over the viewport, HTML's top layer): its lines follow the
/// page's own in `RenderedPage.lines`, laid out `inset` columns
/// narrower than the page, so that a front end can frame them
/// where the person looks. A plain-text reading (`--dump`) gives them
/// after the page.
public struct PageLayer: Hashable, Sendable {
    /// Columns a layer is laid out narrower than the page: a front end
    /// frames it with a border and a space on each side.
    public static let inset = 4

    /// The layer's lines in `RenderedPage.lines`.
    public var lines: Range<Int>
    /// HTML's top layer (a `<dialog>` shown with `showModal()`): the rest
    /// of the page is inert while it is open.
    public var isModal: Bool

    public init(lines: Range<Int>, isModal: Bool) {
        self.lines = lines
        self.isModal = isModal
    }
}
