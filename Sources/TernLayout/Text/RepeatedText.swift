/// Text made of one character repeated: indentation, padding, rules and
/// underlines. `String(repeating:count:)` appends one copy at a time (about
/// 50 instructions a copy, 25 000 for a rule across a wide table); these
/// copy bytes, and the common runs of spaces are made once.
enum RepeatedText {
    /// `count` spaces.
    static func spaces(_ count: Int) -> String {
        count < spaceTexts.count ? spaceTexts[max(0, count)] : repeated(" ", count)
    }

    /// Up to 160 spaces, made once (a string of up to 15 bytes is stored
    /// inline; a longer one is shared, not copied).
    private static let spaceTexts = (0...160).map { repeated(" ", $0) }

    /// `character` repeated `count` times.
    static func repeated(_ character: Character, _ count: Int) -> String {
        guard count > 0 else { return "" }
        var unit = String(character)
        return unit.withUTF8 { unit in
            String(unsafeUninitializedCapacity: unit.count * count) { buffer in
                var offset = 0
                for _ in 0..<count {
                    for byte in unit {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
                return offset
            }
        }
    }
}
