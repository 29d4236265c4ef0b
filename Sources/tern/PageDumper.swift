import TernBrowser
import TernKit
import TernTerminal
#if canImport(Glibc)
import Glibc
#endif

/// `tern --dump`: loads one page headless and prints its text.
final class PageDumper: NavigationDelegate {
    let options: Options
    let configuration: WebViewConfiguration
    private var failure: NavigationError?
    private var finished = false
    /// A navigation was cancelled: by the page going on to another (a
    /// script's redirect), which is followed, or by a stop.
    private var cancelled = false
    /// Navigations of its own a page may make before it is printed (a
    /// script's redirect, a form its script submits): past them it is printed as it is.
    static let maximumPageNavigations = 10
    /// The data store problem last printed, so each is told once.
    private var reportedStorageError: String?

    /// The settings in effect, for the site settings.
    let settings: Settings

    init(options: Options, configuration: WebViewConfiguration, settings: Settings = Settings()) {
        self.options = options
        self.configuration = configuration
        self.settings = settings
    }

    /// The page goes with its site settings (JavaScript, User-Agent).
    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
                 decisionHandler: @escaping (NavigationActionPolicy, WebpagePreferences) -> Void) {
        decisionHandler(.allow, settings.webpagePreferences(for: navigationAction.request.url, from: preferences))
    }

    /// Tells of a data store problem (a full disk) not told yet.
    private func reportStorageError() {
        guard let problem = configuration.websiteDataStore.storageError, problem != reportedStorageError else { return }
        reportedStorageError = problem
        CommandLine.printError("tern: \(problem)")
    }

    /// The page is done with cookies: `--export-cookies`, and any storage
    /// problem told. False when something could not be written.
    private func finishStorage() -> Bool {
        reportStorageError()
        return CommandLine.exportCookies(options, configuration.websiteDataStore)
            && CommandLine.exportBookmarks(options, configuration.websiteDataStore)
    }

    /// Seconds after the load event in which due timers still run before printing.
    static let settleTime = 0.1

    func run() -> Int32 {
        let webView = WebView(configuration: configuration)
        webView.viewportSize = ViewportSize(columns: options.width ?? PageDumper.terminalColumns() ?? 80, rows: 24)
        webView.customUserAgent = options.userAgent
        webView.navigationDelegate = self
        let dialogs = DumpDialogs(accept: options.acceptDialogs)
        webView.uiDelegate = dialogs
        if options.console {
            webView.onConsoleMessage = { CommandLine.printError("console.\($0.level): \($0.text)") }
        }

        guard let url = UserInput.url(for: options.target ?? "") else {
            CommandLine.printError("tern: not a valid URL or file: \(options.target ?? "")")
            return 1
        }
        // --timeout bounds the whole run, the page's scripts included: past
        // it a running script is interrupted and every wait below ends.
        let deadline = EventLoop.now() + options.timeout
        let loop = webView.configuration.eventLoop
        loop.interruptCheck = { EventLoop.now() >= deadline }
        // The loop sleeps until something happens: this wakes a nested wait
        // (a script's synchronous request) at the deadline, for the check above.
        let wakeAtDeadline = loop.schedule(after: options.timeout) {}
        defer { wakeAtDeadline.cancel() }
        webView.load(userURL: url)
        // The page's own navigations are followed (a cancelled load with
        // another one going on): the page printed is where it went.
        let loaded = { self.finished || (self.cancelled && !webView.isLoading) }
        var done = loop.run(until: loaded, timeout: options.timeout)
        for _ in 0..<PageDumper.maximumPageNavigations where done && failure == nil {
            // After the load event, timers due within `settleTime` run first:
            // a page that fills itself in with setTimeout(…, 10) is printed filled.
            let settleEnd = min(deadline, EventLoop.now() + PageDumper.settleTime)
            loop.runOnce(maxWait: 0)  // what the load event's handlers posted (a navigation)
            loop.run(until: { webView.isLoading || (loop.nextTimerDeadline ?? .infinity) > settleEnd },
                     timeout: max(0, settleEnd - EventLoop.now()))
            guard webView.isLoading else { break }
            (finished, cancelled) = (false, false)
            done = loop.run(until: loaded, timeout: max(0, deadline - EventLoop.now()))
        }
        if !done || EventLoop.now() >= deadline { failure = .timedOut }
        if failure == nil, !finished { failure = .cancelled }
        // Known once the page used cookies (the profile is opened then).
        reportStorageError()
        if let failure {
            CommandLine.printError("tern: \(url.href): \(failure)")
            if case .serverCertificateUntrusted(let trust) = failure, let leaf = trust.certificateChain.first {
                // What a person needs to decide on --ca-bundle or --insecure.
                CommandLine.printError("tern: certificate: \(leaf.subject), issued by \(leaf.issuer), "
                    + "valid from \(leaf.notBefore) to \(leaf.notAfter), SHA-256 \(leaf.sha256Fingerprint)")
            }
            return 1
        }
        if let condition = options.waitFor {
            // Asked between loads only: a page that navigates meanwhile is followed to the next.
            let met = loop.run(until: { !webView.isLoading && PageDumper.isTruthy(webView, condition) },
                               timeout: max(0, deadline - EventLoop.now()))
            if !met {
                CommandLine.printError("tern: --wait-for \(condition): still false after \(options.timeout) s")
                return 1
            }
        }
        if let source = options.eval {
            var outcome: Result<ScriptValue?, ScriptError>?
            webView.evaluateScriptValue(source) { outcome = $0 }
            loop.run(until: { outcome != nil }, timeout: max(0, deadline - EventLoop.now()))
            guard let outcome else {
                CommandLine.printError("tern: --eval: still running after \(options.timeout) s")
                return 1
            }
            let value: ScriptValue?
            switch outcome {
            case .success(let result): value = result
            case .failure(let error):
                CommandLine.printError("tern: --eval: \(error)")
                return 1
            }
            guard finishStorage() else { return 1 }
            print(TerminalText.sanitize(value.map(\.description) ?? "undefined", keepLineBreaks: true, keepTabs: true))
            return 0
        }
        if options.source {
            guard finishStorage() else { return 1 }
            print(TerminalText.sanitize(String(decoding: webView.sourceBytes, as: UTF8.self), keepLineBreaks: true, keepTabs: true))
            return 0
        }
        guard finishStorage() else { return 1 }
        // Written in pieces of whole lines, as bytes: the page's text is never
        // held whole a second time (nor made a String, which would validate it).
        var written = true
        let outcome = webView.writePageText(width: options.width ?? PageDumper.terminalColumns() ?? 80,
                                            references: !options.noList) { piece in
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                if fwrite(bytes.baseAddress, 1, bytes.count, stdout) != bytes.count { written = false }
            }
            if let safe = TerminalText.sanitized(utf8: piece, keepLineBreaks: true, keepTabs: true) {
                safe.withUnsafeBufferPointer(put)
            } else {
                put(piece)
            }
        }
        if outcome == .nothingToShow {
            CommandLine.printError("tern: \(url.href): cannot show \(webView.response?.mimeType ?? "this content") as text")
            return 1
        }
        // Done: leave without tearing the page, its document and the web view
        // down piece by piece (a tenth of the run on a large page); the
        // databases are closed first, their logs checkpointed.
        configuration.websiteDataStore.close()
        guard fflush(stdout) == 0, written else { exit(1) }
        if outcome == .cutShort {
            // The deadline came during the layout: the part laid out was printed, ending in a notice.
            CommandLine.printError("tern: \(url.href): laying the page out took too long (--timeout \(options.timeout) s): the text is cut short")
            exit(1)
        }
        exit(0)
    }

    /// The terminal's width when stdout is one.
    static func terminalColumns() -> Int? {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether `condition` is truthy in the page now.
    static func isTruthy(_ webView: WebView, _ condition: String) -> Bool {
        var truthy = false
        webView.evaluateJavaScript("!!(\(condition))") { value, _ in truthy = value as? Bool == true }
        // The answer arrives on the next turn; run it now.
        webView.configuration.eventLoop.runOnce(maxWait: 0)
        return truthy
    }

    func webView(_ webView: WebView, didFinish navigation: Navigation!) {
        finished = true
    }

    func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
        if case .cancelled? = error as? NavigationError { return cancelled = true }
        failure = error as? NavigationError ?? .badServerResponse(reason: String(describing: error))
        finished = true
    }

    func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
        if case .cancelled? = error as? NavigationError { return cancelled = true }
        failure = error as? NavigationError ?? .badServerResponse(reason: String(describing: error))
        finished = true
    }
}
