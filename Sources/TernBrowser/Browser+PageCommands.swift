import TernKit
import TernTerminal

/// Everyday commands on the shown page: its source, saving it, copying its
/// URL or the focused link's, and the `o` prompt's completion.
extension Browser {
    /// The longest text copied to the clipboard, in bytes of UTF-8: OSC 52
    /// sends it base64-encoded in one escape sequence, which terminals cap
    /// (xterm, tmux and others at about 100 KB).
    static let clipboardLimit = 64 << 10

    // MARK: View source

    /// The page's source instead of the page, or the page again (lynx's
    /// and w3m's `\`): the bytes as received, decoded with the page's
    /// encoding, coloured, scrolled and searched as a page is.
    func viewSource() {
        if tab.sourceView != nil {
            tab.hideSource()
            setNeedsDisplay()
            return
        }
        let webView = tab.webView
        guard let url = webView.backForwardList.currentItem?.url, webView.response != nil else {
            return show(message: "No page to show the source of")
        }
        tab.showSource(SourceView(url: url.displayHref, text: webView.sourceText))
        setNeedsDisplay()
    }

    // MARK: Save page

    /// Asks how to save the page (as text, as shown, with its list of
    /// links; or the HTML source as received) and where, then saves it.
    func savePage() {
        guard tab.webView.response != nil else { return show(message: "No page to save") }
        present(MenuBox(title: "Save this page as", items: ["Text, as shown (links listed at the end)", "HTML source, as received"]) {
            [unowned self] chosen in
            guard let choice = chosen?.first else { return }
            let html = choice == 1
            let path = PageSaver.suggestedPath(in: DownloadList.folder(), for: tab.webView.backForwardList.currentItem?.url,
                                               extension: html ? "html" : "txt")
            askWhereToSave(html: html, path: path)
        })
    }

    /// The file name prompt (Tab completes paths); `problem` says why it is asked again.
    func askWhereToSave(html: Bool, path: String, problem: String? = nil) {
        let what = html ? "the HTML source" : "the page as text"
        let message = (problem.map { $0 + "\n\n" } ?? "") + "Save \(what) to the file:"
        present(PromptBox(title: html ? "Save HTML source" : "Save as text", message: message, defaultText: path,
                          complete: PathCompletion.complete) { [unowned self] answer in
            guard let answer = answer?.trimmingWhitespace(), !answer.isEmpty else { return show(message: "Not saved") }
            save(html: html, to: PageSaver.expand(answer), typed: answer, replacing: false)
        })
    }

    /// Saves the page to `path`; asks before replacing a file, and asks
    /// for another name when the file cannot be written.
    func save(html: Bool, to path: String, typed: String, replacing: Bool) {
        let bytes: [UInt8]
        if html {
            bytes = tab.webView.sourceBytes
        } else {
            var text: [UInt8] = []
            let page = tab.webView.pageLayout(width: terminal.columns, rows: pageHeight) ?? PageLayout()
            page.writePlainText(references: true) { text.append(contentsOf: $0) }
            bytes = text
        }
        switch PageSaver.write(bytes, to: path, replacing: replacing) {
        case .success:
            show(message: "Saved \(html ? "the HTML source" : "the page as text") to \(path) (\(DownloadList.size(Int64(bytes.count))))")
        case .failure(.exists):
            present(MessageBox.confirm(title: "Replace the file?", message: "\(path) exists already. Replace it?",
                                       ok: "Replace", cancel: "Cancel") { [unowned self] replace in
                if replace {
                    save(html: html, to: path, typed: typed, replacing: true)
                } else {
                    askWhereToSave(html: html, path: typed)
                }
            })
        case .failure(let failure):
            show(message: failure.description, isError: true)
            askWhereToSave(html: html, path: typed, problem: failure.description)
        }
    }

    // MARK: Copy URLs

    /// Copies the shown page's URL to the clipboard (OSC 52).
    func copyPageURL() {
        guard let url = tab.webView.backForwardList.currentItem?.url else { return show(message: "No page to copy the URL of") }
        copyToClipboard(url.href)
    }

    /// Copies the focused link's URL to the clipboard (OSC 52).
    func copyFocusedLinkURL() {
        guard let target = tab.viewport.focusedTarget, case .link(let index) = target.kind else {
            return show(message: "No link is focused (Tab moves to the next one)", isError: true)
        }
        copyToClipboard(tab.viewport.page.links[index].url)
    }

    /// Sends `text` to the terminal's clipboard and says so; refuses text
    /// over `clipboardLimit`.
    func copyToClipboard(_ text: String) {
        guard text.utf8.count <= Browser.clipboardLimit else {
            return show(message: "Not copied: the URL is longer than \(Browser.clipboardLimit >> 10) KB", isError: true)
        }
        terminal.copyToClipboard(text)
        show(message: "Copied: \(BrowserTab.shortened(text))")
    }

    // MARK: Completion

    /// Where the `o` prompt's Tab finds URLs: the bookmarks, then the global history.
    func urlCompletion() -> URLCompletion {
        let store = configuration.websiteDataStore
        return URLCompletion(sources: [URLCompletion.bookmarks(store.bookmarks), URLCompletion.history(store.history)])
    }
}
