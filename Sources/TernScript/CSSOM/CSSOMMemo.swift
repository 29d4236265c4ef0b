/// The answers of CSSOM's pure functions (CSSOMDeclarations), kept by their
/// input for one window's scripts: a script that styles many elements
/// alike (jQuery's `.css({…})` over a list) asks the same questions for
/// each element. Each table holds short inputs only and is emptied when it
/// reaches `limit` entries, so a page cannot make it grow.
struct CSSOMMemo {
    static let limit = 256
    /// Inputs longer than this (in UTF-8 bytes) are answered, not kept.
    static let longestInput = 2048

    private var supported: [ExactString: Bool] = [:]
    private var values: [ValueKey: [String]?] = [:]
    private var serialized: [ExactString: String] = [:]

    /// `CSSOMDeclarations.isSupported(name)`.
    mutating func isSupported(_ name: String) -> Bool {
        remember(&supported, ExactString(name), size: name.utf8.count) { CSSOMDeclarations.isSupported(name) }
    }

    /// `CSSOMDeclarations.parseValue(property:_:)` as [name, value, …], or nil.
    mutating func parsedValue(property: String, _ text: String) -> [String]? {
        remember(&values, ValueKey(property: ExactString(property), text: ExactString(text)), size: property.utf8.count + text.utf8.count) {
            CSSOMDeclarations.parseValue(property: property, text).map { $0.flatMap { [$0.name, $0.value] } }
        }
    }

    /// `CSSOMDeclarations.serialize` of the block `packed` (DOMBridge+CSSOM's format) holds.
    mutating func serialized(packed: String, _ declarations: () -> [CSSOMDeclarations.Declaration]) -> String {
        remember(&serialized, ExactString(packed), size: packed.utf8.count) { CSSOMDeclarations.serialize(declarations()) }
    }

    private struct ValueKey: Hashable {
        let property: ExactString
        let text: ExactString
    }

    private func remember<Key: Hashable, Value>(_ table: inout [Key: Value], _ key: Key, size: Int, _ answer: () -> Value) -> Value {
        if let known = table[key] { return known }
        let value = answer()
        guard size <= CSSOMMemo.longestInput else { return value }
        if table.count >= CSSOMMemo.limit { table.removeAll(keepingCapacity: true) }
        table[key] = value
        return value
    }
}

