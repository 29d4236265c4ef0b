import TernDOM

/// Turns CSS Syntax 3 rules into the rule model of `StyleSheet`: each
/// at-rule by its grammar, each style rule's selector compiled by TernDOM.
struct StyleSheetParser {
    let resolveURL: ((String) -> String)?

    /// `@media`/`@supports`/`@layer` nested deeper than this are dropped
    /// (CSSParser already empties blocks deeper than `CSSParser.maxDepth`).
    static let maxNesting = 64

    /// A sheet's top-level rules. CSS Cascade 5 §2.1: `@import` only before
    /// every other valid rule except `@charset` and `@layer` statements; a
    /// later one is invalid and dropped.
    func topLevelRules(_ parsed: [CSSRule]) -> [StyleSheetRule] {
        var rules: [StyleSheetRule] = []
        rules.reserveCapacity(parsed.count)
        var importsAllowed = true
        for syntax in parsed {
            guard let rule = rule(syntax, depth: 0) else { continue }
            if case .import = rule, !importsAllowed { continue }
            if !StyleSheetParser.mayPrecedeImport(rule) { importsAllowed = false }
            rules.append(rule)
        }
        return rules
    }

    static func mayPrecedeImport(_ rule: StyleSheetRule) -> Bool {
        switch rule {
        case .import, .layerStatement: return true
        default: return false
        }
    }

    static func isNamespace(_ rule: StyleSheetRule) -> Bool {
        if case .other("namespace", _) = rule { return true }
        return false
    }

    /// At-rules whose grammar Tern knows but which add no style to elements.
    private static let ignoredAtRules: Set<String> = [
        "font-face", "keyframes", "-webkit-keyframes", "page", "namespace", "counter-style", "property",
        "font-feature-values", "font-palette-values", "viewport", "-ms-viewport", "container", "scope",
        "starting-style", "view-transition", "position-try",
    ]

    /// One rule, or nil when it is invalid (dropped).
    func rule(_ syntax: CSSRule, depth: Int) -> StyleSheetRule? {
        switch syntax {
        case .qualified(let prelude, let block):
            // Selectors 4 §3.1: an invalid selector makes the whole rule invalid.
            let text = CSSSerializer.serialize(StyleRule.trimmed(prelude))
            guard let selector = try? Selector.parse(text) else { return nil }
            let declarations = StyleRule.declarations(from: CSSParser.parseDeclarationList(block))
            return .style(StyleRule(selector: selector, declarations: declarations))
        case .at(let written, let prelude, let block):
            let name = CSSTokenizer.asciiLowercased(written)
            let prelude = StyleRule.trimmed(prelude)
            switch (name, block) {
            case ("media", let block?):
                guard depth < StyleSheetParser.maxNesting else { return nil }
                return .media(MediaQueryList(prelude), nested(block, depth: depth))
            case ("supports", let block?):
                guard depth < StyleSheetParser.maxNesting, let matches = SupportsCondition.evaluate(prelude) else { return nil }
                return .supports(condition: CSSSerializer.serialize(prelude), matches: matches, nested(block, depth: depth))
            case ("layer", nil):
                guard let names = StyleSheetParser.layerNames(prelude), !names.isEmpty else { return nil }
                return .layerStatement(names)
            case ("layer", let block?):
                guard depth < StyleSheetParser.maxNesting, let names = StyleSheetParser.layerNames(prelude), names.count <= 1 else { return nil }
                return .layerBlock(name: names.first, nested(block, depth: depth))
            case ("import", nil):
                return importRule(prelude).map { .import($0) }
            default:
                guard StyleSheetParser.ignoredAtRules.contains(name) else { return nil }  // @charset and unknown at-rules
                var text = "@" + CSSSerializer.identifier(name)
                if !prelude.isEmpty { text += " " + CSSSerializer.serialize(prelude) }
                text += block.map { " { " + CSSSerializer.serialize(StyleRule.trimmed($0)) + " }" } ?? ";"
                return .other(name: name, text: text)
            }
        }
    }

    private func nested(_ block: [CSSComponentValue], depth: Int) -> [StyleSheetRule] {
        StyleSheetParser.ruleList(block).compactMap { rule($0, depth: depth + 1) }
    }

    /// CSS Syntax 3 §5.4.1 consume a list of rules, over a block's contents
    /// already parsed into component values (not top-level: no CDO/CDC).
    static func ruleList(_ values: [CSSComponentValue]) -> [CSSRule] {
        var rules: [CSSRule] = []
        var index = 0
        while index < values.count {
            let value = values[index]
            index += 1
            switch value {
            case .token(.whitespace):
                continue
            case .token(.atKeyword(let name)):
                var prelude: [CSSComponentValue] = []
                var block: [CSSComponentValue]?
                while index < values.count {
                    let next = values[index]
                    index += 1
                    if next == .token(.semicolon) { break }
                    if case .block(.openCurly, let contents) = next { block = contents; break }
                    prelude.append(next)
                }
                rules.append(.at(name: name, prelude: prelude, block: block))
            default:
                // A qualified rule: its prelude runs to a {} block; none is a parse error (dropped).
                var prelude = [value]
                if case .block(.openCurly, let contents) = value {
                    rules.append(.qualified(prelude: [], block: contents))
                    continue
                }
                while index < values.count {
                    let next = values[index]
                    index += 1
                    if case .block(.openCurly, let contents) = next {
                        rules.append(.qualified(prelude: prelude, block: contents))
                        break
                    }
                    prelude.append(next)
                }
            }
        }
        return rules
    }

    /// CSS Cascade 5 §6.4: `<layer-name>#` (`a.b, c`), [] for an empty
    /// prelude (an anonymous layer); nil when invalid.
    static func layerNames(_ prelude: [CSSComponentValue]) -> [String]? {
        guard !prelude.isEmpty else { return [] }
        var names: [String] = []
        for part in prelude.split(separator: .token(.comma), omittingEmptySubsequences: false) {
            let tokens = StyleRule.trimmed(Array(part))
            var name = ""
            for (i, value) in tokens.enumerated() {
                switch value {
                case .token(.ident(let word)) where i % 2 == 0: name += CSSSerializer.identifier(word)
                case .token(.delim(".")) where i % 2 == 1: name += "."
                default: return nil
                }
            }
            guard tokens.count % 2 == 1 else { return nil }
            names.append(name)
        }
        return names
    }

    /// CSS Cascade 5 §2.1 `@import [<url> | <string>] [layer | layer(<name>)]? [supports(…)]? <media-query-list>?`.
    private func importRule(_ prelude: [CSSComponentValue]) -> ImportRule? {
        var values = prelude.filter { $0 != .token(.whitespace) }[...]
        let href: String
        switch values.first {
        case .token(.url(let url))?, .token(.string(let url))?: href = url
        case .function(let name, let arguments)? where CSSTokenizer.asciiLowercased(name) == "url":
            guard case .token(.string(let url))? = arguments.first(where: { $0 != .token(.whitespace) }) else { return nil }
            href = url
        default:
            return nil
        }
        values = values.dropFirst()
        var layer: String?
        switch values.first {
        case .token(.ident(let word))? where CSSTokenizer.asciiLowercased(word) == "layer":
            layer = ""
            values = values.dropFirst()
        case .function(let name, let arguments)? where CSSTokenizer.asciiLowercased(name) == "layer":
            guard let names = StyleSheetParser.layerNames(StyleRule.trimmed(arguments)), names.count == 1 else { return nil }
            layer = names[0]
            values = values.dropFirst()
        default:
            break
        }
        var supports: (text: String, matches: Bool)?
        if case .function(let name, let arguments)? = values.first, CSSTokenizer.asciiLowercased(name) == "supports" {
            supports = (CSSSerializer.serialize(StyleRule.trimmed(arguments)), SupportsCondition.evaluateImportCondition(arguments))
            values = values.dropFirst()
        }
        // The media list is the rest of the prelude as written.
        let mediaStart = prelude.count - StyleSheetParser.writtenLength(of: values, in: prelude)
        let mediaText = CSSSerializer.serialize(StyleRule.trimmed(Array(prelude[mediaStart...])))
        let rule = ImportRule(url: resolveURL?(href) ?? href, media: mediaText.isEmpty ? nil : mediaText)
        rule.href = href
        rule.layer = layer
        rule.supportsText = supports?.text
        rule.supportsMatches = supports?.matches ?? true
        return rule
    }

    /// How many values of `prelude` (counting whitespace) the last
    /// `rest.count` non-whitespace values span from the end.
    private static func writtenLength(of rest: ArraySlice<CSSComponentValue>, in prelude: [CSSComponentValue]) -> Int {
        guard !rest.isEmpty else { return 0 }
        var remaining = rest.count
        var length = 0
        for value in prelude.reversed() {
            length += 1
            if value != .token(.whitespace) {
                remaining -= 1
                if remaining == 0 { return length }
            }
        }
        return length
    }
}
