import TernDOM

/// Editing an element's content in place (HTML §6.8.1, `contenteditable`).
/// The text a person edits is the editing host's text: its text nodes in
/// tree order, offsets counted in UTF-16 code units across them. An edit
/// changes the text nodes it falls in and keeps the markup around them.
enum EditingHost {
    /// HTML "editing host": an element whose `contenteditable` is in the
    /// true or plaintext-only state, and whose parent is not editable.
    static func isEditingHost(_ node: Node) -> Bool {
        guard node.isElement, state(of: node) == true else { return false }
        return !(node.parent.map(isEditable) ?? false)
    }

    /// Whether `node` is editable: the nearest `contenteditable` in a known
    /// state on it or above it says so (the inherit state looks further up).
    static func isEditable(_ node: Node) -> Bool {
        var current: Node? = node
        while let each = current, each.isElement {
            if let editable = state(of: each) { return editable }
            current = each.parent
        }
        return false
    }

    /// true for "", "true", "plaintext-only"; false for "false"; nil for
    /// no attribute or another value (the inherit state).
    private static func state(of element: Node) -> Bool? {
        guard let value = element.attribute("contenteditable")?.lowercased() else { return nil }
        switch value {
        case "", "true", "plaintext-only": return true
        case "false": return false
        default: return nil
        }
    }

    /// The host's text, as the person edits it.
    static func text(of host: Node) -> String { host.textContent }

    /// Replaces the UTF-16 `range` of the host's text with `text`: the part
    /// of each text node the range covers goes, and `text` goes into the
    /// text node where the range starts (a new one when the host has none).
    static func replace(_ range: Range<Int>, with text: String, in host: Node) {
        var texts: [Node] = []
        host.walk { node in
            if node.isText { texts.append(node) }
            return true
        }
        guard !texts.isEmpty else {
            if !text.isEmpty { _ = try? host.appendChild(host.document.createTextNode(text)) }
            return
        }
        var offset = 0, inserted = false
        for node in texts {
            let data = Array(node.data.utf16)
            let start = offset, end = offset + data.count
            offset = end
            let insertsHere = !inserted && range.lowerBound >= start && range.lowerBound <= end
            let lower = max(range.lowerBound, start), upper = min(range.upperBound, end)
            guard insertsHere || lower < upper else { continue }
            let from = min(max(0, lower - start), data.count), to = min(max(from, upper - start), data.count)
            node.data = String(decoding: data[..<from], as: UTF16.self) + (insertsHere ? text : "")
                + String(decoding: data[to...], as: UTF16.self)
            inserted = inserted || insertsHere
        }
        // A range past the end (the text changed meanwhile): the text goes at the end.
        if !inserted, !text.isEmpty, let last = texts.last { last.data += text }
    }
}
