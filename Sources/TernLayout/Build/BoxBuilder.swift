import TernDOM

/// Walks a document once, in order, with an explicit stack (no recursion:
/// documents nest deeper than the call stack allows), and builds the flat
/// block flows layout breaks into lines. Registers links and controls in
/// reading order as it meets them.
final class BoxBuilder {
    /// Tables nested deeper than this are laid out as plain blocks.
    static let maxTableDepth = 8

    let document: Document
    let options: LayoutOptions
    let resolver: StyleResolver
    private(set) var links: [Link] = []
    private(set) var controls: [FormControl] = []
    /// The open link's text as UTF-8 (links do not nest: one buffer, reused).
    private var openLinkText: [UInt8] = []

    /// One flow being built: the page body, a table cell, a caption.
    struct FlowContext {
        var items: [FlowItem] = []
        var paragraph = Paragraph()
        var indent = 0
        var pendingMargin = 0
        var pendingMarker: Marker?
        var pendingAnchors: [String] = []
        /// `tables.count` when the flow began: more tables open means we are
        /// inside a table's structure, between its cells.
        var tableBase = 0
        /// Holds headings, lists or tables (a sign of a layout table).
        var complex = false
    }

    /// A table being built.
    final class TableBuilder {
        var rows: [[TableBox.Cell]] = []
        var footRows: [[TableBox.Cell]] = []
        var row: [TableBox.Cell]?
        var inFoot = false
        var caption: Flow?
        var hasHeader = false
        /// The `colspan` of each cell holding headings, lists, tables or
        /// several blocks.
        var complexSpans: [Int] = []
        var presentation = false
        var columns = 0

        /// Holds blocks a data table's cells would not: a sign of a layout
        /// table. A cell spanning the whole table (a Doxygen or Javadoc group
        /// heading, `<td colspan=2><h2>…`) is a section of a data table instead.
        var complex: Bool { complexSpans.contains { TableBuilder.span($0) < columns } }

        /// `colspan` as HTML's table model caps it (1 to 1000), so that sums cannot overflow.
        static func span(_ colspan: Int) -> Int { max(1, min(colspan, 1000)) }

        func endRow() {
            guard let row else { return }
            columns = max(columns, row.reduce(0) { $0 + TableBuilder.span($1.colspan) })
            if inFoot { footRows.append(row) } else { rows.append(row) }
            self.row = nil
        }
    }

    struct ListState {
        var ordered: Bool
        var kind: ListNumbering.Kind
        var next: Int
        var step: Int
        /// Columns from the list's indent to its items' text.
        var markerArea: Int
    }

    struct Actions: OptionSet {
        let rawValue: UInt32
        static let block = Actions(rawValue: 1 << 0)
        static let list = Actions(rawValue: 1 << 1)
        static let listItem = Actions(rawValue: 1 << 2)
        static let link = Actions(rawValue: 1 << 3)
        static let button = Actions(rawValue: 1 << 4)
        static let quote = Actions(rawValue: 1 << 5)
        static let table = Actions(rawValue: 1 << 6)
        static let row = Actions(rawValue: 1 << 7)
        static let cell = Actions(rawValue: 1 << 8)
        static let caption = Actions(rawValue: 1 << 9)
        static let foot = Actions(rawValue: 1 << 10)
        static let form = Actions(rawValue: 1 << 11)
        static let heading = Actions(rawValue: 1 << 12)
    }

    /// What an open element changed, to undo when it ends.
    struct Frame {
        var style: ComputedStyle
        var actions: Actions = []
        var savedIndent = 0
        var savedLink: Int32 = -1
        var savedControl: Int32 = -1
        var headingLevel = 0
        /// A `<details>` without `open`: only its first `<summary>` shows.
        var closedDetails = false
        var isDetails = false
        var detailsOpen = false
        var summarySeen = false
        var colspan = 1
        var rowspan = 1
        var header = false
    }

    private var flow = FlowContext()
    private var savedFlows: [FlowContext] = []
    private var tables: [TableBuilder] = []
    private var lists: [ListState] = []
    private var listItemDepth = 0
    private var headingDepth = 0
    private var forms: [Node] = []
    private var frames: [Frame] = []
    private var linkIndex: Int32 = -1
    private var controlIndex: Int32 = -1
    /// The link whose `[n]` is still to be drawn before its first content.
    private var pendingLinkNumber: Int32 = -1
    private var attributes = RunAttributes()
    private var baseURL: String?

    init(document: Document, options: LayoutOptions) {
        self.document = document
        self.options = options
        self.resolver = StyleResolver(scriptingEnabled: options.scriptingEnabled)
    }

    // MARK: The walk

    func build() -> Flow {
        guard let root = document.documentElement else { return Flow() }
        findBase()
        root.traverse(entering: { enter($0) }, text: { text($0) }, leaving: { exit() })
        while !frames.isEmpty { exit() }
        flushParagraph()
        finishFlow()
        if linkIndex >= 0 { finishLinkText(Int(linkIndex)) }
        let items = flow.items
        flow = FlowContext() // the caller's Flow is then the only owner of the items
        return Flow(items: items)
    }

    private var parentStyle: ComputedStyle {
        if let top = frames.last { return top.style }
        var style = ComputedStyle()
        style.display = .block
        return style
    }

    private func updateAttributes() {
        let style = parentStyle
        var bits: UInt16 = 0
        if style.bold { bits |= Style.bold.rawValue }
        if style.italic { bits |= Style.italic.rawValue }
        if style.underline { bits |= Style.underline.rawValue }
        if style.reverse { bits |= Style.reverse.rawValue }
        if headingDepth > 0 { bits |= Style.heading.rawValue }
        if linkIndex >= 0 { bits |= Style.link.rawValue }
        if controlIndex >= 0 { bits |= Style.formControl.rawValue }
        let s = Style(rawValue: bits)
        attributes = RunAttributes(style: s, color: style.color, link: linkIndex, control: controlIndex)
    }

    /// Starts an element; returns whether to walk its children (a frame was pushed).
    private func enter(_ node: Node) -> Bool {
        let tag = node.name
        if let top = frames.last, top.closedDetails {
            guard tag == "summary", !top.summarySeen else { return false }
            frames[frames.count - 1].summarySeen = true
        }
        var (style, role) = resolver.resolve(node, tag: tag, parent: parentStyle)
        if case .input = role, node.attribute("type")?.lowercased() == "hidden" {
            addControl(.hidden, node: node, value: node.attribute("value") ?? "")
            return false
        }
        if style.display == .none { return false }
        if case .base = role { return false }

        let inTableStructure = tables.count > flow.tableBase
        if role == .table && tables.count >= BoxBuilder.maxTableDepth { style.display = .block }
        switch style.display {
        case .tableRow, .tableCell, .tableCaption, .tableRowGroup, .tableHeaderGroup, .tableFooterGroup:
            if !inTableStructure { style.display = .block }
        case .tableColumn:
            return false
        case .block, .listItem:
            if inTableStructure { style.display = .inline }
        default:
            break
        }

        if case .list = role, !lists.isEmpty {
            // Lists inside lists take no blank lines.
            style.marginTop = 0
            style.marginBottom = 0
        }
        var frame = Frame(style: style)
        frame.savedIndent = flow.indent
        frame.savedLink = linkIndex
        frame.savedControl = controlIndex

        switch style.display {
        case .block, .listItem:
            beginBlock(style, &frame)
        case .table:
            if inTableStructure {
                break
            }
            beginBlock(style, &frame)
            let table = TableBuilder()
            let aria = node.attribute("role")?.lowercased()
            table.presentation = aria == "presentation" || aria == "none"
            tables.append(table)
            frame.actions.insert(.table)
        case .tableRowGroup, .tableHeaderGroup, .tableFooterGroup:
            guard let table = tables.last else { break }
            table.endRow()
            if style.display == .tableHeaderGroup { table.hasHeader = true }
            if style.display == .tableFooterGroup {
                table.inFoot = true
                frame.actions.insert(.foot)
            }
        case .tableRow:
            tables.last?.endRow()
            tables.last?.row = []
            frame.actions.insert(.row)
        case .tableCell:
            guard let table = tables.last else { break }
            if table.row == nil { table.row = [] }
            if case .cell(let header) = role, header {
                frame.header = true
                table.hasHeader = true
            }
            if node.hasAttributes {
                frame.colspan = Int(node.attribute("colspan")?.trimmingSpaces ?? "") ?? 1
                frame.rowspan = Int(node.attribute("rowspan")?.trimmingSpaces ?? "") ?? 1
            }
            beginFlow()
            frame.actions.insert(.cell)
        case .tableCaption:
            beginFlow()
            frame.actions.insert(.caption)
        default:
            break
        }

        if node.hasAttributes, let id = node.attribute("id"), !id.isEmpty { addAnchor(id) }

        switch role {
        case .anchor:
            if let name = node.attribute("name"), !name.isEmpty { addAnchor(name) }
            if linkIndex < 0, let href = node.attribute("href") {
                addLink(href, node: node)
                frame.actions.insert(.link)
            }
        case .image:
            let alt = node.attribute("alt")
            if let alt {
                let clean = TextNormalizer.clean(alt)
                if !clean.isEmpty { appendText("[" + clean + "]") }
            } else {
                appendText("[image]")
            }
            return false
        case .lineBreak:
            flushLinkNumber()
            flow.paragraph.appendBreak(attributes)
            separateLinkText()
            return false
        case .wordBreak:
            // libxml2 2.9 does not know <wbr> is void: what follows becomes
            // its children, so walk them.
            flow.paragraph.appendBreakOpportunity(attributes)
        case .rule:
            flushParagraph()
            emit(.rule)
            endBlock(frame)
            return false
        case .input:
            addInput(node)
            return false
        case .select:
            addSelect(node)
            return false
        case .textarea:
            addTextarea(node, frame: frame)
            return false
        case .button:
            let type = node.attribute("type")?.lowercased()
            let kind: FormControl.Kind = type == "reset" ? .reset : type == "button" ? .button : .submit
            addControl(kind, node: node, value: node.attribute("value") ?? "")
            controlIndex = Int32(controls.count - 1)
            updateAttributes()
            appendAtom("[", suppressSpaceAfter: true)
            frame.actions.insert(.button)
        case .frame:
            if let src = node.attribute("src") {
                let label = TextNormalizer.clean(node.attribute("title") ?? node.attribute("name") ?? "")
                // A link of its own, complete at once; a link around it goes on after it.
                let outer = (link: linkIndex, pendingNumber: pendingLinkNumber, text: openLinkText)
                addLink(src, node: node)
                appendText(tag + (label.isEmpty ? "" : ": " + label))
                finishLinkText(Int(linkIndex))
                (linkIndex, pendingLinkNumber, openLinkText) = outer
                updateAttributes()
            }
            if style.display == .block { endBlock(frame) }
            return false
        case .list(let ordered):
            beginList(node, ordered: ordered)
            frame.actions.insert(.list)
        case .listItem:
            beginListItem(node, &frame)
        case .heading(let level):
            headingDepth += 1
            frame.headingLevel = level
            frame.actions.insert(.heading)
            flow.complex = true
        case .preformatted:
            flow.paragraph.dropLeadingNewline = true
        case .quote:
            appendText("\u{201C}")
            frame.actions.insert(.quote)
        case .details:
            frame.isDetails = true
            frame.detailsOpen = node.hasAttribute("open")
            frame.closedDetails = !frame.detailsOpen
            if !node.children.contains(where: { $0.isElement("summary") }) {
                appendAtom(frame.detailsOpen ? "▾ " : "▸ ", suppressSpaceAfter: true)
                appendText("Details")
                flushParagraph()
            }
        case .summary:
            if let parent = frames.last, parent.isDetails {
                appendAtom(parent.detailsOpen ? "▾ " : "▸ ", suppressSpaceAfter: true)
            }
        case .form:
            forms.append(node)
            frame.actions.insert(.form)
        default:
            break
        }
        frames.append(frame)
        updateAttributes()
        return true
    }

    /// Ends the innermost open element.
    private func exit() {
        guard let frame = frames.last else { return }
        let actions = frame.actions
        if actions.contains(.quote) { appendText("\u{201D}") }
        if actions.contains(.button) { appendAtom("]") }
        if actions.contains(.link) {
            flushLinkNumber()
            if linkIndex >= 0 { finishLinkText(Int(linkIndex)) }
        }
        if actions.contains(.listItem) {
            flushParagraph()
            if flow.pendingMarker != nil { emit(.empty) }
            listItemDepth -= 1
        }
        if actions.contains(.heading) {
            flushParagraph(underline: frame.headingLevel == 1 ? "═" : frame.headingLevel == 2 ? "─" : nil)
            headingDepth -= 1
        }
        if actions.contains(.cell) || actions.contains(.caption) {
            flushParagraph()
            finishFlow()
            let done = flow
            flow = savedFlows.removeLast()
            if let table = tables.last {
                if actions.contains(.caption) {
                    table.caption = Flow(items: done.items)
                } else {
                    if table.row == nil { table.row = [] }
                    table.row!.append(TableBox.Cell(flow: Flow(items: done.items), colspan: frame.colspan,
                                                    rowspan: frame.rowspan, header: frame.header))
                    if done.complex || done.items.count >= 3 { table.complexSpans.append(frame.colspan) }
                }
            }
        }
        if actions.contains(.row) { tables.last?.endRow() }
        if actions.contains(.foot) {
            tables.last?.endRow()
            tables.last?.inFoot = false
        }
        if actions.contains(.table) { finishTable() }
        if actions.contains(.list) { lists.removeLast() }
        if actions.contains(.form) { forms.removeLast() }
        if actions.contains(.block) { endBlock(frame) }
        frames.removeLast()
        linkIndex = frame.savedLink
        controlIndex = frame.savedControl
        updateAttributes()
    }

    private func text(_ node: Node) {
        if let top = frames.last, top.closedDetails { return }
        // Read in place: no String is made for the common case.
        node.withTextContentUTF8 { bytes in
            if tables.count > flow.tableBase {
                // Between table cells only whitespace is expected; anything else
                // is shown (after the table), never lost.
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return }
            }
            if parentStyle.whiteSpace == .pre {
                if linkIndex >= 0 || pendingLinkNumber >= 0 { flushLinkNumber() }
                let before = flow.paragraph.text.count
                flow.paragraph.appendPreformatted(String(decoding: bytes, as: UTF8.self), attributes)
                recordLinkText(from: before)
            } else {
                appendText(utf8: bytes)
            }
        }
    }

    // MARK: Inline content

    /// `appendText` on valid UTF-8 bytes (a text node's, read in place).
    private func appendText(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if pendingLinkNumber >= 0 {
            // Any byte but HTML whitespace (non-ASCII included) starts content.
            for byte in bytes where !(byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C) {
                flushLinkNumber()
                break
            }
        }
        let before = flow.paragraph.text.count
        flow.paragraph.appendText(utf8: bytes, attributes)
        recordLinkText(from: before)
    }

    private func appendText(_ text: String) {
        if pendingLinkNumber >= 0 {
            for scalar in text.unicodeScalars where !(scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}") {
                flushLinkNumber()
                break
            }
        }
        let before = flow.paragraph.text.count
        flow.paragraph.appendText(text, attributes)
        recordLinkText(from: before)
    }

    private func appendAtom(_ text: String, suppressSpaceAfter: Bool = false) {
        flushLinkNumber()
        let before = flow.paragraph.text.count
        flow.paragraph.appendAtom(text, attributes)
        if suppressSpaceAfter { flow.paragraph.suppressSpace() }
        recordLinkText(from: before)
    }

    /// A link's text is complete when its element ends: kept as a String
    /// from then on.
    private func finishLinkText(_ index: Int) {
        guard !openLinkText.isEmpty else { return }
        if index < links.count { links[index].text = TextNormalizer.clean(String(decoding: openLinkText, as: UTF8.self)) }
        openLinkText.removeAll(keepingCapacity: true)
    }

    /// Hands the links and controls over: the page is then their only owner,
    /// and filling in their regions copies nothing.
    func takeLinksAndControls() -> (links: [Link], controls: [FormControl]) {
        defer {
            links = []
            controls = []
        }
        return (links, controls)
    }

    @inline(__always)
    private func recordLinkText(from start: Int) {
        guard linkIndex >= 0 else { return }
        flow.paragraph.text.withUnsafeBufferPointer { text in
            guard start < text.count else { return }
            openLinkText.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
        }
    }

    /// A line or block ends inside the open link: its words stay apart in
    /// the link's text (`clean` collapses what is doubled).
    private func separateLinkText() {
        if linkIndex >= 0, !openLinkText.isEmpty { openLinkText.append(0x20) }
    }

    /// Draws a link's `[n]` before its first content.
    private func flushLinkNumber() {
        guard pendingLinkNumber >= 0 else { return }
        let number = pendingLinkNumber
        pendingLinkNumber = -1
        var a = attributes
        a.link = number
        a.style.insert(.link)
        flow.paragraph.appendLinkNumber(Int(number) + 1, a)
        flow.paragraph.suppressSpace()
    }

    private func addLink(_ href: String, node: Node) {
        links.append(Link(number: links.count + 1, url: resolve(href), text: "", node: node, regions: []))
        openLinkText.removeAll(keepingCapacity: true)
        linkIndex = Int32(links.count - 1)
        if options.numberLinks { pendingLinkNumber = linkIndex }
        updateAttributes()
    }

    private func addAnchor(_ name: String) {
        if flow.paragraph.isEmpty {
            flow.pendingAnchors.append(name)
        } else {
            flow.paragraph.addAnchor(name)
        }
    }

    // MARK: Blocks

    private func beginBlock(_ style: ComputedStyle, _ frame: inout Frame) {
        flushParagraph()
        flow.pendingMargin = max(flow.pendingMargin, style.marginTop)
        frame.savedIndent = flow.indent
        flow.indent += style.indent
        frame.actions.insert(.block)
    }

    private func endBlock(_ frame: Frame) {
        flushParagraph()
        flow.pendingMargin = max(flow.pendingMargin, frame.style.marginBottom)
        flow.indent = frame.savedIndent
    }

    private func flushParagraph(underline: Unicode.Scalar? = nil) {
        if pendingLinkNumber >= 0, !flow.paragraph.isEmpty { flushLinkNumber() }
        separateLinkText()
        guard !flow.paragraph.isEmpty else { return }
        var paragraph = Paragraph()
        swap(&paragraph, &flow.paragraph)
        if paragraph.isBlank {
            flow.pendingAnchors += paragraph.anchors.map(\.name)
            return
        }
        paragraph.releaseSpareCapacity()
        let style = parentStyle
        paragraph.noWrap = style.whiteSpace == .pre
        paragraph.align = style.textAlign
        emit(.paragraph(paragraph), underline: underline)
    }

    private func emit(_ content: FlowItem.Content, underline: Unicode.Scalar? = nil) {
        var underlineAttributes = RunAttributes()
        underlineAttributes.style = [.bold, .heading]
        flow.items.append(FlowItem(content: content, indent: flow.indent, marginBefore: flow.pendingMargin,
                                   marker: flow.pendingMarker, anchors: flow.pendingAnchors, underline: underline,
                                   underlineAttributes: underlineAttributes))
        flow.pendingMargin = 0
        flow.pendingMarker = nil
        flow.pendingAnchors = []
    }

    /// Appends an item made elsewhere (a layout table's cell), taking the pending state.
    private func append(_ item: consuming FlowItem, first: Bool) {
        item.indent += flow.indent
        if first {
            item.marginBefore = max(item.marginBefore, flow.pendingMargin)
            if item.marker == nil { item.marker = flow.pendingMarker } else if flow.pendingMarker != nil { emit(.empty) }
            item.anchors = flow.pendingAnchors + item.anchors
            flow.pendingMargin = 0
            flow.pendingMarker = nil
            flow.pendingAnchors = []
        }
        flow.items.append(consume item)
    }

    private func beginFlow() {
        flushParagraph()
        savedFlows.append(flow)
        flow = FlowContext()
        flow.tableBase = tables.count
    }

    /// Gives leftover markers and anchors an item of their own.
    private func finishFlow() {
        if flow.pendingMarker != nil || !flow.pendingAnchors.isEmpty { emit(.empty) }
    }

    // MARK: Lists

    private func beginList(_ node: Node, ordered: Bool) {
        // A list inside a list item takes none of the indent: its markers
        // line up with the item's text.
        let indent = listItemDepth > 0 && listItemDepth >= lists.count ? 0 : 2
        flow.indent += indent
        var state = ListState(ordered: ordered, kind: .decimal, next: 1, step: 1, markerArea: 2)
        if ordered {
            state.kind = ListNumbering.kind(node.attribute("type")) ?? .decimal
            var count = 0
            for child in node.children where child.isElement("li") { count += 1 }
            let reversed = node.hasAttribute("reversed")
            if reversed { state.step = -1 }
            if let start = node.attribute("start").flatMap({ Int($0.trimmingSpaces) }) {
                state.next = start
            } else if reversed {
                state.next = count
            }
            var widest = 1
            let last = state.next + state.step * max(0, count - 1)
            if state.kind == .decimal || count > 5000 {
                widest = max(ListNumbering.marker(state.next, state.kind).count, ListNumbering.marker(last, state.kind).count)
            } else {
                var value = state.next
                for _ in 0..<max(1, count) {
                    widest = max(widest, ListNumbering.marker(value, state.kind).count)
                    value += state.step
                }
            }
            state.markerArea = widest + 1
        }
        lists.append(state)
    }

    private func beginListItem(_ node: Node, _ frame: inout Frame) {
        if flow.pendingMarker != nil { emit(.empty) }
        listItemDepth += 1
        frame.actions.insert(.listItem)
        var text: String
        var area: Int
        if var list = lists.last {
            if list.ordered {
                if let value = node.attribute("value").flatMap({ Int($0.trimmingSpaces) }) { list.next = value }
                let kind = ListNumbering.kind(node.attribute("type")) ?? list.kind
                text = ListNumbering.marker(list.next, kind)
                list.next += list.step
            } else {
                text = ListNumbering.bullet(depth: lists.count)
            }
            area = list.markerArea
            lists[lists.count - 1] = list
        } else {
            text = ListNumbering.bullet(depth: 1)
            area = 2
        }
        area = max(area, text.count + 1)
        flow.indent += area
        flow.pendingMarker = Marker(text: text, width: text.count, attributes: RunAttributes())
    }

    // MARK: Tables

    private func finishTable() {
        let table = tables.removeLast()
        table.endRow()
        // Taken out of the builder: the only owner of the cells is then here,
        // and a layout table's items move into the flow without copies.
        var rows = table.rows + table.footRows
        table.rows = []
        table.footRows = []
        if rows.isEmpty && table.caption == nil { return }
        let layoutTable = table.presentation || table.columns <= 1 || (!table.hasHeader && table.caption == nil && table.complex)
        flow.complex = true
        if layoutTable {
            var first = true
            if var caption = table.caption {
                table.caption = nil
                FlowItem.drain(&caption.items) { item in
                    append(item, first: first)
                    first = false
                }
            }
            for r in rows.indices {
                for c in rows[r].indices {
                    FlowItem.drain(&rows[r][c].flow.items) { item in
                        append(item, first: first)
                        first = false
                    }
                }
            }
        } else {
            emit(.table(TableBox(rows: rows, caption: table.caption)))
        }
    }

    // MARK: Forms

    @discardableResult
    private func addControl(_ kind: FormControl.Kind, node: Node, value: String, checked: Bool = false,
                            options: [String] = [], selectedIndex: Int? = nil) -> Int {
        controls.append(FormControl(kind: kind, node: node, form: forms.last, name: node.attribute("name") ?? "",
                                    value: value, checked: checked, options: options, selectedIndex: selectedIndex,
                                    regions: []))
        return controls.count - 1
    }

    private func withControl(_ index: Int, _ body: () -> Void) {
        let saved = controlIndex
        controlIndex = Int32(index)
        updateAttributes()
        body()
        controlIndex = saved
        updateAttributes()
    }

    private func addInput(_ node: Node) {
        let type = node.attribute("type")?.lowercased().trimmingSpaces ?? "text"
        let value = node.attribute("value") ?? ""
        let checked = node.hasAttribute("checked")
        let face: String
        let kind: FormControl.Kind
        switch type {
        case "password":
            kind = .password
            face = BoxBuilder.field(RepeatedText.repeated("*", value.count), size: node)
        case "checkbox":
            kind = .checkbox
            face = checked ? "[X]" : "[ ]"
        case "radio":
            kind = .radio
            face = checked ? "(*)" : "( )"
        case "submit":
            kind = .submit
            face = "[" + (node.hasAttribute("value") ? TextNormalizer.clean(value) : "Submit") + "]"
        case "reset":
            kind = .reset
            face = "[" + (node.hasAttribute("value") ? TextNormalizer.clean(value) : "Reset") + "]"
        case "button":
            kind = .button
            face = "[" + TextNormalizer.clean(value) + "]"
        case "image":
            kind = .submit
            face = "[" + TextNormalizer.clean(node.attribute("alt") ?? (node.hasAttribute("value") ? value : "Submit")) + "]"
        case "file":
            kind = .file
            face = "[Browse...]"
        default:
            kind = .text
            face = BoxBuilder.field(TextNormalizer.clean(value), size: node)
        }
        let index = addControl(kind, node: node, value: value, checked: checked)
        withControl(index) { appendAtom(face) }
    }

    /// `[value______]`: the field's `size` (default 20) columns between brackets.
    static func field(_ value: String, size node: Node) -> String {
        let size = max(1, min(Int(node.attribute("size")?.trimmingSpaces ?? "") ?? 20, 200))
        var shown = ""
        var width = 0
        for character in value {
            let w = CharacterWidth.of(String(character))
            if width + w > size { break }
            shown.append(character)
            width += w
        }
        return "[" + shown + RepeatedText.repeated("_", size - width) + "]"
    }

    private func addSelect(_ node: Node) {
        var labels: [String] = []
        var values: [String] = []
        var selected: Int?
        node.walk { child in
            guard child.isElement("option") else { return true }
            let label = TextNormalizer.clean(child.attribute("label") ?? child.textContent)
            labels.append(label)
            values.append(child.attribute("value") ?? label)
            if selected == nil, child.hasAttribute("selected") { selected = labels.count - 1 }
            return false
        }
        let chosen = labels.isEmpty ? nil : (selected ?? 0)
        var widest = 1
        for label in labels { widest = max(widest, CharacterWidth.of(label)) }
        widest = min(widest, 40)
        var shown = ""
        var width = 0
        if let chosen {
            for character in labels[chosen] {
                let w = CharacterWidth.of(String(character))
                if width + w > widest { break }
                shown.append(character)
                width += w
            }
        }
        let face = "[" + shown + RepeatedText.spaces(widest - width) + " ▾]"
        let index = addControl(.select, node: node, value: chosen.map { values[$0] } ?? "", options: labels,
                               selectedIndex: chosen)
        withControl(index) { appendAtom(face) }
    }

    private func addTextarea(_ node: Node, frame: Frame) {
        var value = node.textContent
        if value.hasPrefix("\r\n") { value.removeFirst() } else if value.hasPrefix("\n") { value.removeFirst() }
        let index = addControl(.textarea, node: node, value: value)
        let rows = max(1, min(Int(node.attribute("rows")?.trimmingSpaces ?? "") ?? 2, 100))
        let columns = max(1, min(Int(node.attribute("cols")?.trimmingSpaces ?? "") ?? 20, 500))
        var a = attributes
        a.control = Int32(index)
        a.style.insert(.formControl)
        var block = frame
        beginBlock(frame.style, &block)
        emit(.textarea(TextareaBox(text: value, rows: rows, columns: columns, attributes: a)))
        endBlock(block)
    }

    // MARK: URLs

    private func findBase() {
        guard let head = document.head else { return }
        for child in head.children where child.isElement("base") {
            if let href = child.attribute("href") {
                baseURL = options.resolveURL(href.trimmingSpaces)
                return
            }
        }
    }

    /// Not memoized: hashing the href to look it up costs about what the
    /// URL fast path does, and most hrefs of a page are distinct.
    func resolve(_ href: String) -> String {
        let reference = href.trimmingSpaces
        guard let baseURL else { return options.resolveURL(reference) }
        if let resolve = options.resolveURLAgainstBase { return resolve(reference, baseURL) }
        return options.resolveURL(URLReference.resolve(reference, against: baseURL))
    }
}
