import TernKit
import TernTerminal

/// The part of a rendered page on the screen: where it is scrolled to, which
/// link or control has the focus, and what a search found. Draws only the
/// visible lines, so scrolling costs the same on any page size.
///
/// A page's layer (a modal dialog, a fixed overlay: `PageLayout.layers`)
/// is drawn in a frame over the page, dimmed behind it, where the person
/// looks: a modal dialog in the middle, an overlay from the top. While it
/// is open the focus and the scroll keys stay in it (the page behind is
/// inert or covered); Esc puts an overlay away (`dismissLayer`), and its
/// lines are then read after the page's.
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
    /// The layer drawn over the page (the last of `page.layers`), nil for none.
    private(set) var layer: PageLayer?
    /// The first line of the layer shown (a layer taller than the screen scrolls).
    private var layerTop = 0
    /// Esc put the page's layers away: they are read as the rest of the page.
    /// The page showing another set of layers (a count, or a modal) shows them again.
    private var dismissedLayers: (count: Int, modal: Bool)?
    /// The line quick navigation last went to (a heading, a landmark): the
    /// next one, and Tab, go on from there while it is on the screen.
    private var cursorLine: Int?

    // MARK: Page

    /// Shows a new layout of the same document (more of it parsed, a script
    /// changed it, a new width): the focus stays on its element, and with
    /// `keepingTextPosition` the reader stays at the same place in the text.
    mutating func update(_ newPage: PageLayout, keepingTextPosition: Bool) {
        let focusedElement = focusedTarget?.element
        let position = keepingTextPosition ? textOffset(ofLine: top) : nil
        page = newPage
        let shownLayer = layer
        openLayer()
        if layer?.isModal != shownLayer?.isModal || layer?.lines.count != shownLayer?.lines.count { layerTop = 0 }
        focus = focusedElement.flatMap { element in targets.firstIndex { $0.element == element } }
        search.refresh(in: newPage.lines)
        if let position { top = line(atTextOffset: position) }
        clampScroll()
    }

    /// Shows a new document: no focus, no search, at `line`.
    mutating func show(_ newPage: PageLayout, atLine line: Int) {
        page = newPage
        dismissedLayers = nil
        cursorLine = nil
        openLayer()
        layerTop = 0
        focus = nil
        search = PageSearch()
        left = 0
        top = line
        clampScroll()
    }

    // MARK: Layers

    /// Takes the page's top layer unless the person put the layers away,
    /// and the targets the focus can reach: the layer's only, while it is open.
    private mutating func openLayer() {
        let layers = page.layers
        if let dismissed = dismissedLayers, dismissed.count != layers.count || dismissed.modal != (layers.last?.isModal ?? false) {
            dismissedLayers = nil
        }
        layer = dismissedLayers == nil ? layers.last : nil
        targets = FocusTarget.targets(of: page)
        if let layer { targets.removeAll { !layer.lines.contains($0.regions[0].line) } }
    }

    /// Esc on an overlay: the layers are put away (the page's own Esc,
    /// a modal dialog's close request, comes first). False when none is open.
    mutating func dismissLayer() -> Bool {
        guard layer != nil else { return false }
        let focusedElement = focusedTarget?.element
        dismissedLayers = (page.layers.count, page.layers.last?.isModal ?? false)
        openLayer()
        focus = focusedElement.flatMap { element in targets.firstIndex { $0.element == element } }
        clampScroll()
        return true
    }

    /// Where the open layer's frame is on the viewport (its border
    /// included): as wide as its widest line and a space on each side, as
    /// tall as its lines; a modal dialog in the middle, an overlay at the top.
    private func layerFrame(_ layer: PageLayer) -> (top: Int, left: Int, width: Int, height: Int) {
        var widest = 1
        for index in layer.lines where index < page.lines.count {
            widest = max(widest, Self.trimmedWidth(page.lines[index]))
        }
        let frameWidth = min(width, widest + PageLayer.inset)
        let frameHeight = min(height, layer.lines.count + 2)
        let top = layer.isModal ? (height - frameHeight) / 2 : 0
        return (top, max(0, (width - frameWidth) / 2), frameWidth, frameHeight)
    }

    /// A line's width without its trailing spaces.
    private static func trimmedWidth(_ line: Line) -> Int {
        var width = 0, column = 0
        for run in line.runs {
            column += run.width
            if run.text.contains(where: { $0 != " " }) { width = column }
        }
        return width
    }

    /// The viewport position (row 0 = its top) of a region of the page: in
    /// the open layer's frame for a line of the layer; nil when not shown.
    func screenPosition(of region: TextRegion) -> (row: Int, column: Int)? {
        if let layer {
            guard layer.lines.contains(region.line) else { return nil }
            let frame = layerFrame(layer)
            let row = region.line - layer.lines.lowerBound - layerTop
            guard row >= 0, row < frame.height - 2 else { return nil }
            return (frame.top + 1 + row, frame.left + 2 + region.columns.lowerBound)
        }
        let row = region.line - top
        guard row >= 0, row < height else { return nil }
        return (row, region.columns.lowerBound - left)
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

    /// The page's lines read behind the open layer (all of them without one).
    private var pageLineCount: Int {
        guard layer != nil, let first = page.layers.first else { return page.lines.count }
        return max(0, first.lines.lowerBound - 1)
    }

    var lastTop: Int { max(0, pageLineCount - height) }

    /// Scrolls the page, or the open layer when it is taller than its frame.
    mutating func scroll(by lines: Int) {
        if let layer {
            layerTop = max(0, min(layerTop + lines, layer.lines.count - (layerFrame(layer).height - 2)))
            return
        }
        top += lines
        clampScroll()
    }

    mutating func scroll(to line: Int) {
        if let layer, layer.lines.contains(line) {
            layerTop = 0
            return scroll(by: line - layer.lines.lowerBound)
        }
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
    /// A focus scrolled off the screen (Home, a page down, a jump to a
    /// heading) is left: the next target is looked for from the screen,
    /// or from where quick navigation went.
    mutating func moveFocus(forward: Bool) {
        guard !targets.isEmpty else { return }
        if let focus, isShown(targets[focus].regions[0].line) {
            self.focus = forward ? (focus + 1) % targets.count : (focus - 1 + targets.count) % targets.count
        } else if forward {
            let line = shownCursorLine ?? firstShownLine
            self.focus = targets.firstIndex { $0.regions[0].line >= line } ?? 0
        } else {
            let line = shownCursorLine ?? (firstShownLine + height)
            self.focus = targets.lastIndex { $0.regions[0].line < line } ?? targets.count - 1
        }
        cursorLine = nil
        revealFocus()
    }

    /// Focuses the next (or previous) form field after the reading place; false when there is none.
    mutating func moveFieldFocus(forward: Bool) -> Bool {
        func isField(_ index: Int) -> Bool { if case .control = targets[index].kind { true } else { false } }
        let next: Int?
        if let focus, isShown(targets[focus].regions[0].line) {
            next = forward ? targets.indices.first { $0 > focus && isField($0) } : targets.indices.last { $0 < focus && isField($0) }
        } else {
            let line = shownCursorLine ?? firstShownLine
            next = forward ? targets.indices.first { targets[$0].regions[0].line >= line && isField($0) }
                : targets.indices.last { targets[$0].regions[0].line < line && isField($0) }
        }
        guard let next else { return false }
        cursorLine = nil
        setFocus(next)
        return true
    }

    // MARK: Quick navigation

    /// The first line on the screen: the page's top, or the open layer's.
    private var firstShownLine: Int { layer.map { $0.lines.lowerBound + layerTop } ?? top }

    private var shownCursorLine: Int? { cursorLine.flatMap { isShown($0) ? $0 : nil } }

    /// Whether `line` is on the screen now.
    private func isShown(_ line: Int) -> Bool {
        screenPosition(of: TextRegion(line: line, columns: 0..<0)) != nil
    }

    /// Whether quick navigation can reach `line`: the open layer's, else the page's.
    func canReach(line: Int) -> Bool {
        layer.map { $0.lines.contains(line) } ?? (line < pageLineCount)
    }

    /// The next (or previous) of `lines` (in order) from where the reader
    /// is: the line quick navigation went to, the focus, or the screen's
    /// top (which itself counts, going forward).
    func next(of lines: [Int], forward: Bool) -> Int? {
        let focusLine = focusedTarget.map(\.regions[0].line).flatMap { isShown($0) ? $0 : nil }
        if let here = shownCursorLine ?? focusLine {
            return forward ? lines.firstIndex { $0 > here } : lines.lastIndex { $0 < here }
        }
        let here = firstShownLine
        return forward ? lines.firstIndex { $0 >= here } : lines.lastIndex { $0 < here }
    }

    /// Leaves the focused link or field (Esc on a field that keys type
    /// into): its line stays the reading place.
    mutating func leaveFocus() {
        guard let target = focusedTarget else { return }
        focus = nil
        cursorLine = target.regions[0].line
    }

    /// Goes to the page's first `main` landmark; false when it has none.
    mutating func jumpToMain() -> Bool {
        guard let main = page.outline.first(where: { $0.kind == .landmark(role: "main") && canReach(line: $0.line) }) else { return false }
        jump(toLine: main.line)
        return true
    }

    /// Shows `line` at the top of the screen (or of the open layer) and
    /// makes it the reading place: the focus is left, Tab goes on from there.
    mutating func jump(toLine line: Int) {
        scroll(to: line)
        cursorLine = line
        focus = nil
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
        var line = top + row, column = left + column
        if let layer {
            // Only the layer takes clicks: the page behind is inert or covered.
            let frame = layerFrame(layer)
            guard row > frame.top, row < frame.top + frame.height - 1 else { return nil }
            line = layer.lines.lowerBound + layerTop + row - frame.top - 1
            column = column - left - frame.left - 2
        }
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
        if let layer, layer.lines.contains(line) {
            let row = line - layer.lines.lowerBound, rows = layerFrame(layer).height - 2
            if row < layerTop || row >= layerTop + rows { scroll(by: row - layerTop - rows / 3) }
            return
        }
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

    /// "match 3 of 17" for the current match.
    var searchPosition: String? {
        guard let index = search.currentIndex else { return nil }
        return "match \(index + 1) of \(search.count)\(search.count >= PageSearch.limit ? "+" : "")"
    }

    /// Shows the current match; the link or field it falls in takes the
    /// focus (none when it is in neither), so that Enter follows it, as in lynx.
    private mutating func revealMatch() {
        guard let match = search.current else { return }
        cursorLine = nil
        focus = targets.firstIndex { target in
            target.regions.contains { $0.line == match.line && $0.columns.overlaps(match.columns) }
        }
        reveal(line: match.line, columns: match.columns)
    }

    // MARK: Drawing

    /// Draws the visible lines into `terminal` from `row`, and the open
    /// layer in its frame over them.
    func draw(on terminal: Terminal, atRow row: Int) {
        let focused = focusedTarget
        let behind = min(page.lines.count, pageLineCount)
        for screenRow in 0..<height {
            let index = top + screenRow
            guard index < behind else { continue }
            drawLine(page.lines[index], index: index, on: terminal, row: row + screenRow, at: 0, from: left, columns: width,
                     focused: focused, dim: layer != nil)
        }
        guard let layer else { return }
        let frame = layerFrame(layer)
        let inner = frame.width - 2
        let horizontal = String(repeating: "─", count: max(0, inner))
        terminal.put("┌" + horizontal + "┐", row: row + frame.top, column: frame.left, style: Theme.dialogFrame)
        for innerRow in 0..<max(0, frame.height - 2) {
            let y = row + frame.top + 1 + innerRow
            terminal.put("│", row: y, column: frame.left, style: Theme.dialogFrame)
            terminal.fill(row: y, column: frame.left + 1, count: inner, style: .plain)
            terminal.put("│", row: y, column: frame.left + frame.width - 1, style: Theme.dialogFrame)
            let index = layer.lines.lowerBound + layerTop + innerRow
            guard layer.lines.contains(index), index < page.lines.count else { continue }
            drawLine(page.lines[index], index: index, on: terminal, row: y, at: frame.left + 2, from: 0, columns: max(0, inner - 2),
                     focused: focused, dim: false)
        }
        terminal.put("└" + horizontal + "┘", row: row + frame.top + frame.height - 1, column: frame.left, style: Theme.dialogFrame)
    }

    /// Draws `columns` columns of a line, from its column `from`, at the
    /// screen column `x`.
    private func drawLine(_ line: Line, index: Int, on terminal: Terminal, row: Int, at x: Int, from left: Int, columns width: Int,
                          focused: FocusTarget?, dim: Bool) {
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
            var cell = Theme.cell(for: style, color: run.color, background: run.background)
            if dim { cell.dim = true }
            terminal.put(text, row: row, column: x + visibleStart - left, style: cell, maxColumns: left + width - visibleStart)
        }
        for match in search.matches(onLine: index) {
            let start = max(match.columns.lowerBound, left), end = min(match.columns.upperBound, left + width)
            guard start < end else { continue }
            let text = DisplayWidth.slice(line.text, from: start, columns: end - start)
            terminal.put(text, row: row, column: x + start - left, style: Theme.searchMatch)
        }
    }
}
