import TernNet
import TernDOM
import TernLayout
import TernScript

/// Acting on the page for the person: following links, pressing buttons,
/// typing into fields, choosing options and files, submitting forms. Each
/// call counts as a user gesture. When the page runs scripts, the page sees
/// what a browser would show it (a trusted `click`, `input` and `change`,
/// key events for Enter) and may cancel it; without scripts the same
/// behaviour happens in Swift. A front end adds no page logic of its own:
/// it passes the `Link` or the control's `node` from `renderedPage(width:)`.
extension WebPage {
    // MARK: Links and buttons

    /// Follows `link` as a click would: the page's click handlers run first
    /// (and may cancel it); then a fragment of this page scrolls
    /// (`.fragment`), a `javascript:` URL runs in the page, a `target` other
    /// than `_self`/`_parent`/`_top` asks the UI delegate for a new web view
    /// (loading here when it gives none), and anything else navigates with
    /// `navigationType` `.linkActivated`.
    @discardableResult
    func activate(_ link: Link) -> ActivationResult {
        if link.node.isElement("a") || link.node.isElement("area") { return activate(link.node) }
        guard let document, link.node.document === document else { return .done }
        notifyUserActivation()
        guard let url = WebURL(link.url) else { return .done }
        return follow(url, target: "")
    }

    /// Acts on `control` as a click would (see `activate(_ element:)`).
    @discardableResult
    func activate(_ control: FormControl) -> ActivationResult {
        activate(control.node)
    }

    /// Clicks `element` for the person: a trusted `click` goes to the page's
    /// handlers, which may cancel it (`.canceled`); then its activation
    /// behaviour runs — a link (the element or an ancestor `<a href>`) is
    /// followed as `activate(_ link:)` says, a checkbox toggles, a radio
    /// button is chosen (the rest of its group cleared), a submit button or
    /// image submits its form with its own name and value (`.formSubmitted`),
    /// a reset button resets it, a file input asks the UI delegate's open
    /// panel. A disabled control, or a node not of the current page, does nothing.
    @discardableResult
    func activate(_ element: Node) -> ActivationResult {
        // A node of a frame's document acts in that frame.
        if element.isElement, let frame = frame(showing: element.document), element.document !== document {
            if HTMLForms.isControl(element), HTMLForms.isDisabled(element) { return .done }
            return activate(element, inFrame: frame)
        }
        guard element.isElement, let document, element.document === document else { return .done }
        if HTMLForms.isControl(element), HTMLForms.isDisabled(element) { return .done }
        notifyUserActivation()
        let type = HTMLForms.type(of: element)
        let touched = type == "radio" ? HTMLForms.radioGroup(of: element) : [element]
        touched.forEach(captureDefault)

        // As a click does in a browser, a link or control takes the focus first (HTML "focusable area").
        if element.isElement("a") || element.isElement("area") || element.isElement("button") || HTMLForms.isControl(element) {
            focus(node: element)
        }
        if let window = interactionWindow() {
            let capture = ActivationCapture()
            let outer = activationCapture
            activationCapture = capture
            let notCanceled = window.dispatchEvent("click", to: element, bubbles: true, cancelable: true,
                                                   fields: ["detail": .number(1)])
            activationCapture = outer
            documentDidChange()
            touched.forEach(rememberState)
            // The page's click handler or the button's activation submitted a form.
            if let submission = capture.submission { return submit(submission) }
            guard notCanceled else { return .canceled }
            // The page's click handler clicked another link (`other.click()`).
            if hyperlink(at: element) == nil, let link = capture.link { return followHyperlink(link, byPage: true) }
            // Checkboxes, radios, submit and reset buttons were the bindings' to run.
            if HTMLForms.isSubmitButton(element), HTMLForms.formOwner(of: element) != nil {
                return .canceled  // the submit event was cancelled
            }
            if let link = hyperlink(at: element) { return followHyperlink(link) }
            if element.isElement("input"), type == "file" { runOpenPanel(for: element) }
            return .done
        }

        if let link = hyperlink(at: element) { return followHyperlink(link) }
        guard element.isElement("input") || element.isElement("button") else { return .done }
        switch type {
        case "checkbox":
            ControlState.checked(!element.hasAttribute("checked")).apply(to: element)
        case "radio":
            for radio in touched { ControlState.checked(radio == element).apply(to: radio) }
        case "submit", "image":
            guard let form = HTMLForms.formOwner(of: element) else { return .done }
            return submit(form, submitter: element)
        case "reset":
            if let form = HTMLForms.formOwner(of: element) { resetForm(form) }
            return .done
        case "file":
            if element.isElement("input") { runOpenPanel(for: element) }
            return .done
        default:
            return .done
        }
        documentDidChange()
        touched.forEach(rememberState)
        return .done
    }

    // MARK: Typing and choosing

    /// Sets what the person typed into a text field (any `<input>` whose
    /// value is typed: text, password, search, email, number, …) or a
    /// `<textarea>`, then fires `input` and `change` at it when scripts run.
    /// Returns false (changing nothing) for other elements and for disabled
    /// or read-only fields.
    @discardableResult
    func setValue(_ value: String, for field: Node) -> Bool {
        if field.document !== document, let frame = frame(showing: field.document) { return setValue(value, for: field, inFrame: frame) }
        if EditingHost.isEditingHost(field), let document, field.document === document {
            // An editing host's whole text, replaced (an external editor's result): input, and no change event.
            notifyUserActivation()
            let text = EditingHost.text(of: field)
            guard text != value else { return true }
            EditingHost.replace(0..<text.utf16.count, with: value, in: field)
            documentDidChange()
            if let window = interactionWindow() {
                window.documentDidChangeOutsideScripts()
                window.dispatchEvent("input", to: field, bubbles: true,
                                     fields: ["data": .string(value), "inputType": .string("insertReplacementText")])
                documentDidChange()
            }
            return true
        }
        guard let document, field.document === document, field.isElement("input") || field.isElement("textarea"),
              HTMLForms.textTypes.contains(HTMLForms.type(of: field)),
              !HTMLForms.isDisabled(field), !field.hasAttribute("readonly") else { return false }
        notifyUserActivation()
        captureDefault(field)
        guard ControlState.read(field) != .value(value) else { return true }
        ControlState.value(value).apply(to: field)
        controlDidChange(field, data: value)
        return true
    }

    /// Chooses a select's options by their indices in `FormControl.options`:
    /// exactly those for a `multiple` select, the first index for another.
    /// Fires `input` and `change` when scripts run and the choice changed.
    /// Returns false for other elements, a disabled select, an index out of
    /// range or a disabled option.
    @discardableResult
    func selectOptions(at indices: [Int], in select: Node) -> Bool {
        guard let document, select.document === document, select.isElement("select"), !HTMLForms.isDisabled(select)
        else { return false }
        let options = HTMLForms.options(of: select)
        let chosen = select.hasAttribute("multiple") ? Array(Set(indices)).sorted() : Array(indices.prefix(1))
        guard chosen.allSatisfy({ options.indices.contains($0) && !HTMLForms.isDisabled(options[$0]) }) else { return false }
        notifyUserActivation()
        captureDefault(select)
        guard ControlState.read(select) != .selection(chosen) else { return true }
        ControlState.selection(chosen).apply(to: select)
        controlDidChange(select, data: nil)
        return true
    }

    /// Presses Enter in a form field, as in a browser: `keydown` and
    /// `keypress` (the page may cancel them), `change` when the person typed
    /// another value (`type(_:in:)`), then implicit submission — the
    /// form's first submit button is clicked, or, when it has none and at
    /// most one text-like field, the form is submitted — then `keyup`.
    /// A textarea, a button or a field outside a form submits nothing.
    @discardableResult
    func pressEnter(in field: Node) -> ActivationResult {
        if field.document !== document, let frame = frame(showing: field.document) { return pressEnter(in: field, inFrame: frame) }
        guard let document, field.document === document, HTMLForms.isControl(field), !HTMLForms.isDisabled(field)
        else { return .done }
        notifyUserActivation()
        let window = interactionWindow()
        let key: [String: ScriptValue] = ["key": .string("Enter"), "code": .string("Enter"), "keyCode": .number(13),
                                          "which": .number(13)]
        // keyup comes last, after the submission (as in browsers).
        defer {
            if let window {
                window.dispatchEvent("keyup", to: field, bubbles: true, cancelable: true, fields: key)
                documentDidChange()
            }
        }
        if let window {
            let notCanceled = window.dispatchEvent("keydown", to: field, bubbles: true, cancelable: true, fields: key)
                && window.dispatchEvent("keypress", to: field, bubbles: true, cancelable: true,
                                        fields: key.merging(["charCode": .number(13)]) { $1 })
            guard notCanceled else { return .canceled }
        }
        // What was typed is committed before the form is submitted (`change`).
        finishTyping(in: field)
        guard field.isElement("input"), !["submit", "image", "reset", "button"].contains(HTMLForms.type(of: field)),
              let form = HTMLForms.formOwner(of: field) else { return .done }
        if let button = HTMLForms.defaultButton(of: form) {
            return HTMLForms.isDisabled(button) ? .done : activate(button)
        }
        guard HTMLForms.blockingFieldCount(of: form) <= 1 else { return .done }
        if let window {
            let capture = ActivationCapture()
            let outer = activationCapture
            activationCapture = capture
            let submitted = window.requestSubmit(form)
            activationCapture = outer
            if let submission = capture.submission { return submit(submission) }
            return submitted ? .done : .canceled
        }
        return submit(form, submitter: nil)
    }

    // MARK: Files

    /// Chooses files for a file input (absolute `file:` URLs), as the open
    /// panel's answer does; fires `input` and `change` when scripts run.
    /// Returns false for other elements, or when `multiple` is missing and
    /// more than one file is given. An empty list clears the choice.
    @discardableResult
    func chooseFiles(_ files: [WebURL], for input: Node) -> Bool {
        guard let document, input.document === document, input.isElement("input"), HTMLForms.type(of: input) == "file",
              !HTMLForms.isDisabled(input), files.allSatisfy({ $0.scheme == "file" }),
              files.count <= 1 || input.hasAttribute("multiple") else { return false }
        notifyUserActivation()
        let paths = files.map(\.filePath)
        guard (session.chosenFiles[input] ?? []) != paths else { return true }
        session.chosenFiles[input] = paths.isEmpty ? nil : paths
        controlDidChange(input, data: nil)
        return true
    }

    /// The files chosen for a file input (`file:` URLs), none at first.
    func chosenFiles(for input: Node) -> [WebURL] {
        (session.chosenFiles[input] ?? []).compactMap { WebURL(filePath: $0) }
    }

    /// Asks the UI delegate's open panel for files; its answer is chosen.
    func runOpenPanel(for input: Node) {
        guard let view, let uiDelegate = view.uiDelegate else { return }
        let accepted = (input.attribute("accept") ?? "").split(separator: ",").map { String($0).lowercased().trimmingSpaces() }
        let parameters = OpenPanelParameters(allowsMultipleSelection: input.hasAttribute("multiple"),
                                             allowsDirectories: input.hasAttribute("webkitdirectory"),
                                             acceptedTypes: accepted.filter { !$0.isEmpty })
        let handler = DecisionHandler(name: "runOpenPanel", fallback: [WebURL]?.none) { [weak self] urls in
            guard let self, let urls else { return }
            self.chooseFiles(urls, for: input)
        }
        uiDelegate.webView(view, runOpenPanelWith: parameters, initiatedByFrame: mainFrameInfo, completionHandler: handler.closure)
    }

    // MARK: Focus

    var focusedElement: PageElement? { focusedNode.map { PageElement(node: $0) } }

    func focus(_ element: PageElement?) {
        focus(node: element?.node)
    }

    /// `focusedElement` as a node.
    var focusedNode: Node? {
        let focused = scriptWindow?.focusedElement ?? session.focusedNode
        guard let focused, let document, focused.document === document, focused.isConnected else { return nil }
        return focused
    }

    /// Moves focus to `element` (nil: none), firing `blur`/`focusout` and
    /// `focus`/`focusin` when scripts run.
    func focus(node element: Node?) {
        if let element { guard let document, element.document === document else { return } }
        let old = focusedNode
        guard old != element else { return }
        session.focusedNode = element
        guard let window = interactionWindow() else {
            // `:focus` rules style the page anew.
            if session.styles.mayDependOnFocus { documentDidChange() }
            return
        }
        window.focusedElement = element
        if let old {
            window.dispatchEvent("blur", to: old)
            window.dispatchEvent("focusout", to: old, bubbles: true)
        }
        if let element {
            window.dispatchEvent("focus", to: element)
            window.dispatchEvent("focusin", to: element, bubbles: true)
        }
        // What the handlers changed lays the page out again by itself; `:focus` rules need it here.
        if session.styles.mayDependOnFocus { documentDidChange() }
    }

    // MARK: Internals

    /// The window to dispatch the person's events in: the page's, or a new
    /// one when the page has inline handlers (`onclick="…"`) but no script
    /// made one yet. Nil when scripting is off or nothing would listen.
    func interactionWindow() -> ScriptWindow? {
        guard pageScriptsEnabled else { return nil }
        if let scriptWindow { return scriptWindow }
        guard let document, let root = document.node else { return nil }
        // Without a window only the parser changes the document: scan a finished one once.
        let id = ObjectIdentifier(document)
        if let scan = session.inlineHandlerScan, scan.document == id, currentLoad == nil {
            return scan.found ? try? pageScriptWindow() : nil
        }
        var hasHandlers = false
        root.walk { node in
            if node.isElement, node.hasAttributes, node.attributes.contains(where: { $0.name.hasPrefix("on") }) { hasHandlers = true }
            return !hasHandlers
        }
        session.inlineHandlerScan = (id, hasHandlers)
        return hasHandlers ? try? pageScriptWindow() : nil
    }

    /// A control's value, checkedness or choice changed for the person:
    /// relayout, tell the page's scripts (input, change), remember it.
    private func controlDidChange(_ control: Node, data: String?) {
        documentDidChange()
        if let window = interactionWindow() {
            window.documentDidChangeOutsideScripts()
            var fields: [String: ScriptValue] = [:]
            if let data { fields = ["data": .string(data), "inputType": .string("insertText")] }
            window.dispatchEvent("input", to: control, bubbles: true, fields: fields)
            window.dispatchEvent("change", to: control, bubbles: true)
            documentDidChange()
        }
        rememberState(control)
    }

    func captureDefault(_ control: Node) {
        guard session.controlDefaults[control] == nil, let state = ControlState.read(control) else { return }
        session.controlDefaults[control] = state
    }

    /// Writes the control's state into the current history item.
    func rememberState(_ control: Node) {
        guard let item = backForwardList.currentItem, ControlState.isRestorable(control),
              let state = ControlState.read(control), let key = ControlState.key(for: control) else { return }
        item.controlStates[key] = state
    }

    /// Puts the form's controls back as they were before the person changed them.
    func resetForm(_ form: Node) {
        guard let document, form.document === document else { return }
        for control in HTMLForms.controls(of: form) {
            if let state = session.controlDefaults[control] {
                state.apply(to: control)
                rememberState(control)
            }
            session.chosenFiles[control] = nil
        }
        scriptWindow?.documentDidChangeOutsideScripts()
        documentDidChange()
    }

    /// Restores the control states saved in `item` (a page loaded again by
    /// going back or forward), before the page's scripts run.
    func restoreControlStates(from item: BackForwardListItem, in document: Document?) {
        guard let document, !item.controlStates.isEmpty else { return }
        ControlState.restore(item.controlStates, in: document)
        scriptWindow?.documentDidChangeOutsideScripts()
        documentDidChange()
    }

    /// Forgets control defaults and chosen files of nodes no longer in the page's document.
    func pruneInteractionState() {
        let isLive = { [document = page?.document] (node: Node) in document != nil && node.document === document }
        session.controlDefaults = session.controlDefaults.filter { isLive($0.key) }
        session.chosenFiles = session.chosenFiles.filter { isLive($0.key) }
        if let focused = session.focusedNode, !isLive(focused) { session.focusedNode = nil }
        session.inlineHandlerScan = nil
    }

    // MARK: Following links

    /// The link `element` is in: itself or an ancestor `<a href>`/`<area href>`.
    private func hyperlink(at element: Node) -> Node? {
        var current: Node? = element
        while let node = current {
            if (node.isElement("a") || node.isElement("area")), node.hasAttribute("href") { return node }
            current = node.parent
        }
        return nil
    }

    /// The document's base URL: its first `<base href>`, else its URL.
    var documentBaseURL: WebURL? {
        guard let href = document?.firstBase(with: "href")?.attribute("href") else { return pageURL }
        return pageURL?.resolve(href) ?? WebURL(href) ?? pageURL
    }

    /// The browsing context a `target` names: the default from `<base target>`.
    private func effectiveTarget(_ target: String?) -> String {
        if let target, !target.isEmpty { return target }
        return document?.firstBase(with: "target")?.attribute("target") ?? ""
    }

    /// HTML "follow the hyperlink", or "download the hyperlink" for a
    /// `download` link to this page's origin (elsewhere the attribute is
    /// ignored and the link navigates, as in Chromium and Firefox).
    /// `byPage`: a script clicked it (`a.click()`), not the person.
    private func followHyperlink(_ link: Node, byPage: Bool = false) -> ActivationResult {
        guard let document, link.document === document else { return .done }
        let href = (link.attribute("href") ?? "").trimmingSpaces()
        guard let url = documentBaseURL?.resolve(href) ?? WebURL(href) else { return .done }
        let asDownload = link.hasAttribute("download") && (url.origin == self.pageURL?.origin || url.scheme == "data")
        // "Download the hyperlink": the attribute's value is the proposed filename.
        return follow(url, target: effectiveTarget(link.attribute("target")), referrerPolicy: WebPage.elementReferrerPolicy(link),
                      byPage: byPage, asDownload: asDownload, downloadName: asDownload ? link.attribute("download") : nil)
    }

    /// Opens `link` in a new window for the person ("open link in new
    /// tab"): as a click with `target=_blank` would, with no click event
    /// for the page (it is not a click) and the person's activation, so
    /// no popup blocking. A `javascript:` URL does nothing.
    func openInNewWindow(_ link: Link) -> ActivationResult {
        guard let document, link.node.document === document || frame(showing: link.node.document) != nil,
              let url = WebURL(link.url), url.scheme != "javascript" else {
            return .done
        }
        notifyUserActivation(in: frame(showing: link.node.document))
        return follow(url, target: "_blank", referrerPolicy: WebPage.elementReferrerPolicy(link.node))
    }

    /// A page's script clicked a link (`a.click()`, a dispatched click): it
    /// is followed on the next turn, through the same checks as the
    /// person's, without the person's activation unless the page has it. During
    /// the person's own click it is left to `activate`.
    func scriptDidFollowHyperlink(_ link: Node) {
        if let capture = activationCapture {
            if capture.link == nil { capture.link = link }
            return
        }
        loop.post { [weak self] in _ = self?.followHyperlink(link, byPage: true) }
    }

    private func follow(_ url: WebURL, target: String, referrerPolicy: ReferrerPolicy? = nil, byPage: Bool = false,
                        asDownload: Bool = false, downloadName: String? = nil) -> ActivationResult {
        if url.scheme == "javascript" {
            // Only the person's activation runs a javascript: link.
            if !byPage { runJavaScriptURL(url) }
            return .done
        }
        if url.scheme == "file" && self.pageURL?.scheme != "file" {
            scriptWindow?.reportToConsole(level: "error", "Not allowed to load local resource: \(url.href)")
            return .done
        }
        guard WebPage.pageMayOpen(url, from: pageURL) else {
            scriptWindow?.reportToConsole(level: "error", "Not allowed to load Tern's own page: \(url.href)")
            return .done
        }
        var request = Request(url: url)
        prepareDocumentRequest(&request, elementPolicy: referrerPolicy, isNavigation: true)
        // A target naming a frame of the page navigates that frame (HTML "the rules for choosing a navigable").
        if let named = frame(named: target) {
            navigateFrame(named, to: url, type: .linkActivated, addsHistory: named.loadedOnce, initiator: nil, userInitiated: !byPage)
            return .done
        }
        if WebPage.opensNewWindow(target) { return openInNewWindow(request, type: .linkActivated) }
        if !asDownload, let fragment = url.fragment, currentLoad == nil, isFragmentNavigation(to: request) {
            navigateToFragment(url)
            return .fragment(fragment)
        }
        return .navigation(startNavigation(request, type: .linkActivated, fileAccess: navigationState.fileReadAccessRoot, startedByPage: byPage,
                                           asDownload: asDownload, downloadName: downloadName))
    }

    /// Whether a page at `page` may navigate to `url` (a link, a form, a
    /// script, a new window): Tern's own `about:` pages (`about:bookmarks`,
    /// `about:history`…) are reached only from another `about:` page or by
    /// the person (typing, the browser's commands); `about:blank` from
    /// anywhere. So a web page cannot show them, nor ask them for changes.
    /// (`about:blank` and `about:srcdoc` hold a web page's content: they
    /// count as web pages.)
    static func pageMayOpen(_ url: WebURL, from page: WebURL?) -> Bool {
        guard isTernPage(url) else { return true }
        return page.map(isTernPage) ?? false
    }

    /// One of Tern's own `about:` pages (not `about:blank` or `about:srcdoc`).
    private static func isTernPage(_ url: WebURL) -> Bool {
        url.scheme == "about" && url.pathname != "blank" && url.pathname != "srcdoc"
    }

    static func opensNewWindow(_ target: String) -> Bool {
        !["", "_self", "_parent", "_top"].contains(target.lowercased())
    }

    /// A `target=_blank` link or form: a popup (`openNewWindow`, blocked
    /// without transient activation); the UI delegate makes the web view to
    /// load it in. As in WebKit, when it makes none (returns nil, or there
    /// is no UI delegate) nothing opens and this view does not navigate: the
    /// app decides (it may load `navigationAction.request` itself).
    private func openInNewWindow(_ request: Request, type: NavigationType) -> ActivationResult {
        guard case .opened(let created, let createdPage) = openNewWindow(for: request, type: type, features: WindowFeatures(), source: session) else { return .done }
        _ = createdPage.startNavigation(request, type: type)
        return .newWindow(created)
    }

    /// `javascript:` URLs run in the page (when scripts may run).
    private func runJavaScriptURL(_ url: WebURL) {
        guard pageScriptsEnabled, let window = try? pageScriptWindow() else { return }
        let source = WebURL.percentDecoded(String(url.href.dropFirst("javascript:".count)))
        _ = window.run(source, sourceURL: "javascript:")
        documentDidChange()
    }

    // MARK: Submitting forms

    /// A form submitted without scripts: its data set built in Swift.
    private func submit(_ form: Node, submitter: Node?) -> ActivationResult {
        func pick(_ submitterAttribute: String, _ formAttribute: String) -> String? {
            if let submitter, let value = submitter.attribute(submitterAttribute) { return value }
            return form.attribute(formAttribute)
        }
        var method = (pick("formmethod", "method") ?? "").lowercased().trimmingSpaces()
        if method != "post" && method != "dialog" { method = "get" }
        var enctype = (pick("formenctype", "enctype") ?? "").lowercased().trimmingSpaces()
        if enctype != "multipart/form-data" && enctype != "text/plain" { enctype = "application/x-www-form-urlencoded" }
        let actionText = (pick("formaction", "action") ?? "").trimmingSpaces()
        guard let action = actionText.isEmpty ? pageURL : (documentBaseURL?.resolve(actionText) ?? WebURL(actionText)) else {
            return .done
        }
        let entries = HTMLForms.entries(of: form, submitter: submitter) { session.chosenFiles[$0] ?? [] }
        return submit(method: method, action: action, enctype: enctype,
                      target: effectiveTarget(pick("formtarget", "target")), entries: entries, form: form)
    }

    /// A form the page's bindings submitted; the data set is built again in
    /// Swift from the form (to include files) when the form is known.
    private func submit(_ submission: FormSubmission, byPage: Bool = false) -> ActivationResult {
        let entries = submission.form.map { form in
            HTMLForms.entries(of: form, submitter: submission.submitter) { session.chosenFiles[$0] ?? [] }
        } ?? submission.fields.map { FormEntry(name: $0.name, value: .string($0.value)) }
        return submit(method: submission.method, action: submission.action, enctype: submission.enctype,
                      target: effectiveTarget(submission.target), entries: entries, form: submission.form, byPage: byPage)
    }

    private func submit(method: String, action: WebURL, enctype: String, target: String, entries: [FormEntry],
                        form: Node?, byPage: Bool = false) -> ActivationResult {
        if method == "dialog" { return .done }
        if action.scheme == "javascript" {
            runJavaScriptURL(action)
            return .done
        }
        if action.scheme == "file" && pageURL?.scheme != "file" { return .done }
        guard WebPage.pageMayOpen(action, from: pageURL) else { return .done }
        var request = FormEncoding.request(method: method, action: action, enctype: enctype, entries: entries)
        // HTML form submission: a form with rel=noreferrer sends no referrer (forms have no referrerpolicy attribute).
        let noReferrer = ReferrerPolicy.relIncludesNoReferrer(form?.attribute("rel"))
        prepareDocumentRequest(&request, elementPolicy: noReferrer ? .noReferrer : nil, isNavigation: true)
        if MixedContent.isInsecureFormSubmission(action: action, document: pageURL) {
            reportMixedContent(level: "warn", "Mixed Content: the form on '\(pageURL?.href ?? "")' was submitted to the insecure "
                               + "'\(action.href)': what it sends can be read and changed on the way")
        }
        // A target naming a frame of the page submits into that frame.
        if let named = frame(named: target) {
            navigateFrame(named, to: action, type: .formSubmitted, addsHistory: named.loadedOnce, initiator: nil,
                          userInitiated: !byPage, formRequest: request)
            return .done
        }
        if WebPage.opensNewWindow(target) { return openInNewWindow(request, type: .formSubmitted) }
        return .navigation(startNavigation(request, type: .formSubmitted, fileAccess: navigationState.fileReadAccessRoot, startedByPage: byPage))
    }

    /// The page's bindings submitted a form (`form.submit()`, a submit
    /// button's activation, `requestSubmit()`): during a person's click it is
    /// submitted when the click returns, else on the next turn.
    func scriptDidSubmitForm(_ submission: FormSubmission) {
        if let capture = activationCapture {
            capture.submission = submission
            return
        }
        loop.post { [weak self] in _ = self?.submit(submission, byPage: true) }
    }
}

/// Holds a form submitted, or a link a script clicked, while a person's
/// click is being dispatched.
final class ActivationCapture {
    var submission: FormSubmission?
    var link: Node?
}

extension RenderedPage {
    /// The index in `links` of the link drawn for `node` (the focus of a
    /// front end, found again after a relayout).
    func linkIndex(of node: Node) -> Int? {
        links.firstIndex { $0.node == node }
    }

    /// The index in `controls` of the form control drawn for `node`.
    func controlIndex(of node: Node) -> Int? {
        controls.firstIndex { $0.node == node }
    }
}
