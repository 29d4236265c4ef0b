/// Parses selector text into `ComplexSelector`s
/// (https://drafts.csswg.org/selectors-4/#grammar), tokenising as CSS Syntax
/// does (https://drafts.csswg.org/css-syntax-3/#tokenization) where it
/// matters: identifiers and strings with escapes, whitespace, comments.
struct SelectorParser {
    private var scalars: [Unicode.Scalar]
    private var position = 0

    init(_ text: String) {
        scalars = CSSInputPreprocessing.scalars(of: text)
    }

    // MARK: Lists and complex selectors

    mutating func parseTopLevel() throws(SelectorError) -> [ComplexSelector] {
        let list = try parseList()
        guard atEnd else { throw error() }
        return list
    }

    /// `<complex-selector-list>`: stops before ")" or at the end.
    private mutating func parseList() throws(SelectorError) -> [ComplexSelector] {
        var list: [ComplexSelector] = []
        while true {
            skipWhitespace()
            list.append(try parseComplex())
            skipWhitespace()
            guard peek() == "," else { return list }
            position += 1
        }
    }

    private mutating func parseComplex() throws(SelectorError) -> ComplexSelector {
        var compounds: [CompoundSelector] = []
        var combinators: [Combinator] = []
        while true {
            guard compounds.count < SelectorParser.maxCompounds, let compound = try parseCompound() else { throw error() }
            // A pseudo-element is only allowed at the end (Selectors 4 §3.6.4).
            if let last = compounds.last, last.pseudoElement != nil { compounds[compounds.count - 1].matchesNothing = true }
            compounds.append(compound)
            let hadWhitespace = skipWhitespace()
            let combinator: Combinator
            switch peek() {
            case ">": combinator = .child
            case "+": combinator = .nextSibling
            case "~": combinator = .subsequentSibling
            case nil, ",", ")":
                return ComplexSelector(compounds: compounds.reversed(), combinators: combinators.reversed(),
                                       pseudoElement: compound.pseudoElement)
            default:
                guard hadWhitespace else { throw error() }
                combinators.append(.descendant)
                continue
            }
            position += 1
            skipWhitespace()
            combinators.append(combinator)
        }
    }

    /// `<relative-selector-list>` for `:has()`: each may start with a combinator.
    private mutating func parseRelativeList() throws(SelectorError) -> [RelativeSelector] {
        var list: [RelativeSelector] = []
        while true {
            skipWhitespace()
            var leading = Combinator.descendant
            switch peek() {
            case ">": leading = .child
            case "+": leading = .nextSibling
            case "~": leading = .subsequentSibling
            default: break
            }
            if leading != .descendant {
                position += 1
                skipWhitespace()
            }
            var complex = try parseComplex()
            complex.compounds.append(CompoundSelector(tag: nil, conditions: [.pseudoClass(.hasAnchor)]))
            complex.combinators.append(leading)
            list.append(RelativeSelector(complex: complex, reachesSiblings: leading == .nextSibling || leading == .subsequentSibling))
            skipWhitespace()
            guard peek() == "," else { return list }
            position += 1
        }
    }

    // MARK: Compound selectors

    /// A compound selector, or nil if there is none here.
    private mutating func parseCompound() throws(SelectorError) -> CompoundSelector? {
        var compound = CompoundSelector()
        var isEmpty = true
        if try parseTypeSelector(into: &compound) { isEmpty = false }
        var afterPseudoElement = false
        loop: while let scalar = peek() {
            switch scalar {
            case "#" where !afterPseudoElement:
                position += 1
                guard startsIdentifier() else { throw error() }
                compound.conditions.append(.id(Array(consumeName().utf8)))
            case "." where !afterPseudoElement:
                position += 1
                guard startsIdentifier() else { throw error() }
                compound.conditions.append(.className(Array(consumeName().utf8)))
            case "[" where !afterPseudoElement:
                position += 1
                compound.conditions.append(.attribute(try parseAttributeSelector()))
            case ":":
                if peek(1) == ":" {
                    position += 2
                    if afterPseudoElement { compound.matchesNothing = true }
                    compound.pseudoElement = try parsePseudoElement()
                    afterPseudoElement = true
                } else {
                    position += 1
                    switch try parsePseudoClass() {
                    case .condition(let condition):
                        compound.conditions.append(condition)
                    case .legacyPseudoElement(let name):
                        if afterPseudoElement { compound.matchesNothing = true }
                        compound.pseudoElement = name
                        afterPseudoElement = true
                    }
                }
            default:
                break loop
            }
            isEmpty = false
        }
        return isEmpty ? nil : compound
    }

    /// `[ns|]name` or `[ns|]*`; returns whether there was one.
    private mutating func parseTypeSelector(into compound: inout CompoundSelector) throws(SelectorError) -> Bool {
        let start = position
        // Namespace prefix: "*|", "|" or an (undeclared, so invalid) "ident|".
        var noNamespace = false
        if peek() == "*", peek(1) == "|", peek(2) != "=" {
            position += 2
        } else if peek() == "|", peek(1) != "=" {
            position += 1
            noNamespace = true
        } else if startsIdentifier() {
            let saved = position
            _ = consumeName()
            if peek() == "|", peek(1) != "=" { throw error(at: start) }
            position = saved
        }
        if peek() == "*" {
            position += 1
            compound.tag = nil
        } else if startsIdentifier() {
            let name = consumeName()
            let lowered = SelectorParser.asciiLowercased(name)
            compound.tag = Array(lowered.utf8) + [0]
            compound.tagAsWritten = lowered == name ? nil : Array(name.utf8) + [0]
        } else {
            if position != start { throw error() }
            return false
        }
        if noNamespace { compound.matchesNothing = true }
        return true
    }

    private mutating func parseAttributeSelector() throws(SelectorError) -> AttributeSelector {
        skipWhitespace()
        var anyNamespace = false
        if peek() == "*", peek(1) == "|" {
            position += 2
            anyNamespace = true
        } else if peek() == "|", peek(1) != "=" {
            position += 1
        }
        guard startsIdentifier() else { throw error() }
        let name = consumeName()
        if peek() == "|", peek(1) != "=" { throw error() }  // an undeclared namespace prefix
        var selector = AttributeSelector(name: Array(SelectorParser.asciiLowercased(name).utf8) + [0])
        selector.anyNamespace = anyNamespace
        skipWhitespace()
        // CSS Syntax §5.4.8 "consume a simple block": the end of the input closes an open `[`.
        guard let scalar = peek() else { return selector }
        if scalar == "]" {
            position += 1
            return selector
        }
        switch scalar {
        case "=": selector.op = .equals
        case "~": selector.op = .includes
        case "|": selector.op = .dashMatch
        case "^": selector.op = .prefix
        case "$": selector.op = .suffix
        case "*": selector.op = .substring
        default: throw error()
        }
        position += 1
        if selector.op != .equals {
            guard peek() == "=" else { throw error() }
            position += 1
        }
        skipWhitespace()
        if peek() == "\"" || peek() == "'" {
            selector.value = Array(try consumeString().utf8)
        } else if startsIdentifier() {
            selector.value = Array(consumeName().utf8)
        } else {
            throw error()
        }
        skipWhitespace()
        if startsIdentifier() {
            switch SelectorParser.asciiLowercased(consumeName()) {
            case "i": selector.caseSensitivity = .insensitive
            case "s": selector.caseSensitivity = .sensitive
            default: throw error()
            }
            skipWhitespace()
        }
        if peek() == nil { return selector }  // the end of the input closes the block
        guard peek() == "]" else { throw error() }
        position += 1
        return selector
    }

    // MARK: Pseudo-classes and pseudo-elements

    private static let neverMatching: Set<String> = [
        "hover", "active", "visited", "target-within",
        "indeterminate", "autofill", "fullscreen", "modal", "popover-open",
        "playing", "paused", "user-invalid", "current", "past", "future",
    ]
    private static let simplePseudoClasses: [String: PseudoClass] = [
        "root": .root, "empty": .empty, "scope": .scope, "first-child": .firstChild, "last-child": .lastChild,
        "only-child": .onlyChild, "first-of-type": .firstOfType, "last-of-type": .lastOfType,
        "only-of-type": .onlyOfType, "checked": .checked, "disabled": .disabled, "enabled": .enabled,
        "link": .link, "any-link": .link, "defined": .defined, "required": .required, "optional": .optional,
        "read-only": .readOnly, "read-write": .readWrite, "placeholder-shown": .placeholderShown,
        "focus": .focus, "focus-visible": .focus, "focus-within": .focusWithin, "target": .target,
    ]
    /// Selector nesting (`:is(:not(…))`) and compound counts beyond these are
    /// syntax errors: hostile text must not exhaust the stack.
    static let maxNesting = 128
    static let maxCompounds = 100_000
    private var nesting = 0

    private enum PseudoClassResult {
        case condition(SimpleSelector)
        case legacyPseudoElement(String)
    }
    private static let legacyPseudoElements: Set<String> = ["before", "after", "first-line", "first-letter"]
    private static let pseudoElements: Set<String> = [
        "before", "after", "first-line", "first-letter", "marker", "placeholder", "selection", "backdrop",
        "file-selector-button", "grammar-error", "spelling-error", "target-text", "cue",
    ]

    /// After ":": a pseudo-class, or a legacy pseudo-element (":before").
    private mutating func parsePseudoClass() throws(SelectorError) -> PseudoClassResult {
        let start = position
        guard startsIdentifier() else { throw error() }
        let name = SelectorParser.asciiLowercased(consumeName())
        guard peek() == "(" else {
            if let pseudo = SelectorParser.simplePseudoClasses[name] { return .condition(.pseudoClass(pseudo)) }
            if SelectorParser.neverMatching.contains(name) { return .condition(.pseudoClass(.never)) }
            if SelectorParser.legacyPseudoElements.contains(name) { return .legacyPseudoElement(name) }
            throw error(at: start)
        }
        position += 1
        guard nesting < SelectorParser.maxNesting else { throw error(at: start) }
        nesting += 1
        defer { nesting -= 1 }
        let result: SimpleSelector
        switch name {
        case "not":
            result = .not(try parseList())
        case "where":
            result = .where(try parseList())
        case "is", "matches", "-webkit-any":
            result = .is(try parseList())
        case "has":
            result = .has(RelativeSelectorList(try parseRelativeList()))
        case "nth-child", "nth-last-child":
            var nth = try parseAnPlusB()
            nth.fromEnd = name == "nth-last-child"
            if skipWhitespace(), startsIdentifier() {
                let saved = position
                guard SelectorParser.asciiLowercased(consumeName()) == "of", skipWhitespace() else { throw error(at: saved) }
                nth.of = NthFilter(try parseList())
            }
            result = .nth(nth)
        case "nth-of-type", "nth-last-of-type":
            var nth = try parseAnPlusB()
            nth.fromEnd = name == "nth-last-of-type"
            nth.ofType = true
            result = .nth(nth)
        case "lang":
            var ranges: [String] = []
            repeat {
                if !ranges.isEmpty { position += 1 }
                skipWhitespace()
                if peek() == "\"" || peek() == "'" {
                    ranges.append(try consumeString())
                } else if startsIdentifier() {
                    ranges.append(consumeName())
                } else {
                    throw error()
                }
                skipWhitespace()
            } while peek() == ","
            result = .lang(ranges)
        default:
            throw error(at: start)
        }
        skipWhitespace()
        if peek() == nil { return .condition(result) }  // the end of the input closes the function (CSS Syntax §5.4.9)
        guard peek() == ")" else { throw error() }
        position += 1
        return .condition(result)
    }

    /// After "::": a known pseudo-element, or a functional one whose argument
    /// is skipped. Returns its lower-case name.
    private mutating func parsePseudoElement() throws(SelectorError) -> String {
        let start = position
        guard startsIdentifier() else { throw error() }
        let name = SelectorParser.asciiLowercased(consumeName())
        if peek() == "(" {
            guard ["slotted", "part", "highlight", "cue", "view-transition-group"].contains(name) else { throw error(at: start) }
            var depth = 0
            while let scalar = peek() {
                position += 1
                if scalar == "(" { depth += 1 }
                if scalar == ")" { depth -= 1; if depth == 0 { return name } }
            }
            return name  // the end of the input closes the function (CSS Syntax §5.4.9)
        }
        guard SelectorParser.pseudoElements.contains(name) || name.hasPrefix("-webkit-") || name.hasPrefix("-moz-") else {
            throw error(at: start)
        }
        return name
    }

    /// https://drafts.csswg.org/css-syntax-3/#anb-microsyntax, read from the
    /// characters: `odd`, `even`, `[+-]?B`, `[+-]?A?n`, `… [+-] B`.
    private mutating func parseAnPlusB() throws(SelectorError) -> NthSelector {
        skipWhitespace()
        if startsIdentifier() {
            let saved = position
            switch SelectorParser.asciiLowercased(consumeName()) {
            case "odd": return NthSelector(a: 2, b: 1)
            case "even": return NthSelector(a: 2, b: 0)
            default: position = saved
            }
        }
        var sign = 1
        if peek() == "+" || peek() == "-" {
            sign = peek() == "-" ? -1 : 1
            position += 1
        }
        let digits = consumeDigits()
        guard peek() == "n" || peek() == "N" else {
            guard let digits else { throw error() }
            return NthSelector(a: 0, b: sign * digits)
        }
        position += 1
        let a = sign * (digits ?? 1)
        // "n" must end the identifier here, apart from a "-" that starts B.
        if let next = peek(), SelectorParser.isNameCharacter(next), next != "-" { throw error() }
        let saved = position
        skipWhitespace()
        guard peek() == "+" || peek() == "-" else {
            position = saved
            return NthSelector(a: a, b: 0)
        }
        let bSign = peek() == "-" ? -1 : 1
        position += 1
        skipWhitespace()
        guard let b = consumeDigits() else { throw error() }
        return NthSelector(a: a, b: bSign * b)
    }

    private mutating func consumeDigits() -> Int? {
        var value: Int?
        while let scalar = peek(), scalar >= "0", scalar <= "9" {
            value = min((value ?? 0) * 10 + Int(scalar.value - 48), 1 << 40)
            position += 1
        }
        return value
    }

    // MARK: Tokens

    private var atEnd: Bool { position >= scalars.count }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func error(at position: Int? = nil) -> SelectorError {
        .syntax(position: position ?? self.position)
    }

    /// Skips whitespace and comments; returns whether there was any.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\n" {
                position += 1
            } else if scalar == "/", peek(1) == "*" {
                position += 2
                while !atEnd, !(peek() == "*" && peek(1) == "/") { position += 1 }
                position = min(position + 2, scalars.count)
            } else {
                break
            }
        }
        return position != start
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_" || scalar.value >= 0x80
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || (scalar >= "0" && scalar <= "9") || scalar == "-"
    }

    private func isValidEscape(at offset: Int) -> Bool {
        peek(offset) == "\\" && peek(offset + 1) != "\n"
    }

    /// https://drafts.csswg.org/css-syntax-3/#would-start-an-identifier
    private func startsIdentifier() -> Bool {
        guard let first = peek() else { return false }
        if first == "-" {
            guard let second = peek(1) else { return false }
            return SelectorParser.isNameStart(second) || second == "-" || isValidEscape(at: 1)
        }
        return SelectorParser.isNameStart(first) || isValidEscape(at: 0)
    }

    /// https://drafts.csswg.org/css-syntax-3/#consume-name
    private mutating func consumeName() -> String {
        // The usual case first: a run of ASCII name code points, copied as bytes.
        let start = position
        while position < scalars.count, scalars[position].value < 0x80, SelectorParser.isNameCharacter(scalars[position]) { position += 1 }
        if position == scalars.count || !(SelectorParser.isNameCharacter(scalars[position]) || isValidEscape(at: 0)) {
            let scalars = self.scalars, end = position
            return String(unsafeUninitializedCapacity: end - start) { bytes in
                for i in start..<end { bytes[i - start] = UInt8(truncatingIfNeeded: scalars[i].value) }
                return end - start
            }
        }
        var name = String.UnicodeScalarView(scalars[start..<position])
        while let scalar = peek() {
            if SelectorParser.isNameCharacter(scalar) {
                name.append(scalar)
                position += 1
            } else if isValidEscape(at: 0) {
                position += 1
                name.append(consumeEscape())
            } else {
                break
            }
        }
        return String(name)
    }

    /// After a backslash: https://drafts.csswg.org/css-syntax-3/#consume-escaped-code-point
    private mutating func consumeEscape() -> Unicode.Scalar {
        guard let first = peek() else { return "\u{FFFD}" }
        guard first.properties.isASCIIHexDigit else {
            position += 1
            return first
        }
        var value: UInt32 = 0
        var count = 0
        while count < 6, let scalar = peek(), scalar.properties.isASCIIHexDigit {
            value = value * 16 + UInt32(Int(String(scalar), radix: 16) ?? 0)
            position += 1
            count += 1
        }
        if let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" { position += 1 }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    /// A quoted string: https://drafts.csswg.org/css-syntax-3/#consume-string-token
    private mutating func consumeString() throws(SelectorError) -> String {
        guard let quote = peek() else { throw error() }
        position += 1
        var value = String.UnicodeScalarView()
        while let scalar = peek() {
            position += 1
            switch scalar {
            case quote:
                return String(value)
            case "\n":
                throw error(at: position - 1)  // a bad string
            case "\\":
                if peek() == "\n" {
                    position += 1  // an escaped newline continues the string
                } else if !atEnd {
                    value.append(consumeEscape())
                }
            default:
                value.append(scalar)
            }
        }
        return String(value)  // the end of input closes a string
    }

    static func asciiLowercased(_ text: String) -> String { Node.asciiLowercased(text) }
}
