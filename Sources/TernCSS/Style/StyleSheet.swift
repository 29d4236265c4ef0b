/// A parsed style sheet (CSSOM's CSSStyleSheet without the script side):
/// its rules, its origin, where relative URLs in it resolve.
///
/// CONTRACT STUB (coordinator): the cascade helper implements it.
public final class StyleSheet {
    public let origin: CSSOrigin
    /// The sheet's URL (a `<link>` or `@import`), or the document's for `<style>`.
    public let baseURL: String?
    /// The `media` attribute or `@import` condition, as written; nil for all media.
    public var media: String?
    /// `disabled` attribute / CSSOM `disabled`: a disabled sheet applies nothing.
    public var disabled = false
    /// The `@import` rules, in order; the loader fetches each and sets its `sheet`.
    public private(set) var imports: [ImportRule] = []

    public init(text: String, origin: CSSOrigin, baseURL: String?) {
        self.origin = origin
        self.baseURL = baseURL
    }
}

/// An `@import` rule: the URL as resolved against the sheet's base, its
/// media condition, and the imported sheet once the loader has fetched it.
public final class ImportRule {
    public let url: String
    public let media: String?
    public var sheet: StyleSheet?

    public init(url: String, media: String?) {
        self.url = url
        self.media = media
    }
}
