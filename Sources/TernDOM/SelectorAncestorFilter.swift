import CLibXML2

/// A counting Bloom filter of the ids, classes and tag names of the
/// elements on a path from the root (WebKit's SelectorFilter): a style walk
/// pushes each element before its children and pops it after, and a rule
/// whose selector needs an ancestor the filter has never seen (`.nav a`
/// where no ancestor has class `nav`) is rejected without walking the tree.
/// The filter only says "surely not" or "maybe": matching decides.
public struct SelectorAncestorFilter {
    enum Kind: UInt8 { case tag = 1, id, className, attribute, root }

    /// 2^12 counters, two probes per key (12 bits each of one hash).
    @usableFromInline var counters = [UInt8](repeating: 0, count: 1 << 12)
    /// The hashes each pushed element added, flat; `starts[i]` is where element i's begin.
    private var hashes: [UInt32] = []
    private var starts: [Int] = []
    @usableFromInline private(set) var elements: [Node] = []

    public init() {}

    /// The elements pushed, outermost first.
    public var path: [Node] { elements }

    /// Whether no element is pushed.
    public var isEmpty: Bool { elements.isEmpty }

    /// Whether the element pushed last is `element`'s parent (without making `Node`s).
    /// Inlinable: a call from another module passed the filter by value,
    /// retaining and releasing each of its arrays.
    @inlinable
    public func isTop(parentOf element: Node) -> Bool {
        guard let parent = element.raw.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return elements.isEmpty }
        return elements.last?.raw == parent
    }

    /// Adds `element` (the next element down the path).
    public mutating func push(_ element: Node) {
        starts.append(hashes.count)
        elements.append(element)
        let raw = element.raw
        guard raw.pointee.type == XML_ELEMENT_NODE else { return }
        if let name = raw.pointee.name {
            add(SelectorAncestorFilter.hash(UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))), kind: .tag))
            if let lowered = SelectorAncestorFilter.loweredTagHash(raw) { add(lowered) }
        }
        if let id = Node.findAttribute(raw, "id") {
            let hash = Node.withValue(of: id) { SelectorAncestorFilter.hash($0, kind: .id) }
            add(hash)
        }
        if let classes = Node.findAttribute(raw, "class") {
            // Each class of the list, scanned in place (no array of substrings per element).
            Node.withValue(of: classes) { value in
                var start = 0
                while start < value.count {
                    while start < value.count, Node.isASCIIWhitespace(value[start]) { start += 1 }
                    var end = start
                    while end < value.count, !Node.isASCIIWhitespace(value[end]) { end += 1 }
                    if end > start { add(SelectorAncestorFilter.hash(UnsafeBufferPointer(rebasing: value[start..<end]), kind: .className)) }
                    start = end
                }
            }
        }
    }

    /// Removes the element pushed last.
    public mutating func pop() {
        guard let start = starts.popLast() else { return }
        elements.removeLast()
        for hash in hashes[start...] {
            // A saturated counter stays: only "maybe" answers grow.
            let (a, b) = SelectorAncestorFilter.slots(hash)
            if counters[a] != UInt8.max { counters[a] -= 1 }
            if counters[b] != UInt8.max { counters[b] -= 1 }
        }
        hashes.removeSubrange(start...)
    }

    /// False when the path surely lacks what `hashes` (from
    /// `Selector.ancestorHashes`) requires.
    @inlinable
    public func mayContain(_ hashes: AncestorHashes) -> Bool {
        for i in 0..<hashes.requiredCount where !mayContain(hashes.required[i]) { return false }
        guard hashes.anyOfCount > 0 else { return true }
        for i in 0..<hashes.anyOfCount where mayContain(hashes.anyOf[i]) { return true }
        return false
    }

    @inlinable
    func mayContain(_ hash: UInt32) -> Bool {
        let (a, b) = SelectorAncestorFilter.slots(hash)
        return counters[a] != 0 && counters[b] != 0
    }

    private mutating func add(_ hash: UInt32) {
        hashes.append(hash)
        let (a, b) = SelectorAncestorFilter.slots(hash)
        if counters[a] != UInt8.max { counters[a] += 1 }
        if counters[b] != UInt8.max { counters[b] += 1 }
    }

    @inlinable
    static func slots(_ hash: UInt32) -> (Int, Int) {
        (Int(hash & 0xFFF), Int((hash >> 12) & 0xFFF))
    }

    /// FNV-1a over the kind and the bytes.
    /// For an element with a namespace record whose name has ASCII upper
    /// case ("Rect"), the tag hash of the lower-cased name too: selectors key
    /// tags in lower case, and the matcher then compares the exact case.
    static func loweredTagHash(_ element: xmlNodePtr) -> UInt32? {
        guard element.pointee.ns != nil, let name = element.pointee.name else { return nil }
        let bytes = UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name)))
        guard bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return nil }
        return hash(bytes.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, kind: .tag)
    }

    static func hash<C: Collection>(_ bytes: C, kind: Kind) -> UInt32 where C.Element == UInt8 {
        var hash: UInt32 = 2_166_136_261
        hash = (hash ^ UInt32(kind.rawValue)) &* 16_777_619
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}
