import CLibXML2

/// `SelectorMatcher`'s `:has()` answers by anchor element and argument: an
/// open-addressing hash table on the two addresses (linear probing, a
/// multiplicative hash, at most half full), entries never removed. A
/// `:has(C)` search stores an answer for every element of the anchor's
/// subtree and looks up each child's, so this is on its inner loop: a
/// `[key: Bool]` dictionary cost about 370 instructions an operation there
/// (SipHash's seed, combine and finalize); this costs a few dozen.
final class HasResultTable {
    private struct Slot {
        /// 0 for an empty slot (no element lives at address 0).
        var anchor: UInt
        var argument: UInt
        var answer: Bool
    }

    /// Made on the first answer stored: most matchers never meet a `:has()`.
    private var slots: UnsafeMutablePointer<Slot>?
    private var capacity = 0
    /// 64 less the bits of `capacity`: the hash's top bits pick the slot.
    private var shift: UInt = 64
    private var count = 0

    deinit { slots?.deallocate() }

    @inline(__always)
    private func home(_ anchor: UInt, _ argument: UInt) -> Int {
        Int(truncatingIfNeeded: ((anchor ^ (argument &<< 1)) &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    /// The answer stored for `anchor` and `argument`, if any.
    subscript(anchor anchor: xmlNodePtr, argument argument: ObjectIdentifier) -> Bool? {
        get {
            guard let slots else { return nil }
            let a = UInt(bitPattern: anchor), b = UInt(bitPattern: argument)
            var i = home(a, b)
            while true {
                let slot = slots[i]
                if slot.anchor == a && slot.argument == b { return slot.answer }
                if slot.anchor == 0 { return nil }
                i = (i + 1) & (capacity - 1)
            }
        }
        set {
            guard let answer = newValue else { return }  // entries are never removed
            if (count + 1) * 2 > capacity { grow() }
            guard let slots else { return }
            let a = UInt(bitPattern: anchor), b = UInt(bitPattern: argument)
            var i = home(a, b)
            while slots[i].anchor != 0 {
                if slots[i].anchor == a && slots[i].argument == b { slots[i].answer = answer; return }
                i = (i + 1) & (capacity - 1)
            }
            slots[i] = Slot(anchor: a, argument: b, answer: answer)
            count += 1
        }
    }

    /// Doubles the table (64 slots at first).
    private func grow() {
        let old = slots, oldCapacity = capacity
        capacity = max(64, capacity * 2)
        shift = UInt(64 - capacity.trailingZeroBitCount)
        let made = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        made.initialize(repeating: Slot(anchor: 0, argument: 0, answer: false), count: capacity)
        if let old {
            for index in 0..<oldCapacity where old[index].anchor != 0 {
                var i = home(old[index].anchor, old[index].argument)
                while made[i].anchor != 0 { i = (i + 1) & (capacity - 1) }
                made[i] = old[index]
            }
            old.deallocate()
        }
        slots = made
    }
}
