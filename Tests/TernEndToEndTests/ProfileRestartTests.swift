import XCTest
import Foundation
import TernTestSupport

/// What the real `tern` process keeps in a profile from one run to the next.
final class ProfileRestartTests: XCTestCase {
    private var server: TestServer { TestServer.shared }
    private var root = ""
    private var profile: String { root + "/profile" }

    override func setUp() {
        super.setUp()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-restart-\(UUID())").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    /// Runs `tern` with `arguments`; returns its status and standard output.
    private func tern(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let run = try ProcessRun.run(ProcessRun.tern, arguments, environment: ["XDG_DATA_HOME": root + "/xdg"])
        return (run.status, run.stdout)
    }

    func testLocalStorageSurvivesARestartOnTheSameProfileAndNotInPrivate() throws {
        let page = server.url("/page/stored").href
        let write = try tern(["--dump", "--profile", profile, "--eval", "localStorage.setItem('visit', 'first'); 'saved'", page])
        XCTAssertEqual(write.status, 0)
        XCTAssertEqual(write.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "saved")
        let read = try tern(["--dump", "--profile", profile, "--eval", "localStorage.getItem('visit')", page])
        XCTAssertEqual(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "first")
        let privateRun = try tern(["--dump", "--private", "--eval", "String(localStorage.getItem('visit'))", page])
        XCTAssertEqual(privateRun.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "null")
        XCTAssertTrue(FileManager.default.fileExists(atPath: profile + "/storage.sqlite"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: profile + "/history.sqlite"), "--dump records no history")
    }
}
