/// A parsed style sheet (CSSOM's CSSStyleSheet without the script side):
/// its rules, its origin, where relative URLs in it resolve.
///
/// Parsed with CSS Syntax 3 into `rules`; a rule that does not parse or whose
/// selector is invalid is dropped alone (CSS Syntax 3 §2.2, Selectors 4
/// §3.1: one bad selector drops its rule only). A sheet changes only through
/// `insertRule`/`deleteRule`, `media`, `disabled` and its imports arriving,
/// each bumping `revision`.
public final class StyleSheet {
    public let origin: CSSOrigin
    /// The sheet's URL (a `<link>` or `@import`), or the document's for `<style>`.
    public let baseURL: String?
    /// The `media` attribute or `@import` condition, as written; nil for all media.
    public var media: String? {
        didSet { mediaList = media.map(MediaQueryList.init(parsing:)); revision += 1 }
    }
    /// `disabled` attribute / CSSOM `disabled`: a disabled sheet applies nothing.
    public var disabled = false {
        didSet { revision += 1 }
    }
    /// The `@import` rules, in order; the loader fetches each and sets its `sheet`.
    public private(set) var imports: [ImportRule] = []
    /// The top-level rules (CSSOM `cssRules`).
    public private(set) var rules: [StyleSheetRule] = []
    /// `media` parsed.
    private(set) var mediaList: MediaQueryList?
    /// Resolves an `@import` URL against `baseURL` (TernCSS has no URL parser:
    /// the loader passes one). nil keeps the URL as written.
    private let resolveURL: ((String) -> String)?

    /// - Parameter resolveURL: turns an `@import`'s URL as written into the URL
    ///   to fetch, against `baseURL`; by default the URL is kept as written
    ///   (then `ImportRule.url == ImportRule.href`) and the loader resolves it.
    public init(text: String, origin: CSSOrigin, baseURL: String?, resolveURL: ((String) -> String)? = nil) {
        self.origin = origin
        self.baseURL = baseURL
        self.resolveURL = resolveURL
        let parsed = CSSParser.parseStylesheet(text).compactMap { try? $0.get() }
        rules = StyleSheetParser(resolveURL: resolveURL).topLevelRules(parsed)
        importsChanged()
    }

    /// The user-agent sheet (Resources/ua.css), parsed once.
    public static let userAgent = StyleSheet(text: String(decoding: PackageResources.ua_css, as: UTF8.self),
                                             origin: .userAgent, baseURL: nil)

    /// Bumped on every change (insertRule, deleteRule, disabled, an import
    /// arriving): whoever caches styles compares it.
    public fileprivate(set) var revision = 0

    /// CSSOM `cssRules[i].cssText` of each top-level rule.
    public var ruleTexts: [String] { rules.map(\.cssText) }

    /// CSSOM `insertRule` (§6.1 "insert a CSS rule"): the index it went to.
    public func insertRule(_ text: String, at index: Int) throws(CSSOMError) -> Int {
        // 1–2. The index must be within the list.
        guard index >= 0, index <= rules.count else { throw .indexSize }
        // 3. Parse a CSS rule; a syntax error or a rule that is not valid (a bad selector) is a SyntaxError.
        guard case .success(let parsed) = CSSParser.parseRule(text),
              let rule = StyleSheetParser(resolveURL: resolveURL).rule(parsed, depth: 0) else { throw .syntax }
        // 4. @import only before every other rule but @layer statements; nothing before an @import.
        if case .import = rule {
            guard rules[..<index].allSatisfy(StyleSheetParser.mayPrecedeImport) else { throw .hierarchyRequest }
        } else if !StyleSheetParser.mayPrecedeImport(rule) || StyleSheetParser.isNamespace(rule) {
            if rules[index...].contains(where: { if case .import = $0 { return true }; return false }) { throw .hierarchyRequest }
        }
        // 5. @namespace only while the list holds nothing but @import and @namespace.
        if StyleSheetParser.isNamespace(rule),
           !rules.allSatisfy({ if case .import = $0 { return true }; return StyleSheetParser.isNamespace($0) }) {
            throw .invalidState
        }
        rules.insert(rule, at: index)
        if case .import = rule { importsChanged() }
        revision += 1
        return index
    }

    /// CSSOM `deleteRule` (§6.1 "remove a CSS rule").
    public func deleteRule(at index: Int) throws(CSSOMError) {
        guard index >= 0, index < rules.count else { throw .indexSize }
        let removed = rules.remove(at: index)
        if case .import = removed { importsChanged() }
        revision += 1
    }

    /// The sum of this sheet's and its imported sheets' revisions (each
    /// sheet once, cycles cut): it grows whenever any of them changes.
    func totalRevision(counted: inout Set<ObjectIdentifier>) -> Int {
        guard counted.insert(ObjectIdentifier(self)).inserted else { return 0 }
        var total = revision
        for rule in imports {
            if let sheet = rule.sheet { total += sheet.totalRevision(counted: &counted) }
        }
        return total
    }

    private func importsChanged() {
        imports = rules.compactMap { if case .import(let rule) = $0 { return rule }; return nil }
        for rule in imports { rule.parentStyleSheet = self }
    }
}

/// The DOMException a CSSOM call throws, by name.
public enum CSSOMError: Error, Hashable {
    case indexSize, syntax, hierarchyRequest, invalidState
}

/// An `@import` rule: the URL as resolved against the sheet's base, its
/// media condition, and the imported sheet once the loader has fetched it.
public final class ImportRule {
    /// The URL to fetch (see `StyleSheet.init`'s `resolveURL`).
    public let url: String
    /// The URL as written (CSSOM `href`).
    public internal(set) var href: String
    /// The media query list as written, nil when there is none.
    public let media: String?
    /// CSS Cascade 5 `layer` / `layer(name)`: "" for an anonymous layer, nil for none.
    public internal(set) var layer: String?
    /// `supports(…)` as written, and whether Tern supports it: an import
    /// whose condition fails is not fetched (`StyleEngine` skips it).
    public internal(set) var supportsText: String?
    public internal(set) var supportsMatches = true
    /// The sheet once fetched; setting it bumps the importing sheet's revision.
    public var sheet: StyleSheet? {
        didSet { parentStyleSheet?.revision += 1 }
    }
    /// The sheet holding this rule.
    public internal(set) weak var parentStyleSheet: StyleSheet?
    let mediaList: MediaQueryList?

    public init(url: String, media: String?) {
        self.url = url
        self.href = url
        self.media = media
        mediaList = media.map(MediaQueryList.init(parsing:))
    }

    /// Whether the loader should fetch it: its `supports()` holds.
    public var shouldFetch: Bool { supportsMatches }

    /// CSSOM §6.4.4 `cssText`.
    public var cssText: String {
        var text = "@import url(" + CSSSerializer.string(href) + ")"
        if let layer { text += layer.isEmpty ? " layer" : " layer(" + layer + ")" }
        if let supportsText { text += " supports(" + supportsText + ")" }
        if let mediaList, !mediaList.text.isEmpty { text += " " + mediaList.text }
        return text + ";"
    }
}
