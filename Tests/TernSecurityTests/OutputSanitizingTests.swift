import XCTest
import Foundation
import TernTestSupport

/// Issue #13 item 13 and "also fix": whatever `tern` writes that can reach a
/// terminal carries no raw control a page or server chose (`--export-cookies -`
/// wrote U+009B, a C1 CSI, to the terminal), and no page or server text can
/// forge a line of tern's own on stderr (`tern: …`).
final class OutputSanitizingTests: XCTestCase {
    private var server: TestServer { TestServer.shared }
    private var folder: String!

    override func setUp() {
        super.setUp()
        folder = try! ProcessRun.temporaryFolder("output")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// A cookies.txt file whose one cookie's value holds U+009B (CSI as a C1
    /// control: `CSI 2 J` clears the screen on terminals that obey C1) and
    /// ESC-free text to find it by.
    private func hostileCookieFile() throws -> String {
        let path = folder + "/in.txt"
        let line = "127.0.0.1\tFALSE\t/\tFALSE\t4102444800\tcsi\tA\u{9B}2JPWNED\n"
        try Data(("# Netscape HTTP Cookie File\n" + line).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testExportingCookiesToATerminalWritesNoC1Control() throws {
        let file = try hostileCookieFile()
        // The slow page gives tmux time to start logging what tern writes.
        let tern = try TerminalSession(["--import-cookies", file, "--dump", "--export-cookies", "-",
                                        server.url("/slow?ms=1500&chunks=1").href], columns: 120, rows: 30)
        defer { tern.close() }
        tern.waitFor("tern exited with")
        XCTAssertEqual(tern.exitStatus(), 0)
        let output = [UInt8](tern.output())
        XCTAssertTrue(output.contains(subsequence: Array("2JPWNED".utf8)), "the cookie was exported: \(String(decoding: output, as: UTF8.self))")
        XCTAssertFalse(output.contains(subsequence: [0xC2, 0x9B]), "U+009B reached the terminal")
        XCTAssertFalse(output.contains(0x9B), "a raw C1 byte reached the terminal")
    }

    /// To a file or a pipe the export stays byte-exact, for curl: the value
    /// goes out as the cookie has it.
    func testExportingCookiesToAPipeKeepsTheBytes() throws {
        let file = try hostileCookieFile()
        let run = try ProcessRun.run(ProcessRun.tern, ["--profile", folder + "/profile", "--import-cookies", file, "--export-cookies", "-"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\tcsi\tA\u{9B}2JPWNED\n"), run.stdout)
    }

    /// A cookie the format cannot hold (a TAB in its value: the field
    /// separator) is left out of the file with a warning, not silently.
    func testACookieTheFormatCannotHoldIsSkippedWithAWarning() throws {
        let page = "http://127.0.0.1:\(server.port)/set-cookie?c=tab%3Da%09b%3B%20Max-Age%3D60&c=plain%3D1%3B%20Max-Age%3D60"
        let out = folder + "/out.txt"
        let run = try ProcessRun.run(ProcessRun.tern, ["--profile", folder + "/profile", "--dump", "--export-cookies", out, page])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(text.contains("\tplain\t1\n"), text)
        XCTAssertFalse(text.contains("\ttab\t"), text)
        XCTAssertTrue(run.stderr.contains("tern: 1 cookie cannot be written"), run.stderr)
    }

    /// Console messages and dialog texts with line breaks in `--dump`: each
    /// line after the first is indented, so none reads as tern's own.
    func testPageTextWithLineBreaksForgesNoTernLine() throws {
        let script = """
            console.log('hello\\ntern: fake console line\\r\\ntern: fake after CRLF');
            alert('hi\\ntern: fake alert line');
            confirm('sure?\\n\\ntern: fake confirm line');
            prompt('name\\u2028tern: fake prompt line\\u0085tern: after NEL');
            """
        let page = "<title>Lines</title><script>\(script)</script><p>text</p>"
        let url = server.url("/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode(page)).href
        let run = try ProcessRun.run(ProcessRun.tern, ["--private", "--dump", "--console", url])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(run.stderr.contains("fake alert line"), run.stderr)
        XCTAssertEqual(lines.filter { $0.hasPrefix("tern: fake") || $0.hasPrefix("tern: after") }, [], run.stderr)
        XCTAssertFalse(run.stderr.unicodeScalars.contains { $0.value == 0x0D || (0x80...0x9F).contains($0.value) }, "raw controls: \(run.stderr)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("tern: alert: hi") }, "tern's own line is still there: \(run.stderr)")
    }

    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
}

private extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard !subsequence.isEmpty, count >= subsequence.count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<($0 + subsequence.count)]) == subsequence }
    }
}
