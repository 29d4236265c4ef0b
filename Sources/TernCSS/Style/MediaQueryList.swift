/// A parsed media query list (Media Queries 4 §3), for `@media`, `@import`,
/// `<link media>`, `<style media>` and `matchMedia`.
///
/// Each comma-separated query that does not parse, or tests a feature Tern
/// does not know, becomes `not all` (§3.2); the others keep their meaning.
/// An empty list matches everything.
public struct MediaQueryList: Hashable, Sendable {
    /// The serialised list (CSSOM §4.2 `media.mediaText`).
    public var text: String
    let queries: [MediaQuery]

    public init(parsing text: String) {
        self.init(CSSParser.parseComponentValueList(text))
    }

    /// From an at-rule's prelude.
    init(_ values: [CSSComponentValue]) {
        var queries: [MediaQuery] = []
        var current: [CSSComponentValue] = []
        var sawAny = false
        for value in values + [.token(.comma)] {
            guard value == .token(.comma) else {
                current.append(value)
                if value != .token(.whitespace) { sawAny = true }
                continue
            }
            queries.append(MediaQuery.parse(current) ?? .notAll)
            current = []
        }
        // "" is the empty list (matches all); "a," has an empty, invalid second query.
        if !sawAny && queries.count == 1 { queries = [] }
        self.queries = queries
        self.text = queries.map(\.text).joined(separator: ", ")
    }

    /// §2.1: true when the list is empty or any query matches.
    public func matches(_ environment: MediaEnvironment) -> Bool {
        queries.isEmpty || queries.contains { $0.matches(environment) }
    }
}
