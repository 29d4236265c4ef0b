import TernNet
import TernDOM
import TernScript

/// The person's and the pages' actions in frames: links and forms choosing
/// the navigable they go to (HTML "the rules for choosing a navigable"),
/// clicks, typing and Enter in a frame's document, and the joint session
/// history's entries for frame navigations.
extension WebPage {
    // MARK: Targets and links

    /// Where a link or form of `frame` goes: HTML "the rules for choosing a navigable".
    enum ChosenNavigable {
        case frame(Frame)
        case top
        case newWindow
        case none(String)
    }

    func chooseNavigable(_ target: String, from frame: Frame) -> ChosenNavigable {
        switch target.lowercased() {
        case "", "_self":
            return .frame(frame)
        case "_parent":
            if let parent = frame.parent { return sandboxedChoice(.frame(parent), from: frame) }
            return frame.sandbox.topNavigation ? .none("the frame is sandboxed without allow-top-navigation") : .top
        case "_top":
            return frame.sandbox.topNavigation ? .none("the frame is sandboxed without allow-top-navigation") : .top
        case "_blank":
            return frame.sandbox.popups ? .none("the frame is sandboxed without allow-popups") : .newWindow
        default:
            if let named = self.frame(named: target) { return sandboxedChoice(.frame(named), from: frame) }
            return frame.sandbox.popups ? .none("the frame is sandboxed without allow-popups") : .newWindow
        }
    }

    /// HTML "allowed by sandboxing to navigate": a sandboxed frame may
    /// navigate only itself and the frames inside it (the top page only with
    /// `allow-top-navigation`, above), never a sibling or its parent frame.
    func sandboxAllows(_ source: Frame, toNavigate target: Frame) -> Bool {
        guard source.sandbox.navigation else { return true }
        var current: Frame? = target
        while let frame = current {
            if frame === source { return true }
            current = frame.parent
        }
        return false
    }

    private func sandboxedChoice(_ choice: ChosenNavigable, from source: Frame) -> ChosenNavigable {
        guard case .frame(let target) = choice, !sandboxAllows(source, toNavigate: target) else { return choice }
        return .none("a sandboxed frame may navigate only itself and its own frames")
    }

    /// HTML "follow the hyperlink" for a link in a frame's document: it
    /// navigates the frame, or the navigable its `target` names.
    func followFrameHyperlink(_ link: Node, in frame: Frame, byPage: Bool) -> ActivationResult {
        guard !frame.isDiscarded, link.document === frame.document else { return .done }
        let href = (link.attribute("href") ?? "").trimmingSpaces()
        let base = frameBaseURL(frame)
        guard let url = base.resolve(href) ?? WebURL(href) else { return .done }
        if url.scheme == "javascript" {
            if !byPage, frame.scriptsEnabled(in: self), let window = try? frameScriptWindow(frame) {
                _ = window.run(WebURL.percentDecoded(String(url.href.dropFirst("javascript:".count))), sourceURL: "javascript:")
            }
            return .done
        }
        var target = link.attribute("target") ?? ""
        if target.isEmpty { target = frame.document?.firstBase(with: "target")?.attribute("target") ?? "" }
        return navigate(to: url, target: target, from: frame, type: .linkActivated, userInitiated: !byPage)
    }

    /// Navigates what `target` names from `frame` to `url`.
    func navigate(to url: WebURL, target: String, from frame: Frame, type: NavigationType, userInitiated: Bool) -> ActivationResult {
        if url.scheme == "file" && frame.url.scheme != "file" {
            reportFrameMessage(frame, "Not allowed to load local resource: \(url.href)")
            return .done
        }
        switch chooseNavigable(target, from: frame) {
        case .frame(let chosen):
            navigateFrame(chosen, to: url, type: type, addsHistory: chosen.loadedOnce, initiator: frame, userInitiated: userInitiated)
            return .done
        case .top:
            guard WebPage.pageMayOpen(url, from: frame.url) else { return .done }
            var request = Request(url: url)
            request.initiator = frame.url
            request.initiatorOrigin = frame.origin
            ReferrerPolicy.apply(documentReferrerPolicy, to: &request, document: frame.url)
            return .navigation(startNavigation(request, type: type, startedByPage: !userInitiated, activationSource: frame.session))
        case .newWindow:
            var request = Request(url: url)
            request.initiator = frame.url
            request.initiatorOrigin = frame.origin
            ReferrerPolicy.apply(documentReferrerPolicy, to: &request, document: frame.url)
            guard case .opened(let created, let createdPage) = openNewWindow(for: request, type: type, features: WindowFeatures(), source: frame.session) else { return .done }
            _ = createdPage.startNavigation(request, type: type)
            return .newWindow(created)
        case .none(let reason):
            frame.window?.reportToConsole(level: "error", "Blocked navigating '\(target)' to \(url.href): \(reason)")
            return .done
        }
    }

    /// The person clicked `element` of a frame's document: a trusted click
    /// goes to the frame's scripts (which may cancel it), then a link is followed.
    func activate(_ element: Node, inFrame frame: Frame) -> ActivationResult {
        notifyUserActivation(in: frame)
        var captured: Node?
        if let window = frame.window {
            let capture = ActivationCapture()
            frame.activationCapture = capture
            let notCanceled = window.dispatchEvent("click", to: element, bubbles: true, cancelable: true, fields: ["detail": .number(1)])
            frame.activationCapture = nil
            frameDocumentDidChange(frame)
            if let submission = capture.submission {
                return submitFrameForm(submission.form, submitter: submission.submitter, submission: submission, in: frame, userInitiated: true)
            }
            guard notCanceled else { return .canceled }
            captured = capture.link
            if HTMLForms.isSubmitButton(element), HTMLForms.formOwner(of: element) != nil { return .canceled }
        } else if HTMLForms.isSubmitButton(element), let form = HTMLForms.formOwner(of: element) {
            return submitFrameForm(form, submitter: element, submission: nil, in: frame, userInitiated: true)
        }
        var node: Node? = element
        while let each = node {
            if (each.isElement("a") || each.isElement("area")), each.hasAttribute("href") {
                return followFrameHyperlink(each, in: frame, byPage: false)
            }
            node = each.parent
        }
        if let captured { return followFrameHyperlink(captured, in: frame, byPage: true) }
        return .done
    }

    // MARK: Forms

    /// HTML "form submission" for a form of a frame's document: its data set
    /// (built in Swift from the form, with files), sent to the navigable its
    /// `target` names, the frame itself by default. A frame sandboxed
    /// without `allow-forms` submits nothing ("sandboxed forms browsing context flag").
    func submitFrameForm(_ form: Node?, submitter: Node?, submission: FormSubmission?, in frame: Frame,
                         userInitiated: Bool) -> ActivationResult {
        guard !frame.isDiscarded else { return .done }
        if frame.sandbox.forms {
            frame.window?.reportToConsole(level: "error", "Blocked form submission: the frame is sandboxed without allow-forms")
            reportFrameMessage(frame, "Blocked form submission: the frame is sandboxed without allow-forms")
            return .done
        }
        func pick(_ submitterAttribute: String, _ formAttribute: String) -> String? {
            if let submitter, let value = submitter.attribute(submitterAttribute) { return value }
            return form?.attribute(formAttribute)
        }
        var method = submission?.method ?? (pick("formmethod", "method") ?? "").lowercased().trimmingSpaces()
        if method != "post" && method != "dialog" { method = "get" }
        var enctype = submission?.enctype ?? (pick("formenctype", "enctype") ?? "").lowercased().trimmingSpaces()
        if enctype != "multipart/form-data" && enctype != "text/plain" { enctype = "application/x-www-form-urlencoded" }
        let actionText = (pick("formaction", "action") ?? "").trimmingSpaces()
        guard method != "dialog",
              let action = submission?.action ?? (actionText.isEmpty ? frame.url : frameBaseURL(frame).resolve(actionText) ?? WebURL(actionText)),
              action.scheme != "javascript" else { return .done }
        let entries = form.map { HTMLForms.entries(of: $0, submitter: submitter) { frame.session.chosenFiles[$0] ?? [] } }
            ?? (submission?.fields ?? []).map { FormEntry(name: $0.name, value: .string($0.value)) }
        var target = submission?.target ?? pick("formtarget", "target") ?? ""
        if target.isEmpty { target = frame.document?.firstBase(with: "target")?.attribute("target") ?? "" }
        if action.scheme == "file" && frame.url.scheme != "file" { return .done }
        let request = FormEncoding.request(method: method, action: action, enctype: enctype, entries: entries)
        switch chooseNavigable(target, from: frame) {
        case .frame(let chosen):
            navigateFrame(chosen, to: action, type: .formSubmitted, addsHistory: chosen.loadedOnce, initiator: frame,
                          userInitiated: userInitiated, formRequest: request)
            return .done
        case .top:
            guard WebPage.pageMayOpen(action, from: frame.url) else { return .done }
            var topRequest = request
            topRequest.initiator = frame.url
            topRequest.initiatorOrigin = frame.origin
            ReferrerPolicy.apply(documentReferrerPolicy, to: &topRequest, document: frame.url)
            OriginHeader.apply(to: &topRequest)
            return .navigation(startNavigation(topRequest, type: .formSubmitted, startedByPage: !userInitiated,
                                             activationSource: frame.session))
        case .newWindow:
            guard case .opened(let created, let createdPage) = openNewWindow(for: request, type: .formSubmitted, features: WindowFeatures(), source: frame.session) else { return .done }
            _ = createdPage.startNavigation(request, type: .formSubmitted)
            return .newWindow(created)
        case .none(let reason):
            frame.window?.reportToConsole(level: "error", "Blocked submitting to '\(target)': \(reason)")
            return .done
        }
    }

    /// `setValue(_:for:)` for a text field of a frame's document: `input`
    /// and `change` go to the frame's scripts.
    func setValue(_ value: String, for field: Node, inFrame frame: Frame) -> Bool {
        guard field.isElement("input") || field.isElement("textarea"), HTMLForms.textTypes.contains(HTMLForms.type(of: field)),
              !HTMLForms.isDisabled(field), !field.hasAttribute("readonly") else { return false }
        notifyUserActivation(in: frame)
        guard ControlState.read(field) != .value(value) else { return true }
        ControlState.value(value).apply(to: field)
        if let window = frame.window {
            window.documentDidChangeOutsideScripts()
            window.dispatchEvent("input", to: field, bubbles: true, fields: ["data": .string(value), "inputType": .string("insertText")])
            window.dispatchEvent("change", to: field, bubbles: true)
        }
        frameDocumentDidChange(frame)
        return true
    }

    /// `pressEnter(in:)` for a field of a frame's document: implicit
    /// submission clicks the form's default button, or submits a form of one field.
    func pressEnter(in field: Node, inFrame frame: Frame) -> ActivationResult {
        guard HTMLForms.isControl(field), !HTMLForms.isDisabled(field) else { return .done }
        notifyUserActivation(in: frame)
        let key: [String: ScriptValue] = ["key": .string("Enter"), "code": .string("Enter"), "keyCode": .number(13), "which": .number(13)]
        if let window = frame.window {
            defer { window.dispatchEvent("keyup", to: field, bubbles: true, cancelable: true, fields: key) }
            guard window.dispatchEvent("keydown", to: field, bubbles: true, cancelable: true, fields: key) else { return .canceled }
        }
        finishTyping(in: field)
        guard field.isElement("input"), !["submit", "image", "reset", "button"].contains(HTMLForms.type(of: field)),
              let form = HTMLForms.formOwner(of: field) else { return .done }
        if let button = HTMLForms.defaultButton(of: form) {
            return HTMLForms.isDisabled(button) ? .done : activate(button, inFrame: frame)
        }
        guard HTMLForms.blockingFieldCount(of: form) <= 1 else { return .done }
        return submitFrameForm(form, submitter: nil, submission: nil, in: frame, userInitiated: true)
    }

    // MARK: History

    /// The frame's path in the frame tree ("0/2": indexes in tree order).
    func path(of frame: Frame) -> String {
        var indexes: [Int] = []
        var current: Frame? = frame
        while let each = current {
            let siblings = each.parent?.children ?? session.frames
            indexes.append(siblings.firstIndex { $0 === each } ?? 0)
            current = each.parent
        }
        return indexes.reversed().map(String.init).joined(separator: "/")
    }

    private func frame(atPath path: String) -> Frame? {
        var frames = session.frames
        var found: Frame?
        for part in path.split(separator: "/") {
            guard let index = Int(part), frames.indices.contains(index) else { return nil }
            found = frames[index]
            frames = frames[index].children
        }
        return found
    }

    /// HTML's joint session history: a frame's new entry (a navigation,
    /// pushState, a fragment) is a new step of the page, the same page entry
    /// with the frame's entry changed.
    func recordFrameNavigation(_ frame: Frame) {
        guard let current = backForwardList.currentItem else { return }
        let item = current.nextStep()
        item.frameEntries[path(of: frame)] = frame.entry
        backForwardList.push(item)
        updateBackForwardState()
    }

    /// HTML "apply the history step" for the page's frames, going from
    /// `current` to `item`, steps of the same page document: each frame
    /// whose entry differs moves to it, within its document (popstate,
    /// hashchange) or by loading the entry's document again. Parents go
    /// before their frames (a parent's new document has frames of its own).
    func restoreFrames(of item: BackForwardListItem, from current: BackForwardListItem) {
        let paths = Set(item.frameEntries.keys).union(current.frameEntries.keys)
            .sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        for path in paths {
            guard let frame = frame(atPath: path), !frame.isDiscarded else { continue }
            let target = item.frameEntries[path] ?? frame.initialEntry
            guard target !== frame.entry else { continue }
            if target.documentID == frame.entry.documentID, frame.document != nil {
                moveFrame(frame, withinDocumentTo: target)
            } else {
                loadFrame(frame, restoring: target)
            }
        }
    }

    /// Loads the document of `entry` in `frame` again: what the element
    /// says for an entry that never had a document (a frame restored to a
    /// later one) or a srcdoc one, else the entry's URL.
    func loadFrame(_ frame: Frame, restoring entry: FrameHistoryEntry) {
        if entry.documentID == 0 || entry.url.href == "about:srcdoc" {
            startFrame(frame, addsHistory: false, restoring: entry)
        } else {
            navigateFrame(frame, to: entry.url, type: .backForward, addsHistory: false, initiator: nil, restoring: entry)
        }
    }

    /// Traversal to `entry`, an entry of the frame's current document:
    /// its URL, popstate with its state, hashchange when only the fragment differs.
    private func moveFrame(_ frame: Frame, withinDocumentTo entry: FrameHistoryEntry) {
        let oldURL = frame.url.href
        frame.entry = entry
        setFrameURL(frame, entry.url)
        frame.window?.didTraverseHistory(from: oldURL, to: entry.url.href, state: entry.stateObject ?? .null)
    }

    /// The frame document's URL changes (pushState, a fragment, a traversal): its window's, and `:target`.
    func setFrameURL(_ frame: Frame, _ url: WebURL) {
        frame.url = url
        frame.window?.documentURL = url
        frame.document?.urlFragment = WebPage.fragment(of: url)
        frame.revision += 1
        framesDidChange()
    }

    /// HTML "navigate to a fragment" in a frame: a new entry of its document
    /// (in place of the current one when asked, or when the URL is the
    /// same), popstate, and hashchange when the fragment changed.
    func navigateFrameToFragment(_ frame: Frame, _ url: WebURL, replacing: Bool) {
        let oldURL = frame.url
        if replacing || url == oldURL {
            frame.entry.url = url
            frame.entry.stateObject = nil
        } else {
            frame.entry = FrameHistoryEntry(url: url, documentID: frame.entry.documentID)
            recordFrameNavigation(frame)
        }
        setFrameURL(frame, url)
        frame.window?.didTraverseHistory(from: oldURL.href, to: url.href, state: .null)
    }

    /// `history.pushState`/`replaceState` in a frame's document (HTML "URL
    /// and history update steps"): a new entry of its document with `state`,
    /// or the current entry changed.
    func pushFrameState(_ frame: Frame, state: ScriptValue, url: WebURL, replacing: Bool) {
        if replacing {
            frame.entry.url = url
            frame.entry.stateObject = state
        } else {
            frame.entry = FrameHistoryEntry(url: url, documentID: frame.entry.documentID, stateObject: state)
            recordFrameNavigation(frame)
        }
        setFrameURL(frame, url)
    }
}
