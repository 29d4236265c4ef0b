import TernDOM
import TernScript

/// What the page's scripts do to the browser's focus and view: they move
/// the focus (`focus()`, `autofocus`), open modal dialogs, and ask to
/// scroll. A front end observes `focusedElement` and `requestedScrollLine`
/// and follows, and sends Esc to the page's modal dialog.
extension WebPage {
    /// The page's scripts moved the focus (`element.focus()`, `autofocus`):
    /// `focusedElement` observers hear it, so a front end moves its own
    /// focus there and shows it.
    func pageDidMoveFocus() {
        notify(\.focusedElement, from: nil, to: focusedElement)
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
        notify(\.focusedElement, from: nil, to: focusedElement)
    }

    var modalDialog: PageElement? {
        guard pageScriptsEnabled, let node = scriptWindow?.modalDialog, node.document === document else { return nil }
        return PageElement(node: node)
    }

    @discardableResult
    func sendCloseRequest() -> Bool {
        guard modalDialog != nil, let window = scriptWindow else { return false }
        notifyUserActivation()
        window.sendCloseRequest()
        documentDidChange()
        return true
    }

    var requestedScrollLine: Int? {
        get { session.requestedScrollLine }
        set {
            session.requestedScrollLine = newValue
            notify(\.requestedScrollLine, from: nil, to: newValue)
        }
    }

    func requestScroll(toLine line: Int) {
        requestedScrollLine = line
    }
}
