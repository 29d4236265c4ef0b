import TernCSS

extension ComputedStyle {
    /// The layout style of an element whose computed CSS values are `css`,
    /// in a containing block `containerWidth` columns wide, over a parent
    /// whose background is `parentBackground` (nil: the terminal's, taken as
    /// white for blending).
    ///
    /// Units (a cell is 8 px × 16 px): horizontal lengths become columns and
    /// vertical ones lines, rounded to the nearest (halves up), so `1em` is
    /// one line, the `0.67em`/`0.83em` heading margins are one line too, and
    /// margins under 8 px vanish. Percentages of margins and paddings are of
    /// the container's width (CSS Box 3 §3). Negative margins count as 0: a
    /// text browser keeps text a page pushes off-screen.
    ///
    /// Not set here: generated content (`before`, `after`, `marker`), which
    /// needs the element's attributes and counters, and `reverse`.
    init(css: CSSStyle, containerWidth: Int, parentBackground: Color? = nil) {
        self.init(values: Values(css: css, containerWidth: containerWidth, parentBackground: parentBackground))
    }
}

extension ComputedStyle.Values {
    init(css: CSSStyle, containerWidth: Int, parentBackground: Color?) {
        self.init()
        let container = max(0, containerWidth)
        let base = Double(container) * MediaEnvironment.cellWidth
        display = ComputedStyle.display(css.display)
        flexRow = (css.display == .flex || css.display == .inlineFlex) && (css.flexDirection == .row || css.flexDirection == .rowReverse)
        hidden = css.visibility != .visible
        switch css.whiteSpace {
        case .normal: whiteSpace = .normal
        case .pre: whiteSpace = .pre
        case .nowrap: whiteSpace = .nowrap
        case .preWrap, .breakSpaces: whiteSpace = .preWrap
        case .preLine: whiteSpace = .preLine
        }

        marginTop = max(0, ComputedStyle.cells(css.marginTop.resolved(against: base) ?? 0, MediaEnvironment.cellHeight))
        marginBottom = max(0, ComputedStyle.cells(css.marginBottom.resolved(against: base) ?? 0, MediaEnvironment.cellHeight))
        paddingTop = max(0, ComputedStyle.cells(css.paddingTop.resolved(against: base) ?? 0, MediaEnvironment.cellHeight))
        paddingBottom = max(0, ComputedStyle.cells(css.paddingBottom.resolved(against: base) ?? 0, MediaEnvironment.cellHeight))

        background = ComputedStyle.color(css.backgroundColor, over: parentBackground)
        color = ComputedStyle.color(css.color, over: background ?? parentBackground)

        // CSS Backgrounds 3 §3: a side shows when its style draws and its width is not 0.
        // A transparent border (kept for a hover effect) draws nothing either.
        func visible(_ side: CSSBorderSide) -> Bool {
            side.width > 0 && side.style != .none && side.style != .hidden && (side.color ?? css.color).alpha > 0
        }
        border.top = visible(css.borderTop)
        border.right = visible(css.borderRight)
        border.bottom = visible(css.borderBottom)
        border.left = visible(css.borderLeft)
        if let side = [css.borderTop, css.borderLeft, css.borderBottom, css.borderRight].first(where: visible) {
            switch side.style {
            case .double: border.line = .double
            case .dashed, .dotted: border.line = .dashed
            default: border.line = side.width >= 4 ? .heavy : .single
            }
            border.color = ComputedStyle.color(side.color ?? css.color, over: background ?? parentBackground)
        }

        marginLeft = max(0, ComputedStyle.cells(css.marginLeft.resolved(against: base) ?? 0, MediaEnvironment.cellWidth))
        marginRight = max(0, ComputedStyle.cells(css.marginRight.resolved(against: base) ?? 0, MediaEnvironment.cellWidth))
        let paddingLeft = max(0, ComputedStyle.cells(css.paddingLeft.resolved(against: base) ?? 0, MediaEnvironment.cellWidth))
        let paddingRight = max(0, ComputedStyle.cells(css.paddingRight.resolved(against: base) ?? 0, MediaEnvironment.cellWidth))
        indent = marginLeft + (border.left ? 1 : 0) + paddingLeft
        indentRight = marginRight + (border.right ? 1 : 0) + paddingRight
        // Keep at least 10 columns (or the whole container when narrower) for the content.
        let room = max(0, container - min(container, 10))
        if indent + indentRight > room {
            indentRight = max(0, room - indent)
            indent = min(indent, room)
            marginLeft = min(marginLeft, indent)
            marginRight = min(marginRight, indentRight)
        }
        switch (css.marginLeft, css.marginRight) {
        case (.auto, .auto): position = .center
        case (.auto, _): position = .end
        default: position = .start
        }

        width = ComputedStyle.columns(css.width, base)
        minWidth = ComputedStyle.columns(css.minWidth, base)
        maxWidth = ComputedStyle.columns(css.maxWidth, base)
        textIndent = min(max(ComputedStyle.cells(css.textIndent.resolved(against: base) ?? 0, MediaEnvironment.cellWidth), -indent), container)

        switch css.textTransform {
        case .none: textTransform = css.smallCaps ? .uppercase : .none
        case .uppercase: textTransform = .uppercase
        case .lowercase: textTransform = .lowercase
        case .capitalize: textTransform = .capitalize
        case .fullWidth: textTransform = .fullWidth
        }
        bold = css.fontWeight >= 600
        italic = css.fontStyle != .normal
        underline = css.textDecorationLine.contains(.underline)
        lineThrough = css.textDecorationLine.contains(.lineThrough)
        switch css.textAlign {
        case .start, .left, .justify: textAlign = .left
        case .end, .right: textAlign = .right
        case .center: textAlign = .center
        }
        listStyle = css.listStyleType
        listStyleInside = css.listStylePosition == .inside
        switch css.verticalAlign {
        case .sub: verticalAlign = .sub
        case .super: verticalAlign = .super
        case .baseline, .other: verticalAlign = .baseline
        }
        scrollsHorizontally = (css.overflowX == .auto || css.overflowX == .scroll)
            && (css.whiteSpace == .pre || css.whiteSpace == .nowrap)
        counterReset = css.counterReset
        counterIncrement = css.counterIncrement
        counterSet = css.counterSet
        quotes = css.quotes
        overlay = css.position == .fixed && ComputedStyle.isOverlay(css)
    }

}

extension ComputedStyle {
    /// CSS Position 3 §2.1 fixed positioning, read for a terminal: a box
    /// fixed to the viewport covers what the person looks at (a modal, a
    /// search panel, a menu) when it is stretched over it (both `top` and
    /// `bottom` set, or a height of 100% or more) or placed part way down
    /// (`top` a percentage), and is shown: visible, not transparent, not
    /// of zero size, not moved off the viewport. A bar fixed to one edge
    /// (a header, a cookie notice) is not: a terminal keeps its rows for
    /// the text, and the bar stays where it is in the document.
    static func isOverlay(_ css: CSSStyle) -> Bool {
        guard css.position == .fixed, css.visibility == .visible, css.opacity > 0, !css.clippedToNothing,
              css.width != .px(0), css.height != .px(0) else { return false }
        let stretched = css.top != .auto && css.bottom != .auto
        let tall: Bool = if case .percent(let percent) = css.height { percent >= 100 } else { false }
        let partWay: Bool = if case .percent(let percent) = css.top { percent > 0 && percent < 100 } else { false }
        guard stretched || tall || partWay else { return false }
        return !isOffViewport(css.left, size: css.width) && !isOffViewport(css.right, size: css.width)
            && !isOffViewport(css.top, size: css.height)
    }

    /// An inset that puts a box of `size` past the viewport's edge (an
    /// off-canvas menu, `left: -100%`).
    private static func isOffViewport(_ inset: CSSLength, size: CSSLength) -> Bool {
        switch (inset, size) {
        case (.percent(let offset), .percent(let length)): return offset + length <= 0
        case (.percent(let offset), _): return offset <= -100
        case (.px(let offset), .px(let length)): return offset + length <= 0
        case (.px(let offset), _): return offset <= -1000
        default: return false
        }
    }

    static func display(_ display: CSSDisplay) -> Display {
        switch display {
        case .none: return .none
        case .contents: return .contents
        case .block, .flowRoot, .flex, .grid: return .block
        case .inline: return .inline
        case .inlineBlock, .inlineFlex, .inlineGrid: return .inlineBlock
        case .listItem: return .listItem
        case .table, .inlineTable: return .table
        case .tableRowGroup: return .tableRowGroup
        case .tableHeaderGroup: return .tableHeaderGroup
        case .tableFooterGroup: return .tableFooterGroup
        case .tableRow: return .tableRow
        case .tableCell: return .tableCell
        case .tableCaption: return .tableCaption
        case .tableColumn, .tableColumnGroup: return .tableColumn
        }
    }

    /// `px` in cells of `size` px, rounded to the nearest, halves up; never
    /// traps (NaN is 0, the result stays within ±100 000).
    static func cells(_ px: Double, _ size: Double) -> Int {
        let value = (px / size).rounded(.toNearestOrAwayFromZero)
        guard !value.isNaN else { return 0 }
        return Int(min(max(value, -100_000), 100_000))
    }

    /// A width in columns; nil for `auto`/`none`, and for a width under one
    /// column: that is the visually-hidden pattern (`width: 1px; overflow:
    /// hidden`), whose text a text browser shows at the container's width.
    static func columns(_ length: CSSLength, _ base: Double) -> Int? {
        guard let px = length.resolved(against: base) else { return nil }
        let columns = cells(px, MediaEnvironment.cellWidth)
        return columns > 0 ? columns : nil
    }

    /// CSS Color 4 §12 (simple alpha compositing) over `backdrop` (white when
    /// nil); a fully transparent colour is nil (nothing drawn).
    static func color(_ color: CSSColor, over backdrop: Color?) -> Color? {
        if color.alpha == 0 { return nil }
        if color.alpha == 255 { return Color(red: color.red, green: color.green, blue: color.blue) }
        let under = backdrop ?? Color(red: 255, green: 255, blue: 255)
        let alpha = Int(color.alpha)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * alpha + Int(bottom) * (255 - alpha) + 127) / 255)
        }
        return Color(red: mix(color.red, under.red), green: mix(color.green, under.green), blue: mix(color.blue, under.blue))
    }
}
