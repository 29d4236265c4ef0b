import XCTest
import TernDOM
@testable import TernLayout

/// Parses `html`. (`Document(html: String)` lets the string's bytes go out of
/// scope before libxml2 reads them, which breaks strings of 15 bytes or
/// fewer; reported to TernDOM. This keeps the bytes alive.)
func parse(_ html: String) -> Document {
    var copy = html
    return copy.withUTF8 { Document(html: UnsafeRawBufferPointer($0), encoding: "utf-8") }
}

/// Renders `html` at `width` and returns the `--dump` text (no references).
func dump(_ html: String, width: Int = 80, references: Bool = false, options: LayoutOptions = LayoutOptions()) -> String {
    var options = options
    options.width = width
    return Layout.render(parse(html), options: options).plainText(references: references)
}

func render(_ html: String, width: Int = 80, options: LayoutOptions = LayoutOptions()) -> RenderedPage {
    var options = options
    options.width = width
    return Layout.render(parse(html), options: options)
}

/// Asserts that no line of `page` is wider than `width` display columns.
func assertFits(_ page: RenderedPage, _ width: Int, file: StaticString = #filePath, line: UInt = #line) {
    for (index, rendered) in page.lines.enumerated() where rendered.width > width {
        XCTFail("line \(index) is \(rendered.width) columns wide (> \(width)): \(rendered.text)", file: file, line: line)
    }
}

/// Asserts each line's stated width matches the display width of its text.
func assertWidthsConsistent(_ page: RenderedPage, file: StaticString = #filePath, line: UInt = #line) {
    for (index, rendered) in page.lines.enumerated() {
        XCTAssertEqual(rendered.width, CharacterWidth.of(rendered.text), "line \(index): \(rendered.text)", file: file, line: line)
    }
}

/// Lines of `text` joined with newlines and a final newline.
func lines(_ text: String...) -> String {
    text.map { $0 + "\n" }.joined()
}
