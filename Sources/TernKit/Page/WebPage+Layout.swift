import TernNet
import TernCSS
import TernDOM
import TernLayout

/// The committed page as text lines, through TernLayout.
extension WebPage {
    /// The current page laid out `width` columns wide (`rows` high, for
    /// media queries): lines, links, form controls and anchors. Kept until
    /// the page, its document, its style sheets, the author-styles switch,
    /// the size or (when a sheet has `:focus` rules) the focus changes.
    /// nil while the page is loading and a sheet linked from its head has
    /// not arrived (render-blocking, HTML §4.2.4), as for no document.
    /// `forScripts`: a script asks for geometry, which needs a layout even
    /// while the first one waits for sheets (CSSOM View's "update style and
    /// layout" is not render-blocked).
    func renderedPage(width: Int, rows: Int = 24, forScripts: Bool = false) -> RenderedPage? {
        guard let document else { return nil }
        // A frame is drawn inline, as wide as the page at most: its media queries see the page's size.
        viewportSize = ViewportSize(columns: width, rows: rows)
        let styles = session.styles
        styles.update(for: self)
        let focus = styles.mayDependOnFocus ? focusedNode : nil
        let key = PageSession.LayoutKey(width: width, rows: rows, documentRevision: documentRevision, stylesRevision: styles.revision,
                                        authorStyles: authorStyleSheetsEnabled, framesRevision: session.framesRevision, focus: focus)
        if let cached = session.layoutCache, cached.key == key { return cached.page }
        if let stopped = session.stoppedLayout, stopped.document === document { return stopped.page }
        let blocked = isLoading && styles.isRenderBlocked
        if blocked, !forScripts { return nil }
        let options = layoutOptions(for: document, width: width, rows: rows)
        let rendered = Layout.render(document, options: options)
        // Laid out for a script while sheets block rendering: not what the page shows first.
        if !blocked { session.layoutCache = (key, rendered) }
        scriptWindow?.renderingDidChange()
        if rendered.isIncomplete { session.stoppedLayout = (document, rendered) }
        return rendered
    }

    /// How `renderedPage` lays `document` out (the current page's, its
    /// sheets brought up to date): its styles through the document's store.
    func layoutOptions(for document: Document, width: Int, rows: Int) -> LayoutOptions {
        let styles = session.styles
        // The page's URL (and a <base href>) is looked at once, not once per link.
        let pageBase = pageURL.map(WebURL.HrefResolver.init(base:))
        var parsedBase: (href: String, resolver: WebURL.HrefResolver?)?
        var options = LayoutOptions(
            width: width,
            resolveURL: { reference in pageBase?.resolveHref(reference) ?? reference },
            resolveURLAgainstBase: { reference, baseURL in
                if parsedBase?.href != baseURL { parsedBase = (baseURL, WebURL(baseURL).map(WebURL.HrefResolver.init(base:))) }
                return parsedBase?.resolver?.resolveHref(reference) ?? reference
            },
            scriptingEnabled: pageScriptsEnabled)
        options.styleSheets = styles.layoutSheets(authorStylesEnabled: authorStyleSheetsEnabled)
        options.authorStylesEnabled = authorStyleSheetsEnabled
        options.rows = rows
        options.numberFields = numbersFormFields
        options.focusedElement = focusedNode
        options.measuredElements = session.measuredElements
        if let modal = scriptWindow?.topLayerElement, modal.document === document { options.topLayer = modal }
        // A page whose scripts run keeps its styles between layouts, in the
        // store getComputedStyle reads: a change restyles only what it can
        // affect (issue 28). The layout brings the store up to date with its
        // own sheets, size and focus. A page without scripts changes only
        // wholesale (width, sheets) or by the focus: keeping every element's
        // style would cost it memory (a fifth more on a 50,000-element page)
        // for little, so each of its layouts computes every style.
        if scriptWindow != nil {
            var environment = MediaEnvironment(columns: width, rows: rows)
            environment.scriptingEnabled = options.scriptingEnabled
            options.styleStore = styles.store(for: document, sheets: options.styleSheets, environment: environment, focus: focusedNode)
        }
        options.frameContent = { [weak self] element in self?.frameContent(for: element) }
        // A long style or layout pass (a page of nested `:has()`) ends at a
        // key that stops or quits, or at `--dump`'s deadline: the loop's
        // interrupt check, asked now and then. Only a new request counts, not
        // one that already stopped a script in this turn. The page then ends
        // with a notice, and stays so for this document (`stoppedLayout`).
        let loop = self.loop
        options.shouldStop = { loop.interruptCheck?() == true }
        return options
    }

    /// Gives the document its URL's fragment, for `:target` (a fragment
    /// navigation changes what it matches: the layout follows).
    func updateDocumentFragment() {
        guard let document else { return }
        let fragment = WebPage.fragment(of: pageURL)
        guard document.urlFragment != fragment else { return }
        document.urlFragment = fragment
        documentRevision += 1
    }

    /// A URL's fragment, percent-decoded, without `#`.
    static func fragment(of url: WebURL?) -> String {
        guard let hash = url?.hash, hash.count > 1 else { return "" }
        return WebURL.percentDecoded(String(hash.dropFirst()))
    }

    /// Marks the page's layout out of date (a new document, or scripts changed it).
    func documentDidChange() {
        documentRevision += 1
        updateDocumentFragment()
        // Frame elements added, removed or changed load, go or navigate (HTML "process the iframe attributes").
        if let document, page != nil { syncFrames(of: document, in: nil) }
    }

    /// Scripts changed the document: the layout goes out of date once, on the
    /// next turn of the loop, however many changes the turn made.
    func scheduleDocumentChange() {
        guard !documentChangePending else { return }
        documentChangePending = true
        loop.post { [weak self] in
            self?.documentChangePending = false
            self?.documentDidChange()
        }
    }
}

extension Page {
    /// The document to show for a response body: HTML parsed as such, other
    /// text shown as preformatted text, nothing for other types.
    static func document(for response: Response, bytes: [UInt8]) -> Document? {
        if isHTML(response.mimeType) {
            return bytes.withUnsafeBytes { Document(html: $0, encoding: response.textEncodingName) }
        }
        guard response.mimeType.map({ $0.hasPrefix("text/") || $0 == "application/json" }) ?? false else { return nil }
        var html = Array("<pre>".utf8)
        html.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): html += Array("&lt;".utf8)
            case UInt8(ascii: "&"): html += Array("&amp;".utf8)
            default: html.append(byte)
            }
        }
        html += Array("</pre>".utf8)
        return html.withUnsafeBytes { Document(html: $0, encoding: response.textEncodingName ?? "utf-8") }
    }
}
