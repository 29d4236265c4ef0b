/// HTTP header fields in the order they were given, looked up without regard
/// to case (RFC 9110 §5.1).
public struct HTTPHeaders: Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [Field] = []

    public struct Field: Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    public init() {}
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The first value for `name`; setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
        set {
            let key = name.lowercased()
            if let newValue, let index = fields.firstIndex(where: { $0.name.lowercased() == key }) {
                fields[index].value = newValue
                fields.remove(at: fields.indices.dropFirst(index + 1).filter { fields[$0].name.lowercased() == key })
            } else if let newValue {
                add(name, newValue)
            } else {
                fields.removeAll { $0.name.lowercased() == key }
            }
        }
    }

    /// Every value for `name`, in order (for fields such as Set-Cookie).
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    public var isEmpty: Bool { fields.isEmpty }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension Array {
    fileprivate mutating func remove(at indices: [Int]) {
        for index in indices.reversed() { remove(at: index) }
    }
}
