/// One media query of a list (Media Queries 4 §3): an optional `not`/`only`
/// and media type, and a condition. A query that fails to parse, or names a
/// feature Tern does not know, is `not all` (§3.2 error handling).
struct MediaQuery: Hashable, Sendable {
    /// `nil` is "all" written or implied.
    var type: String?
    var negated = false
    var only = false
    var condition: MediaCondition?

    static let notAll = MediaQuery(type: "all", negated: true)

    /// §2.1 evaluate: the type and the condition; an unknown result is false.
    func matches(_ environment: MediaEnvironment) -> Bool {
        var result = MediaQuery.typeMatches(type, environment)
        if result, let condition { result = condition.evaluate(environment) == true }
        return negated ? !result : result
    }

    /// §2.3 media types: Tern is a screen (or print when printing).
    private static func typeMatches(_ type: String?, _ environment: MediaEnvironment) -> Bool {
        switch type {
        case nil, "all": return true
        case "screen": return environment.type == .screen
        case "print": return environment.type == .print
        default: return false  // tv, handheld, speech … and unknown types match nothing
        }
    }

    /// CSSOM §4.2 serialize a media query.
    var text: String {
        var parts: [String] = []
        if negated { parts.append("not") } else if only { parts.append("only") }
        if let type, type != "all" || negated || only || condition == nil { parts.append(type) }
        if let condition {
            if !parts.isEmpty { parts.append("and") }
            parts.append(condition.text)
        }
        return parts.isEmpty ? "all" : parts.joined(separator: " ")
    }

    // MARK: Parsing (§3 syntax)

    /// One query from its component values (no commas); nil is a syntax error.
    static func parse(_ values: [CSSComponentValue]) -> MediaQuery? {
        var stream = MediaTokens(values.filter { $0 != .token(.whitespace) })
        guard !stream.atEnd else { return nil }
        // <media-condition> alone.
        if case .block? = stream.peek() {
            guard let condition = MediaCondition.parse(&stream, allowOr: true), stream.atEnd else { return nil }
            return MediaQuery(condition: condition)
        }
        if stream.peekKeyword() == "not", case .block? = stream.peek(1) {
            guard let condition = MediaCondition.parse(&stream, allowOr: true), stream.atEnd else { return nil }
            return MediaQuery(condition: condition)
        }
        var query = MediaQuery()
        if let word = stream.peekKeyword(), word == "not" || word == "only" {
            stream.advance()
            query.negated = word == "not"
            query.only = word == "only"
        }
        guard let type = stream.peekKeyword(), !["not", "only", "and", "or", "layer"].contains(type) else { return nil }
        stream.advance()
        query.type = type
        guard !stream.atEnd else { return query }
        guard stream.peekKeyword() == "and" else { return nil }
        stream.advance()
        guard let condition = MediaCondition.parse(&stream, allowOr: false), stream.atEnd else { return nil }
        query.condition = condition
        return query
    }
}

/// A cursor over component values without whitespace.
struct MediaTokens {
    private let values: [CSSComponentValue]
    private var position = 0

    init(_ values: [CSSComponentValue]) { self.values = values }

    var atEnd: Bool { position >= values.count }
    func peek(_ offset: Int = 0) -> CSSComponentValue? {
        position + offset < values.count ? values[position + offset] : nil
    }
    /// The next value as a lower-case identifier.
    func peekKeyword(_ offset: Int = 0) -> String? {
        guard case .token(.ident(let word))? = peek(offset) else { return nil }
        return CSSTokenizer.asciiLowercased(word)
    }
    mutating func advance() { position += 1 }
    mutating func next() -> CSSComponentValue? {
        defer { position += 1 }
        return peek()
    }
}
