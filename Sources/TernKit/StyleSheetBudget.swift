import TernCSS

/// What the style sheets one page fetches (`<link rel=stylesheet>` and
/// `@import`, the page's, not the user's) may hold together: their bytes
/// (as they arrive, then decoded) and their parsed rules. The sheet cap
/// (`StyleSheetLoad.maximumSize`) bounds one sheet; this bounds them all,
/// whose count alone (`PageStyles.maximumLoads`) would let a page hold
/// gigabytes (issue 27 item 6). A sheet past the budget is dropped, with
/// a console message, as a sheet that failed to load; the page renders
/// with the sheets that fit.
///
/// The numbers are far above real pages' (a big site has a few MB of CSS
/// and some 10–30 thousand rules; an unpurged utility framework some 50
/// thousand); Chromium has no such budget. A parsed rule takes about 3 KB
/// here (250 000 short rules held some 735 MB), so the rule count bounds
/// the memory better than the bytes do: 100 000 rules, some 300 MB at worst.
final class StyleSheetBudget {
    /// Bytes a page's fetched sheets may hold: those in flight, as
    /// received, and those arrived, as decoded UTF-8. A `var` for tests.
    static var maximumBytes = 32 << 20
    /// Rules a page's fetched sheets may hold, grouping rules' children
    /// counted (`@media`, `@supports`, `@layer` blocks). A `var` for tests.
    static var maximumRules = 100_000

    private(set) var bytes = 0
    private(set) var rules = 0

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
    /// the text and then the sheet's rules fit (and are taken); else nil.
    func admit(_ text: String, parse: (String) -> StyleSheet) -> StyleSheet? {
        let size = text.utf8.count
        guard reserve(bytes: size) else { return nil }
        let sheet = parse(text)
        guard reserveRules(of: sheet.rules) else {
            release(bytes: size)
            return nil
        }
        return sheet
    }

    /// The console message for a sheet at `url` dropped for the budget.
    static func droppedMessage(_ url: String) -> String {
        "The style sheet '\(url)' was dropped: the page's style sheets passed their budget of "
            + "\(maximumBytes >> 20) MB and \(maximumRules) rules."
    }

    /// Takes the rules of `ruleList` (counted deep); false when they do not fit.
    private func reserveRules(of ruleList: [StyleSheetRule]) -> Bool {
        var count = 0
        var pending = [ruleList[...]]
        while let rules = pending.popLast() {
            count += rules.count
            guard count <= StyleSheetBudget.maximumRules - self.rules else { return false }
            for rule in rules { if let children = rule.childRules { pending.append(children[...]) } }
        }
        rules += count
        return true
    }
}
