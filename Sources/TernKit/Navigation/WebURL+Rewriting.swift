import TernNet

extension WebURL {
    /// HTML §7.4.4 "can have its URL rewritten": whether a document at this
    /// URL may take `target` as its URL (`history.pushState`/`replaceState`).
    /// The scheme, credentials, host and port must stay; http(s) may change
    /// path, query and fragment, `file:` query and fragment, every other
    /// scheme (about:, data:, blob:, …) the fragment only. So an
    /// `about:blank`, `about:srcdoc` or `data:` document can never become
    /// `file:`, `about:blank` or one of the browser's `about:` pages, and a
    /// document's origin, set when it was created, never follows its URL.
    func canBeRewritten(to target: WebURL) -> Bool {
        guard target.scheme == scheme, target.username == username, target.password == password,
              (target.urlHost == nil) == (urlHost == nil), target.hostname == hostname,
              target.explicitPort == explicitPort else { return false }
        if scheme == "http" || scheme == "https" { return true }
        guard target.hasOpaquePath == hasOpaquePath, target.pathname == pathname else { return false }
        if scheme == "file" { return true }
        return target.query == query
    }
}
