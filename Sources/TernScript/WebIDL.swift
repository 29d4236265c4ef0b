/// WebIDL's conversions of ECMAScript values to IDL integer types
/// (https://webidl.spec.whatwg.org/#es-integer-types), the one place where a
/// number a page supplies becomes a Swift integer. A page can pass NaN,
/// ±Infinity, -0 or 1e300 anywhere: `Int(someDouble)` traps on those, these
/// never do.
package enum WebIDL {
    /// An `[EnforceRange]` conversion that failed: a `TypeError` to the script.
    package struct RangeError: Error, Equatable {
        package let message: String
    }

    /// ECMAScript ToNumber for the values that cross into Swift
    /// (https://tc39.es/ecma262/#sec-tonumber): objects have already been
    /// flattened, so arrays and dictionaries give NaN, as `{}` does.
    package static func toNumber(_ value: ScriptValue?) -> Double {
        switch value {
        case .number(let n)?: return n
        case .bool(let b)?: return b ? 1 : 0
        case .null?: return 0
        case .date(let ms)?: return ms
        case .string(let s)?: return stringToNumber(s)
        case .array(let items)?:
            // [] is 0 and [x] is ToNumber(String(x)), as Array's toString gives.
            if items.isEmpty { return 0 }
            if items.count == 1, let only = items.first {
                if case .array = only { return .nan }
                if case .dictionary = only { return .nan }
                return only == .null ? 0 : stringToNumber(only.description)
            }
            return .nan
        case .dictionary?, nil: return .nan
        }
    }

    /// StringToNumber (https://tc39.es/ecma262/#sec-stringtonumber): white
    /// space trimmed, empty is 0, decimal or 0x/0o/0b integers, Infinity.
    static func stringToNumber(_ text: String) -> Double {
        let trimmed = text.unicodeScalars.drop(while: isJSWhiteSpace).reversed().drop(while: isJSWhiteSpace).reversed()
        let body = String(String.UnicodeScalarView(trimmed))
        if body.isEmpty { return 0 }
        for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] where body.hasPrefix(prefix) {
            var value = 0.0
            let digits = body.dropFirst(2)
            if digits.isEmpty { return .nan }
            // ASCII digits only: Character.hexDigitValue also takes fullwidth forms, which JavaScript does not.
            for scalar in digits.unicodeScalars {
                guard let digit = asciiDigitValue(scalar), digit < radix else { return .nan }
                value = value * Double(radix) + Double(digit)
            }
            return value
        }
        switch body {
        case "Infinity", "+Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: break
        }
        // Swift's Double(String) also takes "inf", "nan" and hex floats, which JavaScript does not.
        guard body.unicodeScalars.allSatisfy({ "0123456789.eE+-".unicodeScalars.contains($0) }) else { return .nan }
        return Double(body) ?? .nan
    }

    private static func asciiDigitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: return Int(scalar.value - 0x30)
        case 0x41...0x46: return Int(scalar.value - 0x41 + 10)
        case 0x61...0x66: return Int(scalar.value - 0x61 + 10)
        default: return nil
        }
    }

    private static func isJSWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    /// ConvertToInt(V, bitLength, signedness) without annotations: NaN and
    /// ±Infinity give 0, the rest is truncated and wrapped modulo 2^bitLength.
    static func wrapped(_ x: Double, bits: Int, signed: Bool) -> Int64 {
        guard x.isFinite else { return 0 }
        let truncated = x.rounded(.towardZero)
        if bits == 64 {
            // Below 2^63 in magnitude the integer is exact; above, a double
            // is a multiple of 2^11 and the remainder stays exact too. The
            // result is the two's-complement bit pattern (signed or not).
            let half = 9223372036854775808.0  // 2^63
            if truncated > -half && truncated < half { return Int64(truncated) }
            var r = truncated.truncatingRemainder(dividingBy: 2 * half)
            if r < 0 { r += 2 * half }
            return r >= half ? Int64(r - 2 * half) : Int64(r)
        }
        let modulus = Double(UInt64(1) << UInt64(bits))
        var r = truncated.truncatingRemainder(dividingBy: modulus)
        if r < 0 { r += modulus }
        var result = Int64(r)
        if signed && r >= modulus / 2 { result -= Int64(modulus) }
        return result
    }

    /// `long` (ECMAScript ToInt32).
    package static func long(_ value: ScriptValue?) -> Int32 {
        Int32(truncatingIfNeeded: wrapped(toNumber(value), bits: 32, signed: true))
    }

    /// `unsigned long` (ECMAScript ToUint32).
    package static func unsignedLong(_ value: ScriptValue?) -> UInt32 {
        UInt32(truncatingIfNeeded: wrapped(toNumber(value), bits: 32, signed: false))
    }

    /// `unsigned short` (ECMAScript ToUint16).
    package static func unsignedShort(_ value: ScriptValue?) -> UInt16 {
        UInt16(truncatingIfNeeded: wrapped(toNumber(value), bits: 16, signed: false))
    }

    /// `long long`: wrapped modulo 2^64.
    package static func longLong(_ value: ScriptValue?) -> Int64 {
        wrapped(toNumber(value), bits: 64, signed: true)
    }

    /// `[EnforceRange] long long`, `unsigned long` and so on: NaN, ±Infinity
    /// and values outside `range` after truncation are a TypeError.
    package static func enforceRange(_ value: ScriptValue?, _ range: ClosedRange<Int64>) -> Result<Int64, RangeError> {
        let x = toNumber(value)
        guard x.isFinite else { return .failure(RangeError(message: "Value is not a finite number")) }
        let truncated = x.rounded(.towardZero)
        guard truncated >= Double(range.lowerBound), truncated <= Double(range.upperBound) else {
            return .failure(RangeError(message: "Value is outside the range \(range.lowerBound) to \(range.upperBound)"))
        }
        // Double(Int64.max) rounds up to 2^63: keep the conversion inside the range.
        return .success(clampedInt64(truncated, range))
    }

    /// `[Clamp]`: NaN is 0, the rest is clamped to `range` and rounded half to even.
    package static func clamp(_ value: ScriptValue?, _ range: ClosedRange<Int64>) -> Int64 {
        let x = toNumber(value)
        if x.isNaN { return 0 }
        return clampedInt64(x.rounded(.toNearestOrEven), range)
    }

    /// A double already known to be a whole number (or ±Infinity) as an
    /// Int64 within `range`, never trapping.
    package static func clampedInt64(_ x: Double, _ range: ClosedRange<Int64> = Int64.min...Int64.max) -> Int64 {
        if x.isNaN { return max(range.lowerBound, min(0, range.upperBound)) }
        if x <= Double(range.lowerBound) { return range.lowerBound }
        if x >= Double(range.upperBound) { return range.upperBound }
        return Int64(x)
    }

    /// A page-supplied number as an `Int` for Swift's own use (ids, counts,
    /// line numbers, deltas): NaN is 0, the rest truncated and clamped to
    /// `range`. Use it where the value is not an IDL argument.
    package static func int(_ x: Double, in range: ClosedRange<Int> = Int.min...Int.max) -> Int {
        let bounds = Int64(range.lowerBound)...Int64(range.upperBound)
        return Int(clampedInt64(x.isNaN ? 0 : x.rounded(.towardZero), bounds))
    }
}
