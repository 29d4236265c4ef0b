import TernCSS
import TernDOM
import TernLayout
import TernScript

/// Layout geometry for the page's scripts (CSSOM View §6–§7:
/// `getBoundingClientRect`, `clientWidth`, `offsetTop` …). The page is a
/// grid of cells, each `MediaEnvironment.cellWidth` × `cellHeight` CSS px;
/// an element's box is the lines it spans, as wide as the block it is in.
extension WebView {
    /// The first line of the page the front end shows (0 at the top): the
    /// page's scripts see it as the viewport's scroll position.
    public var scrolledLines: Int {
        get { session.scrolledLines }
        set {
            guard max(0, newValue) != session.scrolledLines else { return }
            session.scrolledLines = max(0, newValue)
            scriptWindow?.renderingDidChange()
        }
    }

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
        guard focusedNode == nil, let root = document?.node else { return }
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

    /// Layouts for geometry may take this much of each second; past it a
    /// script that measures in a loop gets the last layout's answers (a
    /// page that changes and measures thousands of times must not hang).
    static let geometryLayoutBudget = 0.25

    /// `element`'s border box in CSS px relative to the viewport; nil for
    /// no box (not in the page's document, `display: none`).
    func boundingBox(of element: Node) -> ScriptRect? {
        guard let document, element.document === document, element.isConnected else { return nil }
        if session.measuredIndex[element] == nil {
            // Kept to a bound: a page measuring every node of a huge list starts the list again.
            if session.measuredElements.count >= 1024 {
                session.measuredElements = []
                session.measuredIndex = [:]
            }
            session.measuredIndex[element] = session.measuredElements.count
            session.measuredElements.append(element)
            session.layoutCache = nil
        }
        let size = viewportSize
        let now = EventLoop.now()
        if now - session.geometryLayoutTime.since > 1 { session.geometryLayoutTime = (now, 0) }
        let page: RenderedPage?
        if session.geometryLayoutTime.spent > WebView.geometryLayoutBudget, let last = session.geometryPage {
            page = last
        } else {
            page = renderedPage(width: size.columns, rows: size.rows, forScripts: true)
            session.geometryLayoutTime.spent += EventLoop.now() - now
            session.geometryPage = page
        }
        guard let page, let index = session.measuredIndex[element], page.extents.indices.contains(index),
              let extent = page.extents[index] else { return nil }
        let cellWidth = MediaEnvironment.cellWidth, cellHeight = MediaEnvironment.cellHeight
        return ScriptRect(x: Double(extent.columns.lowerBound) * cellWidth,
                          y: Double(extent.firstLine - session.scrolledLines) * cellHeight,
                          width: Double(extent.columns.count) * cellWidth,
                          height: Double(extent.lastLine - extent.firstLine + 1) * cellHeight)
    }
}
