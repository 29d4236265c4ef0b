/// What moved the page to another history entry of the same document,
/// as WebKit's private `_WKSameDocumentNavigationType` names it.
public enum SameDocumentNavigationType: Equatable, Sendable {
    /// A link, `location.hash` or a loaded URL that differs only by its
    /// fragment (HTML "navigate to a fragment"): the page scrolls to it.
    case anchorNavigation
    /// `history.pushState`.
    case sessionStatePush
    /// `history.replaceState`.
    case sessionStateReplace
    /// Back, forward or `history.go` to an entry of the same document.
    case sessionStatePop
}
