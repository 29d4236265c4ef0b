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
/// A token takes about 100 bytes while a sheet is tokenized and parsed
/// (CSS Syntax 3 §4 makes them all before the parser starts), so a dense
/// sheet of few rules (`a,a,a,…`, 8 MB held 900 MB) is bounded by its
/// tokens: 4 000 000 (some 400 MB; 2 MB of real CSS is some 600 000).
final class StyleSheetBudget {
    /// Bytes a page's sheets may hold: fetched ones in flight, as received,
    /// and every sheet's text, as UTF-8. A `var` for tests.
    static var maximumBytes = 32 << 20
    /// Rules a page's sheets may hold, grouping rules' children
    /// counted (`@media`, `@supports`, `@layer` blocks), as `bounds`
    /// counts them. A `var` for tests.
    static var maximumRules = 100_000
    /// Tokens a page's sheets may make, as `bounds` counts them. A `var` for tests.
    static var maximumTokens = 4_000_000

    private(set) var bytes = 0
    private(set) var rules = 0
    private(set) var tokens = 0

    /// What one admitted sheet took (given back when a `<style>` goes).
    struct Charge {
        let bytes: Int
        let rules: Int
        let tokens: Int
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
    /// counted before parsing (`bounds`): a sheet past the budget is
    /// never parsed (a 7.8 MB sheet of `a{}` takes 1.2 GB while it is).
    func admit(_ text: String, parse: (String) -> StyleSheet) -> StyleSheet? {
        admitCharged(text, parse: parse)?.sheet
    }

    /// `admit`, with what the sheet took.
    func admitCharged(_ text: String, parse: (String) -> StyleSheet) -> (sheet: StyleSheet, charge: Charge)? {
        let bound = StyleSheetBudget.bounds(text)
        let charge = Charge(bytes: text.utf8.count, rules: bound.rules, tokens: bound.tokens)
        guard charge.bytes <= StyleSheetBudget.maximumBytes - bytes, charge.rules <= StyleSheetBudget.maximumRules - rules,
              charge.tokens <= StyleSheetBudget.maximumTokens - tokens else { return nil }
        bytes += charge.bytes
        rules += charge.rules
        tokens += charge.tokens
        return (parse(text), charge)
    }

    /// Gives back what a sheet took.
    func release(_ charge: Charge) {
        bytes = max(0, bytes - charge.bytes)
        rules = max(0, rules - charge.rules)
        tokens = max(0, tokens - charge.tokens)
    }

    /// The console message for a sheet at `url` dropped for the budget.
    static func droppedMessage(_ url: String) -> String {
        "The style sheet '\(url)' was dropped: the page's style sheets passed their budget of "
            + "\(maximumBytes >> 20) MB, \(maximumRules) rules and \(maximumTokens) tokens."
    }

    /// At least as many rules and tokens as `text` parses to, read without
    /// parsing, on bytes (a sheet can be megabytes), in one pass. Rules: its
    /// `{` and `@` (CSS Syntax 3 §5.4: a qualified rule ends in a `{}`
    /// block, an at-rule starts with an at-keyword), grouping rules' children
    /// included. Tokens: each run of name bytes (letters, digits, `-`, `_`,
    /// non-ASCII), each run of whitespace and each other byte (§4.3: a token
    /// is a name-like run, a whitespace run, or starts at punctuation; a
    /// string or a comment counts more than the one token it makes).
    static func bounds(_ text: String) -> (rules: Int, tokens: Int) {
        // The kind of the byte before: 0 punctuation, 1 name, 2 whitespace.
        var rules = 0, tokens = 0, previous = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "@") { rules += 1 }
            let kind: Int
            if byte >= 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39) {
                kind = 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D {
                kind = 2
            } else {
                kind = 0
            }
            if kind == 0 || kind != previous { tokens += 1 }
            previous = kind
        }
        return (rules, tokens)
    }
}
