import TernDOM

/// An element of the page a web view shows — a link or a form control — as a
/// handle: equal to itself across layouts (so a front end's focus survives a
/// relayout), but no way into the document. A front end passes it back to
/// the web view (`setValue(_:for:)`, `pressEnter(in:)`, …); only TernKit
/// changes the page, so the document stays the web view's, as in WebKit,
/// whose app-side API holds no DOM either.
public struct PageElement: Hashable {
    let node: Node
}
