import TernDOM
import TernScript

/// What the page's scripts do to the browser's focus and view: they move
/// the focus (`focus()`, `autofocus`), open modal dialogs, and ask to
/// scroll. A front end observes `focusedElement` and `requestedScrollLine`
/// and follows, and sends Esc to the page's modal dialog.
extension WebView {
    /// The page's scripts moved the focus (`element.focus()`, `autofocus`):
    /// `focusedElement` observers hear it, so a front end moves its own
    /// focus there and shows it.
    func pageDidMoveFocus() {
        observers.changed(self, \.focusedElement, from: nil, to: focusedElement)
        if session.styles.mayDependOnFocus { documentDidChange() }
    }

    /// HTML §6.6.3 "the autofocus attribute": once the document is parsed,
    /// its first focusable element with `autofocus` takes the focus, unless
    /// something has it already; the front end's focus follows.
    func focusAutofocusCandidate() {
        guard let document, document.parserSawAutofocus, focusedNode == nil, let root = document.node else { return }
        var candidate: Node?
        root.walk { node in
            if node.isElement, node.hasAttributes, node.hasAttribute("autofocus"), !(HTMLForms.isControl(node) && HTMLForms.isDisabled(node)),
               !(node.isElement("input") && HTMLForms.type(of: node) == "hidden") {
                candidate = node
            }
            return candidate == nil
        }
        guard let candidate else { return }
        focus(node: candidate)
        observers.changed(self, \.focusedElement, from: nil, to: focusedElement)
    }

    /// The page's topmost open modal dialog (`<dialog>` shown with
    /// `showModal()`): a front end sends it Esc (`sendCloseRequest()`).
    public var modalDialog: PageElement? {
        guard pageScriptsEnabled, let node = scriptWindow?.modalDialog, node.document === document else { return nil }
        return PageElement(node: node)
    }

    /// Esc for the page (HTML "close request"): the topmost modal dialog
    /// hears `cancel` and closes unless the page cancels it. False when no
    /// modal dialog is open.
    @discardableResult
    public func sendCloseRequest() -> Bool {
        guard modalDialog != nil, let window = scriptWindow else { return false }
        notifyUserActivation()
        window.sendCloseRequest()
        documentDidChange()
        return true
    }

    /// The line a script asked the viewport to show at its top
    /// (`scrollTo`, `scrollIntoView`); observed by the front end, which
    /// scrolls there. Each request counts, even to the same line.
    public internal(set) var requestedScrollLine: Int? {
        get { session.requestedScrollLine }
        set {
            session.requestedScrollLine = newValue
            observers.changed(self, \.requestedScrollLine, from: nil, to: newValue)
        }
    }

    func requestScroll(toLine line: Int) {
        requestedScrollLine = line
    }
}
