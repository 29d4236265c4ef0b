import XCTest
import Foundation
import TernKit
import TernNet
import TernTestSupport

/// A security test of the interactive browser: `tern` in a real terminal
/// (tmux), on hostile pages served by the test server.
open class TerminalPageTestCase: SecurityTestCase {
    private var sessions: [TerminalSession] = []

    open override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        super.tearDown()
    }

    /// Starts `tern` on `html`, served as a text/html page at 127.0.0.1.
    public func browse(html: String, arguments: [String] = []) throws -> TerminalSession {
        let session = try TerminalSession(arguments + [page(html).href])
        sessions.append(session)
        return session
    }

    /// Runs `tern arguments` to its end; nil when it was still running
    /// after `limit` seconds (it is then killed): what a test of a page
    /// that could hang tern runs it with, so the test itself cannot hang.
    public func runTern(_ arguments: [String], limit: Double) throws -> (status: Int32, stdout: String, stderr: String)? {
        let directory = FileManager.default.temporaryDirectory
        let output = directory.appendingPathComponent("tern-run-\(UUID()).out").path
        let errors = directory.appendingPathComponent("tern-run-\(UUID()).err").path
        defer { unlink(output); unlink(errors) }
        let process = try ProcessRun.start(ProcessRun.tern, arguments, stdout: output, stderr: errors)
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return (process.terminationStatus, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
                (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    /// The test server's URL that answers `html` as a page.
    public func page(_ html: String) -> WebURL {
        let body = html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return server.url("/mime?type=text/html&body=\(body)")
    }

    /// Whether tern gave the terminal back: it left the alternate screen,
    /// and the terminal echoes typed text again (cooked mode), which a
    /// terminal left raw would not.
    public func assertTerminalRestored(_ tern: TerminalSession, file: StaticString = #filePath, line: UInt = #line) {
        let output = String(decoding: tern.output(), as: UTF8.self)
        XCTAssertTrue(output.contains("\u{1B}[?1049l"), "tern left the alternate screen", file: file, line: line)
        tern.type("echoed-again")
        tern.waitFor("echoed-again", file: file, line: line)
    }

    /// The pid of the tern running in `session` (the child of the pane's shell).
    public func ternProcess(in session: TerminalSession) -> pid_t? {
        guard let run = try? ProcessRun.run("tmux", ["-L", session.socket, "list-panes", "-t", "main", "-F", "#{pane_pid}"]),
              let shell = Int32(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)),
              let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8) else { return nil }
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }
}
