import TernCSS
import TernDOM
import TernScript

/// CSSOM's callbacks: computed styles and style sheets from the page's
/// `PageStyles`, and the window's size for `matchMedia`.
extension PageScriptHost {
    func scriptComputedStyle(of element: Node, pseudoElement: PseudoElement?) -> CSSStyle? {
        guard let webView, let window else { return nil }
        if let ownerFrame {
            return webView.frameComputedStyle(of: element, pseudoElement: pseudoElement, environment: window.mediaEnvironment, in: ownerFrame)
        }
        return webView.session.styles.computedStyle(of: element, pseudoElement: pseudoElement, environment: window.mediaEnvironment,
                                                      in: webView)
    }

    func scriptStyleSheets() -> [(sheet: StyleSheet, ownerNode: Node)] {
        // Collected now: a `<style>` the script just added or edited has its sheet (HTML "update a style block").
        guard let webView else { return [] }
        if let ownerFrame {
            return webView.frameStyleSheetEntries(ownerFrame).compactMap { entry in entry.ownerNode.map { (entry.sheet, $0) } }
        }
        webView.session.styles.update(for: webView)
        return webView.session.styles.sheets.compactMap { entry in entry.ownerNode.map { (entry.sheet, $0) } }
    }

    func scriptBoundingBox(of element: Node) -> ScriptRect? {
        guard ownerFrame == nil else { return nil }
        return webView?.boundingBox(of: element)
    }

    func scriptFocusDidChange(_ element: Node?) {
        guard ownerFrame == nil else { return }
        webView?.pageDidMoveFocus()
    }

    func scriptScroll(toY y: Double) {
        guard ownerFrame == nil, let webView, y.isFinite else { return }
        webView.requestScroll(toLine: Int(max(0, min(y / MediaEnvironment.cellHeight, 1e7))))
    }

    func scriptScrollPosition() -> Double {
        guard ownerFrame == nil, let webView else { return 0 }
        return Double(webView.scrolledLines) * MediaEnvironment.cellHeight
    }

    func scriptStyleSheetDidChange(_ sheet: StyleSheet) {
        if let ownerFrame { ownerFrame.revision += 1 }
        webView?.scheduleDocumentChange()
    }

    /// The page is laid out `columns` × `rows` cells: media queries see the new size.
    func viewportDidChange(columns: Int, rows: Int) {
        guard let window else { return }
        var environment = window.mediaEnvironment
        let size = MediaEnvironment(columns: columns, rows: rows)
        environment.width = size.width
        environment.height = size.height
        window.mediaEnvironmentDidChange(environment)
    }
}
