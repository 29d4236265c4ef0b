import TernKit
import TernTerminal

/// A box in the middle of the screen with a title and wrapped text, the
/// common part of message boxes, prompts and menus.
struct DialogFrame {
    let top: Int
    let left: Int
    let width: Int
    let height: Int

    /// Inner width for text.
    var innerWidth: Int { max(1, width - 4) }

    /// A frame for `contentRows` rows of content (clipped to the screen).
    init(terminal: Terminal, contentRows: Int, preferredWidth: Int = 60) {
        width = max(8, min(preferredWidth, terminal.columns - 2))
        height = max(3, min(contentRows + 2, terminal.rows - 2))
        top = max(0, (terminal.rows - height) / 2)
        left = max(0, (terminal.columns - width) / 2)
    }

    /// Rows inside the border.
    var innerRows: Int { height - 2 }

    /// Draws the border and the background, with `title` in the top border.
    func drawBox(on terminal: Terminal, title: String) {
        let horizontal = String(repeating: "─", count: width - 2)
        terminal.put("┌" + horizontal + "┐", row: top, column: left, style: Theme.dialogFrame)
        for row in 1..<(height - 1) {
            terminal.put("│", row: top + row, column: left, style: Theme.dialogFrame)
            terminal.fill(row: top + row, column: left + 1, count: width - 2, style: Theme.dialog)
            terminal.put("│", row: top + row, column: left + width - 1, style: Theme.dialogFrame)
        }
        terminal.put("└" + horizontal + "┘", row: top + height - 1, column: left, style: Theme.dialogFrame)
        if !title.isEmpty {
            let shown = DisplayWidth.slice(" " + title + " ", from: 0, columns: width - 4)
            terminal.put(shown, row: top, column: left + 2, style: Theme.dialogFrame)
        }
    }

    /// Draws text on an inner row (0-based), clipped to the box.
    func put(_ text: String, innerRow: Int, column: Int = 0, style: CellStyle = Theme.dialog, on terminal: Terminal) {
        guard innerRow >= 0, innerRow < innerRows else { return }
        terminal.put(text, row: top + 1 + innerRow, column: left + 2 + column, style: style, maxColumns: innerWidth - column)
    }

    /// `text` broken into lines at most `width` columns wide: at its line
    /// breaks, then between words, and inside words longer than a line.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = DisplayWidth.of(String(word))
                if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                if wordWidth <= width - lineWidth {
                    line += word
                    lineWidth += wordWidth
                    continue
                }
                for character in word {
                    let characterWidth = DisplayWidth.of(character)
                    if lineWidth + characterWidth > width, lineWidth > 0 {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            lines.append(line)
        }
        return lines
    }
}
