import Glibc

/// A string compared by its UTF-8 bytes. Swift's `==` takes canonically
/// equivalent strings (é, and e with a combining accent) as one; CSS names
/// and values compare code point by code point.
struct ExactString: Hashable {
    let text: String
    init(_ text: String) { self.text = text }

    static func == (a: ExactString, b: ExactString) -> Bool {
        var (x, y) = (a.text, b.text)
        return x.withUTF8 { p in
            y.withUTF8 { q in p.count == q.count && (p.isEmpty || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
        }
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
