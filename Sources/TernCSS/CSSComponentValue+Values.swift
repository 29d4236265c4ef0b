/// Helpers the value grammars share (CSS Values 4 §2: component values
/// separated by whitespace or commas; keywords ASCII case-insensitive).
extension CSSComponentValue {
    var isWhitespace: Bool {
        if case .token(.whitespace) = self { return true }
        return false
    }

    /// The identifier ASCII-lowercased, or nil when this is not an identifier.
    var keyword: String? {
        guard case .token(.ident(let name)) = self else { return nil }
        return Self.asciiLowercased(name)
    }

    /// `text` ASCII-lowercased (CSS keywords and property names compare so,
    /// CSS Syntax 3 §2.1), without a copy when it has no upper-case letter.
    public static func asciiLowercased(_ text: String) -> String {
        CSSTokenizer.asciiLowercased(text)
    }

    /// The function name ASCII-lowercased and its arguments, or nil.
    var function: (name: String, arguments: [CSSComponentValue])? {
        guard case .function(let name, let arguments) = self else { return nil }
        return (Self.asciiLowercased(name), arguments)
    }

    var isComma: Bool {
        if case .token(.comma) = self { return true }
        return false
    }
}

extension Array where Element == CSSComponentValue {
    /// The values without whitespace (the space-separated words of a value).
    var words: [CSSComponentValue] { filter { !$0.isWhitespace } }

    /// The comma-separated groups, each without whitespace; nil when a group is empty.
    var commaGroups: [[CSSComponentValue]]? {
        var groups: [[CSSComponentValue]] = [[]]
        for value in self where !value.isWhitespace {
            if value.isComma { groups.append([]) } else { groups[groups.count - 1].append(value) }
        }
        return groups.contains(where: \.isEmpty) ? nil : groups
    }

    /// The values with leading and trailing whitespace removed.
    var trimmed: [CSSComponentValue] {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return [] }
        return Array(self[first...last])
    }

    /// How many component values this holds, blocks and functions counted
    /// with their contents (the size `var()` substitution is capped by).
    var deepCount: Int {
        var count = 0
        for value in self {
            count += 1
            switch value {
            case .block(_, let inner), .function(_, let inner): count += inner.deepCount
            case .token: break
            }
        }
        return count
    }
}
