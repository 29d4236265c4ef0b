import TernKit
import TernTerminal

/// The part of a rendered page on the screen: where it is scrolled to, which
/// link or control has the focus, and what a search found. Draws only the
/// visible lines, so scrolling costs the same on any page size.
struct PageViewport {
    private(set) var page = PageLayout()
    private(set) var targets: [FocusTarget] = []
    /// The first line shown.
    private(set) var top = 0
    /// The first display column shown (for wide `pre` text).
    private(set) var left = 0
    /// Rows available to the page.
    var height = 1
    var width = 80
    /// Index into `targets`.
    private(set) var focus: Int?
    private(set) var search = PageSearch()

    // MARK: Page

    /// Shows a new layout of the same document (more of it parsed, a script
    /// changed it, a new width): the focus stays on its element, and with
    /// `keepingTextPosition` the reader stays at the same place in the text.
    mutating func update(_ newPage: PageLayout, keepingTextPosition: Bool) {
        let focusedElement = focusedTarget?.element
        let position = keepingTextPosition ? textOffset(ofLine: top) : nil
        page = newPage
        targets = FocusTarget.targets(of: newPage)
        focus = focusedElement.flatMap { element in targets.firstIndex { $0.element == element } }
        search.refresh(in: newPage.lines)
        if let position { top = line(atTextOffset: position) }
        clampScroll()
    }

    /// Shows a new document: no focus, no search, at `line`.
    mutating func show(_ newPage: PageLayout, atLine line: Int) {
        page = newPage
        targets = FocusTarget.targets(of: newPage)
        focus = nil
        search = PageSearch()
        left = 0
        top = line
        clampScroll()
    }

    /// Characters (not counting spaces) before `line`: a measure of a place in
    /// the text that survives rewrapping.
    private func textOffset(ofLine line: Int) -> Int {
        var count = 0
        for index in 0..<min(line, page.lines.count) { count += Self.significantCount(page.lines[index]) }
        return count
    }

    /// The line holding the character at `offset` (as counted by `textOffset`).
    private func line(atTextOffset offset: Int) -> Int {
        var count = 0
        for (index, line) in page.lines.enumerated() {
            count += Self.significantCount(line)
            if count > offset { return index }
        }
        return page.lines.count
    }

    private static func significantCount(_ line: Line) -> Int {
        var count = 0
        for run in line.runs { for byte in run.text.utf8 where byte != 0x20 { count += 1 } }
        return count
    }

    // MARK: Scrolling

    var lastTop: Int { max(0, page.lines.count - height) }

    mutating func scroll(by lines: Int) {
        top += lines
        clampScroll()
    }

    mutating func scroll(to line: Int) {
        top = line
        clampScroll()
    }

    mutating func scrollSideways(by columns: Int) {
        left = max(0, left + columns)
    }

    private mutating func clampScroll() {
        top = max(0, min(top, lastTop))
    }

    // MARK: Focus

    var focusedTarget: FocusTarget? { focus.map { targets[$0] } }
    /// How many links and form controls can take the focus.
    var targetCount: Int { targets.count }

    /// Moves the focus to the next (or previous) target, starting from the
    /// screen when nothing is focused, and scrolls it into view.
    mutating func moveFocus(forward: Bool) {
        guard !targets.isEmpty else { return }
        if let focus {
            self.focus = forward ? (focus + 1) % targets.count : (focus - 1 + targets.count) % targets.count
        } else if forward {
            self.focus = targets.firstIndex { $0.regions[0].line >= top } ?? 0
        } else {
            self.focus = targets.lastIndex { $0.regions[0].line < top + height } ?? targets.count - 1
        }
        revealFocus()
    }

    /// Focuses the target of `element` and shows it; false when it is not
    /// a link or control of the page as laid out.
    mutating func focus(on element: PageElement) -> Bool {
        guard let index = targets.firstIndex(where: { $0.element == element }) else { return false }
        setFocus(index)
        return true
    }

    mutating func setFocus(_ index: Int?) {
        focus = index.flatMap { targets.indices.contains($0) ? $0 : nil }
        revealFocus()
    }

    /// The target drawn at a screen position of the viewport (row 0 = its top).
    func target(atRow row: Int, column: Int) -> Int? {
        let line = top + row, column = left + column
        return targets.firstIndex { target in
            target.regions.contains { $0.line == line && $0.columns.contains(column) }
        }
    }

    private mutating func revealFocus() {
        guard let target = focusedTarget else { return }
        reveal(line: target.regions[0].line, columns: target.regions[0].columns)
    }

    /// Scrolls the least that shows `line` (and `columns` sideways).
    private mutating func reveal(line: Int, columns: Range<Int>) {
        if line < top || line >= top + height { top = line - height / 3 }
        clampScroll()
        if columns.upperBound > left + width { left = max(0, columns.upperBound - width) }
        if columns.lowerBound < left { left = columns.lowerBound }
    }

    // MARK: Search

    /// Searches for `query` and shows the first match after the top line
    /// (before it, going backwards). False when nothing matches.
    mutating func find(_ query: String, forward: Bool = true) -> Bool {
        search = PageSearch(query: query, lines: page.lines)
        guard search.select(from: TextRegion(line: top, columns: 0..<0), forward: forward) else { return false }
        revealMatch()
        return true
    }

    /// The next (or previous) match, wrapping around. False when nothing matches.
    mutating func findNext(forward: Bool) -> Bool {
        guard search.step(forward: forward) else { return false }
        revealMatch()
        return true
    }

    var searchQuery: String? { search.query.isEmpty ? nil : search.query }

    private mutating func revealMatch() {
        guard let match = search.current else { return }
        reveal(line: match.line, columns: match.columns)
    }

    // MARK: Drawing

    /// Draws the visible lines into `terminal` from `row`.
    func draw(on terminal: Terminal, atRow row: Int) {
        let focused = focusedTarget
        for screenRow in 0..<height {
            let index = top + screenRow
            let y = row + screenRow
            guard index < page.lines.count else { continue }
            drawLine(page.lines[index], index: index, on: terminal, row: y, focused: focused)
        }
    }

    private func drawLine(_ line: Line, index: Int, on terminal: Terminal, row: Int, focused: FocusTarget?) {
        var column = 0
        for run in line.runs {
            let start = column
            column += run.width
            guard column > left, start < left + width else { continue }
            var style = run.style
            if let focused, focused.kind == run.link.map(FocusTarget.Kind.link) || focused.kind == run.control.map(FocusTarget.Kind.control) {
                style.insert(.focused)
            }
            let visibleStart = max(start, left)
            let text = start >= left && column <= left + width
                ? run.text
                : DisplayWidth.slice(run.text, from: visibleStart - start, columns: min(column, left + width) - visibleStart)
            terminal.put(text, row: row, column: visibleStart - left, style: Theme.cell(for: style, color: run.color, background: run.background),
                         maxColumns: left + width - visibleStart)
        }
        for match in search.matches(onLine: index) {
            let start = max(match.columns.lowerBound, left), end = min(match.columns.upperBound, left + width)
            guard start < end else { continue }
            let text = DisplayWidth.slice(line.text, from: start, columns: end - start)
            terminal.put(text, row: row, column: start - left, style: Theme.searchMatch)
        }
    }
}
