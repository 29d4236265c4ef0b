import TernDOM

/// The current page's source as text, for a front end's "view source".
extension WebView {
    /// The encoding the page's source is decoded from (its WHATWG name):
    /// the one the HTML parser used for an HTML page (a BOM, the HTTP
    /// charset, `<meta charset>` or sniffing decided it), else the
    /// response's charset, else UTF-8.
    public var sourceEncoding: String {
        if let document = page?.document, page?.response.mimeType.map(WebView.isHTMLType) ?? true {
            return document.characterSet
        }
        return page?.response.textEncodingName.flatMap(TextDecoding.encodingName(forLabel:)) ?? "utf-8"
    }

    /// `sourceBytes` decoded with `sourceEncoding` (Encoding §6 "decode": a
    /// BOM wins, invalid sequences become U+FFFD). The text is as the page
    /// sent it: control characters and all, to be sanitized before drawing.
    /// Empty when the source is not kept (`keepsPageSource`).
    public var sourceText: String {
        let bytes = sourceBytes
        guard !bytes.isEmpty else { return "" }
        return TextDecoding.decode(bytes, encodingLabel: sourceEncoding)
    }

    private static func isHTMLType(_ type: String) -> Bool {
        type == "text/html" || type == "application/xhtml+xml"
    }
}
