import TernKit
#if canImport(Glibc)
import Glibc
#endif

/// Turns what a person typed (on the command line or at the `o` prompt)
/// into a URL.
public enum UserInput {
    /// An existing file, a URL, or a bare host name (as w3m and lynx take it);
    /// nil when it is none of these.
    public static func url(for target: String) -> WebURL? {
        let target = target.trimmingWhitespace()
        guard !target.isEmpty else { return nil }
        let looksLikePath = target.hasPrefix("/") || target.hasPrefix("./") || target.hasPrefix("../")
        if looksLikePath || (!target.contains(":") && access(target, F_OK) == 0) {
            let absolute = target.hasPrefix("/") ? target : currentDirectory() + "/" + target
            return WebURL(filePath: absolute)
        }
        if let url = WebURL(target), !url.hasOpaquePath || ["data", "about"].contains(url.scheme) {
            return url
        }
        // Never guess for text that already names a scheme, or has spaces.
        return target.contains("://") || target.contains(" ") ? nil : WebURL("http://" + target)
    }

    /// What the `o` prompt opens for `target`: the search URL of
    /// `template` for words (`isSearch`), else `url(for:)`.
    public static func url(for target: String, searchTemplate template: String) -> WebURL? {
        let target = target.trimmingWhitespace()
        guard isSearch(target) else { return url(for: target) }
        var words = Substring(target)
        if words.first == "?" { words.removeFirst() }
        return searchURL(for: String(words).trimmingWhitespace(), template: template)
    }

    /// Whether what was typed is words to search for, as browsers' address
    /// bars decide: text starting with `?` (forced, as in Firefox and
    /// Chrome); else, unless it is a path, an existing file or a URL with
    /// a scheme, text with a space (`rust slices`), or one word with no
    /// `.`, `:` or `/` that is not `localhost` (`rust`). Anything else is
    /// a host name (`example.com`, `localhost:8080`).
    public static func isSearch(_ target: String) -> Bool {
        let target = target.trimmingWhitespace()
        guard !target.isEmpty else { return false }
        if target.hasPrefix("?") { return true }
        if target.hasPrefix("/") || target.hasPrefix("./") || target.hasPrefix("../") { return false }
        if !target.contains(":"), access(target, F_OK) == 0 { return false }
        if let url = WebURL(target), !url.hasOpaquePath || ["data", "about"].contains(url.scheme) { return false }
        if target.contains(where: \.isWhitespace) { return true }
        return !target.contains(where: { ".:/[".contains($0) }) && target.lowercased() != "localhost"
    }

    /// `template` with each `%s` replaced by `words`, form-urlencoded
    /// (URL standard's application/x-www-form-urlencoded: spaces become
    /// `+`); nil when the result is not a URL.
    public static func searchURL(for words: String, template: String) -> WebURL? {
        WebURL(template.replacing("%s", with: WebURL.formURLEncoded(words)))
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        return getcwd(&buffer, buffer.count) != nil ? String(cString: buffer) : "/"
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension WebView {
    /// Loads a URL the person gave: a `file:` URL with read access to that
    /// file only (its page can reach no other file), anything else as a
    /// request; in place of the current history item when `replacing`.
    @discardableResult
    public func load(userURL url: WebURL, replacing: Bool = false) -> Navigation? {
        // load(_:) grants a file: URL read access to that one file, as loadFileURL(url, allowingReadAccessTo: url).
        load(Request(url: url), replacingCurrentItem: replacing)
    }
}
