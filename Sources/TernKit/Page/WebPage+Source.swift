import TernDOM

/// The current page's source as text, for a front end's "view source".
extension WebPage {
    var sourceEncoding: String {
        if let document = page?.document, page?.response.mimeType.map(WebPage.isHTMLType) ?? true {
            return document.characterSet
        }
        return page?.response.textEncodingName.flatMap(TextDecoding.encodingName(forLabel:)) ?? "utf-8"
    }

    var sourceText: String {
        let bytes = sourceBytes
        guard !bytes.isEmpty else { return "" }
        return TextDecoding.decode(bytes, encodingLabel: sourceEncoding)
    }

    private static func isHTMLType(_ type: String) -> Bool {
        type == "text/html" || type == "application/xhtml+xml"
    }
}
