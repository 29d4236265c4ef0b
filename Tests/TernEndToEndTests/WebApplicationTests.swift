import XCTest
import Foundation
import TernTestSupport

/// Real web applications, installed from Debian and served on loopback,
/// driven through the browser in tmux (issue 30).
final class WebApplicationTests: TerminalTestCase {
    override var defaultColumns: Int { 130 }

    /// A site MkDocs (Debian's `mkdocs`) builds: its search box is in a
    /// Bootstrap modal that jQuery opens and focuses, and the search runs in
    /// a Web Worker (lunr, with `importScripts` and the index by XHR) as
    /// each key is typed.
    func testMkDocsSearchOpensItsDialogAndFindsAsYouTypeInAWorker() throws {
        let folder = try ProcessRun.temporaryFolder("mkdocs-site")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let docs = folder + "/docs"
        try FileManager.default.createDirectory(atPath: docs, withIntermediateDirectories: true)
        // highlight.js would come from a CDN: off, so nothing leaves the machine.
        try "site_name: Frobnicator\ntheme:\n  name: mkdocs\n  highlightjs: false\n"
            .write(toFile: folder + "/mkdocs.yml", atomically: true, encoding: .utf8)
        try "# Welcome\n\nThis site documents the frobnicator.\n\n## Tuning\n\nThe frobnicator has a quantum flux setting.\n"
            .write(toFile: docs + "/index.md", atomically: true, encoding: .utf8)
        try "# Widgets\n\nNothing about that here, only widgets.\n".write(toFile: docs + "/widgets.md", atomically: true, encoding: .utf8)
        let build = try ProcessRun.run("/usr/bin/mkdocs", ["build", "-q", "-f", folder + "/mkdocs.yml", "-d", folder + "/site"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let site = try TestServer(staticRoot: folder + "/site")
        let tern = try browse([site.url("/index.html").href], rows: 40)
        tern.waitFor("quantum flux setting")
        // The navigation bar's Search link (the wide layout shows it) opens the dialog.
        var found = false
        for _ in 0..<12 {
            tern.press("Tab")
            if tern.waitForQuietly({ $0.components(separatedBy: "\n").last { !$0.isEmpty }?.hasSuffix("/index.html#") ?? false }) {
                found = true
                break
            }
        }
        XCTAssertTrue(found, "no Search link:\n\(tern.screen())")
        tern.press("Enter")
        // The page focuses its search field: the browser's focus follows.
        tern.waitFor("Form field")
        tern.press("Enter")
        tern.type("quantum")
        tern.waitForScreen("a result for the word, found as it was typed") { screen in
            screen.contains("quantum_") && screen.components(separatedBy: "\n").filter { $0.contains("quantum flux") }.count >= 1
                && screen.contains("Tuning")
        }
        tern.press("C-u")
        tern.type("widgets")
        tern.waitFor("only widgets")
    }
}
