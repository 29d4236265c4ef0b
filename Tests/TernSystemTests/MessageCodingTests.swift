import XCTest
import TernSystem

/// The payload encoding of the content-process protocol: what is written is
/// read back, and hostile bytes are refused, never trapped on.
final class MessageCodingTests: XCTestCase {
    func testEveryKindOfFieldRoundTrips() throws {
        var encoder = MessageEncoder()
        encoder.encode(UInt8(7))
        encoder.encode(true)
        encoder.encode(UInt16(0xBEEF))
        encoder.encode(UInt32.max)
        encoder.encode(UInt64(0x0102_0304_0506_0708))
        encoder.encode(-42)
        encoder.encode(-0.0)
        encoder.encode(Double.nan)
        encoder.encode("日本語 \u{0}\r\n")
        encoder.encode(bytes: [0, 255, 10])

        var decoder = MessageDecoder(encoder.bytes)
        XCTAssertEqual(try decoder.decode(UInt8.self), 7)
        XCTAssertEqual(try decoder.decode(Bool.self), true)
        XCTAssertEqual(try decoder.decode(UInt16.self), 0xBEEF)
        XCTAssertEqual(try decoder.decode(UInt32.self), .max)
        XCTAssertEqual(try decoder.decode(UInt64.self), 0x0102_0304_0506_0708)
        XCTAssertEqual(try decoder.decode(Int.self), -42)
        let zero = try decoder.decode(Double.self)
        XCTAssertTrue(zero == 0 && zero.sign == .minus)
        XCTAssertTrue(try decoder.decode(Double.self).isNaN)
        XCTAssertEqual(try decoder.decode(String.self), "日本語 \u{0}\r\n")
        XCTAssertEqual(Array(try decoder.decodeBytes()), [0, 255, 10])
        XCTAssertNoThrow(try decoder.finish())
    }

    func testLittleEndianOnTheWire() {
        var encoder = MessageEncoder()
        encoder.encode(UInt32(0x0102_0304))
        XCTAssertEqual(encoder.bytes, [4, 3, 2, 1])
    }

    func testHostilePayloadsAreRefused() {
        func refuses(_ bytes: [UInt8], _ read: (inout MessageDecoder) throws -> Void,
                     file: StaticString = #filePath, line: UInt = #line) {
            var decoder = MessageDecoder(bytes)
            XCTAssertThrowsError(try read(&decoder), file: file, line: line) { error in
                guard case .malformed = error as? MessageError else { return XCTFail("\(error)", file: file, line: line) }
            }
        }
        // Fields past the end.
        refuses([]) { _ = try $0.decode(UInt8.self) }
        refuses([1, 2, 3]) { _ = try $0.decode(UInt32.self) }
        refuses([1, 2, 3, 4, 5, 6, 7]) { _ = try $0.decode(Double.self) }
        // A Boolean is 0 or 1.
        refuses([2]) { _ = try $0.decode(Bool.self) }
        // A count longer than what is left, up to 4 GB.
        refuses([0xFF, 0xFF, 0xFF, 0xFF, 65]) { _ = try $0.decode(String.self) }
        refuses([5, 0, 0, 0, 65, 66]) { _ = try $0.decodeBytes() }
        // Not UTF-8: a lone continuation byte, an overlong NUL, a surrogate.
        refuses([1, 0, 0, 0, 0x80]) { _ = try $0.decode(String.self) }
        refuses([2, 0, 0, 0, 0xC0, 0x80]) { _ = try $0.decode(String.self) }
        refuses([3, 0, 0, 0, 0xED, 0xA0, 0x80]) { _ = try $0.decode(String.self) }
        // Counts of items that the bytes left cannot hold, or over a maximum.
        refuses([0xFF, 0xFF, 0xFF, 0x7F]) { _ = try $0.decodeCount(minimumSize: 8) }
        refuses([3, 0, 0, 0] + [UInt8](repeating: 0, count: 16)) { _ = try $0.decodeCount(minimumSize: 8) }
        refuses([9, 0, 0, 0] + [UInt8](repeating: 0, count: 9)) { _ = try $0.decodeCount(minimumSize: 1, maximum: 8) }
        // Bytes after the last field.
        refuses([1, 0]) { decoder in
            _ = try decoder.decode(UInt8.self)
            try decoder.finish()
        }
    }

    func testCountThatFitsIsRead() throws {
        var decoder = MessageDecoder([2, 0, 0, 0] + [UInt8](repeating: 0, count: 16))
        XCTAssertEqual(try decoder.decodeCount(minimumSize: 8), 2)
    }
}
