/// A table by tag name for lookups on every element: names of up to 16
/// bytes are packed into two words and found by open addressing, with no
/// String hashed or compared (a String-keyed Dictionary cost ~700
/// instructions a lookup). Longer names fall back to the dictionary.
struct TagTable<Value> {
    private var lows: [UInt64]
    private var highs: [UInt64]
    private var values: [Value?]
    private let mask: Int
    private let dictionary: [String: Value]

    init(_ dictionary: [String: Value]) {
        self.dictionary = dictionary
        var size = 16
        while size < dictionary.count * 4 { size *= 2 }
        mask = size - 1
        lows = Array(repeating: 0, count: size)
        highs = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        for (name, value) in dictionary {
            guard let (low, high) = TagTable.pack(name) else { continue }
            var slot = TagTable.slot(low, high, mask)
            while lows[slot] != 0 || highs[slot] != 0 { slot = (slot + 1) & mask }
            lows[slot] = low
            highs[slot] = high
            values[slot] = value
        }
    }

    func value(for name: String) -> Value? {
        guard let (low, high) = TagTable.pack(name) else { return name.isEmpty ? nil : dictionary[name] }
        return value(low, high)
    }

    /// The value for a name given as UTF-8 (an element's, read in place: no String is made).
    func value(forUTF8 name: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let (low, high) = TagTable.pack(name) else {
            return name.isEmpty ? nil : dictionary[String(decoding: name, as: UTF8.self)]
        }
        return value(low, high)
    }

    private func value(_ low: UInt64, _ high: UInt64) -> Value? {
        var slot = TagTable.slot(low, high, mask)
        while true {
            let l = lows[slot], h = highs[slot]
            if l == low && h == high { return values[slot] }
            if l == 0 && h == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The name's bytes in two little-endian words; nil when empty or longer than 16 bytes.
    @inline(__always)
    private static func pack(_ name: String) -> (UInt64, UInt64)? {
        var name = name
        return name.withUTF8 { pack($0) }
    }

    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        let count = bytes.count
        guard count > 0 && count <= 16, let base = bytes.baseAddress else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0
        for index in 0..<min(count, 8) { low |= UInt64(base[index]) << UInt64(index * 8) }
        if count > 8 {
            for index in 8..<count { high |= UInt64(base[index]) << UInt64((index - 8) * 8) }
        }
        return (low, high)
    }

    @inline(__always)
    private static func slot(_ low: UInt64, _ high: UInt64, _ mask: Int) -> Int {
        let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: mixed >> 40) & mask
    }
}
