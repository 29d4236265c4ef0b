// Punycode (RFC 3492) encoder and decoder, in pure Swift.

/// RFC 3492 Punycode: a bootstring encoding of Unicode code points into ASCII.
enum Punycode {
    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26
    private static let skew: UInt32 = 38
    private static let damp: UInt32 = 700
    private static let initialBias: UInt32 = 72
    private static let initialN: UInt32 = 0x80
    private static let delimiter = UInt8(ascii: "-")

    private static func adapt(_ delta: UInt32, numPoints: UInt32, firstTime: Bool) -> UInt32 {
        var delta = firstTime ? delta / damp : delta / 2
        delta += delta / numPoints
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (((base - tMin + 1) * delta) / (delta + skew))
    }

    @inline(__always)
    private static func encodeDigit(_ d: UInt32) -> UInt8 {
        // 0..25 -> a..z, 26..35 -> 0..9
        d < 26 ? UInt8(d) + UInt8(ascii: "a") : UInt8(d - 26) + UInt8(ascii: "0")
    }

    @inline(__always)
    private static func decodeDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0")) + 26
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(b - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(b - UInt8(ascii: "a"))
        default: return nil
        }
    }

    /// Emits the variable-length integer `delta` and adapts the bias, as in RFC 3492's encoder loop.
    private static func emit(_ delta: UInt32, bias: inout UInt32, h: UInt32, b: UInt32, into output: inout [UInt8]) {
        var q = delta
        var k = base
        while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            output.append(encodeDigit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
        }
        output.append(encodeDigit(q))
        bias = adapt(delta, numPoints: h + 1, firstTime: h == b)
    }

    /// Encodes code points to Punycode (without the "xn--" prefix). Returns nil on overflow.
    ///
    /// Equivalent to RFC 3492's encoder, but instead of rescanning the whole input for every distinct
    /// code point it visits the code points in sorted order and counts the smaller ones with a
    /// Fenwick tree, so that it runs in O(n log n) rather than O(n * distinct code points).
    static func encode(_ input: [Unicode.Scalar]) -> [UInt8]? {
        var output: [UInt8] = []
        var tree = FenwickTree(count: input.count)
        var pending: [(value: UInt32, position: Int)] = []
        for (i, s) in input.enumerated() {
            if s.value < 0x80 {
                output.append(UInt8(s.value))
                tree.add(i)
            } else {
                pending.append((s.value, i))
            }
        }
        let b = UInt32(output.count)
        var h = b
        if b > 0 { output.append(delimiter) }
        pending.sort { $0.value != $1.value ? $0.value < $1.value : $0.position < $1.position }
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        var g = 0
        while g < pending.count {
            let m = pending[g].value
            var groupEnd = g
            while groupEnd < pending.count && pending[groupEnd].value == m { groupEnd += 1 }
            // delta += (m - n) * (h + 1)
            let (mul, o1) = (m - n).multipliedReportingOverflow(by: h + 1)
            if o1 { return nil }
            let (d1, o2) = delta.addingReportingOverflow(mul)
            if o2 { return nil }
            delta = d1
            n = m
            // Walk the occurrences of n in input order; between them, count code points smaller than n.
            var previous = -1
            for k in g..<groupEnd {
                let position = pending[k].position
                let smaller = tree.count(from: previous + 1, to: position)
                let (d2, o3) = delta.addingReportingOverflow(UInt32(smaller))
                if o3 { return nil }
                emit(d2, bias: &bias, h: h, b: b, into: &output)
                delta = 0
                h += 1
                previous = position
            }
            let rest = tree.count(from: previous + 1, to: input.count)
            let (d3, o4) = delta.addingReportingOverflow(UInt32(rest))
            if o4 { return nil }
            let (d4, o5) = d3.addingReportingOverflow(1)
            if o5 { return nil }
            delta = d4
            n += 1
            for k in g..<groupEnd { tree.add(pending[k].position) }
            g = groupEnd
        }
        return output
    }

    /// Decodes Punycode (without the "xn--" prefix) to code points. Returns nil on malformed input.
    static func decode(_ input: [UInt8]) -> [Unicode.Scalar]? {
        var basic: [UInt32] = []
        var start = 0
        if let lastDelim = input.lastIndex(of: delimiter) {
            for b in input[..<lastDelim] {
                if b >= 0x80 { return nil }
                basic.append(UInt32(b))
            }
            start = lastDelim + 1
        }
        // Decode the insertions (value, index at insertion time) first; place them afterwards.
        var insertions: [(value: UInt32, index: Int)] = []
        var length = basic.count
        var n = initialN
        var i: UInt32 = 0
        var bias = initialBias
        var p = start
        while p < input.count {
            let oldi = i
            var w: UInt32 = 1
            var k = base
            while true {
                if p >= input.count { return nil }
                guard let digit = decodeDigit(input[p]) else { return nil }
                p += 1
                let (m1, o1) = digit.multipliedReportingOverflow(by: w)
                if o1 { return nil }
                let (i2, o2) = i.addingReportingOverflow(m1)
                if o2 { return nil }
                i = i2
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (w2, o3) = w.multipliedReportingOverflow(by: base - t)
                if o3 { return nil }
                w = w2
                k += base
            }
            let count = UInt32(length + 1)
            bias = adapt(i - oldi, numPoints: count, firstTime: oldi == 0)
            let (n2, o4) = n.addingReportingOverflow(i / count)
            if o4 { return nil }
            n = n2
            i %= count
            if n > 0x10FFFF || (n >= 0xD800 && n <= 0xDFFF) { return nil }
            insertions.append((n, Int(i)))
            length += 1
            i += 1
        }
        // Offline placement: the last insertion keeps its index; walking backwards, each earlier
        // insertion takes the (index+1)-th slot still free. Basic code points fill the rest in order.
        var output = [UInt32](repeating: 0, count: length)
        if insertions.isEmpty {
            output = basic
        } else {
            var free = FenwickTree(count: length)
            for slot in 0..<length { free.add(slot) }
            var taken = [Bool](repeating: false, count: length)
            for ins in insertions.reversed() {
                let slot = free.findKth(ins.index)
                output[slot] = ins.value
                taken[slot] = true
                free.remove(slot)
            }
            var next = 0
            for slot in 0..<length where !taken[slot] {
                output[slot] = basic[next]
                next += 1
            }
        }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(output.count)
        for v in output {
            guard let s = Unicode.Scalar(v) else { return nil }
            scalars.append(s)
        }
        return scalars
    }
}

/// A Fenwick (binary indexed) tree of 0/1 marks over positions, for prefix counts and k-th lookups.
private struct FenwickTree {
    private var tree: [Int32]
    private let count: Int

    init(count: Int) {
        self.count = count
        tree = [Int32](repeating: 0, count: count + 1)
    }

    mutating func add(_ position: Int) { update(position, by: 1) }

    mutating func remove(_ position: Int) { update(position, by: -1) }

    private mutating func update(_ position: Int, by delta: Int32) {
        var i = position + 1
        while i <= count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// Number of marks in positions 0..<end.
    private func prefix(_ end: Int) -> Int {
        var i = end
        var sum = 0
        while i > 0 {
            sum += Int(tree[i])
            i -= i & -i
        }
        return sum
    }

    /// Number of marks in positions from..<to.
    func count(from: Int, to: Int) -> Int {
        to <= from ? 0 : prefix(to) - prefix(from)
    }

    /// The position of the (k+1)-th mark (k is zero-based).
    func findKth(_ k: Int) -> Int {
        var position = 0
        var remaining = k + 1
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            if position + step <= count && Int(tree[position + step]) < remaining {
                position += step
                remaining -= Int(tree[position])
            }
            step /= 2
        }
        return position  // zero-based index of the found mark
    }
}
