/// Display widths as layout counts them, for front ends that must cut and
/// place laid-out text (a viewport scrolled sideways, a line editor).
public enum DisplayWidth {
    /// Terminal columns of `text`.
    public static func of(_ text: String) -> Int {
        CharacterWidth.of(text)
    }

    /// Terminal columns of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        var width = 0
        var previous: UInt32 = 0
        for scalar in character.unicodeScalars {
            width += CharacterWidth.effective(scalar.value, after: previous)
            previous = scalar.value
        }
        return width
    }

    /// The part of `text` between display columns `start` and `start + count`.
    /// A wide character cut by either edge becomes spaces, so what is returned
    /// is exactly as wide as the part of the range the text covers.
    public static func slice(_ text: String, from start: Int, columns count: Int) -> String {
        guard count > 0 else { return "" }
        let end = start + count
        var column = 0
        var result = ""
        for character in text {
            let width = of(character)
            let next = column + width
            if next <= start {
                column = next
                continue
            }
            if column >= end { break }
            if column < start || next > end {
                // Cut by an edge: the visible cells of it become spaces.
                result += RepeatedText.spaces(min(next, end) - max(column, start))
            } else {
                result.append(character)
            }
            column = next
        }
        return result
    }
}
