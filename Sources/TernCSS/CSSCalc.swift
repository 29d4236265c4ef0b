/// Math functions of CSS Values 4 §10: `calc()`, `min()`, `max()`,
/// `clamp()`, nested, with `+ - * /`, parentheses and the constants of
/// §10.7.2, evaluated at computed-value time into px, percent and number.
enum CSSCalc {
    /// A value of a calculation: a number, or a length as px plus percent.
    struct Value {
        var number = 0.0
        var px = 0.0
        var percent = 0.0
        var isNumber: Bool

        func scaled(by factor: Double) -> Value {
            Value(number: number * factor, px: px * factor, percent: percent * factor, isNumber: isNumber)
        }
    }

    /// Deeper nesting is invalid: a page can nest thousands of parentheses.
    static let maxDepth = 32

    /// The math function `name` (ASCII lower case) of `arguments`; nil when
    /// it is not one or does not type-check (§10.8).
    static func evaluate(_ name: String, _ arguments: [CSSComponentValue], _ context: CSSLengthParser.Context, depth: Int = 0) -> Value? {
        guard depth < maxDepth else { return nil }
        switch name {
        case "calc", "-webkit-calc":
            return sum(arguments.words, context, depth)
        case "min", "max", "clamp":
            guard let groups = arguments.commaGroups else { return nil }
            var values: [Value] = []
            for group in groups {
                guard let value = sum(group, context, depth) else { return nil }
                values.append(value)
            }
            guard let first = values.first, values.allSatisfy({ $0.isNumber == first.isNumber }) else { return nil }
            if name == "clamp" && values.count != 3 { return nil }
            // min()/max() of lengths and percentages cannot stay a px + % sum:
            // percentages resolve against the viewport width, the containing
            // block of nearly every box in a terminal.
            let resolved = values.map { value -> Double in
                value.isNumber ? value.number : value.px + value.percent * context.viewportWidth / 100
            }
            var result: Double
            switch name {
            case "min": result = resolved.min() ?? 0
            case "max": result = resolved.max() ?? 0
            default: result = max(resolved[0], min(resolved[1], resolved[2]))
            }
            if result.isNaN { result = 0 }
            return first.isNumber ? Value(number: result, isNumber: true) : Value(px: result, isNumber: false)
        default:
            return nil
        }
    }

    /// A calc-sum: products joined by `+` and `-`.
    private static func sum(_ words: [CSSComponentValue], _ context: CSSLengthParser.Context, _ depth: Int) -> Value? {
        var index = 0
        guard var total = product(words, &index, context, depth) else { return nil }
        while index < words.count {
            guard case .token(.delim(let op)) = words[index], op == "+" || op == "-" else { return nil }
            index += 1
            guard let rhs = product(words, &index, context, depth), rhs.isNumber == total.isNumber else { return nil }
            let sign: Double = op == "+" ? 1 : -1
            total.number += sign * rhs.number
            total.px += sign * rhs.px
            total.percent += sign * rhs.percent
        }
        return total
    }

    /// A calc-product: values joined by `*` and `/` (one side of `*`, and the
    /// right of `/`, a number).
    private static func product(_ words: [CSSComponentValue], _ index: inout Int, _ context: CSSLengthParser.Context, _ depth: Int) -> Value? {
        guard var result = leaf(words, &index, context, depth) else { return nil }
        while index < words.count, case .token(.delim(let op)) = words[index], op == "*" || op == "/" {
            index += 1
            guard let rhs = leaf(words, &index, context, depth) else { return nil }
            if op == "*" {
                if result.isNumber { result = rhs.scaled(by: result.number) } else if rhs.isNumber { result = result.scaled(by: rhs.number) } else { return nil }
            } else {
                guard rhs.isNumber else { return nil }
                result = result.scaled(by: 1 / rhs.number)
            }
        }
        return result
    }

    private static func leaf(_ words: [CSSComponentValue], _ index: inout Int, _ context: CSSLengthParser.Context, _ depth: Int) -> Value? {
        guard index < words.count else { return nil }
        let word = words[index]
        index += 1
        switch word {
        case .token(.number(let n)):
            return Value(number: n.value, isNumber: true)
        case .token(.dimension(let n, let unit)):
            guard let px = CSSLengthParser.px(n.value, unit: CSSComponentValue.asciiLowercased(unit), context) else { return nil }
            return Value(px: px, isNumber: false)
        case .token(.percentage(let n)):
            if let base = context.percentBase { return Value(px: base * n.value / 100, isNumber: false) }
            return Value(percent: n.value, isNumber: false)
        case .token(.ident):
            switch word.keyword {
            case "e": return Value(number: 2.718281828459045, isNumber: true)
            case "pi": return Value(number: Double.pi, isNumber: true)
            case "infinity": return Value(number: .infinity, isNumber: true)
            case "-infinity": return Value(number: -.infinity, isNumber: true)
            case "nan": return Value(number: .nan, isNumber: true)
            default: return nil
            }
        case .block(.openParen, let inner):
            return depth + 1 < maxDepth ? sum(inner.words, context, depth + 1) : nil
        case .function(let name, let arguments):
            return evaluate(CSSComponentValue.asciiLowercased(name), arguments, context, depth: depth + 1)
        default:
            return nil
        }
    }
}
