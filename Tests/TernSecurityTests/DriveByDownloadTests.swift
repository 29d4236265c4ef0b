import XCTest
import Foundation
import TernTestSupport

/// Issue #13 item 10: drive-by downloads (40 files saved without asking). A
/// download the person did not start with a key is confirmed first (name,
/// size, type, target folder), and a page has at most one such question open
/// at a time: its other downloads meanwhile are refused.
final class DriveByDownloadTests: XCTestCase {
    private var sessions: [TerminalSession] = []
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-driveby-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func browse(_ page: String) throws -> TerminalSession {
        let url = TestServer.shared.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let session = try TerminalSession([url.href], environment: ["XDG_DOWNLOAD_DIR": folder.path])
        sessions.append(session)
        return session
    }

    private var saved: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// `/download` answering `Content-Disposition: attachment; filename=NAME`.
    private func attachment(_ name: String, size: Int = 1000) -> String {
        "/download?size=\(size)&cd=attachment%3B%20filename%3D\(name)"
    }

    private func questions(on screen: String) -> Int {
        screen.components(separatedBy: "Save this download?").count - 1
    }

    func testScriptDownloadsAreAskedOneAtATimeAndNothingIsSavedUnasked() throws {
        let page = """
            <title>Drive-by</title><p>Free stuff
            <a id=dl href="\(attachment("clicked.bin", size: 2048))" download>x</a>
            <script>
              var n = 0, timer = setInterval(function () {
                location = '/download?size=1000&cd=attachment%3B%20filename%3Ddrive' + n + '.bin';
                document.getElementById('dl').click();
                if (++n === 40) { clearInterval(timer); document.title = 'flood over'; }
              }, 30);
            </script>
            """
        let tern = try browse(page)
        tern.waitFor("Save this download?")
        tern.waitForWrapped("Folder: \(folder.path)")
        let first = tern.screen()
        XCTAssertTrue(first.contains("Size:   1000 bytes") || first.contains("Size:   2 KB"), first)
        XCTAssertTrue(first.contains("Type:   application/octet-stream"), first)
        XCTAssertTrue(first.contains("Name:   drive0.bin") || first.contains("Name:   clicked.bin"), first)
        tern.waitFor("flood over")
        usleep(300_000)
        XCTAssertEqual(questions(on: tern.screen()), 1, "one question at a time:\n\(tern.screen())")
        XCTAssertEqual(saved, [], "nothing saved before the answer")
        tern.press("n")
        tern.waitFor("Did not save")
        usleep(500_000)
        XCTAssertEqual(questions(on: tern.screen()), 0, "the refused ones were not queued:\n\(tern.screen())")
        XCTAssertEqual(saved, [], "nothing saved unasked")
    }

    func testAConfirmedScriptDownloadIsSaved() throws {
        let page = """
            <title>One file</title><a id=dl href="\(attachment("report.bin", size: 3000))" download>report</a>
            <script>setTimeout(function () { document.getElementById('dl').click(); }, 10);</script>
            """
        let tern = try browse(page)
        tern.waitFor("Save this download?")
        tern.waitForWrapped("Name: report.bin")
        XCTAssertEqual(saved, [])
        tern.press("y")
        tern.waitFor("Download: report.bin — done")
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("report.bin")))
        XCTAssertEqual(bytes, (0..<3000).map { UInt8($0 % 251) })
    }

    /// A kB figure ("VmHWM", "VmRSS") of /proc/PID/status.
    private func memoryKB(_ field: String, of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// utime + stime of `pid`'s main thread, in clock ticks (fields 14 and 15 of /proc/PID/stat).
    private func ticks(of pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// While the question waits the transfer is paused (libcurl stops
    /// reading the socket): a 100 MB body neither fills the memory nor
    /// fails as too large, and after "yes" it is saved whole.
    func testAnUnansweredLargeDownloadWaitsPausedAndIsSavedWhole() throws {
        let tern = try browse("<title>Big one</title><script>setTimeout(function () { location = '/big?mb=100'; }, 1500);</script>")
        tern.waitFor("Big one")
        let pid = try XCTUnwrap(tern.programPID())
        let baseline = try XCTUnwrap(memoryKB("VmHWM", of: pid))
        tern.waitFor("Save this download?")
        let ticksBefore = try XCTUnwrap(ticks(of: pid))
        sleep(4)
        let ticksAfter = try XCTUnwrap(ticks(of: pid))
        // A bound, not a timing: a loop spinning on the paused transfer would use ~400.
        XCTAssertLessThan(ticksAfter - ticksBefore, 100, "the paused transfer kept the loop busy")
        let peak = try XCTUnwrap(memoryKB("VmHWM", of: pid))
        XCTAssertLessThan(peak - baseline, 64 * 1024, "the body piled up in memory while the question waited (\(baseline) kB before, \(peak) kB peak)")
        XCTAssertTrue(tern.screen().contains("Save this download?"), tern.screen())
        XCTAssertEqual(saved, [], "nothing written before the answer")
        tern.press("y")
        tern.waitFor("Download: big — done", timeout: 120)
        let path = folder.appendingPathComponent("big").path
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)
        XCTAssertEqual(size.intValue, 100 << 20)
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: path))
        defer { try? file.close() }
        for offset in [0, 64 << 20 + 7, (100 << 20) - 1] {
            try file.seek(toOffset: UInt64(offset))
            XCTAssertEqual(try file.read(upToCount: 1), Data([UInt8(offset % 251)]), "byte \(offset)")
        }
    }

    func testADownloadThePersonStartsIsNotAsked() throws {
        let tern = try browse("<title>Links</title><p><a href=\"\(attachment("mine.bin"))\">get it</a>")
        tern.waitFor("[1]get it")
        tern.press("Tab", "Enter")
        tern.waitFor("Download: mine.bin — done")
        XCTAssertFalse(tern.screen().contains("Save this download?"))
        XCTAssertEqual(saved, ["mine.bin"])
    }
}
