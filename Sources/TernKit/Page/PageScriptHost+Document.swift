import TernNet
import TernDOM
import TernScript

/// The DOM bindings' callbacks: layout, title, cookies, forms, inserted scripts.
extension PageScriptHost {
    func scriptDocumentDidChange() {
        // The layout follows on the next turn; styles scripts read, at once.
        if let ownerFrame {
            ownerFrame.session.styles.documentDidChange()
            webPage?.scheduleFrameDocumentChange(ownerFrame)
            return
        }
        webPage?.session.styles.documentDidChange()
        webPage?.scheduleDocumentChange()
    }

    func scriptDocumentTitleDidChange(_ title: String) {
        guard let webPage else { return }
        if let ownerFrame {
            webPage.scheduleFrameDocumentChange(ownerFrame)
            return
        }
        webPage.title = title
        webPage.backForwardList.currentItem?.title = title
    }

    /// The URL `document.cookie` reads and writes cookies for; nil for a
    /// document of an opaque origin (HTML: sandboxed, data:), which has none.
    private var cookieURL: WebURL? {
        guard window?.serializedOrigin != "null", ownerFrame?.sandbox.origin != true else { return nil }
        return documentURL
    }

    func scriptCookie() -> String {
        guard let webPage, let url = cookieURL else { return "" }
        if let forwarder = webPage.cookieForwarder { return forwarder.scriptCookieHeader(for: url) }
        return webPage.loader.configuration.cookieJar?.cookieHeader(for: url, forScript: true) ?? ""
    }

    func scriptSetCookie(_ cookie: String) {
        guard let webPage, let url = cookieURL else { return }
        if let forwarder = webPage.cookieForwarder { return forwarder.setScriptCookie(cookie, for: url) }
        webPage.loader.configuration.cookieJar?.setCookie(cookie, for: url, fromScript: true)
    }

    func scriptSubmitForm(_ submission: FormSubmission) {
        if let ownerFrame {
            // During the person's click the click submits it; else on the next turn.
            if let capture = ownerFrame.activationCapture {
                capture.submission = submission
                return
            }
            webPage?.loop.post { [weak webPage, weak ownerFrame] in
                guard let webPage, let ownerFrame else { return }
                _ = webPage.submitFrameForm(submission.form, submitter: submission.submitter, submission: submission, in: ownerFrame,
                                            userInitiated: false)
            }
            return
        }
        webPage?.scriptDidSubmitForm(submission)
    }

    func scriptResetForm(_ form: Node) {
        webPage?.resetForm(form)
    }

    func scriptFollowHyperlink(_ link: Node) {
        if let ownerFrame {
            // During the person's click, the click's own activation follows it.
            if let capture = ownerFrame.activationCapture {
                if capture.link == nil { capture.link = link }
                return
            }
            webPage?.loop.post { [weak webPage, weak ownerFrame] in
                guard let webPage, let ownerFrame else { return }
                _ = webPage.followFrameHyperlink(link, in: ownerFrame, byPage: true)
            }
            return
        }
        webPage?.scriptDidFollowHyperlink(link)
    }

    func scriptDocumentWrite(_ markup: String) -> Bool {
        if let ownerFrame {
            guard let parser = ownerFrame.parser, !parser.isComplete else { return false }
            return parser.write(markup)
        }
        guard let webPage, let parser = webPage.currentLoad?.parser, webPage.currentLoad?.phase == .committed else { return false }
        return parser.write(markup)
    }

    func scriptDidInsertScriptElement(_ element: Node) {
        guard let webPage, let window else { return }
        PageScriptRunner.runInserted(element, in: window, webPage: webPage, frame: ownerFrame)
    }
}
