import TernKit
import TernTerminal

/// A page's source as the tab shows it instead of the page (`\`): the
/// decoded text, highlighted once, laid out as lines of coloured runs for
/// the viewport (which scrolls and searches them as it does a page).
///
/// Every run's text is sanitized (control characters become visible
/// pictures, C1 controls U+FFFD), tabs are expanded to every 8th column,
/// CR LF, CR and LF end a line, and lines wider than the window are
/// wrapped, so a minified page of one megabyte-long line reads as rows.
final class SourceView {
    /// The URL the source belongs to, for the title bar.
    let url: String
    private let text: String
    private let spans: [SourceHighlighter.Span]
    /// The layout last made, and its width.
    private var laidOut: (width: Int, page: PageLayout)?
    /// The scroll position in the source, kept while the page is shown.
    var top = 0

    init(url: String, text: String) {
        self.url = url
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        spans = SourceHighlighter.spans(text)
    }

    var title: String { "Source of \(url)" }

    /// The source laid out `width` columns wide (kept until the width changes).
    func layout(width: Int) -> PageLayout {
        if let laidOut, laidOut.width == width { return laidOut.page }
        var text = text
        let lines = text.withUTF8 { SourceView.lines($0, spans: spans, width: max(1, width)) }
        let page = PageLayout(title: title, lines: lines)
        laidOut = (width, page)
        return page
    }

    /// The colour (and monochrome attribute) of each kind of span: bright
    /// colours on a dark terminal, deep ones on a light one.
    static func look(of kind: SourceHighlighter.Kind, lightTerminal: Bool = Theme.terminalIsLight) -> (style: TextStyle, color: TextColor?) {
        func rgb(_ dark: (UInt8, UInt8, UInt8), _ light: (UInt8, UInt8, UInt8)) -> TextColor {
            let c = lightTerminal ? light : dark
            return TextColor(red: c.0, green: c.1, blue: c.2)
        }
        switch kind {
        case .text: return (TextStyle(rawValue: 0), nil)
        case .tag: return (.bold, rgb((0xFF, 0x87, 0xFF), (0x87, 0x00, 0x87)))
        case .attributeName: return (TextStyle(rawValue: 0), rgb((0x87, 0xD7, 0xFF), (0x00, 0x5F, 0xAF)))
        case .attributeValue: return (TextStyle(rawValue: 0), rgb((0xFF, 0xD7, 0x5F), (0x87, 0x4B, 0x00)))
        case .comment: return (.italic, rgb((0x87, 0xAF, 0x87), (0x00, 0x73, 0x00)))
        case .doctype: return (.italic, rgb((0xAF, 0xAF, 0xAF), (0x5F, 0x5F, 0x5F)))
        case .characterReference: return (TextStyle(rawValue: 0), rgb((0x5F, 0xFF, 0x87), (0x00, 0x6E, 0x3C)))
        }
    }

    /// The lines of `bytes` (valid UTF-8) with `spans` over them, wrapped at `width`.
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>, spans: [SourceHighlighter.Span], width: Int) -> [Line] {
        var builder = LineBuilder(width: width)
        let looks = SourceHighlighter.Kind.allCases.map { look(of: $0) }
        for span in spans {
            let look = looks[Int(span.kind.rawValue)]
            var start = span.start
            for k in span.start..<span.end {
                let b = bytes[k]
                guard b == 0x0A || b == 0x0D || b == 0x09 else { continue }
                builder.add(UnsafeBufferPointer(rebasing: bytes[start..<k]), look: look)
                switch b {
                case 0x09: builder.addTab(look: look)
                case 0x0D:
                    builder.endLine()
                    builder.afterCarriageReturn = true
                default:
                    // CR LF is one line break.
                    if builder.afterCarriageReturn { builder.afterCarriageReturn = false } else { builder.endLine() }
                }
                start = k + 1
            }
            builder.add(UnsafeBufferPointer(rebasing: bytes[start..<span.end]), look: look)
        }
        builder.endLine(final: true)
        return builder.lines
    }

    /// Lines of runs built piece by piece, wrapped at `width` columns.
    private struct LineBuilder {
        typealias Look = (style: TextStyle, color: TextColor?)
        let width: Int
        var lines: [Line] = []
        var runs: [Line.Run] = []
        /// Columns used on the row being built, and in the source line (for tabs).
        var column = 0
        var sourceColumn = 0
        /// A CR just ended a line: an LF right after it ends none.
        var afterCarriageReturn = false

        init(width: Int) { self.width = width }

        mutating func endLine(final: Bool = false) {
            if !final || !runs.isEmpty || lines.isEmpty { lines.append(Line(runs: runs)) }
            runs = []
            column = 0
            sourceColumn = 0
        }

        mutating func wrap() {
            lines.append(Line(runs: runs))
            runs = []
            column = 0
        }

        mutating func append(_ text: String, width: Int, look: Look) {
            guard !text.isEmpty else { return }
            if let last = runs.last, last.style == look.style, last.color == look.color {
                runs[runs.count - 1].text += text
                runs[runs.count - 1].width += width
            } else {
                runs.append(Line.Run(text: text, width: width, style: look.style, color: look.color))
            }
            column += width
            sourceColumn += width
        }

        mutating func addTab(look: Look) {
            afterCarriageReturn = false
            let spaces = 8 - sourceColumn % 8
            for _ in 0..<spaces {
                if column >= self.width { wrap() }
                append(" ", width: 1, look: look)
            }
        }

        /// Adds a piece of a line (no line break, no tab), sanitized, cut
        /// into rows where it passes the right edge.
        mutating func add(_ piece: UnsafeBufferPointer<UInt8>, look: Look) {
            guard !piece.isEmpty else { return }
            afterCarriageReturn = false
            // Printable ASCII (the usual source): one column a byte.
            if piece.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                var start = piece.startIndex
                while start < piece.endIndex {
                    if column >= width { wrap() }
                    let count = min(width - column, piece.endIndex - start)
                    let text = String(decoding: UnsafeBufferPointer(rebasing: piece[start..<start + count]), as: UTF8.self)
                    append(text, width: count, look: look)
                    start += count
                }
                return
            }
            let safe = TerminalText.sanitized(utf8: piece).map { String(decoding: $0, as: UTF8.self) }
                ?? String(decoding: piece, as: UTF8.self)
            var row = ""
            var rowWidth = 0
            for character in safe {
                let characterWidth = DisplayWidth.of(character)
                if column + rowWidth + characterWidth > width, column + rowWidth > 0 {
                    append(row, width: rowWidth, look: look)
                    row = ""
                    rowWidth = 0
                    wrap()
                }
                row.append(character)
                rowWidth += characterWidth
            }
            append(row, width: rowWidth, look: look)
        }
    }
}
