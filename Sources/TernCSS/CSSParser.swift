/// The parser of CSS Syntax 3 §5 over `CSSTokenizer`'s tokens. Where today's draft and
/// the 2013 draft differ, this follows the 2013 draft (what css-parsing-tests expects):
/// declaration lists hold at-rules, and a declaration keeps its leading whitespace.
public struct CSSParser {
    /// Blocks nested deeper than this are consumed and kept empty: hostile input
    /// (100 000 `(`) must not grow the stack or the values without bound.
    public static let maxDepth = 256

    private let tokens: [CSSToken]
    private var pos = 0

    public init(_ css: String) { tokens = CSSTokenizer.tokenize(css) }

    // MARK: Entry points (§5.3)

    /// §5.3.3 parse a stylesheet.
    public static func parseStylesheet(_ css: String) -> [Result<CSSRule, CSSParseError>] {
        var p = CSSParser(css)
        return p.consumeRules(topLevel: true)
    }

    /// §5.3.4 parse a list of rules.
    public static func parseRuleList(_ css: String) -> [Result<CSSRule, CSSParseError>] {
        var p = CSSParser(css)
        return p.consumeRules(topLevel: false)
    }

    /// §5.3.5 parse a rule.
    public static func parseRule(_ css: String) -> Result<CSSRule, CSSParseError> {
        var p = CSSParser(css)
        p.skipWhitespace()
        guard let t = p.peek() else { return .failure(.empty) }
        let rule: CSSRule?
        if case .atKeyword = t { rule = p.consumeAtRule() } else { rule = p.consumeQualifiedRule() }
        guard let rule else { return .failure(.invalid) }
        p.skipWhitespace()
        return p.peek() == nil ? .success(rule) : .failure(.extraInput)
    }

    /// §5.3.6 parse a declaration.
    public static func parseDeclaration(_ css: String) -> Result<CSSDeclaration, CSSParseError> {
        var p = CSSParser(css)
        p.skipWhitespace()
        guard let t = p.peek() else { return .failure(.empty) }
        guard case .ident = t, let d = p.consumeDeclaration(until: nil) else { return .failure(.invalid) }
        return .success(d)
    }

    /// §5.3.8 parse a list of declarations (2013: at-rules may appear among them).
    public static func parseDeclarationList(_ css: String) -> [Result<CSSDeclarationListItem, CSSParseError>] {
        var p = CSSParser(css)
        return p.consumeDeclarations()
    }

    /// §5.3.8 over a block's contents already parsed (a style rule's `{ … }`),
    /// so a sheet's declarations are not tokenised twice.
    public static func parseDeclarationList(_ values: [CSSComponentValue]) -> [Result<CSSDeclarationListItem, CSSParseError>] {
        var tokens: [CSSToken] = []
        flatten(values, into: &tokens)
        var p = CSSParser(tokens: tokens)
        return p.consumeDeclarations()
    }

    private init(tokens: [CSSToken]) { self.tokens = tokens }

    private static func flatten(_ values: [CSSComponentValue], into tokens: inout [CSSToken]) {
        for value in values {
            switch value {
            case .token(let token): tokens.append(token)
            case .function(let name, let arguments):
                tokens.append(.function(name))
                flatten(arguments, into: &tokens)
                tokens.append(.closeParen)
            case .block(let opening, let contents):
                tokens.append(opening)
                flatten(contents, into: &tokens)
                tokens.append(closer(opening))
            }
        }
    }

    /// §5.3.9 parse a component value.
    public static func parseComponentValue(_ css: String) -> Result<CSSComponentValue, CSSParseError> {
        var p = CSSParser(css)
        p.skipWhitespace()
        guard p.peek() != nil else { return .failure(.empty) }
        let v = p.consumeComponentValue(depth: 0)
        p.skipWhitespace()
        return p.peek() == nil ? .success(v) : .failure(.extraInput)
    }

    /// §5.3.10 parse a list of component values.
    public static func parseComponentValueList(_ css: String) -> [CSSComponentValue] {
        var p = CSSParser(css)
        var out: [CSSComponentValue] = []
        while p.peek() != nil { out.append(p.consumeComponentValue(depth: 0)) }
        return out
    }

    // MARK: Algorithms (§5.4)

    private func peek() -> CSSToken? { pos < tokens.count ? tokens[pos] : nil }
    private mutating func skipWhitespace() { while peek() == .whitespace { pos += 1 } }

    /// §5.4.1 consume a list of rules.
    private mutating func consumeRules(topLevel: Bool) -> [Result<CSSRule, CSSParseError>] {
        var rules: [Result<CSSRule, CSSParseError>] = []
        while let t = peek() {
            switch t {
            case .whitespace: pos += 1
            case .cdo where topLevel, .cdc where topLevel: pos += 1
            case .atKeyword:
                if let r = consumeAtRule() { rules.append(.success(r)) }
            default:
                if let r = consumeQualifiedRule() { rules.append(.success(r)) } else { rules.append(.failure(.invalid)) }
            }
        }
        return rules
    }

    /// §5.4.2 consume an at-rule (the current token is the at-keyword).
    private mutating func consumeAtRule() -> CSSRule? {
        guard case .atKeyword(let name)? = peek() else { return nil }
        pos += 1
        var prelude: [CSSComponentValue] = []
        while let t = peek() {
            if t == .semicolon { pos += 1; return .at(name: name, prelude: prelude, block: nil) }
            if t == .openCurly { return .at(name: name, prelude: prelude, block: consumeBlockContents(depth: 0)) }
            prelude.append(consumeComponentValue(depth: 0))
        }
        return .at(name: name, prelude: prelude, block: nil)
    }

    /// §5.4.3 consume a qualified rule; nil (a parse error) at EOF before the block.
    private mutating func consumeQualifiedRule() -> CSSRule? {
        var prelude: [CSSComponentValue] = []
        while let t = peek() {
            if t == .openCurly { return .qualified(prelude: prelude, block: consumeBlockContents(depth: 0)) }
            prelude.append(consumeComponentValue(depth: 0))
        }
        return nil
    }

    /// §5.4.5 consume a list of declarations (2013 draft).
    private mutating func consumeDeclarations() -> [Result<CSSDeclarationListItem, CSSParseError>] {
        var out: [Result<CSSDeclarationListItem, CSSParseError>] = []
        while let t = peek() {
            switch t {
            case .whitespace, .semicolon: pos += 1
            case .atKeyword:
                if let r = consumeAtRule() { out.append(.success(.rule(r))) }
            case .ident:
                if let d = consumeDeclaration(until: .semicolon) { out.append(.success(.declaration(d))) } else { out.append(.failure(.invalid)) }
            default:
                out.append(.failure(.invalid))
                while let u = peek(), u != .semicolon { _ = consumeComponentValue(depth: 0) }
            }
        }
        return out
    }

    /// §5.4.6 consume a declaration: from the ident to `stop` (not consumed) or EOF.
    private mutating func consumeDeclaration(until stop: CSSToken?) -> CSSDeclaration? {
        guard case .ident(let name)? = peek() else { return nil }
        pos += 1
        skipWhitespace()
        let ok = peek() == .colon
        if ok { pos += 1 }
        var value: [CSSComponentValue] = []
        while let t = peek(), t != stop { value.append(consumeComponentValue(depth: 0)) }
        guard ok else { return nil }
        // The last two non-whitespace values `!` `important` set the flag and are removed.
        var important = false
        let nonWS = value.indices.filter { value[$0] != .token(.whitespace) }
        if nonWS.count >= 2, value[nonWS[nonWS.count - 2]] == .token(.delim("!")),
           case .token(.ident(let word)) = value[nonWS[nonWS.count - 1]], CSSTokenizer.asciiLowercased(word) == "important" {
            important = true
            value.removeSubrange(nonWS[nonWS.count - 2]...)
        }
        return CSSDeclaration(name: name, value: value, important: important)
    }

    /// §5.4.7 consume a component value.
    private mutating func consumeComponentValue(depth: Int) -> CSSComponentValue {
        guard let t = peek() else { return .token(.whitespace) }
        switch t {
        case .openCurly, .openSquare, .openParen:
            return .block(opening: t, consumeBlockContents(depth: depth))
        case .function(let name):
            return .function(name: name, consumeBlockContents(depth: depth))
        default:
            pos += 1
            return .token(t)
        }
    }

    /// §5.4.8 consume a simple block / §5.4.9 consume a function: the current token opens it;
    /// returns its contents up to the matching closer or EOF.
    private mutating func consumeBlockContents(depth: Int) -> [CSSComponentValue] {
        guard let open = peek() else { return [] }
        pos += 1
        let close = Self.closer(open)
        var out: [CSSComponentValue] = []
        if depth >= Self.maxDepth { skipNested(close); return out }
        while let t = peek() {
            if t == close { pos += 1; return out }
            out.append(consumeComponentValue(depth: depth + 1))
        }
        return out
    }

    /// Consumes without recursion up to the token `close` that matches, tracking inner blocks.
    private mutating func skipNested(_ close: CSSToken) {
        var stack = [close]
        while let t = peek(), let expected = stack.last {
            pos += 1
            if t == expected { stack.removeLast() } else if Self.opens(t) { stack.append(Self.closer(t)) }
            if stack.isEmpty { return }
        }
    }

    private static func opens(_ t: CSSToken) -> Bool {
        switch t {
        case .openCurly, .openSquare, .openParen, .function: return true
        default: return false
        }
    }

    private static func closer(_ t: CSSToken) -> CSSToken {
        switch t {
        case .openCurly: return .closeCurly
        case .openSquare: return .closeSquare
        default: return .closeParen
        }
    }
}
