import TernCSS

/// The shorthands a CSSOM declaration block keeps as their longhands (CSSOM
/// §6.7: a block holds longhand declarations; setting a shorthand sets each
/// longhand, and a shorthand reads back from its longhands): the box edges,
/// borders, outline, overflow and list-style. Other shorthands, and any
/// value with `var()`, stay one declaration as written.
///
/// `border` also resets the border-image longhands (CSS Backgrounds 3
/// §4.4), which Tern does not otherwise support: it sets them to `initial`,
/// and reads back only where they still are (so a block of `border-width`,
/// `border-style` and `border-color` alone is not a `border`).
enum CSSOMShorthands {
    /// The longhands of `name`, in the order their values combine; nil for a
    /// longhand or a shorthand kept as written.
    static func longhands(of name: String) -> [String]? { table[name] }

    /// The table with its longhands numbered, made once: serialising a
    /// `style` attribute (which a script setting properties one by one does
    /// at each step) looks each declaration's name up once, then works on
    /// numbers.
    struct Numbered {
        /// Each longhand's number.
        let number: [String: Int]
        /// The shorthands: each name with its longhands' numbers, in the order their values combine.
        let shorthands: [(name: String, longhands: [Int])]
        /// By longhand number, the shorthands (indices in `shorthands`) that
        /// hold it, the one with most longhands first (§6.7.2's preferred order).
        let holding: [[Int]]
    }

    static let numbered: Numbered = {
        var number: [String: Int] = [:]
        for longhand in table.values.joined().sorted() where number[longhand] == nil { number[longhand] = number.count }
        // Most longhands first, then by name, so that the order is the same in every process.
        let names = table.keys.sorted { (table[$0]?.count ?? 0, $1) > (table[$1]?.count ?? 0, $0) }
        let shorthands = names.map { name in (name: name, longhands: (table[name] ?? []).compactMap { number[$0] }) }
        var holding = [[Int]](repeating: [], count: number.count)
        for (index, shorthand) in shorthands.enumerated() {
            for longhand in shorthand.longhands { holding[longhand].append(index) }
        }
        return Numbered(number: number, shorthands: shorthands, holding: holding)
    }()

    /// The longhand declarations `name: values` (a valid value) sets, or nil
    /// when `name` is not expanded here.
    static func expand(_ name: String, _ values: [CSSComponentValue]) -> [(name: String, value: String)]? {
        guard let longhands = table[name] else { return nil }
        let words = values.filter { $0 != .token(.whitespace) }
        if words.count == 1, case .token(.ident(let keyword)) = words[0], wideKeywords.contains(CSSOMDeclarations.asciiLowercased(keyword)) {
            return longhands.map { ($0, CSSOMDeclarations.asciiLowercased(keyword)) }
        }
        let texts = words.map { CSSSerializer.specifiedValue([$0]) }
        func valid(_ property: String, _ word: CSSComponentValue) -> Bool { StyleComputer.supports(property: property, value: [word]) }
        var out: [String]
        switch name {
        case "overflow":
            guard (1...2).contains(texts.count) else { return nil }
            out = [texts[0], texts.count > 1 ? texts[1] : texts[0]]
        case "outline", "list-style":
            // Each word goes to the first longhand (in table order) that takes it; the rest are initial.
            var assigned: [String?] = longhands.map { _ in nil }
            var nones = 0
            for (word, text) in zip(words, texts) {
                if name == "list-style", text == "none" { nones += 1; continue }
                guard let slot = longhands.indices.first(where: { assigned[$0] == nil && valid(longhands[$0], word) }) else { return nil }
                assigned[slot] = text
            }
            // CSS Lists 3 §4: `none` sets whichever of the image and the type the others do not.
            if nones > 0 { for slot in 1..<longhands.count where assigned[slot] == nil { assigned[slot] = "none" } }
            out = zip(assigned, initials[name] ?? []).map { $0 ?? $1 }
        case "border", "border-top", "border-right", "border-bottom", "border-left":
            var width: String?, style: String?, color: String?
            for (word, text) in zip(words, texts) {
                if style == nil, valid("border-top-style", word) { style = text } else if width == nil, valid("border-top-width", word) {
                    width = text
                } else if color == nil, valid("border-top-color", word) { color = text } else { return nil }
            }
            let side = [width ?? "medium", style ?? "none", color ?? "currentcolor"]
            out = name == "border" ? side.flatMap { Array(repeating: $0, count: 4) } + borderImage.map { _ in "initial" } : side
        default:
            // The box edges: top, right, bottom, left from one to four values (CSS Box 4 §3).
            guard (1...4).contains(texts.count) else { return nil }
            let top = texts[0], right = texts.count > 1 ? texts[1] : top
            let bottom = texts.count > 2 ? texts[2] : top, left = texts.count > 3 ? texts[3] : right
            out = [top, right, bottom, left]
        }
        return Array(zip(longhands, out))
    }

    /// The value of shorthand `name` from its longhands' values (in
    /// `longhands(of:)` order), or nil when they cannot combine (one is
    /// missing, CSS-wide keywords mixed with values, the sides differ).
    static func value(of name: String, from values: [String]) -> String? {
        guard let longhands = table[name], values.count == longhands.count, !values.contains("") else { return nil }
        if let first = values.first, wideKeywords.contains(first) { return values.allSatisfy { $0 == first } ? first : nil }
        if name == "border" {
            // One side's value, when all four sides are alike and border-image is as `border` left it.
            guard values[12...].allSatisfy({ $0 == "initial" }) else { return nil }
            let sides = (0..<4).map { [values[$0], values[4 + $0], values[8 + $0]] }
            guard sides.allSatisfy({ $0 == sides[0] }) else { return nil }
            return value(of: "border-top", from: sides[0])
        }
        guard !values.contains(where: { wideKeywords.contains($0) }) else { return nil }
        switch name {
        case "overflow":
            return values[0] == values[1] ? values[0] : values[0] + " " + values[1]
        case "outline", "list-style", "border-top", "border-right", "border-bottom", "border-left":
            return combined(name, values)
        default:
            let (top, right, bottom, left) = (values[0], values[1], values[2], values[3])
            if left != right { return [top, right, bottom, left].joined(separator: " ") }
            if bottom != top { return [top, right, bottom].joined(separator: " ") }
            return right != top ? top + " " + right : top
        }
    }

    /// The values that differ from their initial value, in the shorthand's
    /// order (at least the last, so that the value reads back).
    private static func combined(_ name: String, _ values: [String]) -> String {
        let initial = initials[name] ?? []
        let kept = zip(values, initial).filter { $0 != $1 }.map(\.0)
        return kept.isEmpty ? (name == "list-style" ? values[2] : "none") : kept.joined(separator: " ")
    }

    private static let borderImage = ["border-image-source", "border-image-slice", "border-image-width", "border-image-outset", "border-image-repeat"]

    private static let wideKeywords: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer"]

    private static let initials: [String: [String]] = {
        let side = ["medium", "none", "currentcolor"]
        return ["outline": ["auto", "none", "medium"], "list-style": ["outside", "none", "disc"],
                "border-top": side, "border-right": side, "border-bottom": side, "border-left": side]
    }()

    private static let table: [String: [String]] = {
        let sides = ["top", "right", "bottom", "left"]
        var table: [String: [String]] = [
            "margin": sides.map { "margin-" + $0 }, "padding": sides.map { "padding-" + $0 }, "inset": sides,
            "overflow": ["overflow-x", "overflow-y"],
            // Read back as CSS UI 4 serialises it: colour, style, width.
            "outline": ["outline-color", "outline-style", "outline-width"],
            "list-style": ["list-style-position", "list-style-image", "list-style-type"],
        ]
        for part in ["width", "style", "color"] { table["border-" + part] = sides.map { "border-\($0)-" + part } }
        for side in sides { table["border-" + side] = ["width", "style", "color"].map { "border-\(side)-" + $0 } }
        table["border"] = ["width", "style", "color"].flatMap { part in sides.map { "border-\($0)-" + part } } + borderImage
        table["border-image"] = borderImage
        return table
    }()
}
