import TernNet
import TernSystem

/// Tern's own `about:` pages (but about:blank): the embedder's
/// (`aboutPageProvider`), the global history, the bookmarks, and the
/// bundled pages of the resources folder. Made where the data is: in the
/// page's process when it runs in the browser's, in the browser when the
/// page runs in a content process (which reads no file and holds no history).
enum AboutPages {
    /// The page for `url` — its bytes (HTML) and the URL it shows (the
    /// bookmarks page may move to another after a change) — or nil for a
    /// name Tern has no page for. `fromOwnForm`: the bookmarks page's own
    /// form sent this (only then may it change the bookmarks).
    static func page(for url: WebURL, fromOwnForm: Bool, configuration: WebViewConfiguration) -> (bytes: [UInt8], url: WebURL)? {
        let name = url.pathname
        if let html = configuration.aboutPageProvider?(name) { return (Array(html.utf8), url) }
        if name == "history" { return (HistoryPage.html(for: url, history: configuration.websiteDataStore.history), url) }
        if name == "bookmarks" {
            let page = BookmarksPage.page(for: url, bookmarks: configuration.websiteDataStore.bookmarks, fromOwnForm: fromOwnForm)
            return (page.html, page.url)
        }
        let valid = !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" }
        guard valid, let directory = configuration.resourcesDirectory,
              case .success(let bytes) = LocalFile.read(path: "\(directory)/\(name).html", limit: configuration.network.maximumBodySize)
        else { return nil }
        return (bytes, url)
    }
}
