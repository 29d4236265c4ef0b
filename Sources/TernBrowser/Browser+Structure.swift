import TernKit

/// Quick navigation, as screen readers move through a page: by heading,
/// landmark, form field and table, to the main content, and through a menu
/// of the page's structure (elinks' document structure, read from the
/// accessibility roles: `PageLayout.outline`).
extension Browser {
    /// What a quick-navigation command moves between.
    enum OutlineStop {
        case heading, landmark, table

        func matches(_ kind: PageOutlineItem.Kind) -> Bool {
            switch (self, kind) {
            case (.heading, .heading), (.landmark, .landmark), (.table, .table): return true
            default: return false
            }
        }

        var plural: String {
            switch self {
            case .heading: return "headings"
            case .landmark: return "landmarks"
            case .table: return "tables"
            }
        }
    }

    /// Goes `times` headings (landmarks, tables) forward or back from the
    /// reading place, and says where it is.
    func move(to stop: OutlineStop, forward: Bool, times: Int) {
        let items = reachableOutline.filter { stop.matches($0.kind) }
        guard !items.isEmpty else { return show(message: "No \(stop.plural) on this page") }
        let lines = items.map(\.line)
        var found: Int?
        for _ in 0..<times {
            guard let index = tab.viewport.next(of: lines, forward: forward) else { break }
            found = index
            tab.viewport.jump(toLine: lines[index])
        }
        guard let found else {
            return show(message: "No \(forward ? "next" : "previous") \(String(stop.plural.dropLast())) (\(items.count) on this page)")
        }
        show(message: "\(Browser.describe(items[found])) (\(found + 1) of \(items.count))")
    }

    /// Focuses the next (previous) form field.
    func moveToField(forward: Bool, times: Int) {
        var moved = false
        for _ in 0..<times where tab.viewport.moveFieldFocus(forward: forward) { moved = true }
        if !moved { show(message: "No \(forward ? "next" : "previous") form field") }
    }

    /// Goes to the page's `main` landmark, or says it has none.
    @discardableResult
    func goToMain() -> Bool {
        guard tab.viewport.jumpToMain() else {
            show(message: "This page marks no main content (no <main> or role=main)")
            return false
        }
        show(message: "Main content")
        return true
    }

    /// The page's headings and landmarks as a menu; Enter goes to one.
    func showPageStructure() {
        let items = reachableOutline.filter { if case .table = $0.kind { false } else { true } }
        guard !items.isEmpty else { return show(message: "No headings or landmarks on this page") }
        let labels = items.map { item -> String in
            switch item.kind {
            case .heading(let level): return String(repeating: "  ", count: min(level, 6) - 1) + "h\(level) " + item.name
            case .landmark(let role): return "[\(role)]" + (item.name.isEmpty ? "" : " " + item.name)
            case .table: return ""
            }
        }
        let here = tab.viewport.top
        let selected = items.lastIndex { $0.line <= here } ?? 0
        present(MenuBox(title: "Page structure (Enter goes there)", items: labels, selected: selected) { [unowned self] chosen in
            guard let index = chosen?.first, items.indices.contains(index) else { return }
            tab.viewport.jump(toLine: items[index].line)
            tab.rememberScrollPosition()
            show(message: Browser.describe(items[index]))
        })
    }

    /// The outline items quick navigation can reach now (those of an open
    /// layer, while one is drawn over the page).
    private var reachableOutline: [PageOutlineItem] {
        tab.viewport.page.outline.filter { tab.viewport.canReach(line: $0.line) }
    }

    /// "Heading 2: Tuning", "navigation landmark: Site", "Table: Prices".
    static func describe(_ item: PageOutlineItem) -> String {
        let name = item.name.isEmpty ? "" : ": " + item.name
        switch item.kind {
        case .heading(let level): return "Heading \(level)" + name
        case .landmark(let role): return role.prefix(1).uppercased() + role.dropFirst() + " landmark" + name
        case .table: return "Table" + name
        }
    }
}
