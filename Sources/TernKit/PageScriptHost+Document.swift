import TernNet
import TernDOM
import TernScript

/// The DOM bindings' callbacks: layout, title, cookies, forms, inserted scripts.
extension PageScriptHost {
    func scriptDocumentDidChange() {
        // The layout follows on the next turn; styles scripts read, at once.
        webView?.session.styles.documentDidChange()
        webView?.scheduleDocumentChange()
    }

    func scriptDocumentTitleDidChange(_ title: String) {
        guard let webView else { return }
        webView.title = title
        webView.backForwardList.currentItem?.title = title
    }

    func scriptCookie() -> String {
        guard let webView, let url = webView.pageURL else { return "" }
        return webView.loader.configuration.cookieJar?.cookieHeader(for: url, forScript: true) ?? ""
    }

    func scriptSetCookie(_ cookie: String) {
        guard let webView, let url = webView.pageURL else { return }
        webView.loader.configuration.cookieJar?.setCookie(cookie, for: url, fromScript: true)
    }

    func scriptSubmitForm(_ submission: FormSubmission) {
        webView?.scriptDidSubmitForm(submission)
    }

    func scriptResetForm(_ form: Node) {
        webView?.resetForm(form)
    }

    func scriptFollowHyperlink(_ link: Node) {
        webView?.scriptDidFollowHyperlink(link)
    }

    func scriptDocumentWrite(_ markup: String) -> Bool {
        guard let webView, let parser = webView.currentLoad?.parser, webView.currentLoad?.phase == .committed else { return false }
        return parser.write(markup)
    }

    func scriptDidInsertScriptElement(_ element: Node) {
        guard let webView, let window = webView.scriptWindow else { return }
        PageScriptRunner.runInserted(element, in: window, webView: webView)
    }
}
