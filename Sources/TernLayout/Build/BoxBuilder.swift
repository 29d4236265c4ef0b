import TernCSS
import TernDOM

/// Walks a document once, in order, with an explicit stack (no recursion:
/// documents nest deeper than the call stack allows), and builds the flat
/// block flows layout breaks into lines. Registers links and controls in
/// reading order as it meets them.
final class BoxBuilder {
    /// Tables nested deeper than this are laid out as plain blocks.
    static let maxTableDepth = 8
    /// Boxes laid out apart (borders, widths, flex rows, inline blocks)
    /// nested deeper than this are laid out as plain blocks: layout recurses
    /// into each.
    static let maxBoxDepth = 16
    /// Frames inside frames deeper than this, or more than `maxFrames` in
    /// one page, stay links (a host that answers a frame with its own page
    /// again must not make layout loop).
    static let maxFrameDepth = 8
    static let maxFrames = 100

    let document: Document
    let options: LayoutOptions
    let resolver: StyleResolver
    private(set) var links: [Link] = []
    private(set) var controls: [FormControl] = []
    /// The open link's text as UTF-8 (links do not nest: one buffer, reused).
    private var openLinkText: [UInt8] = []
    /// The buffer of the last `TableBox.TextCell`'s paragraph, emptied: the
    /// next cell's paragraph takes it (no buffer to make per cell).
    private var spareCellText: [UInt8] = []

    /// One flow being built: the page body, a table cell, a caption.
    struct FlowContext {
        var items: [FlowItem] = []
        var paragraph = Paragraph()
        var indent = 0
        var indentRight = 0
        /// The flow's width in columns: a box's content width, estimated
        /// from its CSS as `BlockBox.layout` will lay it out; 0 for the
        /// page's (`LayoutOptions.width`). What percentages of the elements
        /// in it resolve against, and what a control's face must fit.
        var width = 0
        var pendingMargin = 0
        /// The `text-indent` of the block whose first paragraph is still to come.
        var pendingTextIndent = 0
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
        /// The cells, row after row: the body's, then the footer's (rows
        /// kept apart until the table ends). One array, not one a row.
        var rows = TableBox.Rows()
        var footRows = TableBox.Rows()
        /// A row is open: cells go into it.
        private(set) var inRow = false
        /// The columns the open row's cells span so far.
        private var rowColumns = 0
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

        func startRow() {
            inRow = true
            rowColumns = 0
        }

        /// Adds a cell to the open row (opening one if none is).
        func append(_ cell: consuming TableBox.Cell) {
            if !inRow { startRow() }
            rowColumns += TableBuilder.span(cell.colspan)
            if inFoot { footRows.cells.append(cell) } else { rows.cells.append(cell) }
        }

        /// Adds the text of a `TableBox.TextCell` to go with a cell appended
        /// next; returns where it is.
        func appendText(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
            if inFoot {
                footRows.text.append(contentsOf: text)
                return (footRows.text.count - text.count)..<footRows.text.count
            }
            rows.text.append(contentsOf: text)
            return (rows.text.count - text.count)..<rows.text.count
        }

        func endRow() {
            guard inRow else { return }
            columns = max(columns, rowColumns)
            if inFoot { footRows.ends.append(footRows.cells.count) } else { rows.ends.append(rows.cells.count) }
            inRow = false
        }
    }

    struct ListState {
        /// The `list-item` counter's step: -1 in a reversed `ol`.
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
        static let table = Actions(rawValue: 1 << 6)
        static let row = Actions(rawValue: 1 << 7)
        static let cell = Actions(rawValue: 1 << 8)
        static let caption = Actions(rawValue: 1 << 9)
        static let foot = Actions(rawValue: 1 << 10)
        static let form = Actions(rawValue: 1 << 11)
        static let heading = Actions(rawValue: 1 << 12)
        /// A block laid out apart (`BlockBox`): its content is a flow of its own.
        static let box = Actions(rawValue: 1 << 13)
        static let inlineBlock = Actions(rawValue: 1 << 14)
        /// `::after` content to add when the element ends.
        static let after = Actions(rawValue: 1 << 15)
        static let summary = Actions(rawValue: 1 << 16)
        /// A layer over the page (`PageLayer`): its content is a flow of its own.
        static let layer = Actions(rawValue: 1 << 17)
    }

    /// What an open element changed, to undo when it ends.
    struct Frame {
        var style: ComputedStyle
        /// The element's computed CSS values, which its children inherit from.
        var css: CSSStyle
        /// The element, kept only when its end needs it (generated content,
        /// quotes, an accessible name): a reference less to count per element.
        var node: Node?
        var actions: Actions = []
        var savedIndent = 0
        var savedIndentRight = 0
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
        /// The resolver was entered (`resolver.enter`): the element has element children to style.
        var enteredResolver = false
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
    /// The last number given to a link (or a numbered form control).
    private var lastNumber = 0
    private var controlIndex: Int32 = -1
    /// The link whose `[n]` is still to be drawn before its first content.
    private var pendingLinkNumber: Int32 = -1
    private var attributes = RunAttributes()
    /// Text must go through `styledText` (a transform, sub/superscript,
    /// hidden, or white-space other than normal and pre): off on the fast path.
    private var textEffects = false
    /// The open element's `white-space: pre` and `visibility: hidden`.
    private var preformatted = false
    private var hiddenText = false
    private var baseURL: String?
    /// Counters and quote depth for generated content.
    private var generator = ContentGenerator()
    private var boxDepth = 0
    /// The CSS width (in columns) of the form control being added, and a
    /// textarea's CSS height (in lines): its face is drawn that size.
    private var controlWidth: Int?
    private var controlHeight: Int?
    /// The byte count of the paragraph right after a `<summary>`'s marker:
    /// a block starting there takes the marker onto its first line.
    private var summaryMarkerEnd: Int?
    /// Elements by id, made when an accessible name first needs one.
    private var elementsByID: [String: Node]?
    /// How many frames this document is inside (0 for the page).
    private let frameDepth: Int
    /// Frames drawn so far in the whole page (carried into and out of a frame's builder).
    private var framesDrawn = 0
    /// Tables open around the frame this document is drawn in.
    private var outerTableDepth = 0
    /// `options.shouldStop` said yes (or stopped a selector match): the
    /// walk skips the rest of the document.
    private(set) var wasStopped = false
    private var elementsSinceStopCheck = 0
    /// The layers ended so far, in the order their elements ended; and
    /// whether one is open (a layer inside a layer stays in its flow).
    private var layers: [(flow: Flow, isModal: Bool)] = []
    private var inLayer = false
    /// `options.topLayer` is set (read once: the option is a reference to retain).
    private let hasTopLayer: Bool
    /// The headings, landmarks and tables met, each carried to its line as
    /// an anchor `OutlineMark` names.
    private(set) var outline: [(kind: PageOutlineItem.Kind, name: String)] = []

    init(document: Document, options: LayoutOptions, frameDepth: Int = 0) {
        self.document = document
        self.options = options
        self.resolver = StyleResolver(options: options)
        self.frameDepth = frameDepth
        hasTopLayer = options.topLayer != nil
        if frameDepth == 0 {
            for (index, node) in options.measuredElements.enumerated() where measuredIndex[node] == nil { measuredIndex[node] = index }
        }
    }

    // MARK: Measured elements

    /// The index of each of `options.measuredElements`.
    private var measuredIndex: [Node: Int] = [:]
    /// A measured element's start (with its block's columns) or end,
    /// carried to its line as an anchor whose name no `id` can have (an
    /// attribute never holds U+0000). Only `addAnchor` is called in the
    /// walk, as for an `id`: nothing else of the builder changes there.
    struct MeasureMark {
        let index: Int
        /// The start's columns; nil for the end.
        let columns: Range<Int>?

        init(index: Int, columns: Range<Int>?) {
            self.index = index
            self.columns = columns
        }

        init?(_ name: String) {
            guard name.hasPrefix("\u{0}s") || name.hasPrefix("\u{0}e") else { return nil }
            let parts = name.dropFirst(2).split(separator: ",").compactMap { Int($0) }
            guard let index = parts.first else { return nil }
            self.index = index
            columns = parts.count == 3 && parts[1] < parts[2] ? parts[1]..<parts[2] : nil
        }

        var name: String {
            guard let columns else { return "\u{0}e" + String(index) }
            return "\u{0}s\(index),\(columns.lowerBound),\(columns.upperBound)"
        }
    }

    // MARK: The walk

    func build() -> Flow {
        guard let root = document.documentElement else { return Flow() }
        findBase()
        root.traverse(entering: { enter($0) }, text: { text($0) }, leaving: { exit() })
        while !frames.isEmpty { exit() }
        flushParagraph()
        if wasStopped && frameDepth == 0 {
            // What was laid out stays; a line says the rest is missing.
            appendText(Layout.stoppedNotice)
            flushParagraph()
        }
        finishFlow()
        if linkIndex >= 0 { finishLinkText(Int(linkIndex)) }
        let items = flow.items
        flow = FlowContext() // the caller's Flow is then the only owner of the items
        return Flow(items: items)
    }

    /// The style of the innermost open element (`frames.last`), kept apart:
    /// reading it from the frame would copy the frame (a retain and release
    /// of each reference it holds). While an element ends, it is still its.
    private var parentStyle = BoxBuilder.outerStyle

    /// The style around the root element.
    private static let outerStyle: ComputedStyle = {
        var style = ComputedStyle()
        style.display = .block
        return style
    }()

    private func updateAttributes() {
        let style = parentStyle
        var bits: UInt16 = 0
        if style.bold { bits |= Style.bold.rawValue }
        if style.italic { bits |= Style.italic.rawValue }
        if style.underline { bits |= Style.underline.rawValue }
        if style.reverse { bits |= Style.reverse.rawValue }
        if style.lineThrough { bits |= Style.lineThrough.rawValue }
        if headingDepth > 0 { bits |= Style.heading.rawValue }
        if linkIndex >= 0 { bits |= Style.link.rawValue }
        if controlIndex >= 0 { bits |= Style.formControl.rawValue }
        let s = Style(rawValue: bits)
        attributes = RunAttributes(style: s, color: style.color, background: style.background, link: linkIndex,
                                   control: controlIndex)
        preformatted = style.whiteSpace == .pre
        hiddenText = style.hidden
        textEffects = style.textTransform != .none || style.verticalAlign != .baseline || style.hidden
            || style.whiteSpace == .nowrap || style.whiteSpace == .preWrap || style.whiteSpace == .preLine
    }

    /// Ends the block, box or inline block an element began (for an element
    /// without children walked, such as an image, right after its content).
    private func finishLeaf(_ frame: Frame) {
        if frame.actions.contains(.block) { endBlock(frame) }
        if frame.actions.contains(.box) { endBox(frame) }
        if frame.actions.contains(.inlineBlock) { endInlineBlock() }
    }

    /// Whether the walk is to stop: asks `options.shouldStop` every
    /// `Layout.stopCheckInterval` elements (a counter otherwise).
    private func stopRequested() -> Bool {
        guard !wasStopped else { return true }
        elementsSinceStopCheck += 1
        if elementsSinceStopCheck >= Layout.stopCheckInterval {
            elementsSinceStopCheck = 0
            if options.shouldStop?() == true { wasStopped = true }
        }
        return wasStopped
    }

    /// Starts an element; returns whether to walk its children (a frame was pushed).
    private func enter(_ node: Node) -> Bool {
        if stopRequested() { return false }
        // The open frame's fields read in place (a copy of it would retain each reference it holds).
        if !frames.isEmpty, frames[frames.count - 1].closedDetails {
            guard node.isElement("summary"), !frames[frames.count - 1].summarySeen else { return false }
            frames[frames.count - 1].summarySeen = true
        }
        let parent = frames.isEmpty ? nil : (css: frames[frames.count - 1].css, layout: parentStyle)
        var (css, style, role) = resolver.resolve(node, parent: parent,
                                                  containerWidth: lineRoom)
        // A match cut short leaves the style unknown: the element is not shown.
        if resolver.engine.wasStopped {
            wasStopped = true
            return false
        }
        BoxBuilder.clampLengths(&style)
        if case .input = role, node.attribute("type")?.lowercased() == "hidden" {
            addControl(.hidden, node: node, value: node.attribute("value") ?? "")
            return false
        }
        if style.display == .none { return false }
        if case .base = role { return false }
        let ariaRole = node.hasAttributes || role.isFormControl ? readRole(node, &role, &style, css: css) : nil
        let parentLayout = parentStyle
        // Drawn over the element's whole box, so carried down to its content.
        // (Written only where they change: a write copies a shared style box.)
        if style.background == nil, parentLayout.background != nil { style.background = parentLayout.background }
        if style.verticalAlign == .baseline, parentLayout.verticalAlign != .baseline {
            style.verticalAlign = parentLayout.verticalAlign
        }
        if parentLayout.scrollsHorizontally, !style.scrollsHorizontally { style.scrollsHorizontally = true }
        // CSS Flexbox 1 §4: a flex container's children are blockified.
        if parentLayout.flexRow && (style.display == .inline || style.display == .inlineBlock) { style.display = .block }

        let hiddenHere = style.hidden && !hiddenText
        if hiddenHere {
            // Content the element makes itself (alt text, a control's face) is blank too.
            hiddenText = true
            textEffects = true
        }
        defer { if hiddenHere { updateAttributes() } }

        let inTableStructure = tables.count > flow.tableBase
        if role == .table && tables.count + outerTableDepth >= BoxBuilder.maxTableDepth { style.display = .block }
        switch style.display {
        case .tableRow, .tableCell, .tableCaption, .tableRowGroup, .tableHeaderGroup, .tableFooterGroup:
            if !inTableStructure { style.display = .block }
        case .tableColumn:
            return false
        case .block, .listItem, .inlineBlock:
            if inTableStructure { style.display = .inline }
        default:
            break
        }

        let layer = (style.overlay || hasTopLayer) && startsLayer(node, style, inTableStructure: inTableStructure)
        // CSS 2.1 §9.7: a fixed box is blockified.
        if layer, style.display == .inline || style.display == .inlineBlock { style.display = .block }
        if case .list = role, !lists.isEmpty {
            // Lists inside lists take no blank lines.
            style.marginTop = 0
            style.marginBottom = 0
        }
        // Pushed now and filled in place: a frame made apart and pushed at
        // the end was copied onto the stack (a retain and release of each
        // reference it holds). It is popped again where the element ends at once.
        let depth = frames.count + 1 // the element's, for counters
        frames.append(Frame(style: style, css: css))
        let top = frames.count - 1
        frames[top].savedIndent = flow.indent
        frames[top].savedIndentRight = flow.indentRight
        frames[top].savedLink = linkIndex
        frames[top].savedControl = controlIndex
        if layer { beginLayer(&frames[top]) }
        if !style.counterReset.isEmpty || !style.counterIncrement.isEmpty || !style.counterSet.isEmpty {
            if case .list = role {} else if style.display != .listItem {
                generator.apply(reset: style.counterReset, increment: style.counterIncrement, set: style.counterSet,
                                depth: depth, implicitListItem: nil)
            }
        }

        switch style.display {
        case .block, .listItem:
            if boxDepth < BoxBuilder.maxBoxDepth && BoxBuilder.needsBox(style) {
                beginBox(style, &frames[top])
            } else {
                beginBlock(style, &frames[top])
            }
            if style.display == .listItem { beginListItem(node, style, &frames[top], depth: depth) }
        case .inlineBlock:
            // An inline block stays on its line: its border and padding are
            // not drawn (a box would take three lines for a badge or a link
            // underlined by a border). An inline flex row keeps its box.
            if boxDepth < BoxBuilder.maxBoxDepth && style.flexRow {
                beginBox(style, &frames[top])
            } else if boxDepth < BoxBuilder.maxBoxDepth {
                beginNestedFlow()
                frames[top].actions.insert(.inlineBlock)
            }
        case .table:
            if inTableStructure {
                break
            }
            beginBlock(style, &frames[top])
            let table = TableBuilder()
            let aria = node.attribute("role")?.lowercased()
            table.presentation = aria == "presentation" || aria == "none"
            tables.append(table)
            frames[top].actions.insert(.table)
        case .tableRowGroup, .tableHeaderGroup, .tableFooterGroup:
            guard let table = tables.last else { break }
            table.endRow()
            if style.display == .tableHeaderGroup { table.hasHeader = true }
            if style.display == .tableFooterGroup {
                table.inFoot = true
                frames[top].actions.insert(.foot)
            }
        case .tableRow:
            tables.last?.endRow()
            tables.last?.startRow()
            frames[top].actions.insert(.row)
        case .tableCell:
            guard let table = tables.last else { break }
            if !table.inRow { table.startRow() }
            if case .cell(let header) = role, header {
                frames[top].header = true
                table.hasHeader = true
            }
            if node.hasAttributes {
                frames[top].colspan = Int(node.attribute("colspan")?.trimmingSpaces ?? "") ?? 1
                frames[top].rowspan = Int(node.attribute("rowspan")?.trimmingSpaces ?? "") ?? 1
            }
            beginFlow()
            swap(&flow.paragraph.text, &spareCellText)
            frames[top].actions.insert(.cell)
        case .tableCaption:
            beginFlow()
            frames[top].actions.insert(.caption)
        default:
            break
        }

        if node.hasAttributes, let id = node.attribute("id"), !id.isEmpty { addAnchor(id) }
        if frameDepth == 0, ariaRole != nil || role.mayBeInOutline { noteOutlineItem(node, role, ariaRole: ariaRole) }
        if !measuredIndex.isEmpty, let index = measuredIndex[node] {
            addAnchor(MeasureMark(index: index, columns: flow.indent..<max(flow.indent + 1, options.width - flow.indentRight)).name)
        }

        switch role {
        case .anchor:
            if let name = node.attribute("name"), !name.isEmpty { addAnchor(name) }
            if linkIndex < 0, !style.hidden, let href = node.attribute("href") {
                addLink(href, node: node)
                frames[top].actions.insert(.link)
            }
        case .image:
            let alt = node.attribute("alt")
            if let alt {
                let clean = TextNormalizer.clean(alt)
                if !clean.isEmpty { appendText("[" + clean + "]") }
            } else {
                // lynx's way for an image with no alt: its title, else its file name.
                let title = TextNormalizer.clean(node.attribute("title") ?? "")
                let name = title.isEmpty ? AccessibleName.fileName(of: node.attribute("src") ?? "") : title
                appendText("[" + (name.isEmpty ? "image" : name) + "]")
            }
            finishLeaf(frames.removeLast())
            return false
        case .lineBreak:
            flushLinkNumber()
            flow.paragraph.appendBreak(attributes)
            separateLinkText()
            finishLeaf(frames.removeLast())
            return false
        case .wordBreak:
            // libxml2 2.9 does not know <wbr> is void: what follows becomes
            // its children, so walk them.
            flow.paragraph.appendBreakOpportunity(attributes)
        case .rule:
            flushParagraph()
            emit(.rule)
            finishLeaf(frames.removeLast())
            return false
        case .input:
            addInput(node)
            finishLeaf(frames.removeLast())
            return false
        case .select:
            addSelect(node)
            finishLeaf(frames.removeLast())
            return false
        case .textarea:
            addTextarea(node, frame: frames.removeLast())
            return false
        case .button:
            let type = node.isElement("button") ? node.attribute("type")?.lowercased() : "button"
            let kind: FormControl.Kind = type == "reset" ? .reset : type == "button" ? .button : .submit
            addControl(kind, node: node, value: node.attribute("value") ?? "")
            if !style.hidden { controlIndex = Int32(controls.count - 1) }
            updateAttributes()
            appendAtom("[", suppressSpaceAfter: true)
            frames[top].actions.insert(.button)
        case .frame:
            addFrameElement(node, tag: node.name, style: style, inBox: frames[top].actions.contains(.box))
            finishLeaf(frames.removeLast())
            return false
        case .list(let ordered):
            beginList(node, style, ordered: ordered)
            frames[top].actions.insert(.list)
        case .heading(let level):
            headingDepth += 1
            frames[top].headingLevel = level
            frames[top].actions.insert(.heading)
            flow.complex = true
        case .preformatted:
            flow.paragraph.dropLeadingNewline = true
        case .details:
            frames[top].isDetails = true
            frames[top].detailsOpen = node.hasAttribute("open")
            frames[top].closedDetails = !frames[top].detailsOpen
            if !node.children.contains(where: { $0.isElement("summary") }) {
                appendAtom(frames[top].detailsOpen ? "▾ " : "▸ ", suppressSpaceAfter: true)
                appendText("Details")
                flushParagraph()
            }
        case .summary:
            if top > 0, frames[top - 1].isDetails {
                appendAtom(frames[top - 1].detailsOpen ? "▾ " : "▸ ", suppressSpaceAfter: true)
                summaryMarkerEnd = flow.paragraph.text.count
                frames[top].actions.insert(.summary)
            }
        case .form:
            forms.append(node)
            frames[top].actions.insert(.form)
        default:
            break
        }
        // An editing host (HTML §6.8.1, contenteditable): its text is a
        // field the person edits in place, drawn as its content is.
        if node.hasAttributes, controlIndex < 0, node.hasAttribute("contenteditable") { addEditingHost(node, hidden: style.hidden) }
        if style.listStyleInside, frames[top].actions.contains(.listItem), let marker = flow.pendingMarker {
            // `list-style-position: inside`: the marker starts the text.
            flow.pendingMarker = nil
            appendAtom(marker.text + " ", suppressSpaceAfter: true)
        }
        if style.after != nil { frames[top].actions.insert(.after) }
        if !frames[top].actions.isDisjoint(with: [.after, .link, .button, .layer]) || (!measuredIndex.isEmpty && measuredIndex[node] != nil) {
            frames[top].node = node
        }
        if style.textIndent != 0, frames[top].actions.contains(.block) || frames[top].actions.contains(.box) {
            flow.pendingTextIndent = style.textIndent
        }
        parentStyle = frames[top].style
        // Only an element with element children has anything styled below it
        // (text needs no style of its own): the style walk skips the rest.
        if node.hasElementChildren {
            resolver.enter(node)
            frames[top].enteredResolver = true
        }
        updateAttributes()
        if let before = style.before { appendGenerated(before, node: node, style: style) }
        return true
    }

    /// Ends the innermost open element.
    private func exit() {
        // A measured element's end, read in place before its frame leaves the stack.
        if !measuredIndex.isEmpty, !frames.isEmpty, let node = frames[frames.count - 1].node, let index = measuredIndex[node] {
            addAnchor(MeasureMark(index: index, columns: nil).name)
        }
        // Moved off the stack (not copied); `parentStyle` stays its style until the end.
        guard let frame = frames.popLast() else { return }
        let actions = frame.actions
        if actions.contains(.after), let after = frame.style.after, let node = frame.node {
            appendGenerated(after, node: node, style: frame.style)
        }
        if actions.contains(.summary) { summaryMarkerEnd = nil }
        if actions.contains(.button) {
            // The face is a line of its own: the space before its `]` goes.
            flow.paragraph.dropPendingSpace()
            if flow.paragraph.text.last == UInt8(ascii: "["), let node = frame.node {
                // Nothing but an icon inside: its accessible name, never `[]`.
                let name = accessibleName(node)
                appendText(name.isEmpty ? "button" : name)
            }
            appendAtom("]")
        }
        if actions.contains(.link) {
            if linkIndex >= 0, !openLinkText.contains(where: { $0 != 0x20 }), let node = frame.node {
                let name = accessibleName(node)
                if !name.isEmpty { appendText(name) }
            }
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
            // A cell that is one paragraph drawn one way (most data cells)
            // keeps only its text, in the table's (`TableBox.TextCell`).
            var textCell: TableBox.TextCell?
            if actions.contains(.cell), flow.items.isEmpty, let table = tables.last {
                if endParagraph() {
                    if let cell = makeTextCell(in: table) { textCell = cell } else { emit(.paragraph(takeParagraph())) }
                }
            } else {
                flushParagraph()
            }
            finishFlow()
            let done = popFlow()
            if let table = tables.last {
                if actions.contains(.caption) {
                    table.caption = Flow(items: done.items)
                } else {
                    table.append(TableBox.Cell(flow: Flow(items: done.items), text: textCell, colspan: frame.colspan,
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
        finishLeaf(frame)
        if actions.contains(.layer), let node = frame.node { endLayer(isModal: node == options.topLayer) }
        parentStyle = frames.isEmpty ? BoxBuilder.outerStyle : frames[frames.count - 1].style
        if frame.enteredResolver { resolver.leave() }
        generator.close(depth: frames.count)
        linkIndex = frame.savedLink
        controlIndex = frame.savedControl
        updateAttributes()
    }

    private func text(_ node: Node) {
        if wasStopped { return }
        if !frames.isEmpty, frames[frames.count - 1].closedDetails { return }
        // Read in place: no String is made for the common case.
        node.withTextContentUTF8 { bytes in
            if tables.count > flow.tableBase {
                // Between table cells only whitespace is expected; anything else
                // is shown (after the table), never lost.
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) { return }
            }
            if textEffects {
                appendStyled(String(decoding: bytes, as: UTF8.self))
            } else if preformatted {
                appendPreformatted(utf8: bytes, wrap: false)
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

    private func appendPreformatted(_ text: String, wrap: Bool) {
        var text = text
        text.withUTF8 { appendPreformatted(utf8: $0, wrap: wrap) }
    }

    private func appendPreformatted(utf8 bytes: UnsafeBufferPointer<UInt8>, wrap: Bool) {
        if linkIndex >= 0 || pendingLinkNumber >= 0 { flushLinkNumber() }
        let before = flow.paragraph.text.count
        flow.paragraph.appendPreformatted(utf8: bytes, attributes, wrap: wrap)
        recordLinkText(from: before)
    }

    /// Text of the document or made by layout (alt text, generated content),
    /// with the open element's text effects.
    private func appendText(_ text: String) {
        if textEffects {
            appendStyled(text)
        } else {
            appendPlain(text)
        }
    }

    /// Text with `text-transform`, `vertical-align`, `visibility` and
    /// `white-space` applied (CSS Text 3 §4 for the white-space values).
    private func appendStyled(_ raw: String) {
        let style = parentStyle
        var text = raw
        if style.textTransform != .none {
            let last = flow.paragraph.text.last ?? 0x20
            let midWord = !flow.paragraph.hasPendingSpace && (last >= 0x80 || LineBreaker.isWordCharacter(UInt32(last)))
            text = TextEffects.transform(text, style.textTransform, midWord: midWord)
        }
        if style.verticalAlign != .baseline { text = TextEffects.script(text, superscript: style.verticalAlign == .super) }
        if hiddenText { text = TextEffects.blanks(text) }
        switch style.whiteSpace {
        case .pre, .preWrap:
            appendPreformatted(text, wrap: style.whiteSpace == .preWrap)
        case .preLine:
            // Spaces collapse; each newline is a forced break.
            for (index, piece) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 {
                    flushLinkNumber()
                    flow.paragraph.appendBreak(attributes)
                }
                appendPlain(String(String.UnicodeScalarView(piece)))
            }
        case .nowrap:
            appendPlain(TextEffects.noWrap(text))
        case .normal:
            appendPlain(text)
        }
    }

    private func appendPlain(_ text: String) {
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
        flow.paragraph.appendAtom(hiddenText ? TextEffects.blanks(text) : text, attributes)
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
        flow.paragraph.appendLinkNumber(links[Int(number)].number, a)
        flow.paragraph.suppressSpace()
    }

    private func addLink(_ href: String, node: Node) {
        lastNumber += 1
        links.append(Link(number: lastNumber, url: resolve(href), text: "", node: node, regions: []))
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
        frame.savedIndentRight = flow.indentRight
        flow.indent += style.indent
        flow.indentRight += style.indentRight
        flow.pendingTextIndent = 0
        frame.actions.insert(.block)
    }

    private func endBlock(_ frame: Frame) {
        flushParagraph()
        flow.pendingMargin = max(flow.pendingMargin, frame.style.marginBottom)
        flow.indent = frame.savedIndent
        flow.indentRight = frame.savedIndentRight
    }

    /// Keeps lengths where arithmetic on them cannot overflow and blank
    /// lines cannot run into millions, whatever the page's CSS says.
    @inline(__always)
    static func clampLengths(_ style: inout ComputedStyle) {
        // Most styles need nothing: checked first, so that a shared style
        // box is not copied to write back the values it has.
        guard !inLimits(style) else { return }
        style.marginTop = max(0, min(style.marginTop, 100))
        style.marginBottom = max(0, min(style.marginBottom, 100))
        style.paddingTop = max(0, min(style.paddingTop, 100))
        style.paddingBottom = max(0, min(style.paddingBottom, 100))
        style.indent = max(0, min(style.indent, 10_000))
        style.indentRight = max(0, min(style.indentRight, 10_000))
        style.textIndent = max(-10_000, min(style.textIndent, 10_000))
        if let width = style.width { style.width = max(1, min(width, 100_000)) }
        if let width = style.minWidth { style.minWidth = max(0, min(width, 100_000)) }
        if let width = style.maxWidth { style.maxWidth = max(1, min(width, 100_000)) }
    }

    @inline(__always)
    private static func inLimits(_ style: ComputedStyle) -> Bool {
        func within(_ value: Int, _ low: Int, _ high: Int) -> Bool { value >= low && value <= high }
        func within(_ value: Int?, _ low: Int) -> Bool { value.map { within($0, low, 100_000) } ?? true }
        return within(style.marginTop, 0, 100) && within(style.marginBottom, 0, 100)
            && within(style.paddingTop, 0, 100) && within(style.paddingBottom, 0, 100)
            && within(style.indent, 0, 10_000) && within(style.indentRight, 0, 10_000)
            && within(style.textIndent, -10_000, 10_000)
            && within(style.width, 1) && within(style.minWidth, 0) && within(style.maxWidth, 1)
    }

    /// The WAI-ARIA role the author gave `node` (read once: the outline
    /// reads it too). An element made a button by its role (an icon in a
    /// `<div role=button>`) is drawn and reached as one: `[name]`, clicked
    /// by Enter. A form control's box is prepared (`prepareControl`).
    /// Not inlined, as `prepareControl`.
    @inline(never)
    private func readRole(_ node: Node, _ role: inout ElementRole, _ style: inout ComputedStyle, css: CSSStyle) -> String? {
        let ariaRole = node.hasAttributes ? node.attribute("role") : nil
        if case .generic = role, let ariaRole, AccessibleName.firstRoleToken(ariaRole) == "button" { role = .button }
        switch role {
        case .input, .select, .textarea, .button:
            prepareControl(&style, css: css)
        case .image where BoxBuilder.needsBox(style):
            // Drawn as its alt text on the line: its pixel size, border and padding make no box (a 20px logo cut "[Logo]" in three).
            BoxBuilder.flattenBox(&style)
        default:
            break
        }
        return ariaRole
    }

    /// A form control is one line high (a textarea as many as it has rows):
    /// its CSS border and padding are what its brackets draw, so they make
    /// no box around it; its CSS width (and a textarea's height) size its face.
    /// Not inlined: `enter` stays small enough for the compiler to keep
    /// its field reads inlined (see `ComputedStyle`'s subscripts).
    @inline(never)
    private func prepareControl(_ style: inout ComputedStyle, css: CSSStyle) {
        controlWidth = nil
        controlHeight = nil
        guard BoxBuilder.needsBox(style) else { return }
        // Never wider than the line it is on, with its number (a face wider than the line would break).
        let number = options.numberFields ? RenderedPage.digits(lastNumber + 1) + 2 : 0
        // A flex item that grows (CSS Flexbox 1 §7.3.1) takes at least a field's default 20 columns.
        let grows = css.flexGrow > 0 && parentStyle.flexRow
        controlWidth = style.width.map { min(grows ? max($0, 22) : $0, max(6, lineRoom - number)) }
        controlHeight = css.height.resolved(against: 0).map { ComputedStyle.cells($0, MediaEnvironment.cellHeight) }
        BoxBuilder.flattenBox(&style)
    }

    /// No box around the element: its border and padding (drawn as
    /// brackets, or not at all) and its widths go; its margins stay.
    private static func flattenBox(_ style: inout ComputedStyle) {
        style.border = ComputedStyle.Border()
        style.paddingTop = 0
        style.paddingBottom = 0
        style.width = nil
        style.minWidth = nil
        style.maxWidth = nil
        style.flexRow = false
        style.indent = style.marginLeft
        style.indentRight = style.marginRight
    }

    /// Whether a block is laid out apart, as a `BlockBox`: it has a visible
    /// border, padding above or below, a width of its own, or is a flex row.
    static func needsBox(_ style: ComputedStyle) -> Bool {
        style.border.isVisible || style.paddingTop > 0 || style.paddingBottom > 0 || style.width != nil
            || style.maxWidth != nil || style.flexRow
    }

    /// A block laid out apart: its content goes into a flow of its own, made
    /// a `BlockBox` item when it ends. Margins stay outside and collapse.
    private func beginBox(_ style: ComputedStyle, _ frame: inout Frame) {
        flushParagraph()
        flow.pendingMargin = max(flow.pendingMargin, style.marginTop)
        // Its content width as BlockBox.layout will find it: the room less its margins, borders and padding.
        let room = max(1, lineRoom - max(0, style.indent) - max(0, style.indentRight))
        var content = style.width ?? room
        if let maxWidth = style.maxWidth { content = min(content, maxWidth) }
        if let minWidth = style.minWidth { content = max(content, minWidth) }
        beginNestedFlow()
        flow.width = max(1, min(content, room))
        frame.actions.insert(.box)
    }

    private func endBox(_ frame: Frame) {
        let done = endNestedFlow()
        let style = frame.style
        let left = max(0, style.indent), right = max(0, style.indentRight)
        let marginLeft = min(max(0, style.marginLeft), left), marginRight = min(max(0, style.marginRight), right)
        var box = BlockBox(flow: Flow(items: done.items))
        box.border = style.border
        box.marginLeft = marginLeft
        box.paddingLeft = max(0, left - marginLeft - (style.border.left ? 1 : 0))
        box.marginRight = marginRight
        box.paddingRight = max(0, right - marginRight - (style.border.right ? 1 : 0))
        box.paddingTop = min(max(0, style.paddingTop), 100)
        box.paddingBottom = min(max(0, style.paddingBottom), 100)
        box.width = style.width
        box.minWidth = style.minWidth
        box.maxWidth = style.maxWidth
        box.position = style.position
        box.flexRow = style.flexRow
        box.hidden = style.hidden
        emit(.box(box))
        flow.pendingMargin = max(flow.pendingMargin, style.marginBottom)
    }

    /// Starts a flow of its own inside the current one, whose paragraph is
    /// kept as it is (an inline block may go back into it).
    private func beginNestedFlow() {
        pushFlow()
        boxDepth += 1
    }

    /// Ends a nested flow and returns it; the flow around it is current again.
    private func endNestedFlow() -> FlowContext {
        flushParagraph()
        finishFlow()
        boxDepth -= 1
        let done = popFlow()
        if done.complex { flow.complex = true }
        return done
    }

    /// An inline block ends (CSS 2.1 §9.2.4 `inline-block`): one line of text
    /// that fits the width joins the line around it, kept whole; anything
    /// else is laid out as blocks.
    private func endInlineBlock() {
        var done = endNestedFlow()
        // An empty one (an icon drawn by a background image) leaves the line as it is.
        if done.items.isEmpty { return }
        if done.items.count == 1, done.items[0].marker == nil, done.items[0].underline == nil,
           case .paragraph(let paragraph) = done.items[0].content, !paragraph.text.contains(0x0A),
           LineBreaker.measure(paragraph).max <= lineRoom {
            for name in done.items[0].anchors { addAnchor(name) }
            flow.paragraph.allowBreakBeforeAtom(attributes)
            flow.paragraph.append(paragraph, atomic: true)
            return
        }
        flushParagraph()
        var first = true
        FlowItem.drain(&done.items) { item in
            append(item, first: first)
            first = false
        }
    }

    /// `::before`/`::after` content (CSS Generated Content 3 §1): its text,
    /// drawn with its own weight, slant, underline and colour; a block of its
    /// own with `display: block`.
    private func appendGenerated(_ content: ComputedStyle.GeneratedContent, node: Node, style: ComputedStyle) {
        let text = generator.text(content.items, element: node, quotes: style.quotes)
        guard !text.isEmpty else { return }
        if content.block { flushParagraph() }
        let saved = attributes
        if content.bold { attributes.style.insert(.bold) }
        if content.italic { attributes.style.insert(.italic) }
        if content.underline { attributes.style.insert(.underline) }
        if let color = content.color { attributes.color = color }
        appendText(text)
        attributes = saved
        if content.block { flushParagraph() }
    }

    /// The accessible name of an icon-only link or button.
    private func accessibleName(_ element: Node) -> String {
        AccessibleName.of(element) { self.element(byID: $0) }
    }

    /// The name an author gave a field (`aria-labelledby`, `aria-label`, `title`).
    private func authorGivenName(_ element: Node) -> String {
        AccessibleName.authorGiven(element) { self.element(byID: $0) }
    }

    /// The element with `id`, from an index made on first use.
    private func element(byID id: String) -> Node? {
        if elementsByID == nil {
            var index: [String: Node] = [:]
            document.node?.walk { node in
                if node.isElement, node.hasAttributes, let id = node.attribute("id"), index[id] == nil { index[id] = node }
                return true
            }
            elementsByID = index
        }
        return elementsByID?[id]
    }

    private func flushParagraph(underline: Unicode.Scalar? = nil) {
        guard endParagraph() else { return }
        emit(.paragraph(takeParagraph()), underline: underline)
    }

    /// Ends the open paragraph; returns whether it has anything to show
    /// (then `takeParagraph` takes it).
    private func endParagraph() -> Bool {
        // A block inside a `<summary>` takes its marker onto its first line.
        if let end = summaryMarkerEnd, flow.paragraph.text.count == end { return false }
        if pendingLinkNumber >= 0, !flow.paragraph.isEmpty { flushLinkNumber() }
        separateLinkText()
        guard !flow.paragraph.isEmpty else { return false }
        if flow.paragraph.isBlank {
            flow.pendingAnchors += flow.paragraph.anchors.map(\.name)
            flow.paragraph = Paragraph()
            return false
        }
        return true
    }

    /// The paragraph `endParagraph` ended as a `TableBox.TextCell` of
    /// `table`, when it is one paragraph drawn one way with nothing else
    /// in its cell (what `emit` would make an item with no marker, anchors
    /// or indent); its text then goes to the table's, and the flow's
    /// paragraph keeps its buffer for the next cell.
    private func makeTextCell(in table: TableBuilder) -> TableBox.TextCell? {
        // Read in place (a copy of the runs or the style retains and releases what they hold).
        guard flow.paragraph.runs.count == 1, flow.paragraph.runs[0].start == 0, flow.paragraph.anchors.isEmpty,
              flow.pendingMarker == nil, flow.pendingAnchors.isEmpty, flow.pendingTextIndent == 0,
              flow.indent == 0, flow.indentRight == 0 else { return nil }
        let cell = TableBox.TextCell(range: flow.paragraph.text.withUnsafeBufferPointer { table.appendText($0) },
                                     attributes: flow.paragraph.runs[0].attributes, noWrap: BoxBuilder.noWrap(parentStyle),
                                     scrolls: parentStyle.scrollsHorizontally, align: parentStyle.textAlign,
                                     marginBefore: flow.pendingMargin)
        flow.pendingMargin = 0
        // The flow's paragraph is left empty (its text taken), as `takeParagraph` leaves it.
        swap(&spareCellText, &flow.paragraph.text)
        spareCellText.removeAll(keepingCapacity: true)
        return cell
    }

    /// Whether a paragraph ending in a block of `style` keeps its lines unwrapped.
    private static func noWrap(_ style: ComputedStyle) -> Bool {
        style.whiteSpace == .pre || style.whiteSpace == .nowrap || style.scrollsHorizontally
    }

    /// Moves the paragraph `endParagraph` ended out of the flow, drawn as its block says.
    private func takeParagraph() -> Paragraph {
        var paragraph = Paragraph()
        swap(&paragraph, &flow.paragraph)
        paragraph.releaseSpareCapacity()
        let style = parentStyle
        paragraph.noWrap = BoxBuilder.noWrap(style)
        paragraph.scrolls = style.scrollsHorizontally
        paragraph.align = style.textAlign
        paragraph.firstLineIndent = flow.pendingTextIndent
        flow.pendingTextIndent = 0
        return paragraph
    }

    private func emit(_ content: consuming FlowItem.Content, underline: Unicode.Scalar? = nil) {
        flow.items.append(FlowItem(content: content, indent: flow.indent, indentRight: flow.indentRight,
                                   marginBefore: flow.pendingMargin,
                                   marker: flow.pendingMarker, anchors: flow.pendingAnchors, underline: underline,
                                   underlineAttributes: FlowItem.headingUnderline))
        flow.pendingMargin = 0
        flow.pendingMarker = nil
        flow.pendingAnchors = []
    }

    /// Appends an item made elsewhere (a layout table's cell), taking the pending state.
    private func append(_ item: consuming FlowItem, first: Bool) {
        item.indent += flow.indent
        item.indentRight += flow.indentRight
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
        pushFlow()
    }

    /// Makes a new flow current; the one it interrupts waits on `savedFlows`
    /// (moved there, not copied: a copy retains and releases each array it holds).
    /// (Moved with a pointer: a swap through a temporary copies the context's bytes three times.)
    private func pushFlow() {
        let width = flow.width
        withUnsafeMutablePointer(to: &flow) { current in
            savedFlows.append(current.move())
            current.initialize(to: FlowContext())
        }
        flow.tableBase = tables.count
        flow.width = width
    }

    /// The columns a line of the current block has: its flow's width less
    /// the block's indents (at least 1).
    private var lineRoom: Int {
        max(1, (flow.width > 0 ? flow.width : options.width) - flow.indent - flow.indentRight)
    }

    /// Takes the current flow out and makes the one it interrupted current again.
    private func popFlow() -> FlowContext {
        withUnsafeMutablePointer(to: &flow) { current in
            let done = current.move()
            current.initialize(to: savedFlows.removeLast())
            return done
        }
    }

    /// Gives leftover markers and anchors an item of their own.
    private func finishFlow() {
        if flow.pendingMarker != nil || !flow.pendingAnchors.isEmpty { emit(.empty) }
    }

    // MARK: Outline

    /// Records `node` in the outline when it is a heading, landmark or table.
    @inline(never)
    private func noteOutlineItem(_ node: Node, _ role: ElementRole, ariaRole: String?) {
        switch role {
        case .heading, .table, .form, .sectioning: break
        default: if ariaRole == nil { return }
        }
        if let kind = outlineKind(node, role, ariaRole: ariaRole) { addOutlineItem(kind, node: node) }
    }

    /// The outline item `node` is, if any: by its tag (`role`) or its
    /// `role` attribute (WAI-ARIA 1.2 §5.3.4, HTML-AAM §4).
    private func outlineKind(_ node: Node, _ role: ElementRole, ariaRole: String?) -> PageOutlineItem.Kind? {
        if let aria = ariaRole {
            // The first token the layout knows (ARIA's fallback roles).
            for token in aria.lowercased().split(whereSeparator: AccessibleName.isSpace) {
                switch token {
                case "heading":
                    let level = node.attribute("aria-level").flatMap { Int($0.trimmingSpaces) } ?? 2
                    return .heading(level: max(1, min(level, 9)))
                case "banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search":
                    if token == "region" && landmarkName(node).isEmpty { return nil }
                    return .landmark(role: String(token))
                case "table", "grid", "treegrid": return .table
                case "presentation", "none", "generic": return nil
                default: continue
                }
            }
        }
        switch role {
        case .heading(let level): return .heading(level: level)
        case .table: return .table
        case .form: return .landmark(role: "form")
        case .sectioning: break
        default: return nil
        }
        switch node.name.lowercased() {
        case "main": return .landmark(role: "main")
        case "nav": return .landmark(role: "navigation")
        case "aside": return .landmark(role: "complementary")
        case "search": return .landmark(role: "search")
        case "section": return landmarkName(node).isEmpty ? nil : .landmark(role: "region")
        default:
            // HTML-AAM: `header`/`footer` are the page's banner and contentinfo
            // unless inside an article, aside, main, nav or section.
            var ancestor = node.parent
            while let element = ancestor, element.isElement {
                if ["article", "aside", "main", "nav", "section"].contains(element.name.lowercased()) { return nil }
                ancestor = element.parent
            }
            return .landmark(role: node.isElement("header") ? "banner" : "contentinfo")
        }
    }

    /// A landmark's or table's name: its author's (`aria-labelledby`,
    /// `aria-label`, `title`) or a table's caption. A landmark without
    /// such attributes has none (its content does not name it).
    private func landmarkName(_ node: Node) -> String {
        guard node.isElement("table") || (node.hasAttributes && (node.attribute("aria-labelledby") != nil
                || node.attribute("aria-label") != nil || node.attribute("title") != nil)) else { return "" }
        return String(AccessibleName.of(node, elementByID: { self.element(byID: $0) }, imageFileName: false).prefix(200))
    }

    private func addOutlineItem(_ kind: PageOutlineItem.Kind, node: Node) {
        let name: String
        if case .heading = kind {
            name = String(TextNormalizer.clean(node.textContent).prefix(200))
        } else {
            name = landmarkName(node)
        }
        addAnchor(OutlineMark(index: outline.count).name)
        outline.append((kind, name))
    }

    /// An outline item's start, carried to its line as an anchor whose
    /// name no `id` can have (as `MeasureMark`'s).
    struct OutlineMark {
        let index: Int

        init(index: Int) { self.index = index }

        init?(_ name: String) {
            guard name.utf8.first == 0, name.hasPrefix("\u{0}o"), let index = Int(name.dropFirst(2)) else { return nil }
            self.index = index
        }

        var name: String { "\u{0}o" + String(index) }
    }

    // MARK: Layers

    /// Whether `node` is laid out as a layer over the page: the top layer's
    /// element or a fixed overlay (`ComputedStyle.overlay`), in the page's
    /// own document, block-level, and not inside another layer or a
    /// table's structure.
    @inline(never)
    private func startsLayer(_ node: Node, _ style: ComputedStyle, inTableStructure: Bool) -> Bool {
        guard frameDepth == 0, !inLayer, !inTableStructure, style.overlay || node == options.topLayer else { return false }
        switch style.display {
        case .block, .listItem, .inline, .inlineBlock: return true
        default: return false
        }
    }

    /// The element's content goes into a flow of its own, laid out after
    /// the page's (`Layout.render`).
    private func beginLayer(_ frame: inout Frame) {
        flushParagraph()
        pushFlow()
        inLayer = true
        frame.actions.insert(.layer)
    }

    private func endLayer(isModal: Bool) {
        flushParagraph()
        finishFlow()
        inLayer = false
        let done = popFlow()
        layers.append((Flow(items: done.items), isModal))
    }

    /// The layers' flows, the modal one last (it is drawn over the others).
    func takeLayers() -> [(flow: Flow, isModal: Bool)] {
        var taken: [(flow: Flow, isModal: Bool)] = []
        swap(&taken, &layers)
        return taken.filter { !$0.isModal } + taken.filter(\.isModal)
    }

    // MARK: Frames

    /// An `iframe` or `frame`: its document drawn in a box when
    /// `LayoutOptions.frameContent` has one, else a link to its `src`, with
    /// the reason when the host gave one.
    private func addFrameElement(_ node: Node, tag: String, style: ComputedStyle, inBox: Bool) {
        var reason: String?
        if !hiddenText, let content = options.frameContent?(node) {
            switch content {
            case .document(let document):
                if frameDepth >= BoxBuilder.maxFrameDepth {
                    reason = "frames nested too deep"
                } else if framesDrawn >= BoxBuilder.maxFrames {
                    reason = "too many frames"
                } else {
                    drawFrame(document, node: node, tag: tag, style: style, inBox: inBox)
                    return
                }
            case .unavailable(let why):
                reason = TextNormalizer.clean(why)
            }
        }
        let label = TextNormalizer.clean(node.attribute("title") ?? node.attribute("name") ?? "")
        let text = tag + (label.isEmpty ? "" : ": " + label)
        if let src = node.attribute("src") {
            // A link of its own, complete at once; a link around it goes on after it.
            let outer = (link: linkIndex, pendingNumber: pendingLinkNumber, text: openLinkText)
            addLink(src, node: node)
            appendText(text)
            finishLinkText(Int(linkIndex))
            (linkIndex, pendingLinkNumber, openLinkText) = outer
            updateAttributes()
        } else if reason != nil {
            appendText(text)
        }
        if let reason, !reason.isEmpty { appendText(" (" + reason + ")") }
    }

    /// A frame's document, built by a builder of its own (its own cascade,
    /// URLs, `<base>`, scripting, counters) whose links and controls continue
    /// the page's, then drawn as a block: a `FrameBox` in the flow.
    private func drawFrame(_ content: FrameDocument, node: Node, tag: String, style: ComputedStyle, inBox: Bool) {
        flushParagraph()
        var frameOptions = options
        // The frame's viewport: the room here less the box's sides and padding.
        frameOptions.width = max(1, lineRoom - 4)
        frameOptions.resolveURL = content.resolveURL
        frameOptions.scriptingEnabled = content.scriptingEnabled
        // The user's sheets apply in every frame (the page's, unless the host
        // gave the frame its own); the author's are the frame's own.
        let own = content.styleSheets
        frameOptions.styleSheets = own.contains { $0.origin == .user } ? own
            : options.styleSheets.filter { $0.origin == .user } + own
        let child = BoxBuilder(document: content.document, options: frameOptions, frameDepth: frameDepth + 1)
        child.boxDepth = min(boxDepth + 1, BoxBuilder.maxBoxDepth)
        child.outerTableDepth = tables.count + outerTableDepth
        child.framesDrawn = framesDrawn + 1
        // One numbering for the page: the frame's links and controls follow.
        swap(&child.links, &links)
        swap(&child.controls, &controls)
        swap(&child.lastNumber, &lastNumber)
        let built = child.build()
        swap(&child.links, &links)
        swap(&child.controls, &controls)
        swap(&child.lastNumber, &lastNumber)
        framesDrawn = child.framesDrawn
        if child.wasStopped { wasStopped = true }

        var title = ""
        if tag == "frame" { title = TextNormalizer.clean(node.attribute("name") ?? "") }
        if title.isEmpty { title = TextNormalizer.clean(content.title) }
        if title.isEmpty { title = TextNormalizer.clean(node.attribute("title") ?? node.attribute("name") ?? "") }
        var box = FrameBox(flow: built, title: title)
        if !inBox {
            // A CSS width of its own (a box around it sizes it otherwise).
            box.width = style.width
            box.minWidth = style.minWidth
            box.maxWidth = style.maxWidth
        }
        flow.complex = true
        emit(.frame(box))
    }

    // MARK: Lists

    /// A list. Its `list-item` counter starts at `start` (or the item count,
    /// `reversed`; HTML §4.4.5) less one step (the user-agent sheet's
    /// `counter-reset: list-item`, CSS Lists 3 §4.6); the marker column is as
    /// wide as its widest marker, numbers right-aligned in it.
    private func beginList(_ node: Node, _ style: ComputedStyle, ordered: Bool) {
        // A list inside a list item takes none of the indent: its markers
        // line up with the item's text.
        let indent = listItemDepth > 0 && listItemDepth >= lists.count ? 0 : 2
        flow.indent += indent
        var state = ListState(step: 1, markerArea: 2)
        var first = 1
        var count = 0
        if ordered {
            for child in node.children where child.isElement("li") { count += 1 }
            let reversed = node.hasAttribute("reversed")
            if reversed { state.step = -1 }
            if let start = node.attribute("start").flatMap({ Int($0.trimmingSpaces) }) {
                first = BoxBuilder.clampedOrdinal(start)
            } else if reversed {
                first = count
            }
        }
        let kind = style.listStyle
        if ListNumbering.isNumeric(kind) {
            var widest = 1
            let last = first + state.step * max(0, count - 1)
            func width(_ value: Int) -> Int { ListNumbering.marker(value, kind)?.count ?? 0 }
            if kind == .decimal || count > 5000 {
                widest = max(width(first), width(last))
            } else {
                var value = first
                for _ in 0..<max(1, count) {
                    widest = max(widest, width(value))
                    value += state.step
                }
            }
            state.markerArea = widest + 1
        }
        lists.append(state)
        generator.apply(reset: [CSSCounterChange(name: "list-item", value: first - state.step)] + style.counterReset,
                        increment: style.counterIncrement, set: style.counterSet, depth: frames.count,
                        implicitListItem: nil)
    }

    /// Ordinals from attributes, kept where arithmetic on them cannot overflow.
    static func clampedOrdinal(_ value: Int) -> Int {
        max(-1_000_000_000, min(value, 1_000_000_000))
    }

    /// A list item (`display: list-item`): it steps the `list-item` counter
    /// (CSS Lists 3 §4.6; `li value` sets it) and gets its marker, the
    /// counter in its `list-style-type`, or its `::marker` content, drawn in
    /// the indentation left of its first line.
    private func beginListItem(_ node: Node, _ style: ComputedStyle, _ frame: inout Frame, depth: Int) {
        if flow.pendingMarker != nil { emit(.empty) }
        listItemDepth += 1
        frame.actions.insert(.listItem)
        let list = lists.last
        var set = style.counterSet
        if list != nil, let value = node.attribute("value").flatMap({ Int($0.trimmingSpaces) }) {
            set.insert(CSSCounterChange(name: "list-item", value: BoxBuilder.clampedOrdinal(value)), at: 0)
        }
        generator.apply(reset: style.counterReset, increment: style.counterIncrement, set: set,
                        depth: depth, implicitListItem: list?.step ?? 1)
        var text: String?
        var markerAttributes = RunAttributes()
        if let marker = style.marker {
            text = generator.text(marker.items, element: node, quotes: style.quotes)
            if marker.bold { markerAttributes.style.insert(.bold) }
            if marker.italic { markerAttributes.style.insert(.italic) }
            if marker.underline { markerAttributes.style.insert(.underline) }
            markerAttributes.color = marker.color
        } else {
            text = ListNumbering.marker(generator.value("list-item") ?? 1, style.listStyle)
        }
        if style.hidden { text = text.map(TextEffects.blanks) }
        var area = list?.markerArea ?? 2
        if let text, !text.isEmpty {
            let width = CharacterWidth.of(text)
            area = max(area, width + 1)
            flow.pendingMarker = Marker(text: text, width: width, attributes: markerAttributes)
        }
        flow.indent += area
    }

    // MARK: Tables

    private func finishTable() {
        let table = tables.removeLast()
        table.endRow()
        // Taken out of the builder: the only owner of the cells is then here,
        // and a layout table's items move into the flow without copies.
        var rows = TableBox.Rows()
        swap(&rows, &table.rows)
        if !table.footRows.ends.isEmpty {
            rows.append(table.footRows)
            table.footRows = TableBox.Rows()
        }
        if rows.ends.isEmpty && table.caption == nil { return }
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
            for c in rows.cells.indices {
                if let cell = rows.cells[c].text {
                    append(cell.item(in: rows.text), first: first)
                    first = false
                }
                FlowItem.drain(&rows.cells[c].flow.items) { item in
                    append(item, first: first)
                    first = false
                }
            }
        } else {
            emit(.table(TableBox(rows: consume rows, caption: table.caption)))
        }
    }

    // MARK: Forms

    /// Records a control, with a break opportunity and its number before it
    /// on the line; `numberedInBox`: a textarea, whose box draws its number.
    @discardableResult
    private func addControl(_ kind: FormControl.Kind, node: Node, value: String, checked: Bool = false,
                            options: [String] = [], selectedIndex: Int? = nil, numberedInBox: Bool = false) -> Int {
        controls.append(FormControl(kind: kind, node: node, form: forms.last, name: node.attribute("name") ?? "",
                                    value: value, checked: checked, options: options, selectedIndex: selectedIndex,
                                    regions: []))
        if kind != .hidden, !numberedInBox { flow.paragraph.allowBreakBeforeAtom(attributes) }
        if self.options.numberFields, kind != .hidden, !hiddenText, linkIndex < 0 {
            // lynx's numbered fields: `[n]` before the control, not part of it (its region starts after).
            lastNumber += 1
            controls[controls.count - 1].number = lastNumber
            if numberedInBox { return controls.count - 1 }
            var plain = attributes
            plain.control = -1
            plain.style.remove(.formControl)
            flow.paragraph.appendLinkNumber(lastNumber, plain)
            flow.paragraph.suppressSpace()
        }
        return controls.count - 1
    }

    /// Runs `body` with the control's attributes; a hidden control is drawn
    /// as blanks and cannot be reached (it has no region).
    private func withControl(_ index: Int, _ body: () -> Void) {
        if hiddenText { return body() }
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
            face = BoxBuilder.field(RepeatedText.repeated("*", value.count), size: node, columns: controlWidth)
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
            // An empty field shows its placeholder, else the name its author gave it (aria-label, title).
            var placeholder = value.isEmpty ? TextNormalizer.clean(node.attribute("placeholder") ?? "") : ""
            if value.isEmpty, placeholder.isEmpty, node.hasAttributes { placeholder = authorGivenName(node) }
            guard !placeholder.isEmpty else {
                face = BoxBuilder.field(TextNormalizer.clean(value), size: node, columns: controlWidth)
                break
            }
            // HTML §4.10.5.3.11: the placeholder shows while the field is empty, set apart (dim).
            let index = addControl(kind, node: node, value: value, checked: checked)
            let (shown, padding) = BoxBuilder.fieldText(placeholder, size: node, columns: controlWidth)
            withControl(index) {
                appendAtom("[")
                let saved = attributes
                attributes.style.insert(.placeholder)
                appendAtom(shown)
                attributes = saved
                appendAtom(RepeatedText.repeated("_", padding) + "]")
            }
            return
        }
        let index = addControl(kind, node: node, value: value, checked: checked)
        withControl(index) { appendAtom(face) }
    }

    /// The `contenteditable` values that make an editing host.
    static let editableStates: Set<String> = ["", "true", "plaintext-only"]

    /// An editing host (HTML §6.8.1, contenteditable): its text is a field
    /// the person edits in place, drawn as its content is.
    private func addEditingHost(_ node: Node, hidden: Bool) {
        guard !hidden, let editable = node.attribute("contenteditable"), BoxBuilder.editableStates.contains(editable.lowercased())
        else { return }
        let text = node.textContent
        controlIndex = Int32(addControl(.textarea, node: node, value: text))
        updateAttributes()
        // Nothing to draw yet: an empty field, so there is something to reach.
        if text.allSatisfy(\.isWhitespace) { appendAtom(BoxBuilder.field("", size: node)) }
    }

    /// `[value______]`: the field's `size` (default 20) columns between brackets.
    static func field(_ value: String, size node: Node, columns: Int? = nil) -> String {
        let (shown, padding) = fieldText(value, size: node, columns: columns)
        return "[" + shown + RepeatedText.repeated("_", padding) + "]"
    }

    /// The part of `value` that fits the field's `size` columns, and the columns left.
    static func fieldText(_ value: String, size node: Node, columns: Int? = nil) -> (shown: String, padding: Int) {
        let size = columns.map { max(1, min($0 - 2, 500)) } ?? max(1, min(Int(node.attribute("size")?.trimmingSpaces ?? "") ?? 20, 200))
        var shown = ""
        var width = 0
        for character in value {
            let w = CharacterWidth.of(String(character))
            if width + w > size { break }
            shown.append(character)
            width += w
        }
        return (shown, size - width)
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
            // Of several selected options the last is shown (HTML's selectedness setting algorithm; HTMLForms).
            if child.hasAttribute("selected"), selected == nil || !node.hasAttribute("multiple") { selected = labels.count - 1 }
            return false
        }
        let chosen = labels.isEmpty ? nil : (selected ?? 0)
        var widest = 1
        for label in labels { widest = max(widest, CharacterWidth.of(label)) }
        widest = min(widest, 40)
        // A CSS width: the face is that wide (the brackets and " ▾" take 4
        // columns); else no wider than the line, so it never breaks.
        if let controlWidth { widest = max(1, min(controlWidth - 4, 500)) }
        widest = max(1, min(widest, lineRoom - 4))
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
        let index = addControl(.textarea, node: node, value: value, numberedInBox: true)
        var rows = max(1, min(Int(node.attribute("rows")?.trimmingSpaces ?? "") ?? 2, 100))
        var columns = max(1, min(Int(node.attribute("cols")?.trimmingSpaces ?? "") ?? 20, 500))
        // CSS sizes, border lines included.
        if let controlWidth { columns = max(1, min(controlWidth - 2, 500)) }
        if let controlHeight, controlHeight > 2 { rows = min(controlHeight - 2, 100) }
        var a = attributes
        a.control = Int32(index)
        a.style.insert(.formControl)
        let box = TextareaBox(text: value, rows: rows, columns: columns, attributes: a, number: controls[index].number)
        // A block of its own, whatever its display.
        if frame.actions.isDisjoint(with: [.block, .box]) {
            var block = frame
            beginBlock(frame.style, &block)
            emit(.textarea(box))
            endBlock(block)
        } else {
            flushParagraph()
            emit(.textarea(box))
        }
        finishLeaf(frame)
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
