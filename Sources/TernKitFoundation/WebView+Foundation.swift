import TernKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// WKWebView's loading calls with Foundation's types, so that WebKit code
/// compiles unchanged. Each converts and calls TernKit's own call.
extension WebView {
    /// The committed page's URL as a Foundation URL (WKWebView's `url`;
    /// TernKit's `url` is a `WebURL`). Nil before the first page.
    public var foundationURL: URL? { url.flatMap(URL.init) }

    /// Loads `request` (see `Request.init(_: URLRequest)` for what is carried).
    /// A request without a URL, or whose URL the URL Standard refuses, loads
    /// nothing: nil, and no delegate call.
    @discardableResult
    public func load(_ request: URLRequest) -> Navigation? {
        Request(request).flatMap { load($0) }
    }

    /// Shows `string` as HTML; relative links resolve against `baseURL`
    /// (about:blank when nil or refused by the URL Standard).
    /// Disfavored so that WebKit's `loadHTMLString(html, baseURL: nil)` picks
    /// TernKit's own overload rather than being ambiguous.
    @_disfavoredOverload
    @discardableResult
    public func loadHTMLString(_ string: String, baseURL: URL?) -> Navigation? {
        loadHTMLString(string, baseURL: baseURL.flatMap(WebURL.init))
    }

    /// Shows `data` as `mimeType` with `baseURL` as the page's URL
    /// (about:blank when the URL Standard refuses it).
    @discardableResult
    public func load(_ data: Data, mimeType: String, characterEncodingName: String, baseURL: URL) -> Navigation? {
        load([UInt8](data), mimeType: mimeType, characterEncodingName: characterEncodingName,
             baseURL: WebURL(baseURL))
    }

    /// Loads a local file, allowing this page to read files under
    /// `readAccessURL`; nil (nothing loads) when either is not a URL the URL
    /// Standard accepts.
    @discardableResult
    public func loadFileURL(_ url: URL, allowingReadAccessTo readAccessURL: URL) -> Navigation? {
        guard let file = WebURL(url), let folder = WebURL(readAccessURL) else { return nil }
        return loadFileURL(file, allowingReadAccessTo: folder)
    }
}
