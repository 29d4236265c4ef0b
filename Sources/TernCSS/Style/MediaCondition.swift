/// A `<media-condition>` (Media Queries 4 §3), evaluated in three-valued
/// logic (§3.1): `nil` is "unknown", which `<general-enclosed>` gives.
indirect enum MediaCondition: Hashable, Sendable {
    case feature(MediaFeature)
    case not(MediaCondition)
    case and([MediaCondition])
    case or([MediaCondition])
    case parenthesized(MediaCondition)
    /// `<general-enclosed>`, kept as written.
    case unknown(String)

    func evaluate(_ environment: MediaEnvironment) -> Bool? {
        switch self {
        case .feature(let feature): return feature.evaluate(environment)
        case .not(let inner): return inner.evaluate(environment).map { !$0 }
        case .parenthesized(let inner): return inner.evaluate(environment)
        case .unknown: return nil
        case .and(let list):
            var result: Bool? = true
            for condition in list {
                switch condition.evaluate(environment) {
                case false?: return false
                case nil: result = nil
                case true?: break
                }
            }
            return result
        case .or(let list):
            var result: Bool? = false
            for condition in list {
                switch condition.evaluate(environment) {
                case true?: return true
                case nil: result = nil
                case false?: break
                }
            }
            return result
        }
    }

    var text: String {
        switch self {
        case .feature(let feature): return feature.text
        case .not(let inner): return "not " + inner.text
        case .and(let list): return list.map(\.text).joined(separator: " and ")
        case .or(let list): return list.map(\.text).joined(separator: " or ")
        case .parenthesized(let inner): return "(" + inner.text + ")"
        case .unknown(let text): return text
        }
    }

    /// Nesting deeper than this is a syntax error (hostile `((((…))))`).
    static let maxDepth = 64

    /// `<media-condition>` (`allowOr`) or `<media-condition-without-or>`;
    /// nil is a syntax error or an unknown feature name.
    static func parse(_ stream: inout MediaTokens, allowOr: Bool, depth: Int = 0) -> MediaCondition? {
        guard depth < maxDepth else { return nil }
        if stream.peekKeyword() == "not" {
            stream.advance()
            return parseInParens(&stream, depth: depth).map { .not($0) }
        }
        guard let first = parseInParens(&stream, depth: depth) else { return nil }
        guard let joiner = stream.peekKeyword(), joiner == "and" || (allowOr && joiner == "or") else { return first }
        var list = [first]
        while stream.peekKeyword() == joiner {
            stream.advance()
            guard let next = parseInParens(&stream, depth: depth) else { return nil }
            list.append(next)
        }
        return joiner == "and" ? .and(list) : .or(list)
    }

    /// `<media-in-parens>`.
    private static func parseInParens(_ stream: inout MediaTokens, depth: Int) -> MediaCondition? {
        switch stream.next() {
        case .block(opening: .openParen, let contents)?:
            let inner = contents.filter { $0 != .token(.whitespace) }
            var nested = MediaTokens(inner)
            if let condition = parse(&nested, allowOr: true, depth: depth + 1), nested.atEnd {
                return .parenthesized(condition)
            }
            switch MediaFeature.parse(inner) {
            case .feature(let feature): return .feature(feature)
            case .unknownName: return nil
            case .notAFeature: return .unknown("(" + CSSSerializer.serialize(contents) + ")")
            }
        case .function(let name, let arguments)?:
            return .unknown(CSSSerializer.serialize([.function(name: name, arguments)]))
        default:
            return nil
        }
    }
}
