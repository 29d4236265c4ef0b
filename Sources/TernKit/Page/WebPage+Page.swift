import TernNet
import TernCSS
import TernLayout

/// The shown page for a front end: its layout as values, and the person's
/// actions on its elements by `PageElement` handle. Everything a text
/// browser needs, with no way into the document itself: TernKit alone
/// changes the page, and a front end (Tern's own included) uses only this.
extension WebPage {
    func pageLayout(width: Int, rows: Int = 24) -> PageLayout? {
        let styles = styleLookup(width: width, rows: rows)
        return renderedPage(width: width, rows: rows).map { PageLayout($0, styles: styles) }
    }

    /// The page's text as `tern --dump` prints it, written in pieces.
    func writePageText(width: Int, rows: Int, references: Bool, _ write: (UnsafeBufferPointer<UInt8>) -> Void) -> PageTextOutcome {
        pageLayout(width: width, rows: rows)?.writePageText(references: references, write) ?? .nothingToShow
    }

    /// The page's computed styles for the names of its controls, as of when
    /// they are read; none for a frame's document (styled apart).
    private func styleLookup(width: Int, rows: Int) -> AccessibleName.StyleLookup {
        { [weak self] node, pseudoElement in
            guard let self, let document, node.document === document else { return nil }
            var environment = MediaEnvironment(columns: width, rows: rows)
            environment.scriptingEnabled = pageScriptsEnabled
            return session.styles.computedStyle(of: node, pseudoElement: pseudoElement, environment: environment, in: self)
        }
    }

    @discardableResult
    func activate(_ link: PageLink) -> ActivationResult {
        activate(link.link)
    }

    @discardableResult
    func openInNewWindow(_ link: PageLink) -> ActivationResult {
        openInNewWindow(link.link)
    }

    @discardableResult
    func activate(_ control: PageControl) -> ActivationResult {
        activate(control.element)
    }

    @discardableResult
    func activate(_ element: PageElement) -> ActivationResult {
        guard let node = element.node else { return .done }
        return activate(node)
    }

    @discardableResult
    func setValue(_ value: String, for field: PageElement) -> Bool {
        guard let node = field.node else { return false }
        return setValue(value, for: node)
    }

    @discardableResult
    func selectOptions(at indices: [Int], in select: PageElement) -> Bool {
        guard let node = select.node else { return false }
        return selectOptions(at: indices, in: node)
    }

    @discardableResult
    func pressEnter(in field: PageElement) -> ActivationResult {
        guard let node = field.node else { return .done }
        return pressEnter(in: node)
    }

    @discardableResult
    func chooseFiles(_ files: [WebURL], for input: PageElement) -> Bool {
        guard let node = input.node else { return false }
        return chooseFiles(files, for: node)
    }

    func chosenFiles(for input: PageElement) -> [WebURL] {
        guard let node = input.node else { return [] }
        return chosenFiles(for: node)
    }
}
