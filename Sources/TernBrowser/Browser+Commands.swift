import TernKit
import TernTerminal

/// What the keys ask for: scrolling, focus, history, search, quitting.
extension Browser {
    func perform(_ command: BrowserCommand) {
        let webView = tab.webView
        switch command {
        case .scrollLines(let lines): scroll(by: lines)
        case .scrollPages(let pages): scroll(by: pages * max(1, pageHeight - 1))
        case .scrollToTop: scroll(by: -tab.viewport.top)
        case .scrollToBottom: scroll(by: tab.viewport.lastTop - tab.viewport.top)
        case .scrollSideways(let columns): tab.viewport.scrollSideways(by: columns)
        case .focusNext: tab.viewport.moveFocus(forward: true)
        case .focusPrevious: tab.viewport.moveFocus(forward: false)
        case .activate: activateFocused()
        case .back:
            // Within the page, going back is no load (goBack returns nil).
            if webView.canGoBack { _ = webView.goBack() } else { show(message: "Nothing to go back to") }
        case .forward:
            if webView.canGoForward { _ = webView.goForward() } else { show(message: "Nothing to go forward to") }
        case .backOrClose:
            if webView.canGoBack { _ = webView.goBack() } else { close(tab) }
        case .reload: _ = webView.reload()
        case .reloadFromOrigin: _ = webView.reloadFromOrigin()
        case .stop:
            if webView.isLoading { webView.stopLoading() }
        case .openURL:
            present(StatusPrompt(label: "Open: ", text: webView.url?.displayHref ?? "") { [unowned self] answer in
                if let answer { open(answer) }
            })
        case .pageInfo: showPageInfo()
        case .history: showHistory()
        case .help: open("about:help")
        case .find:
            present(StatusPrompt(label: "/") { [unowned self] answer in
                guard let answer, !answer.isEmpty else { return }
                if !tab.viewport.find(answer) { show(message: "Not found: \(answer)", isError: true) }
            })
        case .findNext, .findPrevious:
            guard let query = tab.viewport.searchQuery else {
                show(message: "No search yet: press / to find text")
                return
            }
            if !tab.viewport.findNext(forward: command == .findNext) { show(message: "Not found: \(query)", isError: true) }
        case .linkNumber(let digit):
            present(StatusPrompt(label: "Follow link number: ", text: String(digit)) { [unowned self] answer in
                guard let answer else { return }
                guard let number = Int(answer), number >= 1, number <= tab.viewport.page.links.count else {
                    show(message: "No link number \(answer)", isError: true)
                    return
                }
                follow(linkAt: number - 1)
            })
        case .closeTab: close(tab)
        case .quit:
            if tabs.count > 1 { close(tab) } else { confirmQuit(title: "Quit Tern?") }
        case .quitNow: quit()
        case .newTab:
            _ = openTab(with: configuration)
            open(startPage, searching: false)
            perform(.openURL)
        case .downloads: showDownloads()
        case .openBlockedPopup:
            guard let action = tab.blockedPopup else { return show(message: "No blocked popup on this page") }
            tab.blockedPopup = nil
            _ = openTab(with: configuration).load(action.request)
        case .visitedPages: showGlobalHistory()
        case .clearData: clearBrowsingData()
        case .toggleAuthorStyles: toggleAuthorStyles()
        case .nextTab: switchTo(tab: (current + 1) % tabs.count)
        case .previousTab: switchTo(tab: (current - 1 + tabs.count) % tabs.count)
        }
        tab.rememberScrollPosition()
    }

    func confirmQuit(title: String) {
        present(MessageBox.confirm(title: title, message: "Quit Tern? (y/n)", ok: "Quit", cancel: "Stay") { [unowned self] quit in
            if quit { self.quit() }
        })
    }
}
