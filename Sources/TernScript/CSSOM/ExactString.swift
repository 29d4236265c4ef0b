/// A string compared by its UTF-8 bytes. Swift's `==` takes canonically
/// equivalent strings (é, and e with a combining accent) as one; CSS names
/// and values compare code point by code point.
struct ExactString: Hashable {
    let text: String
    init(_ text: String) { self.text = text }
    static func == (a: ExactString, b: ExactString) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
