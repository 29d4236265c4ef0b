import XCTest
@testable import TernTerminal

final class ClipboardEncodingTests: XCTestCase {
    func testBase64MatchesRFC4648() {
        // The test vectors of RFC 4648, section 10.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(CursesTerminal.base64(Array(plain.utf8)), encoded, plain)
        }
        XCTAssertEqual(CursesTerminal.base64([0xFF, 0xFE, 0x1B, 0x07]), "//4bBw==")
    }
}
