/// The grammars of the longhands a terminal has no use for (backgrounds'
/// images, outlines, tables, cursors, spacing, stacking, pagination): they
/// are parsed so that a page's declarations of them are valid (CSSOM and
/// `@supports` see them) and stored nowhere.
extension CSSPropertyTable {
    /// Whether `words` (the value without whitespace) is valid for the inert longhand `property`.
    static func isValidInert(_ property: CSSProperty, _ words: [CSSComponentValue], _ lengths: CSSLengthParser.Context) -> Bool {
        guard let first = words.first else { return false }
        let single = words.count == 1
        switch property {
        case .backgroundImage:
            // CSS Backgrounds 3 §3.3: <bg-image>#.
            return commaList(words) { $0.count == 1 && ($0[0].keyword == "none" || isImage($0[0])) }
        case .backgroundPosition:
            return commaList(words) { isPosition($0, lengths) }
        case .backgroundRepeat:
            // §3.4 <repeat-style>: repeat-x | repeat-y | [repeat | space | round | no-repeat]{1,2}.
            return commaList(words) { layer in
                if layer.count == 1, let k = layer[0].keyword, k == "repeat-x" || k == "repeat-y" { return true }
                return (1...2).contains(layer.count) && layer.allSatisfy { ["repeat", "space", "round", "no-repeat"].contains($0.keyword ?? "") }
            }
        case .backgroundAttachment:
            return commaList(words) { $0.count == 1 && ["scroll", "fixed", "local"].contains($0[0].keyword ?? "") }
        case .borderSpacing:
            // CSS 2.1 §17.6.1: one or two non-negative lengths.
            return words.count <= 2 && words.allSatisfy { CSSLengthParser.length($0, lengths, percent: false, negative: false) != nil }
        case .letterSpacing, .wordSpacing:
            // CSS Text 3 §8.1, §8.2: normal | <length>.
            return single && (first.keyword == "normal" || CSSLengthParser.length(first, lengths, percent: false) != nil)
        case .outlineColor:
            // CSS UI 4 §3.4: auto | <color> (and the older `invert`).
            return single && (first.keyword == "auto" || first.keyword == "invert" || CSSColorParser.parse(first) != nil)
        case .outlineStyle:
            // §3.3: auto | <outline-line-style> (a border style other than hidden).
            return single && (first.keyword == "auto" || (first.keyword != "hidden" && borderStyle(first) != nil))
        case .outlineWidth:
            return single && borderWidth(first, lengths) != nil
        case .zIndex:
            // CSS 2.1 §9.9.1: auto | <integer>.
            return single && (first.keyword == "auto" || CSSLengthParser.integer(first) != nil)
        case .orphans, .widows:
            // CSS Fragmentation 3 §4.4: a positive integer.
            return single && (CSSLengthParser.integer(first).map { $0 >= 1 } ?? false)
        case .cursor:
            // CSS UI 4 §5.1: [<url> [<x> <y>]?,]* <cursor keyword>.
            guard let layers = words.commaGroups, let last = layers.last else { return false }
            let images = layers.dropLast().allSatisfy { layer in
                guard let image = layer.first, isImage(image), layer.count == 1 || layer.count == 3 else { return false }
                return layer.dropFirst().allSatisfy { CSSLengthParser.number($0) != nil }
            }
            return images && last.count == 1 && CSSPropertyTable.cursors.contains(last[0].keyword ?? "")
        default:
            guard single, let keyword = first.keyword, let keywords = CSSPropertyTable.inertKeywords[property] else { return false }
            return keywords.contains(keyword)
        }
    }

    /// A comma-separated list whose every item (without whitespace) passes `item`.
    private static func commaList(_ words: [CSSComponentValue], _ item: ([CSSComponentValue]) -> Bool) -> Bool {
        guard let layers = words.commaGroups else { return false }
        return layers.allSatisfy(item)
    }

    /// CSS Backgrounds 3 §3.6 <bg-position> (CSS Values 4 §8.3's <position>
    /// with three values allowed): one to four words.
    static func isPosition(_ words: [CSSComponentValue], _ lengths: CSSLengthParser.Context) -> Bool {
        func isOffset(_ word: CSSComponentValue) -> Bool { word.keyword == nil && CSSLengthParser.length(word, lengths) != nil }
        let horizontal: Set<String> = ["left", "right"], vertical: Set<String> = ["top", "bottom"]
        let keywords = words.map { $0.keyword }
        switch words.count {
        case 1:
            if let k = keywords[0] { return horizontal.contains(k) || vertical.contains(k) || k == "center" }
            return isOffset(words[0])
        case 2:
            // [left | center | right | <offset>] [top | center | bottom | <offset>], or the keywords swapped.
            let x = keywords[0].map { horizontal.contains($0) || $0 == "center" } ?? isOffset(words[0])
            let y = keywords[1].map { vertical.contains($0) || $0 == "center" } ?? isOffset(words[1])
            if x && y { return true }
            guard let a = keywords[0], let b = keywords[1] else { return false }
            return (vertical.contains(a) || a == "center") && (horizontal.contains(b) || b == "center")
        case 3, 4:
            // Keywords each followed by an optional offset, one horizontal and one vertical (center takes none).
            var sides: [String] = []
            var index = 0
            while index < words.count {
                guard let k = keywords[index], horizontal.contains(k) || vertical.contains(k) || k == "center" else { return false }
                index += 1
                if index < words.count, isOffset(words[index]) {
                    guard k != "center" else { return false }
                    index += 1
                }
                sides.append(k)
            }
            guard sides.count == 2 else { return false }
            let isX = { (k: String) in horizontal.contains(k) }, isY = { (k: String) in vertical.contains(k) }
            return !(isX(sides[0]) && isX(sides[1])) && !(isY(sides[0]) && isY(sides[1]))
        default:
            return false
        }
    }

    /// The keyword-only inert longhands and their keywords.
    static let inertKeywords: [CSSProperty: Set<String>] = [
        .borderCollapse: ["collapse", "separate"],
        .captionSide: ["top", "bottom", "block-start", "block-end", "inline-start", "inline-end"],
        .clear: ["none", "left", "right", "both", "inline-start", "inline-end"],
        .direction: ["ltr", "rtl"],
        .emptyCells: ["show", "hide"],
        .tableLayout: ["auto", "fixed"],
        .unicodeBidi: ["normal", "embed", "isolate", "bidi-override", "isolate-override", "plaintext"],
        // CSS Fragmentation 3 §3.1's legacy page-break-* values.
        .pageBreakBefore: ["auto", "always", "avoid", "left", "right"],
        .pageBreakAfter: ["auto", "always", "avoid", "left", "right"],
        .pageBreakInside: ["auto", "avoid"],
    ]

    /// CSS UI 4 §5.1's cursor keywords.
    static let cursors: Set<String> = [
        "auto", "default", "none", "context-menu", "help", "pointer", "progress", "wait", "cell", "crosshair", "text",
        "vertical-text", "alias", "copy", "move", "no-drop", "not-allowed", "grab", "grabbing", "e-resize", "n-resize",
        "ne-resize", "nw-resize", "s-resize", "se-resize", "sw-resize", "w-resize", "ew-resize", "ns-resize",
        "nesw-resize", "nwse-resize", "col-resize", "row-resize", "all-scroll", "zoom-in", "zoom-out",
    ]
}
