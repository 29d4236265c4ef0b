import TernKit
import TernTerminal

/// Bookmarking the page or the focused link, and the bookmarks page.
/// (The key bindings that call these live with the other commands.)
extension Browser {
    /// Bookmarks the current page: asks for its title (the page's title to
    /// start with) and folder (the last one a bookmark went to), then says
    /// "Bookmarked: …".
    func addBookmark() {
        guard let url = tab.webView.url, url.href != "about:blank" else {
            show(message: "No page to bookmark", isError: true)
            return
        }
        askAndBookmark(url, title: tab.webView.title ?? "", what: "this page")
    }

    /// Bookmarks the focused link: its URL, its text as the title to start with.
    func bookmarkFocusedLink() {
        guard let target = tab.viewport.focusedTarget, case .link(let index) = target.kind,
              index < tab.viewport.page.links.count else {
            show(message: "No link is focused (Tab moves to the next one)", isError: true)
            return
        }
        let link = tab.viewport.page.links[index]
        guard let url = WebURL(link.url) else {
            show(message: "The focused link has no URL to bookmark", isError: true)
            return
        }
        askAndBookmark(url, title: link.text, what: "this link")
    }

    /// Opens `about:bookmarks` in this tab.
    func showBookmarks() {
        open("about:bookmarks")
    }

    /// The title prompt, then the folder prompt, then the bookmark.
    private func askAndBookmark(_ url: WebURL, title: String, what: String) {
        let bookmarks = configuration.websiteDataStore.bookmarks
        if let problem = Bookmarks.problem(with: url) {
            show(message: "Cannot bookmark \(what): \(problem)", isError: true)
            return
        }
        let heading = "Bookmark \(what)"
        present(PromptBox(title: heading, message: "\(url.displayHref)\n\nTitle:", defaultText: Browser.oneLine(title)) {
            [unowned self] title in
            guard let title else { return }
            let folders = bookmarks.folders()
            let hint = folders.isEmpty ? "" : " Folders: " + folders.prefix(8).joined(separator: ", ") + (folders.count > 8 ? ", …" : "")
            present(PromptBox(title: heading, message: "Folder (Work/Docs is Docs in Work; empty: the top level).\(hint)\n\nFolder:",
                              defaultText: bookmarks.lastUsedFolder,
                              complete: { Browser.completeFolder($0, among: folders) }) { [unowned self] folder in
                guard let folder else { return }
                do {
                    let bookmark = try bookmarks.add(url: url, title: title, folder: folder)
                    let name = bookmark.title.isEmpty ? bookmark.url.displayHref : bookmark.title
                    show(message: "Bookmarked: \(name)" + (bookmark.folder.isEmpty ? "" : " (in \(bookmark.folder))"))
                } catch {
                    show(message: "Not bookmarked: \(error)", isError: true)
                }
            })
        })
    }

    /// `text` completed to the longest start shared by the folders that
    /// begin with it (case ignored); `text` itself when none does.
    static func completeFolder(_ text: String, among folders: [String]) -> String {
        let matches = folders.filter { $0.lowercased().hasPrefix(text.lowercased()) }
        guard var shared = matches.first.map(Array.init) else { return text }
        for match in matches.dropFirst() {
            let characters = Array(match)
            var count = 0
            while count < min(shared.count, characters.count), shared[count] == characters[count] { count += 1 }
            shared = Array(shared.prefix(count))
        }
        return shared.count >= text.count ? String(shared) : text
    }

    /// A title as one line (a link's text may hold line breaks).
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }
}
