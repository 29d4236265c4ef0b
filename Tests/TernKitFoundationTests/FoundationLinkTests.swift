import XCTest
import TernTestSupport

/// TernKit and `tern` avoid Foundation for start-up speed: only
/// TernKitFoundation, which an app chooses, brings it.
final class FoundationLinkTests: XCTestCase {
    func testTernDoesNotLinkFoundation() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else { throw XCTSkip("no ldd") }
        let run = try ProcessRun.run("/usr/bin/ldd", [ProcessRun.tern])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("libswiftCore"), run.stdout)
        XCTAssertFalse(run.stdout.contains("Foundation"), run.stdout)
    }
}
