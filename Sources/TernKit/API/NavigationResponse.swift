import TernNet

/// The response a navigation received, offered to `decidePolicyFor navigationResponse`.
public struct NavigationResponse {
    public let response: Response
    public let isForMainFrame: Bool
    /// Whether Tern can display this MIME type (HTML, XHTML and text).
    public let canShowMIMEType: Bool

    static func canShow(mimeType: String?) -> Bool {
        guard let mimeType else { return true }
        return mimeType.hasPrefix("text/") || mimeType == "application/xhtml+xml"
            || mimeType == "application/json" || mimeType == "application/xml" || mimeType == "image/svg+xml"
    }
}

/// The answer to `decidePolicyFor navigationResponse`.
public enum NavigationResponsePolicy: Hashable {
    case cancel
    case allow
    /// Save the body through a `Download` instead of showing it.
    case download
}
