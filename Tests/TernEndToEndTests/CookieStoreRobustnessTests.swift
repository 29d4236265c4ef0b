import TernSystem
import XCTest
import Foundation
import TernNet
import TernTestSupport

/// The cookie store under stress, with real tern processes on a real
/// profile: two at once, a `kill -9` while writing, a full disk (a small
/// tmpfs), and staying logged in across restarts of the interactive browser.
final class CookieStoreRobustnessTests: TerminalTestCase {
    private var folder: String!
    private var profile: String { folder + "/profile" }
    private var database: String { profile + "/cookies.sqlite" }

    override func setUp() {
        super.setUp()
        folder = try! ProcessRun.temporaryFolder("robust")
    }

    override func tearDown() {
        super.tearDown()  // closes the sessions first
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: Helpers

    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// A page whose script sets `rounds` × 3 cookies named `<prefix><round>_<n>`
    /// (values of `size` bytes, persistent, for a path no request here takes, so
    /// that no Cookie header outgrows the server's 64 KB) through same-origin fetches of
    /// /set-cookie, one round after another `delay` ms apart, then sets `window.done`.
    private func cookiePage(prefix: String, rounds: Int, size: Int = 100, delay: Int = 0) -> String {
        let script = """
            var i = 0, value = new Array(\(size) + 1).join('v');
            function next() {
              if (i >= \(rounds)) { window.done = true; return; }
              var q = [0, 1, 2].map(function (j) { return 'c=' + encodeURIComponent('\(prefix)' + i + '_' + j + '=' + value + '; Max-Age=3600; Path=/stored'); }).join('&');
              i++;
              fetch('/set-cookie?' + q).then(function () { setTimeout(next, \(delay)); }, function () { window.failed = true; });
            }
            next();
            """
        return server.url("/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode("<title>Cookies</title><script>\(script)</script>")).href
    }

    /// The names of the cookies stored in `path`, read with a connection of
    /// the test's own, after checking the file with `PRAGMA integrity_check`.
    private func storedNames(_ path: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        let db = try SQLiteDatabase(path: path ?? database)
        XCTAssertEqual(try db.execute("PRAGMA integrity_check"), [[.text("ok")]], "the store is not corrupt", file: file, line: line)
        return Set(try db.execute("SELECT name FROM cookies").compactMap { row -> String? in
            if case .text(let name) = row.first { return name } else { return nil }
        })
    }

    private func names(_ prefix: String, rounds: Int) -> Set<String> {
        Set((0..<rounds).flatMap { i in (0..<3).map { "\(prefix)\(i)_\($0)" } })
    }

    // MARK: Two processes

    func testTwoDumpRunsOnOneProfileAtOnceLoseNoCookie() throws {
        let rounds = 25
        let runs = try ["a", "b"].map { prefix in
            try ProcessRun.start(ProcessRun.tern, ["--profile", profile, "--dump", "--wait-for", "window.done", "--timeout", "60",
                                                   cookiePage(prefix: prefix, rounds: rounds)],
                                 stderr: folder + "/\(prefix).err")
        }
        runs.forEach { $0.waitUntilExit() }
        for (run, prefix) in zip(runs, ["a", "b"]) {
            XCTAssertEqual(run.terminationStatus, 0, (try? String(contentsOfFile: folder + "/\(prefix).err")) ?? "")
            XCTAssertEqual(try String(contentsOfFile: folder + "/\(prefix).err"), "", "no storage error")
        }
        let stored = try storedNames()
        let expected = names("a", rounds: rounds).union(names("b", rounds: rounds))
        XCTAssertEqual(expected.subtracting(stored), [], "cookies lost: \(expected.subtracting(stored).count) of \(expected.count)")
        XCTAssertEqual(stored.count, expected.count)
    }

    func testALoginInTheBrowserAndADumpRunAtTheSameTimeLoseNothing() throws {
        let tern = try browse([server.url("/login").href], environment: ["XDG_DATA_HOME": folder])
        let profile = folder + "/tern"
        tern.waitFor("Stay logged in")
        tern.press("Tab", "Enter")
        tern.type("ada")
        tern.press("Tab", "Enter")
        tern.type("pw")
        tern.press("Tab")
        tern.waitFor("Enter to check remember")
        tern.press("Enter")
        tern.waitFor("[X]")
        // The browser has the profile open (it read its cookies for /login); a dump run writes into it meanwhile.
        let rounds = 30
        let dump = try ProcessRun.start(ProcessRun.tern, ["--profile", profile, "--dump", "--wait-for", "window.done", "--timeout", "60",
                                                          cookiePage(prefix: "d", rounds: rounds, delay: 20)], stderr: folder + "/d.err")
        tern.press("Tab", "Enter")
        tern.waitFor("Logged in as ada by POST")
        dump.waitUntilExit()
        XCTAssertEqual(dump.terminationStatus, 0, (try? String(contentsOfFile: folder + "/d.err")) ?? "")
        tern.press("Q")
        XCTAssertEqual(tern.exitStatus(), 0)
        let stored = try storedNames(profile + "/cookies.sqlite")
        let expected = names("d", rounds: rounds).union(["session"])
        XCTAssertEqual(expected.subtracting(stored), [], "cookies lost: \(expected.subtracting(stored).count) of \(expected.count)")
    }

    // MARK: kill -9

    func testKillNineWhileWritingKeepsEveryCommittedCookieAndAHealthyStore() throws {
        let rounds = 55  // 165 cookies of 3 KB: under the 180 a domain may have
        let pid = try ProcessRun.spawn(ProcessRun.tern, ["--profile", profile, "--dump", "--wait-for", "false", "--timeout", "60",
                                                         cookiePage(prefix: "k", rounds: rounds, size: 3000)])
        // Watch the store from outside while tern writes; kill it midway.
        var committed: Set<String> = []
        let deadline = Date().addingTimeInterval(30)
        while committed.count < 60 && Date() < deadline {
            usleep(10_000)
            if FileManager.default.fileExists(atPath: database), let seen = try? storedNames() { committed = seen }
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        XCTAssertEqual(waitpid(pid, &status, 0), pid)
        XCTAssertEqual(status & 0x7F, SIGKILL, "tern died of the kill")
        XCTAssertGreaterThanOrEqual(committed.count, 60, "tern wrote as it went")
        let stored = try storedNames()
        XCTAssertEqual(committed.subtracting(stored), [], "cookies lost: \(committed.subtracting(stored).count) of \(committed.count)")
        print("kill -9: \(committed.count) cookies seen committed before the kill, \(stored.count) stored after it, "
            + "\(committed.subtracting(stored).count) lost, integrity_check ok")
        XCTAssertLessThan(stored.count, rounds * 3, "killed in the middle, not after the end")
        // Whole rounds in order: the cookies stored are exactly the first ones set, none half-written.
        let values = try SQLiteDatabase(path: database).execute("SELECT DISTINCT length(value) FROM cookies")
        XCTAssertEqual(values, [[.integer(3000)]])
        let rows = stored.count / 3
        XCTAssertTrue(names("k", rounds: rows).isSubset(of: stored), "no gap in what was stored")
        // And tern starts on it again.
        let again = try ProcessRun.run(ProcessRun.tern, ["--profile", profile, "--export-cookies", "-"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout.split(separator: "\n").filter { $0.contains("\tk") }.count, stored.count)
    }

    // MARK: A full disk

    func testTheBrowserShowsAFullDiskInItsStatusLine() throws {
        let disk = folder + "/tui-disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try ProcessRun.run("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk])
        guard mount.status == 0 else { throw XCTSkip("cannot mount a tmpfs here (not root?): \(mount.stderr)") }
        defer { _ = try? ProcessRun.run("umount", [disk]) }
        let profile = disk + "/profile"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        // Fill the disk to the last byte, then browse to a page that sets cookies.
        FileManager.default.createFile(atPath: disk + "/filler", contents: nil)
        let filler = try XCTUnwrap(FileHandle(forWritingAtPath: disk + "/filler"))
        let block = Data(count: 4096)
        while (try? filler.write(contentsOf: block)) != nil {}
        try? filler.close()
        let tern = try TerminalSession(["--profile", profile, server.url("/set-cookie?c=full=1;%20Max-Age=3600").href])
        defer { tern.close() }
        tern.waitFor("The disk is full")
        tern.waitFor("1 cookies set")  // the page is still shown (once the progress bar is gone)
        tern.press("Q")
        XCTAssertEqual(tern.exitStatus(), 0)
    }

    func testAFullDiskIsReportedAndLeavesTheStoredCookiesIntact() throws {
        let disk = folder + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try ProcessRun.run("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk])
        guard mount.status == 0 else { throw XCTSkip("cannot mount a tmpfs here (not root?): \(mount.stderr)") }
        defer { _ = try? ProcessRun.run("umount", [disk]) }
        let profile = disk + "/profile"

        let first = try ProcessRun.run(ProcessRun.tern, ["--profile", profile, "--dump", server.url("/set-cookie?c=login=alice;%20Max-Age=3600").href])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "")
        // Fill the disk to the last byte.
        let filler = FileHandle(forWritingAtPath: disk + "/filler") ?? {
            FileManager.default.createFile(atPath: disk + "/filler", contents: nil)
            return FileHandle(forWritingAtPath: disk + "/filler")!
        }()
        let block = Data(count: 4096)
        while (try? filler.write(contentsOf: block)) != nil {}
        try? filler.close()

        let big = (0..<20).map { "c=big\($0)=" + String(repeating: "x", count: 3000) + encode("; Max-Age=3600") }.joined(separator: "&")
        let full = try ProcessRun.run(ProcessRun.tern, ["--profile", profile, "--dump", "--no-list", server.url("/set-cookie?" + big).href])
        XCTAssertTrue(full.stdout.contains("20 cookies set"), "the page is still shown:\n\(full.stdout)")
        XCTAssertTrue(full.stderr.contains("The disk is full: cookies cannot be saved"), "the person is told:\n\(full.stderr)")
        let imported = folder + "/import.txt"
        try "127.0.0.1\tFALSE\t/\tFALSE\t0\tone\t1\n127.0.0.1\tFALSE\t/\tFALSE\t2000000000\ttwo\t\(String(repeating: "y", count: 4000))\n"
            .write(toFile: imported, atomically: true, encoding: .utf8)
        let importRun = try ProcessRun.run(ProcessRun.tern, ["--profile", profile, "--keep-session-cookies", "--import-cookies", imported])
        XCTAssertEqual(importRun.status, 1)
        XCTAssertTrue(importRun.stderr.contains("nothing was imported"), importRun.stderr)

        try FileManager.default.removeItem(atPath: disk + "/filler")
        let stored = try storedNames(profile + "/cookies.sqlite")
        XCTAssertTrue(stored.contains("login"), "the cookie stored before the disk filled is intact: \(stored)")
        XCTAssertFalse(stored.contains("one") || stored.contains("two"), "an import that failed left nothing behind: \(stored)")
        let later = try ProcessRun.run(ProcessRun.tern, ["--profile", profile, "--dump", "--no-list", server.url("/echo").href])
        XCTAssertTrue(later.stdout.contains("login=alice"), later.stdout + later.stderr)
        XCTAssertEqual(later.stderr, "")
    }

    // MARK: Staying logged in

    /// Logs in through /login in the browser (ticking "stay logged in" when
    /// `remember`), quits, and tells whether a new browser on the profile is logged in.
    private func loggedInAfterRestart(remember: Bool, arguments: [String] = []) throws -> Bool {
        let first = try browse(arguments + [server.url("/login").href], environment: ["XDG_DATA_HOME": folder])
        first.waitFor("Stay logged in")
        first.press("Tab", "Enter")
        first.type("ada")
        first.press("Tab", "Enter")
        first.type("pw")
        if remember {
            first.press("Tab")
            first.waitFor("Enter to check remember")
            first.press("Enter")
            first.waitFor("[X]")
            first.press("Tab", "Enter")
        } else {
            first.press("Enter")
        }
        first.waitFor("Logged in as ada by POST")
        first.press("q")
        first.waitFor("Quit Tern?")
        first.press("y")
        XCTAssertEqual(first.exitStatus(), 0)

        let second = try browse(arguments + [server.url("/login").href], environment: ["XDG_DATA_HOME": folder])
        second.waitForScreen("the page") { $0.contains("Logged in as") || $0.contains("Stay logged in") }
        return second.screen().contains("Logged in as ada")
    }

    func testAPersistentLoginSurvivesARestartOfTheBrowser() throws {
        XCTAssertTrue(try loggedInAfterRestart(remember: true))
    }

    func testASessionLoginEndsWithTheBrowserUnlessSessionCookiesAreKept() throws {
        XCTAssertFalse(try loggedInAfterRestart(remember: false))
        try FileManager.default.removeItem(atPath: folder + "/tern")
        XCTAssertTrue(try loggedInAfterRestart(remember: false, arguments: ["--keep-session-cookies"]))
    }
}
