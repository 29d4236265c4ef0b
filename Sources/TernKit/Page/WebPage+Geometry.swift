import TernNet
import TernCSS
import TernDOM
import TernLayout
import TernScript

/// Layout geometry for the page's scripts (CSSOM View §6–§7:
/// `getBoundingClientRect`, `clientWidth`, `offsetTop` …). The page is a
/// grid of cells, each `MediaEnvironment.cellWidth` × `cellHeight` CSS px;
/// an element's box is the lines it spans, as wide as the block it is in.
extension WebPage {
    var scrolledLines: Int {
        get { session.scrolledLines }
        set {
            guard max(0, newValue) != session.scrolledLines else { return }
            session.scrolledLines = max(0, newValue)
            scriptWindow?.renderingDidChange()
        }
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
                session.geometryPage = nil
            }
            session.measuredIndex[element] = session.measuredElements.count
            session.measuredElements.append(element)
            session.layoutCache = nil
        }
        let size = viewportSize
        let now = EventLoop.now()
        if now - session.geometryLayoutTime.since > 1 { session.geometryLayoutTime = (now, 0) }
        let page: RenderedPage?
        if session.geometryLayoutTime.spent > WebPage.geometryLayoutBudget, let last = session.geometryPage {
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
