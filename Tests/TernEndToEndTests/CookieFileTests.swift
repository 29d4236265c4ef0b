import XCTest
import Foundation
import TernTestSupport

/// `tern --import-cookies` / `--export-cookies` exchanging Netscape
/// cookies.txt files with real curl (`-c` writes, `-b` reads) against the
/// test server's /login.
final class CookieFileTests: XCTestCase {
    private var server: TestServer { TestServer.shared }
    private var folder: String!
    private var profile: String { folder + "/profile" }

    override func setUp() {
        super.setUp()
        folder = try! ProcessRun.temporaryFolder("cookie-files")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func tern(_ arguments: [String]) throws -> ProcessRun {
        try ProcessRun.run(ProcessRun.tern, ["--profile", profile] + arguments)
    }

    /// curl logs in through /login (a persistent cookie with `remember`) and writes its cookie file.
    private func curlLogin(user: String, remember: Bool) throws -> String {
        let file = folder + "/curl-\(user).txt"
        let body = "user=\(user)&password=pw" + (remember ? "&remember=1" : "")
        let run = try ProcessRun.run("curl", ["-s", "-c", file, "-d", body, server.url("/login").href])
        XCTAssertTrue(run.stdout.contains("Logged in as \(user) by POST"), run.stdout + run.stderr)
        return file
    }

    func testACurlLoginImportedIntoTernIsLoggedIn() throws {
        let file = try curlLogin(user: "ada", remember: true)
        XCTAssertTrue(try String(contentsOfFile: file).contains("#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t"), "curl's HttpOnly line")
        let imported = try tern(["--import-cookies", file])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "")
        // A later run of tern on the profile: the persistent cookie was stored.
        let page = try tern(["--dump", "--no-list", server.url("/login").href])
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(page.stdout.contains("Logged in as ada"), page.stdout)
    }

    func testACurlSessionCookieWorksInTheRunThatImportsIt() throws {
        let file = try curlLogin(user: "bob", remember: false)
        XCTAssertTrue(try String(contentsOfFile: file).contains("\t0\tsession\tbob"), "a session cookie has expiry 0")
        let page = try tern(["--import-cookies", file, "--dump", "--no-list", server.url("/login").href])
        XCTAssertTrue(page.stdout.contains("Logged in as bob"), page.stdout + page.stderr)
        let alone = try tern(["--import-cookies", file])
        XCTAssertTrue(alone.stderr.contains("session cookies, which end with this run"), alone.stderr)
        let later = try tern(["--dump", "--no-list", server.url("/login").href])
        XCTAssertFalse(later.stdout.contains("Logged in"), "a session cookie does not outlive its run:\n\(later.stdout)")
    }

    func testTernsExportLogsCurlIn() throws {
        let setter = server.url("/set-cookie?c=" + "session=grace; HttpOnly; Max-Age=3600".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                                + "&c=pref=dark").href
        let exported = folder + "/tern.txt"
        let run = try tern(["--dump", setter, "--export-cookies", exported])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: exported)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("# ") && !$0.isEmpty }
        XCTAssertEqual(lines.count, 2, text)
        XCTAssertTrue(lines[0].hasPrefix("#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t"), text)
        XCTAssertTrue(lines[0].hasSuffix("\tsession\tgrace"), text)
        XCTAssertEqual(lines[1], "127.0.0.1\tFALSE\t/\tFALSE\t0\tpref\tdark", "a session cookie, host-only")
        let attributes = try FileManager.default.attributesOfItem(atPath: exported)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "cookies are secrets")

        let curl = try ProcessRun.run("curl", ["-s", "-b", exported, server.url("/login").href])
        XCTAssertTrue(curl.stdout.contains("Logged in as grace"), curl.stdout)
        // And the export alone, from the stored profile (the persistent cookie only).
        let alone = try tern(["--export-cookies", "-"])
        XCTAssertTrue(alone.stdout.contains("\tsession\tgrace\n"), alone.stdout)
        XCTAssertFalse(alone.stdout.contains("pref"), alone.stdout)
    }

    func testBadLinesAreReportedWithTheirNumberAndSkipped() throws {
        let file = folder + "/mixed.txt"
        let future = Int(Date().timeIntervalSince1970) + 3600
        try """
            # Netscape HTTP Cookie File
            not a cookie line
            127.0.0.1\tFALSE\t/\tFALSE\t\(future)\tgood\t1
            127.0.0.1\tMAYBE\t/\tFALSE\t\(future)\tflag\t1
            .co.uk\tTRUE\t/\tFALSE\t\(future)\tsuffix\t1
            127.0.0.1\tFALSE\tnoslash\tFALSE\t\(future)\tpath\t1
            127.0.0.1\tFALSE\t/\tFALSE\tsoon\texpiry\t1
            .a.test\tTRUE\t/\tTRUE\t\(future)\tdomain\t1

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try tern(["--import-cookies", file])
        XCTAssertEqual(run.status, 0, run.stderr)
        for line in [2, 4, 5, 6, 7] {
            XCTAssertTrue(run.stderr.contains("\(file):\(line): "), "line \(line) reported:\n\(run.stderr)")
        }
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 5, run.stderr)
        let exported = try tern(["--export-cookies", "-"]).stdout
        XCTAssertTrue(exported.contains("127.0.0.1\tFALSE\t/\tFALSE\t\(future)\tgood\t1\n"), exported)
        XCTAssertTrue(exported.contains(".a.test\tTRUE\t/\tTRUE\t\(future)\tdomain\t1\n"), "include-subdomains kept:\n\(exported)")
        XCTAssertEqual(exported.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.count, 2, exported)
    }

    func testAFileThatCannotBeReadImportsNothing() throws {
        XCTAssertEqual(try tern(["--dump", server.url("/set-cookie?c=kept=1;%20Max-Age=3600").href]).status, 0)
        let missing = try tern(["--import-cookies", folder + "/missing.txt", "--dump", server.url("/plain").href])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("cannot import cookies from \(folder!)/missing.txt"), missing.stderr)
        XCTAssertEqual(missing.stdout, "", "no page is shown after a failed import")

        // A binary file with a valid cookie line in it: not a text file, so nothing of it is taken.
        let binary = folder + "/binary.txt"
        var bytes = Data("127.0.0.1\tFALSE\t/\tFALSE\t0\tsneaky\t1\n".utf8)
        bytes.append(contentsOf: [0, 0xFF, 0xFE, 0x01])
        try bytes.write(to: URL(fileURLWithPath: binary))
        let run = try tern(["--import-cookies", binary])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("not a cookies.txt text file"), run.stderr)
        let exported = try tern(["--export-cookies", "-"]).stdout
        XCTAssertFalse(exported.contains("sneaky"), exported)
        XCTAssertTrue(exported.contains("\tkept\t1\n"), "what was stored before is untouched:\n\(exported)")
    }
}
