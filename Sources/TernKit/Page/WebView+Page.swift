import TernNet
import TernCSS
import TernLayout

/// The shown page for a front end: its layout as values, and the person's
/// actions on its elements by `PageElement` handle. Everything a text
/// browser needs, with no way into the document itself: TernKit alone
/// changes the page, and a front end (Tern's own included) uses only this.
extension WebView {
    /// The current page laid out `width` columns wide in a window `rows`
    /// high (media queries see the window as 8 × 16 px cells); nil while no
    /// document is shown (nothing committed, content that is not shown as
    /// text, or a loading page whose head's style sheets have not arrived).
    /// Kept until the page, its document, its style sheets or the size changes.
    public func pageLayout(width: Int, rows: Int = 24) -> PageLayout? {
        let styles = styleLookup(width: width, rows: rows)
        return renderedPage(width: width, rows: rows).map { PageLayout($0, styles: styles) }
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

    /// Follows `link` as a click would (see `activate(_ element:)`).
    @discardableResult
    public func activate(_ link: PageLink) -> ActivationResult {
        activate(link.link)
    }

    /// Opens `link` in a new web view, as the person's "open link in new
    /// tab": the UI delegate's `createWebViewWith` is asked for it, as for
    /// a `target=_blank` link, and it loads the link with this page as
    /// referrer. No click reaches the page. `.newWindow` with the new web
    /// view; `.done` when the delegate made none, for a `javascript:` link,
    /// or for a link of a page no longer shown.
    @discardableResult
    public func openInNewWindow(_ link: PageLink) -> ActivationResult {
        openInNewWindow(link.link)
    }

    /// Acts on `control` as a click would (see `activate(_ element:)`).
    @discardableResult
    public func activate(_ control: PageControl) -> ActivationResult {
        activate(control.element)
    }

    /// Clicks `element` for the person: a trusted `click` goes to the page's
    /// handlers, which may cancel it (`.canceled`); then its activation
    /// behaviour runs — a link is followed (a fragment of this page gives
    /// `.fragment`, a `target` other than `_self`/`_parent`/`_top` asks the
    /// UI delegate for a new web view, anything else navigates with
    /// `.linkActivated`), a checkbox toggles, a radio button is chosen, a
    /// submit button submits its form (`.formSubmitted`), a reset button
    /// resets it, a file input asks the UI delegate's open panel. A disabled
    /// control, or an element of a page no longer shown, does nothing.
    @discardableResult
    public func activate(_ element: PageElement) -> ActivationResult {
        activate(element.node)
    }

    /// Sets what the person typed into a text field or a textarea, then
    /// fires `input` and `change` when scripts run. False (nothing changed)
    /// for other elements and for disabled or read-only fields.
    @discardableResult
    public func setValue(_ value: String, for field: PageElement) -> Bool {
        setValue(value, for: field.node)
    }

    /// Chooses a select's options by their indices in `PageControl.options`:
    /// exactly those for a `multiple` select, the first index for another.
    /// False for other elements, a disabled select or option, an index out of range.
    @discardableResult
    public func selectOptions(at indices: [Int], in select: PageElement) -> Bool {
        selectOptions(at: indices, in: select.node)
    }

    /// Presses Enter in a form field: key events the page may cancel, then
    /// implicit submission of its form (HTML § 4.10.21.2).
    @discardableResult
    public func pressEnter(in field: PageElement) -> ActivationResult {
        pressEnter(in: field.node)
    }

    /// Chooses files (absolute `file:` URLs) for a file input, as the open
    /// panel's answer does. False for other elements, or several files
    /// without `multiple`. An empty list clears the choice.
    @discardableResult
    public func chooseFiles(_ files: [WebURL], for input: PageElement) -> Bool {
        chooseFiles(files, for: input.node)
    }

    /// The files chosen for a file input (`file:` URLs), none at first.
    public func chosenFiles(for input: PageElement) -> [WebURL] {
        chosenFiles(for: input.node)
    }
}
