import TernKit
import TernTerminal

/// What the keys ask for: scrolling, focus, history, search, quitting.
extension Browser {
    /// The largest count a number typed before a command can be.
    static let maximumCount = 9999

    /// Runs `command`; `count` (a number typed first) repeats a motion
    /// (`BrowserCommand.repeatsWithCount`) and, for `activate`, is the
    /// number of the link to follow. Other commands run once.
    func perform(_ command: BrowserCommand, count: Int? = nil) {
        let webView = tab.webView
        let times = min(max(count ?? 1, 1), Browser.maximumCount)
        switch command {
        case .scrollDown: scroll(by: times)
        case .scrollUp: scroll(by: -times)
        case .pageDown: scroll(by: times * max(1, pageHeight - 1))
        case .pageUp: scroll(by: -times * max(1, pageHeight - 1))
        case .halfPageDown: scroll(by: times * max(1, pageHeight / 2))
        case .halfPageUp: scroll(by: -times * max(1, pageHeight / 2))
        case .top: scroll(by: -tab.viewport.top)
        case .bottom: scroll(by: tab.viewport.lastTop - tab.viewport.top)
        case .scrollLeft: tab.viewport.scrollSideways(by: -8 * times)
        case .scrollRight: tab.viewport.scrollSideways(by: 8 * times)
        case .nextLink, .previousLink:
            // More turns than targets come round to the same place.
            for _ in 0..<min(times, max(1, tab.viewport.targetCount)) { tab.viewport.moveFocus(forward: command == .nextLink) }
        case .nextHeading, .previousHeading: move(to: .heading, forward: command == .nextHeading, times: times)
        case .nextLandmark, .previousLandmark: move(to: .landmark, forward: command == .nextLandmark, times: times)
        case .nextTable, .previousTable: move(to: .table, forward: command == .nextTable, times: times)
        case .nextField, .previousField: moveToField(forward: command == .nextField, times: times)
        case .goToMain: goToMain()
        case .pageStructure: showPageStructure()
        case .activate:
            if let count { follow(linkNumber: count) } else { activateFocused() }
        case .openLinkInNewTab: openFocusedLinkInNewTab()
        case .back:
            // Within the page, going back is no load (goBack returns nil).
            guard webView.canGoBack else { return show(message: "Nothing to go back to") }
            if times == 1 { _ = webView.goBack() } else { go(by: -times, in: webView) }
        case .forward:
            guard webView.canGoForward else { return show(message: "Nothing to go forward to") }
            if times == 1 { _ = webView.goForward() } else { go(by: times, in: webView) }
        case .backOrClose:
            if webView.canGoBack { _ = webView.goBack() } else { close(tab) }
        case .reload: _ = webView.reload()
        case .reloadFromOrigin: _ = webView.reloadFromOrigin()
        case .stop:
            if webView.isLoading { webView.stopLoading() }
        case .openURL:
            present(StatusPrompt(label: "Open: ", text: webView.url?.displayHref ?? "", completion: urlCompletion()) { [unowned self] answer in
                if let answer { open(answer) }
            })
        case .pageInfo: showPageInfo()
        case .history: showHistory()
        case .help: open(Browser.helpPage)
        case .find:
            present(StatusPrompt(label: "/") { [unowned self] answer in
                guard let answer, !answer.isEmpty else { return }
                if tab.viewport.find(answer) { showSearchPosition() } else { show(message: "Not found: \(answer)", isError: true) }
            })
        case .findNext, .findPrevious:
            guard let query = tab.viewport.searchQuery else {
                show(message: "No search yet: " + keyHint(for: .find, "to find text"))
                return
            }
            var found = true
            for _ in 0..<times where !tab.viewport.findNext(forward: command == .findNext) {
                show(message: "Not found: \(query)", isError: true)
                found = false
                break
            }
            if found { showSearchPosition() }
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
        case .toggleStyles: toggleAuthorStyles()
        case .nextTab: switchTo(tab: (current + times) % tabs.count)
        case .previousTab: switchTo(tab: ((current - times) % tabs.count + tabs.count) % tabs.count)
        case .bookmarkAdd: addBookmark()
        case .bookmarkLink: bookmarkFocusedLink()
        case .bookmarks: showBookmarks()
        case .viewSource: viewSource()
        case .savePage: savePage()
        case .copyURL: copyPageURL()
        case .copyLinkURL: copyFocusedLinkURL()
        }
        tab.rememberScrollPosition()
    }

    /// "match 3 of 17", and what Enter does there when the match is in a link or field.
    private func showSearchPosition() {
        guard let position = tab.viewport.searchPosition else { return }
        show(message: tab.viewport.focusedTarget == nil ? position : position + " (Enter follows it)")
    }

    /// Follows the link numbered `number` (as drawn, `[n]`), or focuses
    /// the form field with that number (lynx's numbered fields), or says
    /// there is none.
    func follow(linkNumber number: Int) {
        let page = tab.viewport.page
        // Links alone: link n is links[n - 1]; with fields numbered, searched for.
        if number >= 1, number <= page.links.count, page.links[number - 1].number == number { return follow(linkAt: number - 1) }
        if let index = page.links.firstIndex(where: { $0.number == number }) { return follow(linkAt: index) }
        if let control = page.controls.first(where: { $0.number == number }), tab.viewport.focus(on: control.element) {
            return setNeedsDisplay()
        }
        show(message: "No link or field number \(number)", isError: true)
    }

    /// Goes `offset` entries back (negative) or forward in the tab's
    /// history, stopping at its first or last entry.
    private func go(by offset: Int, in webView: WebView) {
        let list = webView.backForwardList
        let reachable = offset < 0 ? -list.backList.count : list.forwardList.count
        let clamped = offset < 0 ? max(offset, reachable) : min(offset, reachable)
        if let item = list.item(at: clamped) { _ = webView.go(to: item) }
    }

    /// Opens the focused link in a new tab, placed as a `target=_blank`
    /// link's tab is (after the current one).
    func openFocusedLinkInNewTab() {
        guard case .link(let index)? = tab.viewport.focusedTarget?.kind else {
            return show(message: "No link is focused: " + keyHint(for: .nextLink, "to focus one"))
        }
        handle(tab.webView.openInNewWindow(tab.viewport.page.links[index]))
    }

    /// "press KEY to WHAT" for the first key bound to `command` in the
    /// keymap in force, or "bind a key to NAME to WHAT" when none is.
    func keyHint(for command: BrowserCommand, _ what: String) -> String {
        guard let key = keymap.keyNames(for: command).first else { return "bind a key to \(command.name) \(what)" }
        return "press \(key) \(what)"
    }

    func confirmQuit(title: String) {
        present(MessageBox.confirm(title: title, message: "Quit Tern? (y/n)", ok: "Quit", cancel: "Stay") { [unowned self] quit in
            if quit { self.quit() }
        })
    }
}
