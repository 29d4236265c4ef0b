import TernDOM
import TernKit
import TernLayout
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The terminal browser: title bar, page, progress bar and status line on
/// the screen, keys turned into commands, dialogs answered in the terminal.
/// It shows what TernKit and TernLayout produce and adds no page logic.
public final class Browser {
    let terminal = Terminal()
    let loop: EventLoop
    private let configuration: WebViewConfiguration
    private let customUserAgent: String?
    let downloads = DownloadList()
    let externalHandlers = ExternalHandlers.load()
    private var downloadTimer: EventLoop.Timer?
    /// The open tabs, and which one is shown.
    private(set) var tabs: [BrowserTab] = []
    private var current = 0
    var tab: BrowserTab { tabs[current] }
    /// `g` waits for `t`/`T` (next/previous tab) before it means "top".
    private var pendingG: EventLoop.Timer?
    /// Dialogs, menus and prompts, newest last; the newest takes the keys.
    private var modals: [Modal] = []
    private var message: (text: String, isError: Bool)?
    private var running = true
    private var drawScheduled = false
    private var watches: [EventLoop.FileWatch] = []
    /// The storage problem last shown (a full disk, an unusable profile).
    private var shownStorageError: String?

    /// The first page row: under the title bar, and under the tab bar when
    /// there is more than one tab.
    private var pageTop: Int { tabs.count > 1 ? 2 : 1 }
    /// Page rows: the screen less the bars and the status line.
    private var pageHeight: Int { max(1, terminal.rows - pageTop - 1) }

    public init(configuration: WebViewConfiguration, customUserAgent: String? = nil) {
        self.configuration = configuration
        self.customUserAgent = customUserAgent
        loop = configuration.eventLoop
    }

    /// Takes the terminal, opens `target` (the start page when nil) and runs
    /// until the person quits. Returns the exit status.
    public func run(opening target: String?) -> Int32 {
        do {
            try terminal.start()
        } catch {
            let text = TerminalText.sanitize("\(error)\n", keepLineBreaks: true)
            fputs(text, stderr)
            return 1
        }
        defer { terminal.stop() }
        let webView = WebView(configuration: configuration)
        webView.customUserAgent = customUserAgent
        tabs = [BrowserTab(webView: webView, browser: self)]
        watches = [terminal.inputFileDescriptor, terminal.resizeFileDescriptor].filter { $0 >= 0 }.map { fd in
            loop.watch(fileDescriptor: fd) { [unowned self] in readKeys() }
        }
        downloads.onChange = { [unowned self] in downloadsChanged() }
        open(target ?? "about:start")
        draw()
        while running {
            loop.runOnce(maxWait: 1)
        }
        watches.forEach { $0.cancel() }
        return 0
    }

    // MARK: Screen

    /// Asks for a redraw on the next turn of the event loop (one per turn,
    /// however many changes the turn made; nested loops of dialogs included).
    func setNeedsDisplay() {
        guard !drawScheduled else { return }
        drawScheduled = true
        loop.post { [weak self] in self?.draw() }
    }

    private func draw() {
        drawScheduled = false
        guard running else { return }
        if let problem = configuration.websiteDataStore.storageError, problem != shownStorageError {
            shownStorageError = problem
            message = (problem, true)
        }
        tab.refreshLayout(width: terminal.columns, height: pageHeight)
        terminal.erase()
        terminal.hideCursor()
        drawTitleBar()
        drawTabBar()
        tab.viewport.draw(on: terminal, atRow: pageTop)
        tab.progress.draw(on: terminal, row: pageTop)
        drawStatusLine()
        for modal in modals { modal.draw(on: terminal) }
        terminal.refresh()
    }

    private func drawTitleBar() {
        let webView = tab.webView
        let title = webView.title.flatMap { $0.isEmpty ? nil : $0 } ?? webView.url?.href ?? "Tern"
        var mark = webView.isLoading ? " [loading]" : ""
        if tabs.count > 1 { mark += " [tab \(current + 1)/\(tabs.count)]" }
        terminal.fill(row: 0, column: 0, count: terminal.columns, style: Theme.titleBar)
        let markWidth = DisplayWidth.of(mark)
        terminal.put(" " + title, row: 0, column: 0, style: Theme.titleBar, maxColumns: terminal.columns - markWidth - 1)
        if !mark.isEmpty {
            terminal.put(mark, row: 0, column: terminal.columns - markWidth - 1, style: Theme.titleBar)
        }
    }

    /// One entry per tab, the shown one reversed, cut to fit.
    private func drawTabBar() {
        guard tabs.count > 1 else { return }
        let width = max(8, min(24, terminal.columns / tabs.count))
        var column = 0
        for (index, tab) in tabs.enumerated() where column < terminal.columns {
            let title = tab.webView.title.flatMap { $0.isEmpty ? nil : $0 } ?? tab.webView.url?.href ?? "New tab"
            let label = DisplayWidth.slice(" \(index + 1):\(title)" + String(repeating: " ", count: width), from: 0, columns: width - 1)
            terminal.put(label, row: 1, column: column, style: CellStyle(reverse: index == current, dim: index != current))
            column += width
        }
    }

    private func drawStatusLine() {
        let row = terminal.rows - 1
        if let message {
            terminal.put(message.text, row: row, column: 0, style: message.isError ? Theme.error : Theme.status)
        } else if let target = tab.viewport.focusedTarget {
            terminal.put(statusText(for: target), row: row, column: 0)
        } else if tab.webView.isLoading {
            terminal.put("Loading \(tab.webView.url?.href ?? "")", row: row, column: 0)
        } else {
            terminal.put("Press ? for help, q to quit", row: row, column: 0, style: CellStyle(dim: true))
        }
    }

    private func statusText(for target: FocusTarget) -> String {
        let page = tab.viewport.page
        switch target.kind {
        case .link(let index):
            return page.links[index].url
        case .control(let index):
            let control = page.controls[index]
            switch control.kind {
            case .text, .password, .textarea: return "Form field \(control.name): Enter to edit"
            case .checkbox, .radio: return "Enter to \(control.checked ? "uncheck" : "check") \(control.name)"
            case .select: return "Enter to choose \(control.name)"
            case .file:
                let chosen = tab.webView.chosenFiles(for: control.node).map { $0.href }
                return "Enter to choose a file for \(control.name)" + (chosen.isEmpty ? "" : " (chosen: \(chosen.joined(separator: ", ")))")
            default:
                let label = control.value.isEmpty ? control.node.textContent.trimmingWhitespace() : control.value
                return "Enter to press \(label.isEmpty ? control.kind.rawValue : label)"
            }
        }
    }

    /// Shows a message in the status line until the next key.
    func show(message text: String, isError: Bool = false) {
        message = (text, isError)
        setNeedsDisplay()
    }

    func clearMessage() {
        message = nil
    }

    /// Puts a dialog, menu or prompt over the screen; it takes the keys until answered.
    func present(_ modal: Modal) {
        modals.append(modal)
        setNeedsDisplay()
    }

    // MARK: Keys

    /// Handles the waiting keys and draws the result at once. With
    /// `TERN_KEY_TIMING_LOG` set (by `make bench`), each batch's time from
    /// the first key to the drawn screen is appended to that file.
    private func readKeys() {
        let start = EventLoop.now()
        var keys: [Key] = []
        while running, let key = terminal.readKey() {
            keys.append(key)
            handle(key)
        }
        guard !keys.isEmpty else { return }
        draw()
        keyTimingLog?.record(keys: keys, seconds: EventLoop.now() - start)
    }

    private let keyTimingLog = KeyTimingLog.fromEnvironment()

    private func handle(_ key: Key) {
        if key == .resize {
            setNeedsDisplay()
            return
        }
        if let modal = modals.last {
            if modal.handle(key), let index = modals.lastIndex(where: { $0 === modal }) {
                modals.remove(at: index)
            }
            return
        }
        message = nil
        if case .mouse(let event) = key {
            handle(event)
            return
        }
        if let timer = pendingG {
            timer.cancel()
            pendingG = nil
            switch key {
            case .character("t"): return perform(.nextTab)
            case .character("T"): return perform(.previousTab)
            default: perform(.scrollToTop)
            }
        }
        if key == .character("g") {
            // `g` alone goes to the top; `gt`/`gT` switch tabs (as in vim).
            pendingG = loop.schedule(after: 0.4) { [weak self] in
                self?.pendingG = nil
                self?.perform(.scrollToTop)
                self?.setNeedsDisplay()
            }
            return
        }
        if let command = BrowserCommand.forKey(key) { perform(command) }
    }

    private func handle(_ event: MouseEvent) {
        switch event.action {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        case .click:
            guard event.row >= pageTop, event.row < pageTop + pageHeight,
                  let index = tab.viewport.target(atRow: event.row - pageTop, column: event.column) else { return }
            tab.viewport.setFocus(index)
            activateFocused()
        }
    }

    private func scroll(by lines: Int) {
        tab.viewport.scroll(by: lines)
        tab.rememberScrollPosition()
    }

    private func perform(_ command: BrowserCommand) {
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
            if webView.goBack() == nil { show(message: "Nothing to go back to") }
        case .forward:
            if webView.goForward() == nil { show(message: "Nothing to go forward to") }
        case .backOrClose:
            if webView.canGoBack { _ = webView.goBack() } else { close(tab) }
        case .reload: _ = webView.reload()
        case .reloadFromOrigin: _ = webView.reloadFromOrigin()
        case .stop:
            if webView.isLoading { webView.stopLoading() }
        case .openURL:
            present(StatusPrompt(label: "Open: ", text: webView.url?.href ?? "") { [unowned self] answer in
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
        case .close, .closeTab: close(tab)
        case .quit:
            if tabs.count > 1 { close(tab) } else { confirmQuit(title: "Quit Tern?") }
        case .quitNow: running = false
        case .newTab:
            let webView = WebView(configuration: configuration)
            webView.customUserAgent = customUserAgent
            add(BrowserTab(webView: webView, browser: self))
            open("about:start")
            perform(.openURL)
        case .downloads: showDownloads()
        case .nextTab: switchTo(tab: (current + 1) % tabs.count)
        case .previousTab: switchTo(tab: (current - 1 + tabs.count) % tabs.count)
        }
        tab.rememberScrollPosition()
    }

    private func confirmQuit(title: String) {
        present(MessageBox.confirm(title: title, message: "Quit Tern? (y/n)", ok: "Quit", cancel: "Stay") { [unowned self] quit in
            if quit { running = false }
        })
    }

    // MARK: Downloads

    /// While downloads run, the screen is redrawn twice a second for their
    /// progress; a finished or failed one is announced.
    private func downloadsChanged() {
        if let last = downloads.entries.last, last.download.isFinished || last.failure != nil {
            show(message: "Download: \(downloads.lines.first ?? "")", isError: last.failure != nil)
        }
        scheduleDownloadProgress()
        setNeedsDisplay()
    }

    private func scheduleDownloadProgress() {
        guard downloadTimer == nil, downloads.activeCount > 0 else { return }
        downloadTimer = loop.schedule(after: 0.5) { [weak self] in
            guard let self else { return }
            downloadTimer = nil
            if message == nil || message!.text.hasPrefix("Downloading") {
                message = downloads.activeCount > 0 ? ("Downloading: \(downloads.lines.first ?? "")", false) : message
            }
            scheduleDownloadProgress()
            setNeedsDisplay()
        }
    }

    private func showDownloads() {
        guard !downloads.entries.isEmpty else {
            show(message: "No downloads yet")
            return
        }
        present(MenuBox(title: "Downloads (newest first) in \(DownloadList.folder())", items: downloads.lines) { _ in })
    }

    // MARK: Tabs

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
        setNeedsDisplay()
    }

    /// Shows the tab at `index`.
    func switchTo(tab index: Int) {
        guard tabs.indices.contains(index) else { return }
        current = index
        terminal.setWindowTitle(tab.webView.title.map { $0.isEmpty ? "Tern" : "\($0) - Tern" } ?? "Tern")
        setNeedsDisplay()
    }

    /// Shows `owner`'s tab (a page in another tab opened a dialog).
    func bringForward(_ owner: BrowserTab) {
        if let index = tabs.firstIndex(where: { $0 === owner }), index != current { switchTo(tab: index) }
    }

    /// A new web view for a page's `target=_blank` link or `window.open`, in a tab.
    func openTab(with configuration: WebViewConfiguration) -> WebView {
        let webView = WebView(configuration: configuration)
        webView.customUserAgent = customUserAgent
        add(BrowserTab(webView: webView, browser: self))
        return webView
    }

    // MARK: Pages

    /// Opens what the person typed: a URL, a file or a host name.
    func open(_ target: String) {
        guard let url = UserInput.url(for: target) else {
            show(message: "Not a valid URL or file: \(target)", isError: true)
            return
        }
        if url.scheme == "file" {
            _ = tab.webView.loadFileURL(url, allowingReadAccessTo: url)
        } else {
            _ = tab.webView.load(Request(url: url))
        }
    }

    private func activateFocused() {
        guard let target = tab.viewport.focusedTarget else { return }
        switch target.kind {
        case .link(let index): follow(linkAt: index)
        case .control(let index): activate(controlAt: index, region: target.regions[0])
        }
    }

    private func follow(linkAt index: Int) {
        handle(tab.webView.activate(tab.viewport.page.links[index]))
    }

    /// What the browser shows after acting on the page.
    private func handle(_ result: ActivationResult) {
        switch result {
        case .fragment(let name): tab.scroll(toFragment: name)
        case .canceled, .done, .navigation, .newWindow: break
        }
        setNeedsDisplay()
    }

    /// Enter on a form control: fields are edited in place, a select opens
    /// a menu, a textarea opens `$EDITOR`; the rest are clicked.
    private func activate(controlAt index: Int, region: TextRegion) {
        let control = tab.viewport.page.controls[index]
        let webView = tab.webView
        switch control.kind {
        case .text, .password:
            let row = pageTop + region.line - tab.viewport.top
            let column = region.columns.lowerBound - tab.viewport.left
            present(FieldEditor(text: control.value, masked: control.kind == .password, row: row, column: max(0, column),
                                width: region.columns.count) { [unowned self] ending in
                switch ending {
                case .enter(let text):
                    webView.setValue(text, for: control.node)
                    handle(webView.pressEnter(in: control.node))
                case .tab(let text):
                    webView.setValue(text, for: control.node)
                    tab.viewport.moveFocus(forward: true)
                case .cancel:
                    break
                }
                setNeedsDisplay()
            })
        case .textarea:
            editTextarea(control)
        case .select:
            let multiple = control.node.attribute("multiple") != nil
            let chosen = Set(control.node.getElementsByTagName("option").enumerated().compactMap { $1.attribute("selected") != nil ? $0 : nil })
            present(MenuBox(title: control.name.isEmpty ? "Choose" : "Choose \(control.name)", items: control.options,
                            selected: control.selectedIndex ?? 0, multiple: multiple, ticked: chosen) { [unowned self] indices in
                guard let indices else { return }
                webView.selectOptions(at: indices, in: control.node)
                setNeedsDisplay()
            })
        default:
            handle(webView.activate(control))
        }
    }

    /// A textarea in `$VISUAL`/`$EDITOR` (the terminal is handed over while
    /// it runs), or in a one-line prompt when neither is set.
    private func editTextarea(_ control: FormControl) {
        let webView = tab.webView
        guard let editor = ExternalEditor.command() else {
            present(PromptBox(title: "Edit \(control.name)", message: "Set $EDITOR to edit on several lines.",
                              defaultText: control.value) { [unowned self] text in
                if let text { webView.setValue(text, for: control.node) }
                setNeedsDisplay()
            })
            return
        }
        terminal.suspend()
        let result = ExternalEditor.edit(control.value, with: editor)
        terminal.resume()
        switch result {
        case .success(let text): webView.setValue(text, for: control.node)
        case .failure(let problem): show(message: problem.description, isError: true)
        }
        setNeedsDisplay()
    }

    private func showPageInfo() {
        let webView = tab.webView
        var lines: [String] = []
        lines.append("Title:    \(webView.title ?? "(none)")")
        lines.append("URL:      \(webView.url?.href ?? "(none)")")
        lines.append("Type:     \(webView.response?.mimeType ?? "(unknown)")")
        lines.append("Encoding: \(webView.response?.textEncodingName ?? "(not given)")")
        lines.append("Secure:   \(webView.url?.scheme == "https" ? (webView.hasOnlySecureContent ? "yes (https)" : "partly (mixed content)") : "no")")
        let page = tab.viewport.page
        lines.append("Lines:    \(page.lines.count), links: \(page.links.count), form controls: \(page.controls.count)")
        present(MessageBox(title: "Page information", message: lines.joined(separator: "\n")) { _ in })
    }

    private func showHistory() {
        let list = tab.webView.backForwardList
        let items = list.backList + (list.currentItem.map { [$0] } ?? []) + list.forwardList
        guard !items.isEmpty else {
            show(message: "No history yet")
            return
        }
        let current = list.backList.count
        let labels = items.enumerated().map { index, item in
            (index == current ? "* " : "  ") + (item.title.isEmpty ? item.url.href : "\(item.title) — \(item.url.href)")
        }
        present(MenuBox(title: "History (Enter goes there)", items: labels, selected: current) { [unowned self] chosen in
            guard let index = chosen?.first, index != current else { return }
            _ = tab.webView.go(to: items[index])
        })
    }
}
