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
        /// The sheet's revision as parsed, after the `media` its owners gave it.
        var revision: Int
        init(_ sheet: StyleSheet) {
            self.sheet = sheet
            revision = sheet.revision
        }
    }

    private var entries: [Key: Box] = [:]
    private var keys: [ObjectIdentifier: Key] = [:]
    /// Least recently stored first.
    private var order: [Key] = []
    private var textBytes = 0

    /// The sheet parsed from `text`: the cached one when it is free and
    /// unchanged, else a new parse (cached for next time).
    func sheet(text: String, origin: CSSOrigin, baseURL: String?) -> StyleSheet {
        let key = Key(origin: origin, baseURL: baseURL, text: text)
        if let box = entries[key] {
            if isKnownUniquelyReferenced(&box.sheet), box.sheet.revision == box.revision, !box.sheet.disabled {
                setMedia(nil, of: box.sheet)
                return box.sheet
            }
            remove(key)
        }
        let sheet = StyleSheet(text: text, origin: origin, baseURL: baseURL)
        // A sheet with imports gets them fetched into it by its page: not shared.
        guard sheet.imports.isEmpty, text.utf8.count <= StyleSheetCache.textBudget / 4 else { return sheet }
        entries[key] = Box(sheet)
        keys[ObjectIdentifier(sheet)] = key
        order.append(key)
        textBytes += text.utf8.count
        while order.count > StyleSheetCache.capacity || textBytes > StyleSheetCache.textBudget, let oldest = order.first {
            remove(oldest)
        }
        return sheet
    }

    /// Gives `sheet` the `media` of its owner (a change that does not make a
    /// cached sheet unusable, as a script's change does).
    func setMedia(_ media: String?, of sheet: StyleSheet) {
        guard sheet.media != media else { return }
        let before = sheet.revision
        sheet.media = media
        if let key = keys[ObjectIdentifier(sheet)], let box = entries[key], box.sheet === sheet, box.revision == before {
            box.revision = sheet.revision
        }
    }

    private func remove(_ key: Key) {
        guard let box = entries.removeValue(forKey: key) else { return }
        keys[ObjectIdentifier(box.sheet)] = nil
        order.removeAll { $0 == key }
        textBytes -= key.text.utf8.count
    }

    /// Empties the cache (tests).
    func removeAll() {
        entries = [:]
        keys = [:]
        order = []
        textBytes = 0
    }
}
