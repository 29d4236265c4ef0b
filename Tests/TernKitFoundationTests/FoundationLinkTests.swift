import XCTest
import TernTestSupport

/// TernKit and `tern` avoid Foundation for start-up speed: only
/// TernKitFoundation, which an app chooses, brings it.
final class FoundationLinkTests: XCTestCase {
    func testTernDoesNotLinkFoundation() throws {
        // ldd is in libc-bin, essential on Debian: a missing one fails here rather than skipping.
        let run = try ProcessRun.run("/usr/bin/ldd", [ProcessRun.tern])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("libswiftCore"), run.stdout)
        XCTAssertFalse(run.stdout.contains("Foundation"), run.stdout)
    }
}
