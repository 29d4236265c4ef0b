import XCTest
import CLibXML2
@testable import TernDOM

/// `HasResultTable`, the `:has()` answers of a matcher: every answer stored
/// is read back through the table's growth, per anchor and argument.
final class HasResultTableTests: XCTestCase {
    func testAnswersSurviveGrowthAndKeepTheirArguments() {
        let table = HasResultTable()
        let nodes = UnsafeMutablePointer<xmlNode>.allocate(capacity: 5_000)
        defer { nodes.deallocate() }
        let arguments = [NSObject(), NSObject()]  // alive to the end: their addresses are the arguments
        let first = ObjectIdentifier(arguments[0]), second = ObjectIdentifier(arguments[1])
        XCTAssertNil(table[anchor: nodes, argument: first], "an empty table knows nothing")
        for i in 0..<5_000 {
            table[anchor: nodes + i, argument: first] = i % 3 == 0
            if i % 2 == 0 { table[anchor: nodes + i, argument: second] = true }
        }
        table[anchor: nodes + 7, argument: first] = true  // answered again: the later answer stands
        var wrong = 0
        for i in 0..<5_000 {
            if table[anchor: nodes + i, argument: first] != (i % 3 == 0 || i == 7) { wrong += 1 }
            if table[anchor: nodes + i, argument: second] != (i % 2 == 0 ? true : nil) { wrong += 1 }
        }
        XCTAssertEqual(wrong, 0)
        withExtendedLifetime(arguments) {}
    }
}
