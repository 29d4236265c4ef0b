import TernKit
import TernTerminal

/// The global history view and clearing browsing data.
extension Browser {
    /// `v`: search the pages visited (all of them with an empty search),
    /// most recent first; Enter opens the chosen one.
    func showGlobalHistory() {
        present(StatusPrompt(label: "Search visited pages: ") { [unowned self] query in
            guard let query else { return }
            let entries = configuration.websiteDataStore.history.entries(matching: query, limit: 500)
            guard !entries.isEmpty else {
                show(message: query.isEmpty ? "No pages visited yet" : "No visited page matches \(query)")
                return
            }
            let labels = entries.map { entry in
                (entry.title.isEmpty ? entry.url.displayHref : "\(entry.title) — \(entry.url.displayHref)") + "  (\(entry.visitCount)×)"
            }
            present(MenuBox(title: "Visited pages (Enter opens)", items: labels) { [unowned self] chosen in
                guard let index = chosen?.first else { return }
                _ = tab.webView.load(Request(url: entries[index].url))
            })
        })
    }

    /// `C`: asks which kinds of data to clear, then clears them everywhere.
    func clearBrowsingData() {
        let kinds: [(String, WebsiteDataType)] = [
            ("Cookies (logs you out of sites)", .cookies), ("Cached pages", .diskCache),
            ("Site storage (localStorage)", .localStorage), ("Session storage", .sessionStorage), ("History", .history),
        ]
        present(MenuBox(title: "Clear browsing data: tick what to clear", items: kinds.map(\.0), multiple: true,
                        ticked: [1, 4]) { [unowned self] chosen in
            guard let chosen, !chosen.isEmpty else { return }
            let types = Set(chosen.map { kinds[$0].1 })
            configuration.websiteDataStore.removeData(ofTypes: types, modifiedSince: -Double.infinity) { [weak self] in
                self?.show(message: "Cleared: " + chosen.map { kinds[$0].0 }.joined(separator: ", "))
            }
        })
    }
}
