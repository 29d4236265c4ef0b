/// What a key does to a text field's value and selection, in UTF-16 offsets
/// as the DOM counts them. Deletions and moves go by grapheme cluster, so
/// Backspace takes a whole emoji or a letter with its accents.
enum TextFieldEdit: Equatable {
    /// The cursor moves; the value stays.
    case move(to: Int)
    /// `range` of the value becomes `text`; Input Events' `inputType` names
    /// the edit (https://w3c.github.io/input-events/#interface-InputEvent-Attributes).
    case replace(Range<Int>, with: String, inputType: String)

    /// The edit `key` makes in `value` with `selection`; nil when it makes
    /// none (Backspace at the start, Enter in a one-line field).
    init?(key: TextFieldKey, value: String, selection: Range<Int>, multiline: Bool) {
        let utf16 = value.utf16
        // Offsets from the page may be anything: clamp them, and round to characters.
        func boundary(_ offset: Int) -> String.Index {
            var index = utf16.index(utf16.startIndex, offsetBy: min(max(0, offset), utf16.count))
            while index > utf16.startIndex, index.samePosition(in: value) == nil { index = utf16.index(before: index) }
            return index
        }
        func offset(_ index: String.Index) -> Int { utf16.distance(from: utf16.startIndex, to: index) }
        let start = boundary(selection.lowerBound), end = max(start, boundary(selection.upperBound))
        let lineStart = value[..<start].lastIndex(of: "\n").map { value.index(after: $0) } ?? value.startIndex
        let lineEnd = value[end...].firstIndex(of: "\n") ?? value.endIndex
        func delete(_ from: String.Index, _ to: String.Index, _ inputType: String) -> TextFieldEdit? {
            from == to ? nil : .replace(offset(from)..<offset(to), with: "", inputType: inputType)
        }
        switch key {
        case .character(let character):
            self = .replace(offset(start)..<offset(end), with: String(character), inputType: "insertText")
            return
        case .enter:
            guard multiline else { return nil }
            self = .replace(offset(start)..<offset(end), with: "\n", inputType: "insertLineBreak")
            return
        case .backspace:
            guard let edit = start < end ? delete(start, end, "deleteContentBackward")
                    : start > value.startIndex ? delete(value.index(before: start), start, "deleteContentBackward") : nil
            else { return nil }
            self = edit
        case .delete:
            guard let edit = start < end ? delete(start, end, "deleteContentForward")
                    : end < value.endIndex ? delete(end, value.index(after: end), "deleteContentForward") : nil
            else { return nil }
            self = edit
        case .deleteToLineStart:
            guard let edit = delete(lineStart, end, "deleteSoftLineBackward") else { return nil }
            self = edit
        case .deleteToLineEnd:
            guard let edit = delete(start, lineEnd, "deleteSoftLineForward") else { return nil }
            self = edit
        case .deleteWordBackward:
            var wordStart = start
            while wordStart > value.startIndex, value[value.index(before: wordStart)].isWhitespace { wordStart = value.index(before: wordStart) }
            while wordStart > value.startIndex, !value[value.index(before: wordStart)].isWhitespace { wordStart = value.index(before: wordStart) }
            guard let edit = delete(wordStart, end, "deleteWordBackward") else { return nil }
            self = edit
        case .left:
            self = .move(to: offset(start < end || start == value.startIndex ? start : value.index(before: start)))
        case .right:
            self = .move(to: offset(start < end || end == value.endIndex ? end : value.index(after: end)))
        case .home:
            self = .move(to: offset(lineStart))
        case .end:
            self = .move(to: offset(lineEnd))
        case .up:
            // The same column (in characters) on the line above.
            guard lineStart > value.startIndex else {
                self = .move(to: 0)
                return
            }
            let column = value.distance(from: lineStart, to: start)
            let aboveEnd = value.index(before: lineStart)
            let aboveStart = value[..<aboveEnd].lastIndex(of: "\n").map { value.index(after: $0) } ?? value.startIndex
            self = .move(to: offset(value.index(aboveStart, offsetBy: column, limitedBy: aboveEnd) ?? aboveEnd))
        case .down:
            guard lineEnd < value.endIndex else {
                self = .move(to: utf16.count)
                return
            }
            let column = value.distance(from: value[..<end].lastIndex(of: "\n").map { value.index(after: $0) } ?? value.startIndex, to: end)
            let belowStart = value.index(after: lineEnd)
            let belowEnd = value[belowStart...].firstIndex(of: "\n") ?? value.endIndex
            self = .move(to: offset(value.index(belowStart, offsetBy: column, limitedBy: belowEnd) ?? belowEnd))
        }
    }
}
