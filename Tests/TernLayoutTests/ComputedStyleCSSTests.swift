import XCTest
import TernCSS
@testable import TernLayout

/// `ComputedStyle(css:containerWidth:)`: CSS computed values in terminal
/// cells (8 px wide) and lines (16 px tall).
final class ComputedStyleCSSTests: XCTestCase {
    private func css(_ text: String, parent: CSSStyle? = nil) -> CSSStyle {
        let declarations: [CascadedDeclaration] = CSSParser.parseDeclarationList(text).compactMap { item in
            guard case .success(.declaration(let d)) = item else { return nil }
            return CascadedDeclaration(name: d.name.lowercased(), value: d.value, important: d.important, origin: .author)
        }
        return StyleComputer.compute(declarations, parent: parent)
    }

    private func layout(_ text: String, width: Int = 80, parentBackground: Color? = nil) -> ComputedStyle {
        ComputedStyle(css: css(text), containerWidth: width, parentBackground: parentBackground)
    }

    func testDisplayMapping() {
        XCTAssertEqual(layout("display: none").display, .none)
        XCTAssertEqual(layout("display: flow-root").display, .block)
        XCTAssertEqual(layout("display: grid").display, .block)
        XCTAssertEqual(layout("display: inline-flex").display, .inlineBlock)
        XCTAssertEqual(layout("display: list-item").display, .listItem)
        XCTAssertEqual(layout("display: table-column-group").display, .tableColumn)
        XCTAssertEqual(layout("display: inline-table").display, .table)
        XCTAssertEqual(layout("display: contents").display, .contents)
        XCTAssertTrue(layout("display: flex").flexRow)
        XCTAssertFalse(layout("display: flex; flex-direction: column").flexRow)
        XCTAssertFalse(layout("display: block").flexRow)
    }

    func testVerticalLengthsRoundToLines() {
        XCTAssertEqual(layout("margin-top: 1em").marginTop, 1)
        XCTAssertEqual(layout("margin-top: 0.67em").marginTop, 1, "h1's margin")
        XCTAssertEqual(layout("margin-top: 0.5em").marginTop, 1, "halves round up")
        XCTAssertEqual(layout("margin-top: 0.25em").marginTop, 0)
        XCTAssertEqual(layout("margin-bottom: 40px").marginBottom, 3)
        XCTAssertEqual(layout("margin-top: -2em").marginTop, 0, "no negative blank lines")
        XCTAssertEqual(layout("padding: 2em 0").paddingTop, 2)
        XCTAssertEqual(layout("padding: 2em 0").paddingBottom, 2)
        XCTAssertEqual(layout("margin-top: 10%", width: 80).marginTop, 4, "10% of 640 px is 64 px: 4 lines")
    }

    func testHorizontalLengthsInColumns() {
        let style = layout("margin-left: 16px; padding-left: 2em; margin-right: 8px; padding-right: 1ch")
        XCTAssertEqual(style.indent, 2 + 4)
        XCTAssertEqual(style.indentRight, 1 + 1)
        XCTAssertEqual(layout("margin-left: 10%", width: 50).indent, 5)
        XCTAssertEqual(layout("margin-left: -9999px").indent, 0)
        XCTAssertEqual(layout("text-indent: 4ch").textIndent, 4)
        XCTAssertEqual(layout("text-indent: -9999px").textIndent, 0, "never hangs out of the block")
        XCTAssertEqual(layout("margin-left: 2ch; text-indent: -9999px").textIndent, -2)
    }

    func testIndentsLeaveRoomForContent() {
        let style = layout("margin-left: 1000px; margin-right: 1000px", width: 40)
        XCTAssertEqual(style.indent, 30, "40 columns less the 10 kept for the content")
        XCTAssertEqual(style.indentRight, 0)
        let narrow = layout("padding-left: 50px", width: 5)
        XCTAssertEqual(narrow.indent, 0, "a container of 5 columns keeps them all")
    }

    func testWidthsAndCentring() {
        let style = layout("max-width: 40em; margin: 0 auto; width: 50%; min-width: 10ch", width: 100)
        XCTAssertEqual(style.maxWidth, 80)
        XCTAssertEqual(style.width, 50)
        XCTAssertEqual(style.minWidth, 10)
        XCTAssertEqual(style.position, .center)
        XCTAssertNil(layout("width: auto; max-width: none").width)
        XCTAssertNil(layout("max-width: none").maxWidth)
        XCTAssertEqual(layout("margin-left: auto").position, .end)
        XCTAssertEqual(layout("margin-right: auto").position, .start)
        XCTAssertEqual(layout("width: calc(100% - 16px)", width: 40).width, 38)
        XCTAssertEqual(layout("width: 1e300px").width, 100_000, "clamped, never a trap")
        XCTAssertNil(layout("width: 1px; height: 1px; overflow: hidden").width, "the visually-hidden box keeps its text readable")
        XCTAssertNil(layout("max-width: 0").maxWidth)
    }

    func testBorders() {
        let style = layout("border: 1px solid #f00; padding-left: 1ch")
        XCTAssertTrue(style.border.top && style.border.right && style.border.bottom && style.border.left)
        XCTAssertEqual(style.border.line, .single)
        XCTAssertEqual(style.border.color, Color(red: 255, green: 0, blue: 0))
        XCTAssertEqual(style.indent, 2, "the border takes a column")
        XCTAssertEqual(style.indentRight, 1)
        XCTAssertFalse(layout("border: 3px none red").border.isVisible)
        XCTAssertFalse(layout("border: 0 solid red").border.isVisible)
        XCTAssertFalse(layout("border: 2px hidden").border.isVisible)
        XCTAssertFalse(layout("border: 1px solid transparent").border.isVisible, "an invisible border is not drawn")
        XCTAssertFalse(layout("border: 1px solid; color: rgba(0, 0, 0, 0)").border.isVisible)
        XCTAssertEqual(layout("border: 3px double").border.line, .double)
        XCTAssertEqual(layout("border: 1px dashed").border.line, .dashed)
        XCTAssertEqual(layout("border: 1px dotted").border.line, .dashed)
        XCTAssertEqual(layout("border: thick solid").border.line, .heavy)
        let bottom = layout("border-bottom: 1px solid; color: blue")
        XCTAssertTrue(bottom.border.bottom)
        XCTAssertFalse(bottom.border.top)
        XCTAssertEqual(bottom.border.color, Color(red: 0, green: 0, blue: 255), "currentcolor")
    }

    func testTextAttributes() {
        XCTAssertTrue(layout("font-weight: 600").bold)
        XCTAssertFalse(layout("font-weight: 599").bold)
        XCTAssertTrue(layout("font-weight: bold").bold)
        XCTAssertTrue(layout("font-style: oblique").italic)
        XCTAssertTrue(layout("text-decoration: underline").underline)
        XCTAssertTrue(layout("text-decoration: line-through").lineThrough)
        XCTAssertEqual(layout("font-variant: small-caps").textTransform, .uppercase)
        XCTAssertEqual(layout("font-variant: small-caps; text-transform: lowercase").textTransform, .lowercase)
        XCTAssertEqual(layout("text-align: end").textAlign, .right)
        XCTAssertEqual(layout("text-align: justify").textAlign, .left)
        XCTAssertEqual(layout("text-align: center").textAlign, .center)
        XCTAssertTrue(layout("visibility: hidden").hidden)
        XCTAssertTrue(layout("visibility: collapse").hidden)
        XCTAssertEqual(layout("white-space: break-spaces").whiteSpace, .preWrap)
        XCTAssertEqual(layout("white-space: pre-line").whiteSpace, .preLine)
        XCTAssertEqual(layout("vertical-align: sub").verticalAlign, .sub)
        XCTAssertEqual(layout("vertical-align: middle").verticalAlign, .baseline)
        XCTAssertEqual(layout("list-style: inside lower-roman").listStyle, .lowerRoman)
        XCTAssertTrue(layout("list-style: inside lower-roman").listStyleInside)
        XCTAssertEqual(layout("quotes: '<' '>'").quotes, [CSSQuotePair(open: "<", close: ">")])
        XCTAssertEqual(layout("counter-reset: x 2").counterReset, [CSSCounterChange(name: "x", value: 2)])
    }

    func testScrollsHorizontally() {
        XCTAssertTrue(layout("white-space: pre; overflow: auto").scrollsHorizontally)
        XCTAssertTrue(layout("white-space: nowrap; overflow-x: scroll").scrollsHorizontally)
        XCTAssertFalse(layout("white-space: pre; overflow: hidden").scrollsHorizontally)
        XCTAssertFalse(layout("white-space: normal; overflow: auto").scrollsHorizontally)
    }

    func testColoursAndAlpha() {
        XCTAssertEqual(layout("color: #123456").color, Color(red: 0x12, green: 0x34, blue: 0x56))
        XCTAssertNil(layout("background-color: transparent").background)
        XCTAssertNil(layout("color: rgba(0, 0, 0, 0)").color)
        XCTAssertEqual(layout("background-color: rgba(0, 0, 0, 0.5)").background, Color(red: 127, green: 127, blue: 127),
                       "blended over white")
        XCTAssertEqual(layout("background-color: rgb(255 0 0 / 50%)", parentBackground: Color(red: 0, green: 0, blue: 0)).background,
                       Color(red: 128, green: 0, blue: 0), "blended over the parent's background")
        XCTAssertEqual(layout("background-color: #000; color: rgb(255 255 255 / 50%)").color, Color(red: 128, green: 128, blue: 128),
                       "text blends over its own background")
    }
}
