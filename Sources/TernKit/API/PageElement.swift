import TernDOM

/// An element of the page a web view shows — a link or a form control — as a
/// handle: equal to itself across layouts (so a front end's focus survives a
/// relayout), but no way into the document. A front end passes it back to
/// the web view (`setValue(_:for:)`, `pressEnter(in:)`, …); only TernKit
/// changes the page, so the document stays the web view's, as in WebKit,
/// whose app-side API holds no DOM either.
public struct PageElement: Hashable {
    /// The element here, or the number a content process names it by.
    enum Reference: Hashable {
        case node(Node)
        case remote(UInt64)
    }
    let reference: Reference

    init(node: Node) { reference = .node(node) }
    init(remote id: UInt64) { reference = .remote(id) }

    /// The element, when the page runs in this process.
    var node: Node? {
        if case .node(let node) = reference { return node }
        return nil
    }
}
