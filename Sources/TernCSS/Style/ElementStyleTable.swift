import TernDOM

/// The style store's entries by element: an open-addressing hash table on
/// `Node.identifier` (linear probing, a multiplicative hash, at most half
/// full, deletion by backward shift) over storage of its own. A layout pass looks up and
/// stores every element it styles, so this is on the first layout's path:
/// a `[Node: Entry]` dictionary cost about 1,200 instructions an element
/// there (SipHash, the document retained and released with every key
/// copied, every entry retained and released when the table grew); this
/// costs about a hundred.
///
/// A class, used by its one store: no copy on write, no reference counting
/// of its storage.
final class ElementStyleTable {
    typealias Entry = ElementStyleStore.Entry

    /// `Node.identifier` per slot; 0 for an empty slot.
    private var keys: UnsafeMutablePointer<UInt>
    /// Initialized exactly where `keys` is not 0.
    private var entries: UnsafeMutablePointer<Entry>
    private var capacity: Int
    /// `capacity - 1` (capacity is a power of two).
    private var mask: Int
    /// 64 less the bits of `capacity`: the hash's top bits pick the slot.
    private var shift: UInt
    private(set) var count = 0

    init() {
        capacity = 64
        mask = capacity - 1
        shift = UInt(64 - capacity.trailingZeroBitCount)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        entries = .allocate(capacity: capacity)
    }

    deinit {
        removeAll()
        keys.deallocate()
        entries.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Where `key` starts its probe.
    @inline(__always)
    private func home(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The slot holding `node`'s entry.
    @inline(__always)
    func find(_ node: Node) -> Int? {
        let key = node.identifier
        var i = home(key)
        while true {
            let found = keys[i]
            if found == key { return i }
            if found == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    /// The slot holding `node`'s entry (`found`), or the empty slot where
    /// `insertNew(_:for:at:)` would put it.
    @inline(__always)
    func probe(_ node: Node) -> (slot: Int, found: Bool) {
        let key = node.identifier
        var i = home(key)
        while true {
            let found = keys[i]
            if found == key { return (i, true) }
            if found == 0 { return (i, false) }
            i = (i + 1) & mask
        }
    }

    /// Stores `entry` for `node`, which has none, at the empty slot `probe`
    /// gave (no insertion or removal since); the slot it is in.
    @discardableResult
    func insertNew(_ entry: Entry, for node: Node, at slot: Int) -> Int {
        var i = slot
        let key = node.identifier
        if (count + 1) * 2 > capacity {
            grow()
            i = home(key)
            while keys[i] != 0 { i = (i + 1) & mask }
        }
        keys[i] = key
        (entries + i).initialize(to: entry)
        count += 1
        return i
    }

    /// The entry in a slot `find` gave (valid until the next insertion or removal).
    subscript(slot index: Int) -> Entry {
        get { entries[index] }
        _modify { yield &entries[index] }
    }

    /// The entry in a slot `find` or `probe` gave, in place (no copy, no
    /// retain of what it holds); valid until the next insertion or removal.
    @inline(__always)
    func pointer(toSlot index: Int) -> UnsafeMutablePointer<Entry> {
        entries + index
    }

    /// `node`'s entry; set nil to remove it.
    subscript(node: Node) -> Entry? {
        get { find(node).map { entries[$0] } }
        set {
            if let newValue { insert(newValue, for: node) } else { remove(node) }
        }
    }

    /// Stores `entry` for `node`, replacing what it had.
    func insert(_ entry: Entry, for node: Node) {
        let key = node.identifier
        var i = home(key)
        while true {
            let found = keys[i]
            if found == key {
                entries[i] = entry
                return
            }
            if found == 0 { break }
            i = (i + 1) & mask
        }
        insertNew(entry, for: node, at: i)
    }

    /// Removes `node`'s entry; whether it had one.
    @discardableResult
    func remove(_ node: Node) -> Bool {
        guard var hole = find(node) else { return false }
        (entries + hole).deinitialize(count: 1)
        // Backward shift: each later entry of the run whose home is not
        // cyclically in (hole, its slot] moves into the hole.
        var i = hole
        while true {
            i = (i + 1) & mask
            let key = keys[i]
            if key == 0 { break }
            let start = home(key)
            let stays = hole <= i ? (hole < start && start <= i) : (hole < start || start <= i)
            if stays { continue }
            keys[hole] = key
            (entries + hole).moveInitialize(from: entries + i, count: 1)
            hole = i
        }
        keys[hole] = 0
        count -= 1
        return true
    }

    /// Removes every entry, keeping the slots.
    func removeAll() {
        guard count > 0 else { return }
        for i in 0..<capacity where keys[i] != 0 {
            (entries + i).deinitialize(count: 1)
            keys[i] = 0
        }
        count = 0
    }

    /// Doubles the slots and files every entry again (moved, not copied).
    private func grow() {
        let oldKeys = keys, oldEntries = entries, oldCapacity = capacity
        capacity *= 2
        mask = capacity - 1
        shift = UInt(64 - capacity.trailingZeroBitCount)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        entries = .allocate(capacity: capacity)
        for old in 0..<oldCapacity where oldKeys[old] != 0 {
            let key = oldKeys[old]
            var i = home(key)
            while keys[i] != 0 { i = (i + 1) & mask }
            keys[i] = key
            (entries + i).moveInitialize(from: oldEntries + old, count: 1)
        }
        oldKeys.deallocate()
        oldEntries.deallocate()
    }
}
