import TernCSS
import TernDOM
import TernScript

/// CSSOM's callbacks: computed styles and style sheets from the page's
/// `PageStyles`, and the window's size for `matchMedia`.
extension PageScriptHost {
    func scriptComputedStyle(of element: Node, pseudoElement: PseudoElement?) -> CSSStyle? {
        guard let webView, let window else { return nil }
        return webView.session.styles.computedStyle(of: element, pseudoElement: pseudoElement, environment: window.mediaEnvironment)
    }

    func scriptStyleSheets() -> [(sheet: StyleSheet, ownerNode: Node)] {
        webView?.session.styles.sheets.compactMap { entry in entry.ownerNode.map { (entry.sheet, $0) } } ?? []
    }

    func scriptStyleSheetDidChange(_ sheet: StyleSheet) {
        webView?.scheduleDocumentChange()
    }

    /// The page is laid out `columns` wide: media queries see the new width.
    func viewportWidthDidChange(columns: Int) {
        guard let window else { return }
        var environment = window.mediaEnvironment
        environment.width = Double(max(0, columns)) * MediaEnvironment.cellWidth
        window.mediaEnvironmentDidChange(environment)
    }
}
