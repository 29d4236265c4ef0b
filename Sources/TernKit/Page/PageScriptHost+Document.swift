import TernNet
import TernDOM
import TernScript

/// The DOM bindings' callbacks: layout, title, cookies, forms, inserted scripts.
extension PageScriptHost {
    func scriptDocumentDidChange() {
        // The layout follows on the next turn; styles scripts read, at once.
        if let ownerFrame {
            ownerFrame.session.styles.documentDidChange()
            webView?.scheduleFrameDocumentChange(ownerFrame)
            return
        }
        webView?.session.styles.documentDidChange()
        webView?.scheduleDocumentChange()
    }

    func scriptDocumentTitleDidChange(_ title: String) {
        guard let webView else { return }
        if let ownerFrame {
            webView.scheduleFrameDocumentChange(ownerFrame)
            return
        }
        webView.title = title
        webView.backForwardList.currentItem?.title = title
    }

    /// The URL `document.cookie` reads and writes cookies for; nil for a
    /// document of an opaque origin (HTML: sandboxed, data:), which has none.
    private var cookieURL: WebURL? {
        guard window?.serializedOrigin != "null", ownerFrame?.sandbox.origin != true else { return nil }
        return documentURL
    }

    func scriptCookie() -> String {
        guard let webView, let url = cookieURL else { return "" }
        return webView.loader.configuration.cookieJar?.cookieHeader(for: url, forScript: true) ?? ""
    }

    func scriptSetCookie(_ cookie: String) {
        guard let webView, let url = cookieURL else { return }
        webView.loader.configuration.cookieJar?.setCookie(cookie, for: url, fromScript: true)
    }

    func scriptSubmitForm(_ submission: FormSubmission) {
        if let ownerFrame {
            // During the person's click the click submits it; else on the next turn.
            if let capture = ownerFrame.activationCapture {
                capture.submission = submission
                return
            }
            webView?.loop.post { [weak webView, weak ownerFrame] in
                guard let webView, let ownerFrame else { return }
                _ = webView.submitFrameForm(submission.form, submitter: submission.submitter, submission: submission, in: ownerFrame,
                                            userInitiated: false)
            }
            return
        }
        webView?.scriptDidSubmitForm(submission)
    }

    func scriptResetForm(_ form: Node) {
        webView?.resetForm(form)
    }

    func scriptFollowHyperlink(_ link: Node) {
        if let ownerFrame {
            // During the person's click, the click's own activation follows it.
            if let capture = ownerFrame.activationCapture {
                if capture.link == nil { capture.link = link }
                return
            }
            webView?.loop.post { [weak webView, weak ownerFrame] in
                guard let webView, let ownerFrame else { return }
                _ = webView.followFrameHyperlink(link, in: ownerFrame, byPage: true)
            }
            return
        }
        webView?.scriptDidFollowHyperlink(link)
    }

    func scriptDocumentWrite(_ markup: String) -> Bool {
        if let ownerFrame {
            guard let parser = ownerFrame.parser, !parser.isComplete else { return false }
            return parser.write(markup)
        }
        guard let webView, let parser = webView.currentLoad?.parser, webView.currentLoad?.phase == .committed else { return false }
        return parser.write(markup)
    }

    func scriptDidInsertScriptElement(_ element: Node) {
        guard let webView, let window else { return }
        PageScriptRunner.runInserted(element, in: window, webView: webView, frame: ownerFrame)
    }
}
