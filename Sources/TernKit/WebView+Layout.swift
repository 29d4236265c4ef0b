import TernDOM
import TernLayout

/// The committed page as text lines, through TernLayout.
extension WebView {
    /// The current page laid out `width` columns wide: lines, links, form
    /// controls and anchors. Kept until the page, its document or the width changes.
    func renderedPage(width: Int) -> RenderedPage? {
        guard let document else { return nil }
        scriptHost.viewportWidthDidChange(columns: width)
        if let cached = session.layoutCache, cached.width == width, cached.revision == documentRevision { return cached.page }
        // The page's URL (and a <base href>) is looked at once, not once per link.
        let pageBase = pageURL.map(WebURL.HrefResolver.init(base:))
        var parsedBase: (href: String, resolver: WebURL.HrefResolver?)?
        let options = LayoutOptions(
            width: width,
            resolveURL: { reference in pageBase?.resolveHref(reference) ?? reference },
            resolveURLAgainstBase: { reference, baseURL in
                if parsedBase?.href != baseURL { parsedBase = (baseURL, WebURL(baseURL).map(WebURL.HrefResolver.init(base:))) }
                return parsedBase?.resolver?.resolveHref(reference) ?? reference
            },
            scriptingEnabled: configuration.preferences.javaScriptEnabled)
        let rendered = Layout.render(document, options: options)
        session.layoutCache = (width, documentRevision, rendered)
        return rendered
    }

    /// Marks the page's layout out of date (a new document, or scripts changed it).
    func documentDidChange() {
        documentRevision += 1
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
