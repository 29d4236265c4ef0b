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
            guard case .success(.declaration(let declaration)) = item else { continue }
            let name = propertyName(declaration.name)
            guard let value = parsedValue(property: name, trimmed(declaration.value)) else { continue }
            let parsed = Declaration(name: name, value: value, important: declaration.important)
            if let index = out.firstIndex(where: { $0.name == name }) {
                if out[index].important && !parsed.important { continue }
                out.remove(at: index)
            }
            out.append(parsed)
        }
        return out
    }

    /// CSSOM §6.6 setProperty step 5 ("parse a CSS value" for `property`):
    /// the serialised value, or nil when it is not valid for the property.
    static func parseValue(property: String, _ text: String) -> String? {
        parsedValue(property: property, trimmed(CSSParser.parseComponentValueList(text)))
    }

    /// The declaration block's serialisation (CSSOM §6.7.2, without
    /// shorthand recombination): `name: value;` joined by spaces.
    static func serialize(_ declarations: [Declaration]) -> String {
        declarations.map { "\($0.name): \($0.value)\($0.important ? " !important" : "");" }.joined(separator: " ")
    }

    /// A property name as CSSOM compares it: a custom property (`--x`) as
    /// written, any other ASCII-lowercased.
    static func propertyName(_ name: String) -> String {
        isCustomProperty(name) ? name : asciiLowercased(name)
    }

    static func isCustomProperty(_ name: String) -> Bool { name.hasPrefix("--") }

    /// Whether `name` is a supported CSS property (CSSOM: the IDL attributes a
    /// CSSStyleDeclaration has): a custom property, or one whose CSS-wide
    /// keyword `initial` Tern accepts (CSS Values 4 §7.3: every property
    /// takes it).
    static func isSupported(_ name: String) -> Bool {
        isCustomProperty(name) || StyleComputer.supports(property: name, value: [.token(.ident("initial"))])
    }

    private static func parsedValue(property: String, _ values: [CSSComponentValue]) -> String? {
        if isCustomProperty(property) { return CSSSerializer.serialize(values) }
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
