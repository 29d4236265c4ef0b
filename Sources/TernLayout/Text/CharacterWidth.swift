/// Display width of Unicode scalars in terminal columns, from the generated
/// `UnicodeWidthTables` (scripts/gen_width_tables.py).
///
/// The Basic Multilingual Plane is looked up in a 64 KiB table built once;
/// other planes by binary search over the ranges.
enum CharacterWidth {
    /// One byte per BMP code point: 0, 1 or 2 columns.
    static let bmp: [UInt8] = {
        var table = [UInt8](repeating: 1, count: 0x10000)
        fill(&table, UnicodeWidthTables.wide, 2)
        fill(&table, UnicodeWidthTables.zeroWidth, 0)
        return table
    }()

    private static func fill(_ table: inout [UInt8], _ ranges: [UInt32], _ value: UInt8) {
        var i = 0
        while i < ranges.count {
            let first = ranges[i], last = ranges[i + 1]
            i += 2
            if first > 0xFFFF { break }
            for v in Int(first)...Int(min(last, 0xFFFF)) { table[v] = value }
        }
    }

    /// Columns for `v` (controls never get here: `TextNormalizer` replaced them).
    @inline(__always)
    static func of(_ v: UInt32) -> Int {
        if v < 0x300 { return v == 0xAD ? 0 : 1 }
        if v <= 0xFFFF { return Int(bmp[Int(v)]) }
        if contains(UnicodeWidthTables.zeroWidth, v) { return 0 }
        return contains(UnicodeWidthTables.wide, v) ? 2 : 1
    }

    /// Binary search over (first, last) pairs.
    static func contains(_ ranges: [UInt32], _ v: UInt32) -> Bool {
        var low = 0, high = ranges.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if v < ranges[2 * mid] { high = mid - 1 } else if v > ranges[2 * mid + 1] { low = mid + 1 } else { return true }
        }
        return false
    }

    /// Display width of a whole string (clusters as the line breaker counts them).
    static func of(_ text: String) -> Int {
        var width = 0
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            width += effective(scalar.value, after: previous)
            previous = scalar.value
        }
        return width
    }

    /// The columns a scalar adds after `previous`: nothing after a zero-width
    /// joiner, nothing for an emoji modifier that follows something.
    @inline(__always)
    static func effective(_ v: UInt32, after previous: UInt32) -> Int {
        if v < 0x300 { return v == 0xAD ? 0 : 1 }
        if previous == 0x200D { return 0 }
        if v >= 0x1F3FB && v <= 0x1F3FF && previous != 0 && previous != 0x20 && previous != 0x0A { return 0 }
        return of(v)
    }

    @inline(__always)
    static func isRegionalIndicator(_ v: UInt32) -> Bool { v >= 0x1F1E6 && v <= 0x1F1FF }

    /// CJK punctuation that must not start a line (a small kinsoku set).
    static func noBreakBefore(_ v: UInt32) -> Bool {
        switch v {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0x30FB, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0x30FC,
             0x300D, 0x300F, 0xFF09, 0x3011, 0x3015, 0x3009, 0x300B, 0x3019, 0x3017, 0xFF5D, 0xFF3D,
             0x3063, 0x3083, 0x3085, 0x3087, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049,
             0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x3005,
             0x2C, 0x2E, 0x21, 0x3F, 0x3A, 0x3B, 0x29, 0x5D, 0x7D:
            return true
        default:
            return false
        }
    }

    /// CJK punctuation that must not end a line.
    static func noBreakAfter(_ v: UInt32) -> Bool {
        switch v {
        case 0x300C, 0x300E, 0xFF08, 0x3010, 0x3014, 0x3008, 0x300A, 0x3018, 0x3016, 0xFF5B, 0xFF3B,
             0x28, 0x5B, 0x7B:
            return true
        default:
            return false
        }
    }
}
