import TernNet
import TernScript

/// Answers a page's scripts for its web view: dialogs through the UI
/// delegate (waiting in a nested turn of the event loop), messages through
/// the user content controller, console lines to `onConsoleMessage`. One
/// per page (its `PageSession`), holding the page's window.
final class PageScriptHost: ScriptHost {
    weak var webPage: WebPage?

    init(webPage: WebPage) { self.webPage = webPage }

    /// The page's JavaScript window, made when first needed.
    var window: ScriptWindow?

    /// The committed page's document-start user scripts have not run yet
    /// (they wait for its document).
    var documentStartScriptsPending = false

    /// The frame whose page this is; nil for the main frame's.
    weak var ownerFrame: Frame?

    /// The frame whose scripts these are, as the API says it.
    var frame: FrameInfo {
        ownerFrame?.info ?? webPage?.mainFrameInfo ?? FrameInfo(isMainFrame: true, request: nil, securityOrigin: "null")
    }

    /// The URL of this host's document (the frame's, or the page's).
    var documentURL: WebURL? { ownerFrame?.url ?? webPage?.pageURL }

    /// Dialogs this page showed recently, and whether the person suppressed them.
    private var recentDialogs: [Double] = []
    private var dialogsSuppressed = false
    private var dialogPageID = -1
    /// How many dialogs within `quickSuccession` seconds prompt the offer to suppress.
    static let quickDialogCount = 3
    static let quickSuccession = 10.0

    /// Dialogs waiting for the person now: a page leaving with one open is not put in the back/forward cache.
    private(set) var openDialogs = 0
    /// Set while the page leaving runs its pagehide and unload listeners: HTML
    /// "cannot show simple dialogs" while a document unloads.
    var isUnloading = false

    /// Asks the UI delegate and runs the loop until it answers (or drops the handler).
    private func ask<Answer>(_ name: String, fallback: Answer,
                             _ present: (UIDelegate, WebView, @escaping (Answer) -> Void) -> Void) -> Answer {
        guard let webPage, let view = webPage.view, let delegate = view.uiDelegate, !isUnloading else { return fallback }
        guard !shouldSuppressDialog(webPage, view, delegate) else { return fallback }
        openDialogs += 1
        defer { openDialogs -= 1 }
        var answer: Answer?
        let handler = DecisionHandler(name: name, fallback: fallback) { answer = $0 }
        present(delegate, view, handler.closure)
        _ = webPage.loop.run(until: { answer != nil }, timeout: .greatestFiniteMagnitude)
        return answer ?? fallback
    }

    /// Counts the page's dialogs; after three in quick succession the UI
    /// delegate may suppress the rest of them.
    private func shouldSuppressDialog(_ webPage: WebPage, _ view: WebView, _ delegate: UIDelegate) -> Bool {
        let pageID = webPage.backForwardList.currentItem?.documentID ?? 0
        if pageID != dialogPageID {
            dialogPageID = pageID
            recentDialogs = []
            dialogsSuppressed = false
        }
        if dialogsSuppressed { return true }
        let now = EventLoop.now()
        recentDialogs = recentDialogs.filter { now - $0 <= PageScriptHost.quickSuccession }
        if recentDialogs.count >= PageScriptHost.quickDialogCount {
            var answer: Bool?
            let handler = DecisionHandler(name: "shouldSuppressDialogs", fallback: false) { answer = $0 }
            delegate.webView(view, shouldSuppressDialogsAfter: recentDialogs.count, completionHandler: handler.closure)
            _ = webPage.loop.run(until: { answer != nil }, timeout: .greatestFiniteMagnitude)
            if answer == true {
                dialogsSuppressed = true
                return true
            }
            recentDialogs = []
        }
        recentDialogs.append(now)
        return false
    }

    func scriptAlert(_ message: String) {
        let frame = frame
        ask("runJavaScriptAlertPanel", fallback: ()) { delegate, view, done in
            delegate.webView(view, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame) { done(()) }
        }
    }

    func scriptConfirm(_ message: String) -> Bool {
        let frame = frame
        return ask("runJavaScriptConfirmPanel", fallback: false) { delegate, view, done in
            delegate.webView(view, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame, completionHandler: done)
        }
    }

    func scriptPrompt(_ message: String, defaultText: String?) -> String? {
        let frame = frame
        return ask("runJavaScriptTextInputPanel", fallback: String?.none) { delegate, view, done in
            delegate.webView(view, runJavaScriptTextInputPanelWithPrompt: message, defaultText: defaultText,
                             initiatedByFrame: frame, completionHandler: done)
        }
    }

    /// `body` was copied out of the page at the call (a Swift value: later
    /// changes by the page do not reach it). As in WebKit, the handler gets
    /// the message on a later turn of the loop, after the posting script has
    /// returned, so that it may call `evaluateJavaScript` without re-entering
    /// that script; a reply settles the page's promise later still.
    func scriptPostMessage(name: String, body: ScriptValue, replyHandler: ((ScriptValue?, String?) -> Void)?) {
        guard let webPage else { return }
        let frame = frame
        webPage.loop.post { [weak webPage] in
            guard let webPage, let view = webPage.view else { return }
            PageScriptHost.deliver(ScriptMessage(name: name, scriptValue: body, frameInfo: frame, webView: view),
                                   to: webPage.configuration.userContentController, replyHandler: replyHandler)
        }
    }

    static func deliver(_ message: ScriptMessage, to controller: UserContentController,
                                replyHandler: ((ScriptValue?, String?) -> Void)?) {
        let name = message.name
        switch controller.handlers[name] {
        case .plain(let handler)?:
            handler.userContentController(controller, didReceive: message)
        case .withReply(let handler)?:
            let reply = DecisionHandler(name: "the reply handler of \(name)", fallback: (ScriptValue?.none, String?.some("no reply"))) {
                replyHandler?($0.0, $0.1)
            }
            handler.userContentController(controller, didReceive: message) { value, error in
                let converted = value.flatMap(ScriptValue.init(any:))
                if error == nil, value != nil, converted == nil {
                    reply.decide((nil, "the reply of \(name) is of a type a page cannot receive"))
                } else {
                    reply.decide((converted, error))
                }
            }
        case nil:
            break
        }
    }

    func scriptConsoleMessage(_ message: ScriptContext.ConsoleMessage) {
        webPage?.onConsoleMessage?(message)
    }

    func scriptsDidStop(_ reason: ScriptError) {
        guard let webPage else { return }
        webPage.tellNavigationDelegate { $0.webViewWebContentProcessDidTerminate($1) }
    }
}

extension PageScriptHost: ScriptNavigationHost {
    func scriptCurrentURL() -> String {
        documentURL?.href ?? "about:blank"
    }

    func scriptNavigate(to target: String, replacing: Bool) {
        guard let webPage, let url = WebURL(target) else { return }
        if let ownerFrame {
            // `location` set in a frame navigates that frame, when the
            // frame whose script sets it is allowed by sandboxing to.
            if let running = window?.runningWindow, running !== window,
               let source = webPage.allFrames.first(where: { $0.window === running }),
               !webPage.sandboxAllows(source, toNavigate: ownerFrame) {
                running.reportToConsole(level: "error", "A sandboxed frame may navigate only itself and its own frames: \(target)")
                return
            }
            if url.fragment != nil, ownerFrame.document != nil, url.withoutFragment == ownerFrame.url.withoutFragment {
                // HTML "navigate to a fragment", at once: location.hash reads the new one.
                return webPage.navigateFrameToFragment(ownerFrame, url, replacing: replacing)
            }
            // HTML "Location-object navigate": a document not completely
            // loaded is replaced, unless the person just acted.
            let adds = !replacing && ownerFrame.loadedOnce
                && (ownerFrame.state == .loaded || webPage.hasTransientActivation(webPage.runningWindowSession))
            webPage.loop.post { [weak webPage, weak ownerFrame] in
                guard let webPage, let ownerFrame, !ownerFrame.isDiscarded else { return }
                webPage.navigateFrame(ownerFrame, to: url, type: .other, addsHistory: adds, initiator: ownerFrame)
            }
            return
        }
        // HTML "allowed by sandboxing to navigate": a sandboxed frame's script
        // (reaching `top.location` as a same-origin frame) may navigate the
        // page only with `allow-top-navigation`.
        if let running = webPage.scriptWindow?.runningWindow, running !== webPage.scriptWindow,
           let frame = webPage.allFrames.first(where: { $0.window === running }), frame.sandbox.topNavigation {
            running.reportToConsole(level: "error", "A sandboxed frame may not navigate the page (no allow-top-navigation): \(target)")
            return
        }
        // Chromium's frame-busting rule: a cross-origin frame navigates the
        // page only with the person's activation.
        if let top = webPage.scriptWindow, let running = top.runningWindow, running !== top,
           !running.isSameOrigin(with: top), !webPage.hasTransientActivation(webPage.runningWindowSession) {
            running.reportToConsole(level: "error", "A cross-origin frame may navigate the page only after a key or click: \(target)")
            return
        }
        // A web page cannot open local files.
        if url.scheme == "file" && webPage.pageURL?.scheme != "file" {
            webPage.scriptWindow?.reportToConsole(level: "error", "Not allowed to load local resource: \(target)")
            return
        }
        guard WebPage.pageMayOpen(url, from: webPage.pageURL) else {
            webPage.scriptWindow?.reportToConsole(level: "error", "Not allowed to load Tern's own page: \(target)")
            return
        }
        if webPage.isFragmentNavigation(to: Request(url: url)) {
            // HTML "navigate to a fragment" happens at once: location.hash reads the new one.
            webPage.navigateToFragment(url, replacing: replacing)
            return
        }
        let source = webPage.runningWindowSession
        webPage.loop.post { [weak webPage, weak source] in
            guard let webPage else { return }
            var request = Request(url: url)
            webPage.prepareDocumentRequest(&request, isNavigation: true)
            _ = webPage.startNavigation(request, type: .other, fileAccess: webPage.navigationState.fileReadAccessRoot, replacing: replacing,
                                        startedByPage: true, activationSource: source)
        }
    }

    func scriptReload() {
        if let ownerFrame {
            // A frame's location.reload() reloads that frame.
            webPage?.loop.post { [weak webPage, weak ownerFrame] in
                guard let webPage, let ownerFrame, !ownerFrame.isDiscarded else { return }
                webPage.reloadFrame(ownerFrame)
            }
            return
        }
        webPage?.loop.post { [weak webPage] in _ = webPage?.reload() }
    }

    func scriptDocumentIsFullyActive() -> Bool {
        guard let webPage else { return false }
        guard let ownerFrame else { return webPage.session.scriptHost === self }
        guard ownerFrame.session.scriptHost === self else { return false }
        var frame: Frame? = ownerFrame
        while let each = frame {
            // Removing its element destroys the frame at once (HTML "iframe removing steps").
            if each.isDiscarded || !each.element.isConnected { return false }
            frame = each.parent
        }
        return true
    }

    func scriptHistoryLength() -> Int {
        webPage?.backForwardList.items.count ?? 0
    }

    func scriptHistoryGo(_ delta: Int) {
        webPage?.loop.post { [weak webPage] in
            guard let webPage else { return }
            if delta == 0 { self.scriptReload() } else if let item = webPage.backForwardList.item(at: delta) { _ = webPage.go(to: item) }
        }
    }

    func scriptHistoryPush(state: ScriptValue, url target: String?, replacing: Bool) -> String? {
        if let ownerFrame {
            var url = ownerFrame.url
            if let target {
                guard let resolved = ownerFrame.url.resolve(target), ownerFrame.url.canBeRewritten(to: resolved) else {
                    return "SecurityError: pushState cannot change the document's URL to \(target)"
                }
                url = resolved
            }
            webPage?.pushFrameState(ownerFrame, state: state, url: url, replacing: replacing)
            return nil
        }
        guard let webPage, let current = webPage.backForwardList.currentItem, let currentURL = webPage.pageURL else {
            return "SecurityError: the document has no history entry"
        }
        var newURL = currentURL
        if let target {
            guard let url = currentURL.resolve(target), currentURL.canBeRewritten(to: url)
            else { return "SecurityError: pushState cannot change the document's URL to \(target)" }
            newURL = url
        }
        let item = BackForwardListItem(url: newURL, initialURL: newURL, title: webPage.title ?? "",
                                       request: Request(url: newURL), substituteData: current.substituteData)
        item.documentID = current.documentID
        item.frameEntries = current.frameEntries
        item.stateObject = state
        if replacing { webPage.backForwardList.replaceCurrent(with: item) } else { webPage.backForwardList.push(item) }
        webPage.pageURL = newURL
        webPage.scriptWindow?.documentURL = newURL
        webPage.updateBackForwardState()
        webPage.tellNavigationDelegate { $0.webView($1, didSameDocumentNavigation: replacing ? .sessionStateReplace : .sessionStatePush,
                                                     from: current) }
        return nil
    }

    func scriptHistoryState() -> ScriptValue {
        if let ownerFrame { return ownerFrame.entry.stateObject ?? .null }
        return webPage?.backForwardList.currentItem?.stateObject ?? .null
    }
}

extension PageScriptHost: ScriptWindowingHost {
    func scriptOpenWindow(url: String, target: String, features: String) -> ScriptOpenedWindow? {
        guard let webPage, let url = WebURL(url) else { return nil }
        if url.scheme == "file" && documentURL?.scheme != "file" { return nil }
        // HTML "the rules for choosing a navigable": a frame of the page by
        // name, or (from a frame) its parent or the top page; the sandbox's
        // flags hold ("sandboxed auxiliary navigation browsing context flag").
        if let ownerFrame {
            guard case .newWindow = webPage.chooseNavigable(target, from: ownerFrame) else {
                _ = webPage.navigate(to: url, target: target, from: ownerFrame, type: .other, userInitiated: false)
                return nil
            }
        } else if let named = webPage.frame(named: target) {
            webPage.navigateFrame(named, to: url, type: .other, addsHistory: named.loadedOnce, initiator: nil)
            return nil
        } else if let named = webPage.openedWindow(named: target) {
            var request = Request(url: url)
            webPage.prepareDocumentRequest(&request, isNavigation: true)
            named.loop.post { [weak named] in _ = named?.load(request) }
            return named.popupProxy
        }
        // window.open(url, "_self") navigates this window (HTML "rules for choosing a navigable").
        guard WebPage.opensNewWindow(target) else {
            scriptNavigate(to: url.href, replacing: false)
            return nil
        }
        var request = Request(url: url)
        webPage.prepareDocumentRequest(&request, isNavigation: true)
        guard case .opened(_, let page) = webPage.openNewWindow(for: request, type: .other,
                                                                features: WindowFeatures(parsing: features),
                                                                source: webPage.runningWindowSession, name: target) else { return nil }
        page.loop.post { [weak page] in _ = page?.load(request) }
        return page.popupProxy
    }

    /// HTML window.close(): only a script-closable view closes, one a page
    /// opened or whose history holds one entry; otherwise a console warning,
    /// as WebKit's DOMWindow::close.
    func scriptCloseWindow() {
        // HTML: close() on a window that is not top-level does nothing.
        guard let webPage, ownerFrame == nil else { return }
        guard webPage.isOpenedByPage || webPage.backForwardList.items.count <= 1 else {
            webPage.scriptWindow?.reportToConsole(level: "warn", "Can't close the window since it was not opened by JavaScript")
            return
        }
        // HTML: the navigable "is closing" at once (`closed` reads true).
        window?.isClosed = true
        webPage.loop.post { [weak webPage] in
            guard let webPage else { return }
            webPage.tellUIDelegate { $0.webViewDidClose($1) }
        }
    }
}
