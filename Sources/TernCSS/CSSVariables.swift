/// Custom properties and `var()` (CSS Variables 1 §2–§3).
enum CSSVariables {
    /// The most component values (blocks counted with their contents) a
    /// value may hold after substitution: nested `var()`s can double a value
    /// per level and build 10^9-token values from a few bytes of CSS. A
    /// larger value is invalid at computed-value time (§3.3 lets a UA cap it).
    static let maxSize = 65_536

    /// How many custom properties may depend on one another in a chain.
    static let maxChain = 256

    /// Whether `values` hold a `var()` anywhere (§3: such a value is only
    /// checked once substituted).
    static func containsVar(_ values: [CSSComponentValue]) -> Bool {
        values.contains { value in
            switch value {
            case .function(let name, let arguments):
                return CSSComponentValue.asciiLowercased(name) == "var" || containsVar(arguments)
            case .block(_, let inner):
                return containsVar(inner)
            case .token:
                return false
            }
        }
    }

    /// Whether `values` may be a declaration's value as far as `var()` and
    /// custom properties go (checked at parse time, so a failing declaration
    /// is dropped, never applied): CSS Syntax 3 §8.2 <declaration-value> (no
    /// bad string or URL, no unmatched `)`, `]` or `}`, no top-level `!`)
    /// when the value is a custom property's or holds a `var()`, and every
    /// `var()` well-formed (§3: `var( <custom-property-name> [, <declaration-value>?]? )`).
    static func isValidAtParseTime(_ values: [CSSComponentValue], customProperty: Bool) -> Bool {
        guard customProperty || containsVar(values) else { return true }
        if values.contains(where: { $0 == .token(.delim("!")) }) { return false }
        return isWellFormed(values)
    }

    private static func isWellFormed(_ values: [CSSComponentValue]) -> Bool {
        values.allSatisfy { value in
            switch value {
            case .token(.badString), .token(.badURL), .token(.closeParen), .token(.closeSquare), .token(.closeCurly):
                return false
            case .token:
                return true
            case .block(_, let inner):
                return isWellFormed(inner)
            case .function(let name, let arguments):
                guard CSSComponentValue.asciiLowercased(name) == "var" else { return isWellFormed(arguments) }
                guard let (_, fallback) = parseVar(arguments) else { return false }
                return fallback.map(isWellFormed) ?? true
            }
        }
    }

    /// A custom property's name (§2): `--` and at least one more character (`--` alone is reserved).
    static func isCustomPropertyName(_ name: String) -> Bool { name.hasPrefix("--") && name.unicodeScalars.count > 2 }

    /// §3.1 substitute `var()`s: each is replaced by the value `lookup` gives
    /// for its name or, when that is absent, by its fallback (itself
    /// substituted). Nil when a reference has neither, a `var()` is malformed,
    /// or the result would exceed `budget` component values.
    static func substitute(_ values: [CSSComponentValue], budget: inout Int,
                           _ lookup: (String) -> [CSSComponentValue]?) -> [CSSComponentValue]? {
        var out: [CSSComponentValue] = []
        out.reserveCapacity(values.count)
        for value in values {
            switch value {
            case .function(let name, let arguments) where CSSComponentValue.asciiLowercased(name) == "var":
                guard let (referenced, fallback) = parseVar(arguments) else { return nil }
                let replacement: [CSSComponentValue]
                if let found = lookup(referenced) {
                    replacement = found
                } else if let fallback {
                    guard let substituted = substitute(fallback, budget: &budget, lookup) else { return nil }
                    replacement = substituted
                } else {
                    return nil
                }
                budget -= replacement.deepCount
                guard budget >= 0 else { return nil }
                out.append(contentsOf: replacement)
            case .function(let name, let arguments):
                budget -= 1
                guard budget >= 0, let inner = substitute(arguments, budget: &budget, lookup) else { return nil }
                out.append(.function(name: name, inner))
            case .block(let opening, let inner):
                budget -= 1
                guard budget >= 0, let substituted = substitute(inner, budget: &budget, lookup) else { return nil }
                out.append(.block(opening: opening, substituted))
            case .token:
                budget -= 1
                guard budget >= 0 else { return nil }
                out.append(value)
            }
        }
        return out
    }

    /// `var( <custom-property-name> , <fallback>? )`: the name and the
    /// fallback (nil without a comma; it may be empty).
    private static func parseVar(_ arguments: [CSSComponentValue]) -> (String, [CSSComponentValue]?)? {
        var index = 0
        while index < arguments.count, arguments[index].isWhitespace { index += 1 }
        guard index < arguments.count, case .token(.ident(let name)) = arguments[index], isCustomPropertyName(name) else { return nil }
        index += 1
        while index < arguments.count, arguments[index].isWhitespace { index += 1 }
        guard index < arguments.count else { return (name, nil) }
        guard arguments[index].isComma else { return nil }
        return (name, Array(arguments[(index + 1)...]).trimmed)
    }

    /// §2.3 the computed custom properties of an element: `inherited` (its
    /// parent's) with `declared` (by name: the value to substitute, or nil
    /// for the guaranteed-invalid value) over them. Properties in a
    /// dependency cycle, or whose references cannot be substituted, become
    /// guaranteed-invalid (absent).
    static func resolve(declared: [(name: String, value: [CSSComponentValue]?)],
                        inherited: [String: [CSSComponentValue]]) -> [String: [CSSComponentValue]] {
        var resolver = Resolver(result: inherited)
        for (name, value) in declared {
            if let value, containsVar(value) {
                resolver.pending[name] = value
            } else {
                resolver.pending[name] = nil
                resolver.result[name] = value
            }
        }
        for name in resolver.pending.keys.sorted() { _ = resolver.resolve(name) }
        return resolver.result
    }

    private struct Resolver {
        var result: [String: [CSSComponentValue]]
        var pending: [String: [CSSComponentValue]] = [:]
        var stack: [String] = []
        var inCycle: Set<String> = []

        /// The computed value of `name`, resolving it first if it is pending.
        mutating func resolve(_ name: String) -> [CSSComponentValue]? {
            guard let raw = pending[name] else { return result[name] }
            if let position = stack.firstIndex(of: name) {
                // §2.3: every property on the cycle is guaranteed-invalid.
                inCycle.formUnion(stack[position...])
                return nil
            }
            guard stack.count < CSSVariables.maxChain else { return nil }
            stack.append(name)
            var budget = CSSVariables.maxSize
            let value = CSSVariables.substitute(raw, budget: &budget) { resolve($0) }
            stack.removeLast()
            pending[name] = nil
            result[name] = inCycle.contains(name) ? nil : value
            return result[name]
        }
    }
}
