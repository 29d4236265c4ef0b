import XCTest
@testable import TernLayout

final class RepeatedTextTests: XCTestCase {
    func testSpacesOfEveryCommonLengthAndBeyond() {
        for count in [0, 1, 7, 15, 16, 80, 160, 161, 500] {
            let text = RepeatedText.spaces(count)
            XCTAssertEqual(text.utf8.count, count)
            XCTAssertTrue(text.utf8.allSatisfy { $0 == 0x20 }, "\(count)")
        }
        XCTAssertEqual(RepeatedText.spaces(-3), "", "a negative count is no text, not a crash")
    }

    func testMultiByteCharactersRepeatWhole() {
        XCTAssertEqual(RepeatedText.repeated("─", 3), "───")
        XCTAssertEqual(RepeatedText.repeated("═", 1), "═")
        XCTAssertEqual(RepeatedText.repeated("*", 4), "****")
        XCTAssertEqual(RepeatedText.repeated("👍🏽", 2), "👍🏽👍🏽")
        XCTAssertEqual(RepeatedText.repeated("_", 0), "")
        XCTAssertEqual(RepeatedText.repeated("_", -1), "")
    }
}
