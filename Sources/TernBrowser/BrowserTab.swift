import TernSystem
import TernKit
import TernTerminal

/// One web view on the screen: the page's viewport, its progress bar, and
/// the delegates that turn the page's requests into things on the terminal.
final class BrowserTab: NavigationDelegate, UIDelegate {
    let webView: WebView
    var viewport = PageViewport()
    var progress = ProgressIndicator()
    unowned let browser: Browser

    /// Where to scroll once enough of a newly committed page is laid out.
    private enum PendingScroll {
        case line(Int)
        case fragment(String)
        /// The page's main content (`start-at-main`).
        case main
    }
    private var pendingScroll: PendingScroll?
    /// An element the page's scripts focused, to focus here once laid out.
    private var pendingFocus: PageElement?
    /// The document revision and width the viewport shows.
    private var shownRevision = -1
    private var shownWidth = 0
    private var shownHeight = 0
    /// A new document was committed and the viewport still shows the old one.
    private var newDocument = true
    private var lastLayoutTime = 0.0
    private var lastLayoutCost = 0.0
    private var layoutTimer: EventLoop.Timer?
    private var observations: [Observation] = []
    /// The popup this page last tried to open without a key (`P` opens it).
    var blockedPopup: NavigationAction?
    /// A question about this page's external link or download is on the
    /// screen: the page's further ones are dropped until it is answered.
    private var externalLinkQuestionOpen = false
    private var downloadQuestionOpen = false
    /// The page's source, shown instead of the page (`\`); the page's own
    /// viewport waits in `pageViewport` meanwhile.
    private(set) var sourceView: SourceView?
    private var pageViewport: PageViewport?
    private var sourceWidth = 0

    init(webView: WebView, browser: Browser) {
        self.webView = webView
        self.browser = browser
        webView.navigationDelegate = self
        webView.uiDelegate = self
        let redraw: (WebView, Any) -> Void = { [unowned browser] _, _ in browser.setNeedsDisplay() }
        observations = [
            webView.observe(\.title) { [unowned self, unowned browser] webView, _ in
                browser.setNeedsDisplay()
                if browser.tab === self { browser.updateWindowTitle() }
            },
            webView.observe(\.url, changeHandler: redraw),
            webView.observe(\.isLoading, changeHandler: redraw),
            webView.observe(\.canGoBack, changeHandler: redraw),
            webView.observe(\.documentRevision, changeHandler: redraw),
            // The page's focus() and scrollTo()/scrollIntoView() move the viewport, as in a browser.
            webView.observe(\.focusedElement) { [unowned self, unowned browser] webView, _ in
                pendingFocus = webView.focusedElement
                browser.setNeedsDisplay()
            },
            webView.observe(\.requestedScrollLine) { [unowned self, unowned browser] webView, _ in
                if let line = webView.requestedScrollLine { pendingScroll = .line(line) }
                browser.setNeedsDisplay()
            },
            webView.observe(\.estimatedProgress) { [unowned self] webView, _ in
                progress.update(webView.estimatedProgress, loop: webView.configuration.eventLoop) { [weak self] in
                    self?.progress.hide()
                    self?.browser.setNeedsDisplay()
                }
                browser.setNeedsDisplay()
            },
        ]
    }

    /// The page's host for dialog titles ("example.com says:"): the
    /// committed page's (`webView.url` names the one loading meanwhile).
    var pageHost: String {
        if let url = webView.backForwardList.currentItem?.url, !url.hostname.isEmpty {
            return url.port.isEmpty ? url.displayHost : "\(url.displayHost):\(url.port)"
        }
        return "This page"
    }

    // MARK: Layout

    /// Brings the viewport up to date with the document and the screen size.
    /// While a page loads, layouts are spaced out (at least 0.2 s apart, and
    /// twice as long as the last one took), so a huge page streams in without
    /// being laid out for every chunk.
    func refreshLayout(width: Int, height: Int) {
        viewport.height = max(1, height)
        viewport.width = width
        if let sourceView {
            guard width != sourceWidth else { return }
            let page = sourceView.layout(width: width)
            if sourceWidth == 0 { viewport.show(page, atLine: 0) } else { viewport.update(page, keepingTextPosition: true) }
            sourceWidth = width
            return
        }
        let revision = webView.documentRevision
        guard revision != shownRevision || width != shownWidth || height != shownHeight else {
            applyPendingScroll()
            applyPendingFocus()
            return
        }
        let now = EventLoop.now()
        let spacing = max(0.2, 2 * lastLayoutCost)
        if webView.isLoading, width == shownWidth, !newDocument, now - lastLayoutTime < spacing {
            if layoutTimer == nil {
                layoutTimer = webView.configuration.eventLoop.schedule(after: spacing - (now - lastLayoutTime)) { [weak self] in
                    self?.layoutTimer = nil
                    self?.browser.setNeedsDisplay()
                }
            }
            return
        }
        guard let page = webView.pageLayout(width: width, rows: height) else {
            if newDocument, !webView.isLoading { viewport.show(PageLayout(), atLine: 0) }
            return
        }
        lastLayoutCost = EventLoop.now() - now
        lastLayoutTime = now
        if newDocument {
            viewport.show(page, atLine: 0)
            newDocument = false
        } else {
            viewport.update(page, keepingTextPosition: width != shownWidth)
        }
        shownRevision = revision
        shownWidth = width
        shownHeight = height
        applyPendingScroll()
        applyPendingFocus()
    }

    /// Focuses what the page focused, once it is laid out (a page still
    /// loading may lay it out later).
    private func applyPendingFocus() {
        guard let element = pendingFocus else { return }
        if viewport.focus(on: element) || !webView.isLoading { pendingFocus = nil }
    }

    private func applyPendingScroll() {
        guard let pending = pendingScroll else { return }
        let page = viewport.page
        switch pending {
        case .line(let line):
            guard line < page.lines.count - viewport.height || !webView.isLoading else { return }
            viewport.scroll(to: line)
        case .fragment(let name):
            if let line = page.anchors[name] {
                viewport.scroll(to: line)
            } else if webView.isLoading {
                return
            }
        case .main:
            // Once laid out: a page still loading may not have reached its main yet.
            guard viewport.jumpToMain() || !webView.isLoading else { return }
        }
        pendingScroll = nil
    }

    /// Scrolls to the element named by a fragment (`#name`), now or once it
    /// is laid out.
    func scroll(toFragment name: String) {
        pendingScroll = .fragment(WebURL.percentDecoded(name))
        applyPendingScroll()
        rememberScrollPosition()
    }

    /// Shows `source` instead of the page, scrolled to its top; the page's
    /// viewport (scroll position, focus, search) is kept for `hideSource()`.
    func showSource(_ source: SourceView) {
        if sourceView == nil { pageViewport = viewport }
        sourceView = source
        sourceWidth = 0
        viewport = PageViewport()
    }

    /// Shows the page again as it was left.
    func hideSource() {
        guard sourceView != nil else { return }
        sourceView = nil
        if let pageViewport { viewport = pageViewport }
        pageViewport = nil
    }

    /// Remembers the scroll position in the history entry, for going back to
    /// it (and in the saved session). Not while the viewport shows another
    /// page than the entry's (a new tab, a page committed and not yet laid
    /// out, the page's source) or waits to scroll to the entry's place.
    func rememberScrollPosition() {
        guard sourceView == nil, !newDocument, pendingScroll == nil, let item = webView.backForwardList.currentItem,
              item.scrollPosition != viewport.top else { return }
        item.scrollPosition = viewport.top
        browser.sessionChanged()
    }

    // MARK: NavigationDelegate

    /// Tern's schemes go ahead (a form sent again only if the person says
    /// so), with the site settings of the URL's host (JavaScript, User-Agent)
    /// for the document it commits, the page's or a frame's (TernKit asks for
    /// frames too); other schemes go to another program.
    func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
                 decisionHandler: @escaping (NavigationActionPolicy, WebpagePreferences) -> Void) {
        let url = navigationAction.request.url
        guard ["http", "https", "file", "about", "data", "blob"].contains(url.scheme) else {
            decisionHandler(.cancel, preferences)
            handOff(navigationAction)
            return
        }
        let chosen = browser.settings.webpagePreferences(for: url, from: preferences)
        if navigationAction.navigationType == .formResubmitted {
            browser.present(MessageBox.confirm(title: "Send the form again?",
                                               message: "This page was the answer to a form. Reloading sends the form's data again.",
                                               ok: "Send again", cancel: "Cancel") { decisionHandler($0 ? .allow : .cancel, chosen) })
            return
        }
        decisionHandler(.allow, chosen)
    }

    /// What the page cannot show is saved as a download.
    func webView(_ webView: WebView, decidePolicyFor navigationResponse: NavigationResponse,
                 decisionHandler: @escaping (NavigationResponsePolicy) -> Void) {
        decisionHandler(navigationResponse.canShowMIMEType ? .allow : .download)
    }

    /// A download the person started (a key, a typed address) is saved at
    /// once; one the page's script started is saved only if the person says
    /// so, and while that question is open the page's other downloads are
    /// refused.
    func webView(_ webView: WebView, navigationResponse: NavigationResponse, didBecome download: Download) {
        let name = download.suggestedFilename
        guard !download.isUserInitiated else {
            browser.downloads.add(download)
            browser.show(message: "Downloading \(name) (d: downloads)")
            return
        }
        guard !downloadQuestionOpen else {
            download.cancel()
            browser.show(message: "Refused another download from \(pageHost) while one waits for an answer", isError: true)
            return
        }
        downloadQuestionOpen = true
        let size = download.totalBytesExpected >= 0 ? DownloadList.size(download.totalBytesExpected) : "unknown size"
        let type = download.response.mimeType.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown type"
        let message = "\(pageHost) wants to save a file without a key press:\n\n"
            + "Name:   \(name)\nSize:   \(size)\nType:   \(type)\nFrom:   \(Self.shortened(download.response.url.displayHref))\n"
            + "Folder: \(browser.downloads.folder())"
        browser.downloads.add(download) { [weak self] answer in
            guard let self else { return answer(false) }
            browser.bringForward(self)
            browser.present(MessageBox.confirm(title: "Save this download?", message: message, ok: "Save", cancel: "Don't save") {
                [weak self] save in
                self?.downloadQuestionOpen = false
                self?.browser.show(message: save ? "Downloading \(name) (d: downloads)" : "Did not save \(name)")
                answer(save)  // (a body already whole is saved at once, and says so)
            })
        }
    }

    /// A URL for another program (tel:, mailto:, a hybrid app's bridge
    /// URLs): only when the person asked for it (a key, or the page's script
    /// within that key's activation), and only after a question naming the
    /// program and the URL. One question per page at a time: what the page
    /// asks meanwhile is dropped, with a status message.
    private func handOff(_ action: NavigationAction) {
        let url = action.request.url, scheme = url.scheme, href = url.href
        let shown = Self.shortened(href)
        guard action.isUserInitiated else {
            browser.show(message: "Blocked without a key press: \(shown)", isError: true)
            return
        }
        guard !externalLinkQuestionOpen else {
            browser.show(message: "Ignored another \(scheme): link from the page while its question is open", isError: true)
            return
        }
        externalLinkQuestionOpen = true
        browser.bringForward(self)
        guard let command = browser.externalHandlers.commands[scheme] else {
            browser.present(MessageBox(title: "Link to another program",
                                       message: "This page links to a \(scheme): URL, which Tern does not open:\n\n\(shown)\n\n"
                                           + "To open such links, name a program in \(ExternalHandlers.configPath()):\n"
                                           + "handler.\(scheme) = PROGRAM",
                                       buttons: ["OK", "Copy"], cancelIndex: 0, shortcuts: ["c": 1, "C": 1]) { [weak self, browser] choice in
                self?.externalLinkQuestionOpen = false
                guard choice == 1 else { return }
                browser.terminal.copyToClipboard(href)
                browser.show(message: "Copied \(shown) to the clipboard")
            })
            return
        }
        let program = command.joined(separator: " ")
        browser.present(MessageBox.confirm(title: "Open in another program?",
                                           message: "\(pageHost) wants to open\n\n\(shown)\n\nwith the program\n\n\(program)",
                                           ok: "Open", cancel: "Cancel") { [weak self, browser] open in
            self?.externalLinkQuestionOpen = false
            guard open else { return browser.show(message: "Did not open \(shown)") }
            if let started = browser.externalHandlers.open(href, scheme: scheme) {
                browser.show(message: "Opened \(shown) with \(started)")
            } else {
                browser.show(message: "Could not start \(program)", isError: true)
            }
        })
    }

    /// A page-supplied URL cut to a readable length for a question or the
    /// status line (drawing sanitizes its characters).
    static func shortened(_ text: String, limit: Int = 300) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) {
        rememberScrollPosition()
        progress.start()
        progress.update(webView.estimatedProgress, loop: webView.configuration.eventLoop) {}
        browser.clearMessage()
        browser.setNeedsDisplay()
    }

    func webView(_ webView: WebView, didCommit navigation: Navigation!) {
        hideSource()
        newDocument = true
        blockedPopup = nil
        let item = webView.backForwardList.currentItem
        if let fragment = webView.url?.fragment, !fragment.isEmpty, navigation.navigationType != .backForward {
            pendingScroll = .fragment(WebURL.percentDecoded(fragment))
        } else if browser.settings.startAtMain, navigation.navigationType != .backForward, navigation.navigationType != .reload {
            pendingScroll = .main
        } else {
            pendingScroll = .line(item?.scrollPosition ?? 0)
        }
        browser.sessionChanged()
        browser.setNeedsDisplay()
    }

    /// A fragment link, `location.hash`, back or forward within the page: the
    /// entry left keeps its position; a fragment is scrolled to, an entry
    /// gone back or forward to shows where it was (HTML "restore persisted state").
    func webView(_ webView: WebView, didSameDocumentNavigation type: SameDocumentNavigationType,
                 from previousItem: BackForwardListItem) {
        previousItem.scrollPosition = viewport.top
        switch type {
        case .anchorNavigation:
            if let fragment = webView.url?.fragment { scroll(toFragment: fragment) }
        case .sessionStatePop:
            pendingScroll = .line(webView.backForwardList.currentItem?.scrollPosition ?? 0)
            applyPendingScroll()
        case .sessionStatePush, .sessionStateReplace:
            rememberScrollPosition()
        }
        browser.sessionChanged()
        browser.setNeedsDisplay()
    }

    func webView(_ webView: WebView, didFinish navigation: Navigation!) {
        progress.update(1, loop: webView.configuration.eventLoop) { [weak self] in
            self?.progress.hide()
            self?.browser.setNeedsDisplay()
        }
        browser.sessionChanged()
        browser.setNeedsDisplay()
    }

    /// HTTP authentication asks for a user and a password (masked) and
    /// offers to remember them for the session; a wrong one asks again with
    /// the count; Esc shows the server's 401 page. An untrusted certificate
    /// is refused unless the person chooses to proceed for this session.
    func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                 completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
        let space = challenge.protectionSpace
        browser.bringForward(self)
        // A dialog naming a site names it as the status line does (IDNDisplayPolicy: punycode for look-alikes).
        let shownHost = IDNDisplayPolicy.displayHost(space.host)
        if space.authenticationMethod == .serverTrust, let trust = space.serverTrust {
            var message = "The certificate of \(IDNDisplayPolicy.displayHost(trust.host)):\(trust.port) is not trusted: \(trust.reason).\n\n"
            if let certificate = trust.certificateChain.first {
                message += "Subject: \(certificate.subject)\nIssuer:  \(certificate.issuer)\n"
                    + "Valid:   \(certificate.notBefore) to \(certificate.notAfter)\nSHA-256: \(certificate.sha256Fingerprint)\n\n"
            }
            message += "Someone may be pretending to be this site. Go on only if you know why the certificate is not trusted."
            browser.present(MessageBox(title: "Untrusted certificate", message: message,
                                       buttons: ["Go back", "Proceed to \(IDNDisplayPolicy.displayHost(trust.host)) for this session"], cancelIndex: 0) { choice in
                if choice == 1 {
                    completionHandler(.useCredential, Credential(trust: trust))
                } else {
                    completionHandler(.performDefaultHandling, nil)
                }
            })
            return
        }
        var message = "\(shownHost):\(space.port) asks for a user name and password"
        if let realm = space.realm, !realm.isEmpty { message += " for \"\(realm)\"" }
        message += "."
        if challenge.previousFailureCount > 0 {
            message += "\nThe user name or password was not accepted (\(challenge.previousFailureCount) failed)."
        }
        if space.protocol == "http" && space.authenticationMethod == .httpBasic {
            message += "\nWarning: this connection is not encrypted; the password can be read on the way."
        }
        let title = "Log in to \(shownHost)"
        browser.present(PromptBox(title: title, message: message + "\n\nUser name:") { [weak self] user in
            guard let self, let user else { return completionHandler(.performDefaultHandling, nil) }
            browser.present(PromptBox(title: title, message: "Password for \(user):", masked: true) { [weak self] password in
                guard let self, let password else { return completionHandler(.performDefaultHandling, nil) }
                browser.present(MessageBox.confirm(title: title, message: "Remember this password until Tern exits?",
                                                   ok: "Remember", cancel: "Only now") { remember in
                    completionHandler(.useCredential, Credential(user: user, password: password,
                                                                 persistence: remember ? .forSession : .none))
                })
            })
        })
    }

    func webView(_ webView: WebView, didFailProvisionalNavigation navigation: Navigation!, withError error: Error) {
        failed(error)
        switch error as? NavigationError {
        case .cancelled?, .interruptedByPolicy?: break
        default: showErrorPage(error, for: navigation.request.url)
        }
    }

    /// Resources/error.html with the reason and the address (escaped), in
    /// place of a page that could not be opened; its link tries again.
    private func showErrorPage(_ error: Error, for url: WebURL) {
        guard let directory = webView.configuration.resourcesDirectory,
              case .success(let bytes) = LocalFile.read(path: directory + "/error.html", limit: 65536) else { return }
        let template = String(decoding: bytes, as: UTF8.self)
        let html = template.split(separator: "{{MESSAGE}}", omittingEmptySubsequences: false).joined(separator: HTMLText.escaped(String(describing: error)))
            .split(separator: "{{URL}}", omittingEmptySubsequences: false).joined(separator: HTMLText.escaped(url.href))
        webView.loadHTMLString(html, baseURL: nil)
        browser.show(message: String(describing: error), isError: true)
    }

    func webView(_ webView: WebView, didFail navigation: Navigation!, withError error: Error) {
        failed(error)
    }

    /// The page's process ended (it crashed, was killed, or passed its
    /// memory cap), or, for a page run in this process, its JavaScript heap
    /// passed its limit and its scripts were stopped.
    func webViewWebContentProcessDidTerminate(_ webView: WebView) {
        progress.hide()
        guard webView.configuration.processModel == .inProcess else {
            browser.show(message: "This page stopped working — r reloads", isError: true)
            return
        }
        let limit = (webView.configuration.scriptMemoryLimit ?? 0) >> 20
        browser.show(message: "\(pageHost): scripts stopped, they used more than \(limit) MB of memory", isError: true)
    }

    private func failed(_ error: Error) {
        progress.hide()
        if case .cancelled? = error as? NavigationError {
            browser.show(message: "Stopped")
        } else if case .interruptedByPolicy? = error as? NavigationError {
            browser.setNeedsDisplay()
        } else {
            browser.show(message: String(describing: error), isError: true)
        }
    }

    // MARK: UIDelegate

    func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                 for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
        browser.openTab(with: configuration)
    }

    /// The page tried to open a window without a key: remembered for `P`.
    func webView(_ webView: WebView, didBlockPopupWith navigationAction: NavigationAction, windowFeatures: WindowFeatures) {
        blockedPopup = navigationAction
        guard browser.tab === self else { return }
        browser.show(message: "Popup blocked — \(browser.keyHint(for: .openBlockedPopup, "to open")) \(Self.shortened(navigationAction.request.url.displayHref, limit: 200))")
    }

    func webViewDidClose(_ webView: WebView) {
        browser.close(self)
    }

    /// Shows a dialog a page's script waits for (see `Modal.pageScriptWaits`).
    private func presentPageDialog(_ dialog: MessageBox) {
        dialog.pageScriptWaits = true
        browser.present(dialog)
    }

    private func presentPageDialog(_ dialog: PromptBox) {
        dialog.pageScriptWaits = true
        browser.present(dialog)
    }

    func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping () -> Void) {
        browser.bringForward(self)
        presentPageDialog(MessageBox(title: "\(pageHost) says:", message: message) { _ in completionHandler() })
    }

    func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping (Bool) -> Void) {
        browser.bringForward(self)
        presentPageDialog(MessageBox.confirm(title: "\(pageHost) says:", message: message, answer: completionHandler))
    }

    func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                 initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
        browser.bringForward(self)
        presentPageDialog(PromptBox(title: "\(pageHost) says:", message: prompt, defaultText: defaultText ?? "", onAnswer: completionHandler))
    }

    func webView(_ webView: WebView, runOpenPanelWith parameters: OpenPanelParameters, initiatedByFrame frame: FrameInfo,
                 completionHandler: @escaping ([WebURL]?) -> Void) {
        let what = parameters.allowsMultipleSelection ? "Files to send (paths separated by spaces):" : "File to send (its path):"
        presentPageDialog(PromptBox(title: "Choose a file", message: what, complete: PathCompletion.complete) { answer in
            guard let answer, !answer.isEmpty else { return completionHandler(nil) }
            let paths = parameters.allowsMultipleSelection ? answer.split(separator: " ").map(String.init) : [answer]
            completionHandler(paths.compactMap { UserInput.url(for: $0) }.filter { $0.scheme == "file" })
        })
    }

    func webView(_ webView: WebView, shouldSuppressDialogsAfter count: Int, completionHandler: @escaping (Bool) -> Void) {
        browser.present(MessageBox.confirm(title: "\(pageHost) keeps opening dialogs",
                                           message: "This page has opened \(count) dialogs in a short time. Stop it from opening more?",
                                           ok: "Stop dialogs", cancel: "Allow", answer: completionHandler))
    }
}
