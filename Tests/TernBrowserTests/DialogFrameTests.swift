import XCTest
import TernKit
@testable import TernBrowser

final class DialogFrameTests: XCTestCase {
    func testWrapsBetweenWordsKeepsLineBreaksAndBreaksLongWords() {
        XCTAssertEqual(DialogFrame.wrap("one two three four", width: 9), ["one two", "three", "four"])
        XCTAssertEqual(DialogFrame.wrap("a\n\nb", width: 9), ["a", "", "b"])
        XCTAssertEqual(DialogFrame.wrap("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
    }

    func testWrapsWideCharactersByColumns() {
        let lines = DialogFrame.wrap("漢字かな交じり文", width: 6)
        XCTAssertEqual(lines, ["漢字か", "な交じ", "り文"])
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 6 })
    }
}
