import XCTest
@testable import TernScript

/// WebIDL's integer conversions (https://webidl.spec.whatwg.org/#es-integer-types)
/// on the values a hostile page passes: none traps, each gives what the spec says.
final class WebIDLTests: XCTestCase {
    private func n(_ x: Double) -> ScriptValue { .number(x) }

    func testToNumberOfStrings() {
        XCTAssertEqual(WebIDL.toNumber(.string(" 0x10 ")), 16)
        XCTAssertEqual(WebIDL.toNumber(.string("\t\n1e3\u{A0}")), 1000)
        XCTAssertEqual(WebIDL.toNumber(.string("")), 0)
        XCTAssertEqual(WebIDL.toNumber(.string("   ")), 0)
        XCTAssertTrue(WebIDL.toNumber(.string("abc")).isNaN)
        XCTAssertEqual(WebIDL.toNumber(.string("0b101")), 5)
        XCTAssertEqual(WebIDL.toNumber(.string("0o17")), 15)
        XCTAssertEqual(WebIDL.toNumber(.string("-Infinity")), -.infinity)
        XCTAssertEqual(WebIDL.toNumber(.string(".5")), 0.5)
        XCTAssertEqual(WebIDL.toNumber(.string("1e400")), .infinity)
        // Not JavaScript number syntax: Swift's parser would take some of these.
        for text in ["-0x10", "0x", "0xG", "inf", "nan", "infinity", "0x1p3", "1e", "1_000", "0x\u{FF11}", "\u{FF11}", "1 2", "--1"] {
            XCTAssertTrue(WebIDL.toNumber(.string(text)).isNaN, text)
        }
        XCTAssertEqual(WebIDL.toNumber(.string("-0")).sign, .minus)
    }

    func testToNumberOfOtherValues() {
        XCTAssertTrue(WebIDL.toNumber(nil).isNaN)
        XCTAssertEqual(WebIDL.toNumber(.null), 0)
        XCTAssertEqual(WebIDL.toNumber(.bool(true)), 1)
        XCTAssertEqual(WebIDL.toNumber(.array([])), 0)
        XCTAssertEqual(WebIDL.toNumber(.array([.string(" 7 ")])), 7)
        XCTAssertTrue(WebIDL.toNumber(.array([n(1), n(2)])).isNaN)
        XCTAssertTrue(WebIDL.toNumber(.dictionary([:])).isNaN)
        XCTAssertEqual(WebIDL.toNumber(.date(1234)), 1234)
    }

    func testLong() {
        // ToInt32: NaN and the infinities are 0, the rest wraps modulo 2^32.
        let cases: [(Double, Int32)] = [
            (.nan, 0), (.infinity, 0), (-.infinity, 0), (1e300, 0), (-1e300, 0), (-0.0, 0),
            (2147483648, -2147483648), (4294967301, 5), (-1, -1), (4294967295.5, -1), (-2147483649, 2147483647),
            (1.9, 1), (-1.9, -1), (1e20, 1661992960), (Double.greatestFiniteMagnitude, 0), (5e-324, 0),
        ]
        for (input, expected) in cases { XCTAssertEqual(WebIDL.long(n(input)), expected, "\(input)") }
        XCTAssertEqual(WebIDL.long(.string(" 0x10 ")), 16)
        XCTAssertEqual(WebIDL.long(.string("1e3")), 1000)
        XCTAssertEqual(WebIDL.long(.string("")), 0)
        XCTAssertEqual(WebIDL.long(.string("abc")), 0)
        XCTAssertEqual(WebIDL.long(.string("Infinity")), 0)
    }

    func testUnsignedLong() {
        let cases: [(Double, UInt32)] = [
            (.nan, 0), (.infinity, 0), (-.infinity, 0), (1e300, 0), (-1e300, 0), (-0.0, 0),
            (2147483648, 2147483648), (4294967301, 5), (-1, 4294967295), (4294967295.5, 4294967295), (4294967296, 0),
        ]
        for (input, expected) in cases { XCTAssertEqual(WebIDL.unsignedLong(n(input)), expected, "\(input)") }
        XCTAssertEqual(WebIDL.unsignedLong(.string(" 0x10 ")), 16)
    }

    func testUnsignedShort() {
        let cases: [(Double, UInt16)] = [(.nan, 0), (.infinity, 0), (1e300, 0), (-1, 65535), (65536 + 7, 7), (4294967295.5, 65535), (-0.0, 0)]
        for (input, expected) in cases { XCTAssertEqual(WebIDL.unsignedShort(n(input)), expected, "\(input)") }
    }

    func testLongLong() {
        let cases: [(Double, Int64)] = [
            (.nan, 0), (.infinity, 0), (-.infinity, 0), (-0.0, 0), (-1, -1), (4294967301, 4294967301),
            (9007199254740993, 9007199254740992),  // 2^53 + 1 is not a double: it reads as 2^53
            (9223372036854775808, Int64.min),      // 2^63 wraps
            (18446744073709551616, 0),             // 2^64
            (-9223372036854775808, Int64.min),
            (1e300, 0),                            // a multiple of 2^64
        ]
        for (input, expected) in cases { XCTAssertEqual(WebIDL.longLong(n(input)), expected, "\(input)") }
        // 2^64 + 2^12 wraps to 2^12.
        XCTAssertEqual(WebIDL.longLong(n(18446744073709555712)), 4096)
        XCTAssertEqual(WebIDL.longLong(n(-18446744073709555712)), -4096)
    }

    func testEnforceRange() {
        let range: ClosedRange<Int64> = 0...4294967295
        for bad in [Double.nan, .infinity, -.infinity, 1e300, -1e300, -1, 4294967296] {
            guard case .failure = WebIDL.enforceRange(n(bad), range) else { return XCTFail("\(bad) passed") }
        }
        XCTAssertEqual(try WebIDL.enforceRange(n(-0.0), range).get(), 0)
        XCTAssertEqual(try WebIDL.enforceRange(n(-0.9), range).get(), 0)  // truncated first, then checked
        XCTAssertEqual(try WebIDL.enforceRange(n(4294967295.5), range).get(), 4294967295)
        XCTAssertEqual(try WebIDL.enforceRange(.string(" 0x10 "), range).get(), 16)
        guard case .failure = WebIDL.enforceRange(.string("abc"), range) else { return XCTFail("abc passed") }
        XCTAssertEqual(try WebIDL.enforceRange(n(9.2e18), Int64.min...Int64.max).get(), 9200000000000000000)
        XCTAssertEqual(try WebIDL.enforceRange(n(-9223372036854775808), Int64.min...Int64.max).get(), Int64.min)
    }

    func testClamp() {
        let range: ClosedRange<Int64> = 0...255
        let cases: [(Double, Int64)] = [
            (.nan, 0), (.infinity, 255), (-.infinity, 0), (1e300, 255), (-1e300, 0), (-0.0, 0),
            (2.5, 2), (3.5, 4), (-0.5, 0), (254.5, 254), (255.5, 255), (4294967295.5, 255),
        ]
        for (input, expected) in cases { XCTAssertEqual(WebIDL.clamp(n(input), range), expected, "\(input)") }
        XCTAssertEqual(WebIDL.clamp(n(.infinity), Int64.min...Int64.max), Int64.max)
        XCTAssertEqual(WebIDL.clamp(n(-.infinity), Int64.min...Int64.max), Int64.min)
        XCTAssertEqual(WebIDL.clamp(.string("1e3"), range), 255)
    }

    func testIntForSwiftUse() {
        XCTAssertEqual(WebIDL.int(.nan), 0)
        XCTAssertEqual(WebIDL.int(.infinity), Int.max)
        XCTAssertEqual(WebIDL.int(-.infinity), Int.min)
        XCTAssertEqual(WebIDL.int(1e300, in: 1...100), 100)
        XCTAssertEqual(WebIDL.int(-0.0), 0)
        XCTAssertEqual(WebIDL.int(-7.9, in: 0...10), 0)
        XCTAssertEqual(WebIDL.int(7.9, in: 0...10), 7)
        XCTAssertEqual(WebIDL.int(.nan, in: 5...10), 5)
    }
}
