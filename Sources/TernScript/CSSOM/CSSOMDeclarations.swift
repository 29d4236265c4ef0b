import TernCSS

/// The Swift half of CSSOM's CSSStyleDeclaration (CSSOM §6.6): parsing a
/// declaration block or one value, with what Tern supports deciding what is
/// valid (`StyleComputer.supports`), and serialising values back.
enum CSSOMDeclarations {
    struct Declaration: Equatable {
        var name: String
        var value: String
        var important: Bool
    }

    /// CSSOM §6.7 "parse a CSS declaration block": the declarations of
    /// `text` Tern accepts, in order; a property declared twice keeps its
    /// last declaration, unless an earlier one is `!important` and the later
    /// is not (the block's own cascade).
    static func parseBlock(_ text: String) -> [Declaration] {
        var out: [Declaration] = []
        for item in CSSParser.parseDeclarationList(text) {
            guard case .success(.declaration(let declaration)) = item,
                  let longhands = parse(property: propertyName(declaration.name), trimmed(declaration.value)) else { continue }
            for (name, value) in longhands {
                let parsed = Declaration(name: name, value: value, important: declaration.important)
                if let index = out.firstIndex(where: { $0.name.utf8.elementsEqual(name.utf8) }) {
                    if out[index].important && !parsed.important { continue }
                    out.remove(at: index)
                }
                out.append(parsed)
            }
        }
        return out
    }

    /// CSSOM §6.6 setProperty step 5 ("parse a CSS value" for `property`):
    /// the declarations it sets (a shorthand's longhands, CSSOMShorthands),
    /// or nil when the value is not valid for the property.
    static func parseValue(property: String, _ text: String) -> [(name: String, value: String)]? {
        parse(property: property, trimmed(CSSParser.parseComponentValueList(text)))
    }

    private static func parse(property: String, _ values: [CSSComponentValue]) -> [(name: String, value: String)]? {
        guard let value = parsedValue(property: property, values) else { return nil }
        // A value with var() is one pending-substitution declaration (CSS Variables 1 §3), kept as written.
        if !StyleComputer.containsVar(values), let longhands = CSSOMShorthands.expand(property, values) {
            return longhands
        }
        return [(property, value)]
    }

    /// §6.7.2 "serialize a CSS declaration block": each declaration in
    /// order, a shorthand in place of its longhands when all of them are
    /// there with one priority and their values combine.
    static func serialize(_ declarations: [Declaration]) -> String {
        let table = CSSOMShorthands.numbered
        var out: [String] = []
        func append(_ name: String, _ value: String, _ important: Bool) { out.append("\(name): \(value)\(important ? " !important" : "");") }
        let numbers = declarations.map { table.number[$0.name] }
        // By longhand number: the index of its first declaration (-1: none), and whether it is serialised.
        var firstIndex = [Int](repeating: -1, count: table.holding.count)
        var done = [Bool](repeating: false, count: table.holding.count)
        var doneOthers: Set<ExactString> = []
        for (index, number) in numbers.enumerated() {
            if let number, firstIndex[number] < 0 { firstIndex[number] = index }
        }
        for (declaration, number) in zip(declarations, numbers) {
            guard let number else {
                if doneOthers.insert(ExactString(declaration.name)).inserted { append(declaration.name, declaration.value, declaration.important) }
                continue
            }
            guard !done[number] else { continue }
            // The first shorthand whose longhands are all here, not yet serialised, with this priority, and combine.
            shorthands: for shorthand in table.holding[number].map({ table.shorthands[$0] }) {
                var values: [String] = []
                for longhand in shorthand.longhands {
                    let index = firstIndex[longhand]
                    guard index >= 0, !done[longhand], declarations[index].important == declaration.important else { continue shorthands }
                    values.append(declarations[index].value)
                }
                guard let value = CSSOMShorthands.value(of: shorthand.name, from: values) else { continue }
                append(shorthand.name, value, declaration.important)
                for longhand in shorthand.longhands { done[longhand] = true }
                break
            }
            if !done[number] {
                append(declaration.name, declaration.value, declaration.important)
                done[number] = true
            }
        }
        return out.joined(separator: " ")
    }

    /// §6.6 getPropertyValue of a shorthand: its value from the longhands of
    /// `declarations`, when all are there with one priority; nil otherwise.
    static func shorthandValue(_ shorthand: String, _ declarations: [Declaration]) -> String? {
        guard let names = CSSOMShorthands.longhands(of: shorthand) else { return nil }
        let found = names.compactMap { name in declarations.first { $0.name == name } }
        guard found.count == names.count, Set(found.map(\.important)).count == 1 else { return nil }
        return CSSOMShorthands.value(of: shorthand, from: found.map(\.value))
    }

    /// A property name as CSSOM compares it: a custom property (`--x`) as
    /// written, any other ASCII-lowercased.
    static func propertyName(_ name: String) -> String {
        isCustomProperty(name) ? name : asciiLowercased(name)
    }

    static func isCustomProperty(_ name: String) -> Bool { name.hasPrefix("--") }

    /// Whether `name` is a supported CSS property (CSSOM: the IDL attributes a
    /// CSSStyleDeclaration has): one whose CSS-wide keyword `initial` Tern
    /// accepts (CSS Values 4 §7.3: every property takes it), custom
    /// properties included (but not `--` alone, reserved).
    static func isSupported(_ name: String) -> Bool {
        StyleComputer.supports(property: name, value: [.token(.ident("initial"))])
    }

    private static func parsedValue(property: String, _ values: [CSSComponentValue]) -> String? {
        if isCustomProperty(property) { return StyleComputer.supports(property: property, value: values) ? CSSSerializer.serialize(values) : nil }
        guard !values.isEmpty else { return nil }
        // `supports` takes a value with var() as valid until computed-value time (CSS Variables 1 §3).
        return StyleComputer.supports(property: property, value: values) ? CSSSerializer.specifiedValue(values) : nil
    }

    /// `values` without leading and trailing whitespace.
    static func trimmed(_ values: [CSSComponentValue]) -> [CSSComponentValue] {
        var slice = values[...]
        while slice.first == .token(.whitespace) { slice = slice.dropFirst() }
        while slice.last == .token(.whitespace) { slice = slice.dropLast() }
        return Array(slice)
    }

    static func asciiLowercased(_ text: String) -> String { CSSComponentValue.asciiLowercased(text) }
}
