import XCTest
@testable import TernLayout

final class TagTableTests: XCTestCase {
    func testFindsWhatTheDictionaryHasAndNothingElse() {
        var names: [String: Int] = [:]
        for (index, name) in ["a", "b", "p", "li", "div", "span", "table", "section", "noscript", "textarea", "blockquote",
                              "figcaption", "exactly16bytes!!", "seventeen-bytes!!", "a-much-longer-custom-element-name",
                              "é", "日本"].enumerated() {
            names[name] = index
        }
        let table = TagTable(names)
        for (name, index) in names { XCTAssertEqual(table.value(for: name), index, name) }
        for missing in ["", "x", "ab", "divs", "spa", "blockquot", "exactly16bytes!", "exactly16bytes!?", "seventeen-bytes!?",
                        "a-much-longer-custom-element-nam", "e", "日"] {
            XCTAssertNil(table.value(for: missing), missing)
        }
    }
}
