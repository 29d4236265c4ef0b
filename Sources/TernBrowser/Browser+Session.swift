import TernSystem
import TernKit
import TernTerminal

/// What the browser keeps to save its session (`Browser.session`).
struct SessionSaving {
    /// The profile's session file; nil for a profile kept in memory (`--private`).
    var store: SessionStore?
    /// The one timer of the debounced save: it fires `delay` after the last
    /// change, and at most `longestWait` after the first unsaved one. No
    /// change, no timer: an idle browser does nothing.
    var timer: EventLoop.Timer?
    var firstChange: Double?
    var lastChange = 0.0
    /// Shown in the status line once the first page has loaded (a load start clears messages).
    var pendingNotice: String?
    /// A write failure was shown (once, until a save succeeds again).
    var reportedFailure = false

    static let delay = 1.0
    static let longestWait = 5.0
}

/// Sessions: the tabs, each tab's back/forward list and scroll position,
/// saved as the person browses and at quit (SessionStore); after a crash the
/// next start offers them back; `--restore` brings back the last session.
extension Browser {
    /// Starts this run's session (after the first tab opened `target`):
    /// restores the last one when `restoresLastSession`, else offers it
    /// back when it did not end with a quit (only when no page was given:
    /// then the status line says how).
    func beginSession(opening target: String?) {
        guard let directory = configuration.websiteDataStore.directory else { return }
        let store = SessionStore(path: directory + "/session.sqlite")
        let last = store.begin()
        store.onWriteError = { [weak self] failure in self?.sessionWriteFailed(failure) }
        session.store = store
        if let notice = store.notice { addNotice(notice) }
        if restoresLastSession {
            guard let last, !last.tabs.isEmpty else {
                addNotice("No saved session to restore")
                return
            }
            restoreSession(last, keepingOpenTabs: target != nil)
            return
        }
        guard let last, last.ending != .closed, Self.isWorthRestoring(last) else { return }
        let how = last.ending == .crashed ? "did not quit cleanly" : "was ended by a signal"
        let count = last.tabs.count == 1 ? "1 tab" : "\(last.tabs.count) tabs"
        guard target == nil else {
            addNotice("The last session \(how) (\(count)): tern --restore brings it back")
            return
        }
        let titles = last.tabs.compactMap { $0.map(Self.label) }.prefix(5).map { "  " + $0 }.joined(separator: "\n")
        present(MessageBox.confirm(title: "Restore the last session?",
                                   message: "Tern \(how) last time. Restore its \(count)? (y/n)\n\n\(titles)",
                                   ok: "Restore", cancel: "Start fresh") { [unowned self] restore in
            if restore {
                restoreSession(last, keepingOpenTabs: false)
            } else {
                session.store?.decline(last)
            }
        })
    }

    /// Whether a session holds more than new tabs.
    static func isWorthRestoring(_ saved: SessionStore.Saved) -> Bool {
        saved.tabs.contains { $0?.items.contains { $0.url.href != startPage } ?? false }
    }

    /// A tab's shown page for a list: its title, else its URL.
    static func label(_ state: WebView.InteractionState) -> String {
        let item = state.currentItem
        return BrowserTab.shortened(item.title.isEmpty ? item.url.displayHref : item.title, limit: 70)
    }

    /// Opens `saved`'s tabs, each on its shown page, with its back/forward
    /// list and scroll positions, and goes on saving into that session.
    /// The tabs open now close, unless `keepingOpenTabs` (then they follow
    /// the restored ones and the first of them stays shown).
    func restoreSession(_ saved: SessionStore.Saved, keepingOpenTabs: Bool) {
        guard let store = session.store, store.takeOver(saved) else {
            show(message: "That session is open in another Tern", isError: true)
            return
        }
        let restored = saved.tabs.map { state -> BrowserTab in
            let newTab = BrowserTab(webView: makeWebView(configuration: configuration), browser: self)
            if let state {
                newTab.webView.restore(state)
            } else if let start = WebURL(Browser.startPage) {
                newTab.webView.load(userURL: start, replacing: true)
            }
            return newTab
        }
        guard !restored.isEmpty else { return }
        if keepingOpenTabs {
            current = restored.count + current
            tabs = restored + tabs
        } else {
            for tab in tabs { tab.webView.stopLoading() }
            tabs = restored
            current = saved.currentTab
        }
        var text = "Restored \(restored.count == 1 ? "1 tab" : "\(restored.count) tabs")"
        if saved.unreadableTabs > 0 { text += "; \(saved.unreadableTabs) could not be read" }
        addNotice(text)
        updateWindowTitle()
        sessionChanged()
        setNeedsDisplay()
    }

    /// Shows `text` in the status line once the shown page has loaded.
    private func addNotice(_ text: String) {
        session.pendingNotice = session.pendingNotice.map { $0 + "; " + text } ?? text
    }

    /// Something to save changed (a page committed or finished, a tab
    /// opened, closed or shown, the page scrolled): saves soon.
    func sessionChanged() {
        if let notice = session.pendingNotice, !tab.webView.isLoading {
            session.pendingNotice = nil
            show(message: notice)
        }
        guard session.store != nil, running else { return }
        let now = EventLoop.now()
        session.lastChange = now
        if session.firstChange == nil { session.firstChange = now }
        if session.timer?.isPending != true {
            session.timer = loop.schedule(after: SessionSaving.delay) { [weak self] in self?.sessionTimerFired() }
        }
    }

    private func sessionTimerFired() {
        let now = EventLoop.now()
        let due = min(session.lastChange + SessionSaving.delay, (session.firstChange ?? now) + SessionSaving.longestWait)
        if due - now > 0.01 {
            session.timer = loop.schedule(after: due - now) { [weak self] in self?.sessionTimerFired() }
            return
        }
        saveSession()
    }

    /// Saves the tabs now.
    func saveSession() {
        session.timer?.cancel()
        session.timer = nil
        session.firstChange = nil
        guard let store = session.store else { return }
        let states = tabs.map { $0.webView.interactionState?.encoded ?? "" }
        if store.save(tabs: states, currentTab: current) { session.reportedFailure = false }
    }

    /// The way out: saves the tabs and marks the session ended (a signal
    /// leaves it `interrupted`, offered back at the next start).
    func endSession(interrupted: Bool) {
        guard let store = session.store else { return }
        saveSession()
        store.end(interrupted ? .interrupted : .closed)
        session.store = nil
    }

    private func sessionWriteFailed(_ failure: SQLiteDatabase.Failure) {
        guard !session.reportedFailure else { return }
        session.reportedFailure = true
        show(message: failure.isDiskFull ? "The disk is full: the session cannot be saved (\(failure))"
                                         : "Cannot save the session: \(failure)", isError: true)
    }
}
