import TernKit

/// Tab completion for the `o` prompt: the pages that match what was typed,
/// from the bookmarks and the global history. Pages whose URL starts with
/// the text come first (also when the text leaves out `https://` or
/// `www.`), then those whose URL or title contains it; each group keeps its sources' order (for the
/// history, most recently visited first), and a URL is listed once.
struct URLCompletion {
    /// A page to offer.
    struct Candidate: Equatable {
        var url: String
        var title: String
    }

    /// Finds at most `limit` candidates whose URL or title contains `text`
    /// (ignoring case), best first.
    typealias Source = (_ text: String, _ limit: Int) -> [Candidate]

    var sources: [Source]
    /// Candidates offered at most.
    var limit = 100

    /// The URLs to offer for `typed`, best first.
    func candidates(for typed: String) -> [String] {
        let query = typed.trimmingWhitespace()
        let key = query.lowercased()
        var seen: Set<String> = []
        var prefixed: [String] = []
        var containing: [String] = []
        for source in sources {
            for candidate in source(query, limit) where seen.insert(candidate.url).inserted {
                if URLCompletion.url(candidate.url, startsWith: key) {
                    prefixed.append(candidate.url)
                } else if key.isEmpty || candidate.url.lowercased().contains(key) || candidate.title.lowercased().contains(key) {
                    containing.append(candidate.url)
                }
            }
        }
        return Array((prefixed + containing).prefix(limit))
    }

    /// Whether `url` starts with `prefix` (lowercased), also once its
    /// scheme (`https://`, `http://`) and then `www.` are left out.
    static func url(_ url: String, startsWith prefix: String) -> Bool {
        var rest = Substring(url.lowercased())
        if rest.hasPrefix(prefix) { return true }
        for scheme in ["https://", "http://", "file://"] where rest.hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            break
        }
        if rest.hasPrefix(prefix) { return true }
        if rest.hasPrefix("www.") { return rest.dropFirst(4).hasPrefix(prefix) }
        return false
    }

    /// The bookmarks of `bookmarks` as a source.
    static func bookmarks(_ bookmarks: Bookmarks) -> Source {
        { text, limit in
            bookmarks.entries(matching: text, limit: limit).map { Candidate(url: $0.url.href, title: $0.title) }
        }
    }

    /// The global history of `history` as a source.
    static func history(_ history: BrowsingHistory) -> Source {
        { text, limit in
            history.entries(matching: text, limit: limit).map { Candidate(url: $0.url.href, title: $0.title) }
        }
    }
}
