import TernCSS

/// Parsed style sheets by origin, location and text (a web page's
/// memory cache), so that a reload, or another page with the same sheet,
/// does not parse it again.
///
/// A `StyleSheet` is mutable (CSSOM `insertRule`, `disabled`, its `media`
/// as its owner says), so a cached sheet is handed out only while nobody
/// else holds it and nobody has changed it: two pages never share one.
final class StyleSheetCache {
    static let shared = StyleSheetCache()
    /// Sheets kept at most, and their text in bytes at most.
    static let capacity = 64
    static let textBudget = 16 << 20

    private struct Key: Hashable {
        let origin: CSSOrigin
        let baseURL: String?
        let text: String
    }

    private final class Box {
        var sheet: StyleSheet
        init(_ sheet: StyleSheet) { self.sheet = sheet }
    }

    private var entries: [Key: Box] = [:]
    /// Least recently stored first.
    private var order: [Key] = []
    private var textBytes = 0

    /// The sheet parsed from `text`: the cached one when it is free and
    /// unchanged, else a new parse (cached for next time).
    func sheet(text: String, origin: CSSOrigin, baseURL: String?) -> StyleSheet {
        let key = Key(origin: origin, baseURL: baseURL, text: text)
        if let box = entries[key] {
            if isKnownUniquelyReferenced(&box.sheet), box.sheet.revision == 0, !box.sheet.disabled {
                box.sheet.media = nil
                return box.sheet
            }
            remove(key)
        }
        let sheet = StyleSheet(text: text, origin: origin, baseURL: baseURL)
        // A sheet with imports gets them fetched into it by its page: not shared.
        guard sheet.imports.isEmpty, text.utf8.count <= StyleSheetCache.textBudget / 4 else { return sheet }
        entries[key] = Box(sheet)
        order.append(key)
        textBytes += text.utf8.count
        while order.count > StyleSheetCache.capacity || textBytes > StyleSheetCache.textBudget, let oldest = order.first {
            remove(oldest)
        }
        return sheet
    }

    private func remove(_ key: Key) {
        guard entries.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
        textBytes -= key.text.utf8.count
    }

    /// Empties the cache (tests).
    func removeAll() {
        entries = [:]
        order = []
        textBytes = 0
    }
}
