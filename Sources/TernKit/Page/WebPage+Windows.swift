import TernNet
import TernScript

/// What asking for a new window came to.
enum WindowOpening {
    /// The UI delegate made a web view for it, and its page.
    case opened(WebView, WebPage)
    /// Allowed, but the UI delegate made none (or there is no delegate).
    case refused
    /// No transient activation: a popup the person did not ask for.
    case blocked
}

/// The one check every new window goes through: `window.open`, a
/// `target=_blank` (or other new target, or `<base target>`) link clicked by
/// the person or by a script, a form submitted to a new target
/// (`form.submit()`, `requestSubmit()`, a submit button).
extension WebPage {
    /// HTML's window open steps and "follow the hyperlink" with a new
    /// top-level traversable: a popup needs transient activation of `source`,
    /// the window asking (a key or click in it, or in a frame inside it,
    /// within `userActivationDuration` seconds), which it consumes ("consume
    /// user activation"), unless `javaScriptCanOpenWindowsAutomatically`.
    /// A blocked popup is reported to the page's console and to the UI
    /// delegate (`didBlockPopupWith`), which may open it for the person.
    /// `name` is the target that asked for it (`_blank` and the other keywords name no window).
    func openNewWindow(for request: Request, type: NavigationType, features: WindowFeatures, source: PageSession?,
                       name: String = "") -> WindowOpening {
        guard WebPage.pageMayOpen(request.url, from: pageURL) else {
            scriptWindow?.reportToConsole(level: "error", "Not allowed to load Tern's own page: \(request.url.href)")
            return .refused
        }
        let action = NavigationAction(request: request, navigationType: type, sourceFrame: mainFrameInfo, targetFrame: nil)
        guard configuration.preferences.javaScriptCanOpenWindowsAutomatically || consumeUserActivation(source) else {
            let what = type == .other ? "window.open(\(request.url.href))" : "popup to \(request.url.href)"
            scriptWindow?.reportToConsole(level: "warn", "Blocked a \(what) without a user gesture")
            tellUIDelegate { $0.webView($1, didBlockPopupWith: action, windowFeatures: features) }
            return .blocked
        }
        // An opener and the pages it opens share a process, as WebKit's related
        // views do: a view whose page runs elsewhere cannot be its popup.
        guard let view, let created = uiDelegate?.webView(view, createWebViewWith: configuration, for: action, windowFeatures: features),
              let createdPage = created.localPage
        else { return .refused }
        createdPage.isOpenedByPage = true
        if !name.isEmpty, !name.hasPrefix("_") {
            createdPage.targetName = name
            openedWindows.removeAll { $0.webPage == nil }
            openedWindows.append(WeakWebPage(webPage: createdPage))
        }
        return .opened(created, createdPage)
    }

    /// A window this one opened that is still open and named `name`
    /// (HTML "the rules for choosing a navigable": an existing navigable by name).
    func openedWindow(named name: String) -> WebPage? {
        guard !name.isEmpty, !name.hasPrefix("_") else { return nil }
        return openedWindows.lazy.compactMap(\.webPage).first { $0.currentTargetName == name }
    }

    /// The window's name now: its page's `window.name`, else the name it was given.
    var currentTargetName: String { scriptWindow?.name ?? targetName }
}

/// What its opener's scripts do to a popup (`window.open`'s WindowProxy):
/// `close()` and `location` from the opener, and the page it shows now.
extension WebPage {
    func scriptWindowForAccess() -> ScriptWindow? {
        guard pageScriptsEnabled, document != nil else { return scriptWindow }
        return try? pageScriptWindow()
    }

    func scriptClose() {
        // A page opened it, so its opener may close it (HTML "script-closable").
        guard isOpenedByPage else { return }
        loop.post { [weak self] in
            guard let self else { return }
            tellUIDelegate { $0.webViewDidClose($1) }
        }
    }

    func scriptNavigate(to url: String, replacing: Bool) {
        guard let url = WebURL(url) else { return }
        var request = Request(url: url)
        prepareDocumentRequest(&request, isNavigation: true)
        loop.post { [weak self] in _ = self?.load(request) }
    }
}

/// A web view as TernScript's window tree holds a popup: the conformance
/// lives on this adapter, not on `WebView`, so that TernScript's protocol
/// stays out of TernKit's API. One per web view, for its lifetime (the
/// window tree tells popups apart by identity).
final class PopupWindowProxy: ScriptOpenedWindow {
    private unowned let webPage: WebPage

    init(_ webPage: WebPage) {
        self.webPage = webPage
    }

    var scriptCurrentWindow: ScriptWindow? { webPage.scriptWindow }
    func scriptWindowForAccess() -> ScriptWindow? { webPage.scriptWindowForAccess() }
    func scriptClose() { webPage.scriptClose() }
    func scriptNavigate(to url: String, replacing: Bool) { webPage.scriptNavigate(to: url, replacing: replacing) }
}

extension PageScriptHost {
    /// `window.opener` of the popup's page: the window whose `window.open` made it.
    func scriptOpenerWindow() -> ScriptWindow? {
        // A frame's window has no opener of its own (its top page may).
        guard ownerFrame == nil else { return nil }
        return webPage.flatMap { ScriptWindow.opener(of: $0.popupProxy) }
    }
}
