import TernSystem
import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// The terminal browser: title bar, page, progress bar and status line on
/// the screen, keys turned into commands, dialogs answered in the terminal.
/// It shows what TernKit produces and adds no page logic.
public final class Browser {
    let terminal: Terminal
    let loop: EventLoop
    private(set) var configuration: WebViewConfiguration
    let customUserAgent: String?
    let downloads: DownloadList
    let externalHandlers: ExternalHandlers
    /// The settings file's settings, with the command line's options on top.
    let settings: Settings
    /// Tern's own start page: Resources/start.html.
    static let startPage = "about:start"
    /// What the browser opens without a page, and in a new tab: the
    /// settings' `start-page`, else `about:start`.
    var startPage: String { settings.startPage }
    /// The settings file's first problem, in the status line until the first key.
    var settingsNotice: String?
    var downloadTimer: EventLoop.Timer?
    /// The open tabs, and which one is shown.
    var tabs: [BrowserTab] = []
    var current = 0
    var tab: BrowserTab { tabs[current] }
    /// Which key runs which command (Tern's own keys unless changed).
    public var keymap: Keymap = .default
    /// The keys of a sequence typed so far (`g` of `gt`), waiting for the
    /// next key until `pendingKeysTimer` fires.
    private var pendingKeys: [Key] = []
    private var pendingKeysTimer: EventLoop.Timer?
    /// How long a sequence's first keys wait for the next (seconds).
    static let sequenceTimeout = 0.4
    /// The number typed before a command: a count, or a link number.
    private(set) var pendingCount: Int?
    /// The built-in page made from the keymap (`?`).
    static let helpPage = "about:help"
    /// Dialogs, menus and prompts, newest last; the newest takes the keys.
    var modals: [Modal] = []
    var message: (text: String, isError: Bool)?
    /// False once the person quit (or a signal asked tern to end).
    private(set) var running = true
    private var exitStatus: Int32 = 0
    private var drawScheduled = false
    private var watches: [EventLoop.FileWatch] = []
    /// The storage problem last shown (a full disk, an unusable profile).
    private var shownStorageError: String?
    /// Whether pages' own styles apply, in every tab (`S` toggles it; `--no-css` starts it off).
    var authorStyleSheetsEnabled: Bool
    /// `--restore`: start with the last session's tabs, without asking.
    public var restoresLastSession = false
    /// The session being saved (Browser+Session.swift).
    var session = SessionSaving()

    /// The first page row: under the title bar, and under the tab bar when
    /// there is more than one tab.
    var pageTop: Int { tabs.count > 1 ? 2 : 1 }
    /// Page rows: the screen less the bars and the status line.
    var pageHeight: Int { max(1, terminal.rows - pageTop - 1) }

    /// A browser drawing on `terminal` (the real one by default; a test
    /// passes one that keeps its cells in memory).
    /// `settings` (the settings file's, with the command line's options on
    /// top) give the start page, the search URL, the download folder, the
    /// theme, the handlers and the per-site settings.
    public init(configuration: WebViewConfiguration, customUserAgent: String? = nil, settings: Settings = Settings(),
                terminal: Terminal = CursesTerminal()) {
        self.configuration = configuration
        self.customUserAgent = customUserAgent
        self.settings = settings
        downloads = DownloadList(folder: settings.downloadFolder)
        externalHandlers = ExternalHandlers(commands: settings.handlers)
        Theme.current = Theme.named[settings.theme] ?? .standard
        keymap = settings.keymap
        settings.applyCookiePolicy(to: configuration.websiteDataStore)
        if let first = settings.problems.first {
            let more = settings.problems.count - 1
            settingsNotice = "\(first)" + (more > 0 ? " (\(more) more: tern --print-config)" : "")
        }
        self.terminal = terminal
        loop = configuration.eventLoop
        authorStyleSheetsEnabled = configuration.preferences.authorStyleSheetsEnabled
        // `about:help` is made from the keymap in force, on every load.
        let otherPages = configuration.aboutPageProvider
        self.configuration.aboutPageProvider = { [weak self] name in
            if name == "help", let self { return self.helpPageHTML() }
            return otherPages?(name)
        }
    }

    /// The `?` page for the keymap in force, in Resources/help.html's prose.
    func helpPageHTML() -> String {
        var prose: String?
        if let directory = configuration.resourcesDirectory,
           case .success(let bytes) = LocalFile.read(path: directory + "/help.html", limit: 1 << 20) {
            prose = String(decoding: bytes, as: UTF8.self)
        }
        return HelpPage.html(keymap: keymap, prose: prose)
    }

    /// Takes the terminal, opens `target` (the start page when nil) and runs
    /// until the person quits. Returns the exit status.
    public func run(opening target: String?) -> Int32 {
        do {
            try start(opening: target)
        } catch {
            let text = TerminalText.sanitize("\(error)\n", keepLineBreaks: true)
            fputs(text, stderr)
            return 1
        }
        defer { finish() }
        // Waits for keys, the network and the next timer together; idle, it sleeps.
        while running {
            loop.runOnce(maxWait: .infinity)
        }
        return exitStatus
    }

    /// Takes the terminal and opens the first tab on `target` (the start
    /// page when nil); the event loop does the rest. `run` without the loop.
    func start(opening target: String?) throws {
        try terminal.start()
        tabs = [BrowserTab(webView: makeWebView(configuration: configuration), browser: self)]
        watches = [terminal.inputFileDescriptor, terminal.signalFileDescriptor].filter { $0 >= 0 }.map { fd in
            loop.watch(fileDescriptor: fd) { [unowned self] in readKeys() }
        }
        loop.interruptCheck = { [unowned self] in keysAskToStop() }
        downloads.onChange = { [unowned self] in downloadsChanged() }
        downloads.onProgress = { [unowned self] in downloadProgressed() }
        open(target ?? startPage, searching: false)
        beginSession(opening: target)
        draw()
    }

    /// Gives the terminal back and stops watching it.
    func finish() {
        endSession(interrupted: exitStatus >= 128)
        watches.forEach { $0.cancel() }
        watches = []
        loop.interruptCheck = nil
        terminal.stop()
    }

    /// Ends the browser: the event loop's nested turns (a page's synchronous
    /// request, a dialog) return, and `run` gives the terminal back.
    func quit(status: Int32 = 0) {
        guard running else { return }
        running = false
        exitStatus = status
        loop.interrupt()
    }

    // MARK: Screen

    /// Asks for a redraw on the next turn of the event loop (one per turn,
    /// however many changes the turn made; nested loops of dialogs included).
    func setNeedsDisplay() {
        guard !drawScheduled else { return }
        drawScheduled = true
        loop.post { [weak self] in self?.draw() }
    }

    func draw() {
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
        // A text field typed into at once shows the cursor where the text goes.
        if keymap.typesIntoFields, modals.isEmpty, let field = focusedTextField(),
           let position = tab.viewport.screenPosition(of: field.region) {
            terminal.setCursor(row: pageTop + position.row, column: position.column + 1)
        }
        // The page's scripts see where the person is (scrollY, intersection observers).
        tab.webView.scrolledLines = tab.viewport.top
        tab.progress.draw(on: terminal, row: pageTop)
        drawStatusLine()
        for modal in modals { modal.draw(on: terminal) }
        terminal.refresh()
    }

    func drawTitleBar() {
        let webView = tab.webView
        let title = tab.sourceView?.title ?? webView.title.flatMap { $0.isEmpty ? nil : $0 } ?? webView.url?.displayHref ?? "Tern"
        var mark = webView.isLoading ? " [loading]" : ""
        if configuration.network.isInsecure { mark += " [INSECURE: TLS not verified]" }
        if tabs.count > 1 { mark += " [tab \(current + 1)/\(tabs.count)]" }
        terminal.fill(row: 0, column: 0, count: terminal.columns, style: Theme.titleBar)
        let markWidth = DisplayWidth.of(mark)
        terminal.put(" " + title, row: 0, column: 0, style: Theme.titleBar, maxColumns: terminal.columns - markWidth - 1)
        if !mark.isEmpty {
            terminal.put(mark, row: 0, column: terminal.columns - markWidth - 1, style: Theme.titleBar)
        }
    }

    /// One entry per tab, the shown one reversed, cut to fit.
    func drawTabBar() {
        guard tabs.count > 1 else { return }
        let width = max(8, min(24, terminal.columns / tabs.count))
        var column = 0
        for (index, tab) in tabs.enumerated() where column < terminal.columns {
            let title = tab.webView.title.flatMap { $0.isEmpty ? nil : $0 } ?? tab.webView.url?.displayHref ?? "New tab"
            let label = DisplayWidth.slice(" \(index + 1):\(title)" + String(repeating: " ", count: width), from: 0, columns: width - 1)
            terminal.put(label, row: 1, column: column, style: CellStyle(reverse: index == current, dim: index != current))
            column += width
        }
    }

    func drawStatusLine() {
        let row = terminal.rows - 1
        if let message {
            terminal.put(message.text, row: row, column: 0, style: message.isError ? Theme.error : Theme.status)
        } else if let settingsNotice {
            terminal.put(settingsNotice, row: row, column: 0, style: Theme.error)
        } else if let target = tab.viewport.focusedTarget {
            terminal.put(statusText(for: target), row: row, column: 0)
        } else if tab.sourceView != nil {
            terminal.put("The page's source: press \\ for the page", row: row, column: 0, style: CellStyle(dim: true))
        } else if tab.webView.isLoading {
            terminal.put("Loading \(tab.webView.url?.displayHref ?? "")", row: row, column: 0)
        } else {
            terminal.put(idleHint, row: row, column: 0, style: CellStyle(dim: true))
        }
    }

    /// The status line of an idle page: the keymap's help and quit keys.
    var idleHint: String {
        let help = keymap.keyNames(for: .help).first.map { "Press \($0) for help" } ?? "about:help lists the keys"
        return help + (keymap.keyNames(for: .quit).first.map { ", \($0) to quit" } ?? "")
    }

    func statusText(for target: FocusTarget) -> String {
        let page = tab.viewport.page
        switch target.kind {
        case .link(let index):
            let url = page.links[index].url
            return WebURL(url)?.displayHref ?? url
        case .control(let index):
            let control = page.controls[index]
            let field = Browser.fieldName(control)
            switch control.kind {
            case .text, .password, .textarea:
                return "Form field \(field): " + (keymap.typesIntoFields ? "type into it (Enter edits, Esc leaves)" : "Enter to edit")
            case .checkbox, .radio: return "Enter to \(control.checked ? "uncheck" : "check") \(field)"
            case .select: return "Enter to choose \(field)"
            case .file:
                let chosen = tab.webView.chosenFiles(for: control.element).map { $0.href }
                return "Enter to choose a file for \(field)" + (chosen.isEmpty ? "" : " (chosen: \(chosen.joined(separator: ", ")))")
            default:
                let name = control.accessibleName
                return "Enter to press \(name.isEmpty ? control.kind.rawValue : name)"
            }
        }
    }

    /// A control as the status line names it: its `name` (what the form
    /// sends), and its accessible name in quotes when that says more.
    static func fieldName(_ control: PageControl) -> String {
        let label = control.accessibleName
        guard !label.isEmpty, label.lowercased() != control.name.lowercased() else { return control.name }
        return control.name.isEmpty ? "\"\(label)\"" : "\(control.name) \"\(label)\""
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
    func readKeys() {
        let start = EventLoop.now()
        var keys: [Key] = []
        while running, let key = terminal.readKey() {
            keys.append(key)
            handle(key)
        }
        if let signal = terminal.terminationSignal {
            // SIGHUP, SIGTERM, SIGINT: the terminal is given back on the way out.
            quit(status: 128 + signal)
            return
        }
        guard !keys.isEmpty else { return }
        draw()
        keyTimingLog?.record(keys: keys, seconds: EventLoop.now() - start)
    }

    private let keyTimingLog = KeyTimingLog.fromEnvironment()

    /// The keys that interrupt a page's running script: those the keymap
    /// binds to quit, quit-now, stop and close-tab (q, Q, C-c, Esc, C-g, x
    /// by default), alone or ending a sequence, when no dialog or prompt
    /// takes them.
    func asksToStop(_ key: Key) -> Bool {
        guard modals.isEmpty, let command = keymap.command(for: [key]) ?? keymap.command(for: pendingKeys + [key]) else {
            return false
        }
        return [.quit, .quitNow, .stop, .closeTab].contains(command)
    }

    /// The event loop's interrupt check, asked while a page's script runs
    /// on: reads the waiting keys (they are handled once the script is
    /// over) and says whether one asks to stop, or a signal came. With a
    /// dialog of the browser's open (the quit question), any key does: the
    /// person is answering the browser, not the page. A dialog the page's
    /// script waits for is answered by the posted keys on the wait's next
    /// turn; interrupting that wait would answer it for the person.
    func keysAskToStop() -> Bool {
        let keys = terminal.readWaitingKeys()
        if !keys.isEmpty || terminal.terminationSignal != nil {
            loop.post { [weak self] in self?.readKeys() }
        }
        // A key for a dialog of the browser's stops the page's work; one typed into the
        // page's field is the page's (its scripts and layouts follow each key).
        let answeringDialog = modals.last.map { !$0.pageScriptWaits && !($0 is FieldEditor) } == true && keys.contains { $0 != .resize }
        // Keys after Enter or a click are not the browser's commands: that key
        // may open a field editor or a menu, which takes them ("q" typed into
        // a search field must not stop the page's layout as if it quit).
        // Nor are characters typed while a text field has the focus: they go into it.
        let typing = keymap.typesIntoFields && focusedTextField() != nil
        let commands = keys.prefix { key in
            if case .mouse = key { return false }
            return key != .enter
        }.filter { key in
            if typing, case .character = key { return false }
            return true
        }
        return terminal.terminationSignal != nil || answeringDialog || commands.contains(where: asksToStop)
    }

    func handle(_ key: Key) {
        if key == .resize {
            setNeedsDisplay()
            return
        }
        // The page's work in progress (a synchronous request, a flood of
        // timers) gives way at once to a key that stops or quits.
        if asksToStop(key) { loop.interrupt() }
        if let modal = modals.last {
            if modal.handle(key), let index = modals.lastIndex(where: { $0 === modal }) {
                modals.remove(at: index)
            }
            return
        }
        message = nil
        settingsNotice = nil
        if case .mouse(let event) = key {
            handle(event)
            return
        }
        handleCommandKey(key)
    }

    /// A key for the keymap: digits make the count, a sequence's keys wait
    /// for the next, and a bound key (or sequence) runs its command.
    func handleCommandKey(_ key: Key) {
        if pendingKeys.isEmpty, typeIntoFocusedField(key) { return }
        if pendingKeys.isEmpty, handleCountKey(key) { return }
        // Esc closes the page's modal dialog first (HTML's close request), as in a browser.
        // Then it puts away an overlay drawn over the page.
        if key == .escape, pendingKeys.isEmpty, tab.webView.sendCloseRequest() || tab.viewport.dismissLayer() {
            setNeedsDisplay()
            return
        }
        // Then it leaves a text field that keys type into, so they are commands again.
        if key == .escape, pendingKeys.isEmpty, keymap.typesIntoFields, focusedTextField() != nil {
            tab.viewport.leaveFocus()
            show(message: "Left the field: keys are commands again")
            return
        }
        let keys = pendingKeys + [key]
        pendingKeysTimer?.cancel()
        pendingKeysTimer = nil
        if key == .escape, !pendingKeys.isEmpty, keymap.command(for: keys) == nil, !keymap.hasLongerBinding(startingWith: keys) {
            // Esc forgets a sequence being typed (and its count).
            pendingKeys = []
            pendingCount = nil
            return
        }
        if keymap.hasLongerBinding(startingWith: keys) {
            // `g` waits for `t` (gt), or runs alone when nothing follows.
            pendingKeys = keys
            pendingKeysTimer = loop.schedule(after: Browser.sequenceTimeout) { [weak self] in
                guard let self else { return }
                pendingKeysTimer = nil
                let waiting = pendingKeys
                pendingKeys = []
                if let command = keymap.command(for: waiting) { run(command) } else { pendingCount = nil }
                setNeedsDisplay()
            }
            return
        }
        pendingKeys = []
        if let command = keymap.command(for: keys) { return run(command) }
        guard keys.count > 1 else {
            pendingCount = nil
            return
        }
        // The waiting keys were a whole binding (`g`), this key is another.
        if let command = keymap.command(for: Array(keys.dropLast())) { run(command) } else { pendingCount = nil }
        handleCommandKey(key)
    }

    /// Runs `command` with the number typed first, which is then used up.
    private func run(_ command: BrowserCommand) {
        let count = pendingCount
        pendingCount = nil
        perform(command, count: count)
    }

    /// Digits typed first make a number, shown in the status line until a
    /// command takes it: a count for a motion, a link number for the
    /// activate key. Backspace takes back a digit, Esc forgets it. True
    /// when the key was the number's.
    private func handleCountKey(_ key: Key) -> Bool {
        switch key {
        case .character(let character) where character.isASCII && character.isNumber:
            let digit = character.wholeNumberValue ?? 0
            pendingCount = min(Browser.maximumCount, (pendingCount ?? 0) * 10 + digit)
        case .backspace where pendingCount != nil:
            let fewer = (pendingCount ?? 0) / 10
            pendingCount = fewer == 0 ? nil : fewer
            if pendingCount == nil { return true }
        case .escape where pendingCount != nil:
            pendingCount = nil
            return true
        default:
            return false
        }
        let number = pendingCount ?? 0
        let follow = keymap.keyNames(for: .activate).first.map { "\($0): \(numberedAction(number)); " } ?? ""
        show(message: "\(number) (\(follow)a motion key: repeat it; Esc: cancel)")
        return true
    }

    /// What Enter does with the number typed so far: follow link N, or focus
    /// field N when fields are numbered and N is a field's.
    private func numberedAction(_ number: Int) -> String {
        let page = tab.viewport.page
        if !page.links.contains(where: { $0.number == number }), page.controls.contains(where: { $0.number == number }) {
            return "focus field \(number)"
        }
        return "follow link \(number)"
    }

    func handle(_ event: MouseEvent) {
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

    func scroll(by lines: Int) {
        tab.viewport.scroll(by: lines)
        tab.rememberScrollPosition()
    }


}
