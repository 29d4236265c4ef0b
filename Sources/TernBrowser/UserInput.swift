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
