import XCTest
import Foundation
@testable import TernBrowser

final class PathCompletionTests: XCTestCase {
    func testCompletesTheCommonPrefixAndADirectorySlash() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-completion-\(getpid())")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("photos"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data().write(to: root.appendingPathComponent("report-2026.txt"))
        try Data().write(to: root.appendingPathComponent("report-2025.txt"))
        XCTAssertEqual(PathCompletion.complete(root.path + "/rep"), root.path + "/report-202")
        XCTAssertEqual(PathCompletion.complete(root.path + "/report-2026"), root.path + "/report-2026.txt")
        XCTAssertEqual(PathCompletion.complete(root.path + "/ph"), root.path + "/photos/")
        XCTAssertEqual(PathCompletion.complete(root.path + "/none"), root.path + "/none", "nothing matches: unchanged")
    }
}
