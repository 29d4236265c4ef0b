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

    /// Bumped on every change (insertRule, deleteRule, disabled, an import
    /// arriving): whoever caches styles compares it.
    public private(set) var revision = 0

    /// CSSOM `cssRules[i].cssText` of each top-level rule.
    public var ruleTexts: [String] { [] }

    /// CSSOM `insertRule` (§6.1 "insert a CSS rule"): the index it went to.
    public func insertRule(_ text: String, at index: Int) throws(CSSOMError) -> Int {
        throw .syntax
    }

    /// CSSOM `deleteRule` (§6.1 "remove a CSS rule").
    public func deleteRule(at index: Int) throws(CSSOMError) {
        throw .indexSize
    }
}

/// The DOMException a CSSOM call throws, by name.
public enum CSSOMError: Error, Hashable {
    case indexSize, syntax, hierarchyRequest, invalidState
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
