import TernCSS

/// What the style sheets of one page (`<style>`, `<link rel=stylesheet>`
/// and `@import`, its frames' links included, not the user's) may hold
/// together: their bytes (fetched ones as they arrive, then decoded) and
/// their rules. The sheet cap (`StyleSheetLoad.maximumSize`) bounds one
/// sheet; this bounds them all, whose count alone (`PageStyles.maximumLoads`)
/// would let a page hold gigabytes (issue 27 item 6). A sheet past the
/// budget is dropped before it is parsed, with a console message, as a
/// sheet that failed to load; the page renders with the sheets that fit.
///
/// The numbers are far above real pages' (a big site has a few MB of CSS
/// and some 10–30 thousand rules; an unpurged utility framework some 50
/// thousand); Chromium has no such budget. A parsed rule takes about 3 KB
/// here (250 000 short rules held some 735 MB), so the rule count bounds
/// the memory better than the bytes do: 100 000 rules, some 300 MB at worst.
final class StyleSheetBudget {
    /// Bytes a page's sheets may hold: fetched ones in flight, as received,
    /// and every sheet's text, as UTF-8. A `var` for tests.
    static var maximumBytes = 32 << 20
    /// Rules a page's sheets may hold, grouping rules' children
    /// counted (`@media`, `@supports`, `@layer` blocks), as `ruleBound`
    /// counts them. A `var` for tests.
    static var maximumRules = 100_000

    private(set) var bytes = 0
    private(set) var rules = 0

    /// What one admitted sheet took (given back when a `<style>` goes).
    struct Charge {
        let bytes: Int
        let rules: Int
    }

    /// Takes `count` bytes; false (and nothing taken) when they do not fit.
    func reserve(bytes count: Int) -> Bool {
        guard count >= 0, count <= StyleSheetBudget.maximumBytes - bytes else { return false }
        bytes += count
        return true
    }

    /// Gives back `count` bytes taken with `reserve(bytes:)`.
    func release(bytes count: Int) {
        bytes = max(0, bytes - count)
    }

    /// The sheet `parse` makes of a fetched sheet's decoded `text`, when
    /// its bytes and its rules fit (and are taken); else nil. The rules are
    /// counted before parsing (`ruleBound`): a sheet past the budget is
    /// never parsed (a 7.8 MB sheet of `a{}` takes 1.2 GB while it is).
    func admit(_ text: String, parse: (String) -> StyleSheet) -> StyleSheet? {
        admitCharged(text, parse: parse)?.sheet
    }

    /// `admit`, with what the sheet took.
    func admitCharged(_ text: String, parse: (String) -> StyleSheet) -> (sheet: StyleSheet, charge: Charge)? {
        let charge = Charge(bytes: text.utf8.count, rules: StyleSheetBudget.ruleBound(text))
        guard charge.bytes <= StyleSheetBudget.maximumBytes - bytes, charge.rules <= StyleSheetBudget.maximumRules - rules else { return nil }
        bytes += charge.bytes
        rules += charge.rules
        return (parse(text), charge)
    }

    /// Gives back what a sheet took.
    func release(_ charge: Charge) {
        bytes = max(0, bytes - charge.bytes)
        rules = max(0, rules - charge.rules)
    }

    /// The console message for a sheet at `url` dropped for the budget.
    static func droppedMessage(_ url: String) -> String {
        "The style sheet '\(url)' was dropped: the page's style sheets passed their budget of "
            + "\(maximumBytes >> 20) MB and \(maximumRules) rules."
    }

    /// At least as many as the rules `text` parses to, grouping rules'
    /// children included, read without parsing: its `{` and `@` (CSS
    /// Syntax 3 §5.4: a qualified rule ends in a `{}` block, an at-rule
    /// starts with an at-keyword), on bytes (a sheet can be megabytes).
    static func ruleBound(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "@") { count += 1 }
        return count
    }
}
