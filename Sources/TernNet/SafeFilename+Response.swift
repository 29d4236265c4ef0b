import TernSystem

extension SafeFilename {
    /// The safe name for a response: Content-Disposition's, else `proposed`
    /// (a `download` attribute's value: the header takes priority, HTML
    /// §4.6.5 "the download attribute"), else the URL's last path segment,
    /// else `fallback`.
    package static func suggested(for response: Response, proposed: String? = nil) -> String {
        if let header = response.headers["Content-Disposition"],
           let name = ContentDisposition(header).filename.flatMap(sanitized) {
            return name
        }
        if let name = proposed.flatMap(sanitized) { return name }
        let segment = response.url.pathSegments.last(where: { !$0.isEmpty }).map(WebURL.percentDecoded)
        return segment.flatMap(sanitized) ?? fallback
    }
}
