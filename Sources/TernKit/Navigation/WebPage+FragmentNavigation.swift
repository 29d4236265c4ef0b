import TernNet

/// Moves within the page: HTML "navigate to a fragment"
/// (https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-fragid)
/// and traversal between entries of the same document. No load, no request.
extension WebPage {
    /// HTML "navigate", step "if … url equals navigable's active document's
    /// URL with exclude fragments set to true, and url's fragment is non-null":
    /// a GET without a body to this page's URL with a fragment.
    func isFragmentNavigation(to request: Request) -> Bool {
        guard request.url.fragment != nil, let current = pageURL, request.url.withoutFragment == current.withoutFragment,
              request.method.uppercased() == "GET", request.body == nil,
              page != nil, backForwardList.currentItem != nil else { return false }
        return true
    }

    /// HTML "navigate to a fragment": a new entry of this document (in place
    /// of the current one when asked, or when the URL is the same), then
    /// "update document for history step application": popstate, and
    /// hashchange when the fragment changed. The front end scrolls
    /// (`didSameDocumentNavigation`).
    func navigateToFragment(_ url: WebURL, replacing: Bool = false) {
        guard let current = backForwardList.currentItem, let oldURL = pageURL else { return }
        let item = BackForwardListItem(url: url, initialURL: url, title: title ?? "", request: Request(url: url),
                                       substituteData: current.substituteData)
        item.documentID = current.documentID
        item.frameEntries = current.frameEntries
        if replacing || url == oldURL { backForwardList.replaceCurrent(with: item) } else { backForwardList.push(item) }
        pageURL = url
        scriptWindow?.documentURL = url
        updateBackForwardState()
        tellNavigationDelegate { $0.webView($1, didSameDocumentNavigation: .anchorNavigation, from: current) }
        scriptWindow?.didTraverseHistory(from: oldURL.href, to: url.href, state: .null)
    }

    /// Traversal to `item`, an entry of the current document (a fragment or
    /// pushState entry): popstate with its state, hashchange when only the
    /// fragment differs; the front end restores the entry's scroll position.
    func traverseWithinDocument(to item: BackForwardListItem) {
        guard let current = backForwardList.currentItem else { return }
        let oldURL = pageURL?.href ?? ""
        backForwardList.moveTo(item)
        pageURL = item.url
        scriptWindow?.documentURL = item.url
        updateBackForwardState()
        tellNavigationDelegate { $0.webView($1, didSameDocumentNavigation: .sessionStatePop, from: current) }
        // A step that only a frame's navigation made leaves the page's own entry as it was.
        guard item.entryID != current.entryID else { return }
        scriptWindow?.didTraverseHistory(from: oldURL, to: item.url.href, state: item.stateObject ?? .null)
    }
}
