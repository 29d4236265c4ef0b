import TernCSS
import TernDOM
import TernScript

/// CSSOM's callbacks: computed styles and style sheets from the page's
/// `PageStyles`, and the window's size for `matchMedia`.
extension PageScriptHost {
    func scriptComputedStyle(of element: Node, pseudoElement: PseudoElement?) -> CSSStyle? {
        guard let webPage, let window else { return nil }
        if let ownerFrame {
            return webPage.frameComputedStyle(of: element, pseudoElement: pseudoElement, environment: window.mediaEnvironment, in: ownerFrame)
        }
        return webPage.session.styles.computedStyle(of: element, pseudoElement: pseudoElement, environment: window.mediaEnvironment,
                                                      in: webPage)
    }

    func scriptStyleSheets() -> [(sheet: StyleSheet, ownerNode: Node)] {
        // Collected now: a `<style>` the script just added or edited has its sheet (HTML "update a style block").
        guard let webPage else { return [] }
        if let ownerFrame {
            return webPage.frameStyleSheetEntries(ownerFrame).compactMap { entry in entry.ownerNode.map { (entry.sheet, $0) } }
        }
        webPage.session.styles.update(for: webPage)
        return webPage.session.styles.sheets.compactMap { entry in entry.ownerNode.map { (entry.sheet, $0) } }
    }

    func scriptBoundingBox(of element: Node) -> ScriptRect? {
        guard ownerFrame == nil else { return nil }
        return webPage?.boundingBox(of: element)
    }

    func scriptFocusDidChange(_ element: Node?) {
        guard ownerFrame == nil else { return }
        webPage?.pageDidMoveFocus()
    }

    func scriptScroll(toY y: Double) {
        guard ownerFrame == nil, let webPage, y.isFinite else { return }
        webPage.requestScroll(toLine: Int(max(0, min(y / MediaEnvironment.cellHeight, 1e7))))
    }

    func scriptScrollPosition() -> Double {
        guard ownerFrame == nil, let webPage else { return 0 }
        return Double(webPage.scrolledLines) * MediaEnvironment.cellHeight
    }

    func scriptStyleSheetDidChange(_ sheet: StyleSheet) {
        if let ownerFrame { ownerFrame.revision += 1 }
        webPage?.scheduleDocumentChange()
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
