import TernKit
import TernTerminal

extension Browser {
    /// Shows a new tab after the current one.
    func add(_ newTab: BrowserTab) {
        tabs.insert(newTab, at: min(current + 1, tabs.count))
        switchTo(tab: min(current + 1, tabs.count - 1))
    }

    /// Closes a tab; the last one closes Tern, asking first.
    func close(_ closing: BrowserTab) {
        guard let index = tabs.firstIndex(where: { $0 === closing }) else { return }
        guard tabs.count > 1 else {
            confirmQuit(title: "Close the last page?")
            return
        }
        closing.webView.stopLoading()
        tabs.remove(at: index)
        if current >= index, current > 0 { current -= 1 }
        sessionChanged()
        setNeedsDisplay()
    }

    /// Shows the tab at `index`.
    func switchTo(tab index: Int) {
        guard tabs.indices.contains(index) else { return }
        current = index
        updateWindowTitle()
        sessionChanged()
        setNeedsDisplay()
    }

    /// The terminal window's title: the shown page's title and "Tern".
    func updateWindowTitle() {
        terminal.setWindowTitle(tab.webView.title.map { $0.isEmpty ? "Tern" : "\($0) - Tern" } ?? "Tern")
    }

    /// Shows `owner`'s tab (a page in another tab opened a dialog).
    func bringForward(_ owner: BrowserTab) {
        if let index = tabs.firstIndex(where: { $0 === owner }), index != current { switchTo(tab: index) }
    }

    /// A new web view for a page's `target=_blank` link or `window.open`, in a tab.
    func openTab(with configuration: WebViewConfiguration) -> WebView {
        let webView = makeWebView(configuration: configuration)
        add(BrowserTab(webView: webView, browser: self))
        return webView
    }

    /// A web view for a tab, with the browser's User-Agent and style switch.
    func makeWebView(configuration: WebViewConfiguration) -> WebView {
        let webView = WebView(configuration: configuration)
        // The page's scripts see the terminal's size from their first line.
        webView.viewportSize = ViewportSize(columns: terminal.columns, rows: pageHeight)
        webView.customUserAgent = customUserAgent
        webView.authorStyleSheetsEnabled = authorStyleSheetsEnabled
        webView.numbersFormFields = settings.numberFields
        return webView
    }

    /// Turns pages' own styles off or on in every tab, and says so.
    func toggleAuthorStyles() {
        authorStyleSheetsEnabled.toggle()
        for tab in tabs { tab.webView.authorStyleSheetsEnabled = authorStyleSheetsEnabled }
        let key = keymap.keyNames(for: .toggleStyles).first
        show(message: authorStyleSheetsEnabled ? "Page styles on" + (key.map { " (\($0) turns them off)" } ?? "")
                                               : "Page styles off: Tern's own styles only" + (key.map { " (\($0) turns them on)" } ?? ""))
    }
}
