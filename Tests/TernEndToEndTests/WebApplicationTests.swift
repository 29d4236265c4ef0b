import XCTest
import Foundation
import TernTestSupport

/// Real web applications, installed from Debian and served on loopback,
/// driven through the browser in tmux (issue 30).
final class WebApplicationTests: TerminalTestCase {
    override var defaultColumns: Int { 130 }

    /// Presses Tab until the screen shows `condition` (at most `limit` times); whether it did.
    private func tab(in tern: TerminalSession, limit: Int = 40, until condition: @escaping (String) -> Bool) -> Bool {
        for _ in 0..<limit {
            tern.press("Tab")
            if tern.waitForQuietly(timeout: 0.5, condition) { return true }
        }
        return false
    }

    /// The status line (the screen's last line that is not empty).
    private static func status(_ screen: String) -> String {
        screen.components(separatedBy: "\n").last { !$0.isEmpty } ?? ""
    }

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
        XCTAssertTrue(tab(in: tern, limit: 12) { Self.status($0).hasSuffix("/index.html#") }, "no Search link:\n\(tern.screen())")
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

extension WebApplicationTests {
    /// Django's admin (Debian's python3-django): log in, add a book, add
    /// its author in the "add another" popup, which hands the new author
    /// back to the book's form (`opener.dismissAddRelatedObjectPopup`) and
    /// closes; the book is saved with that author.
    func testDjangoAdminLogsInAndAddsARelatedObjectThroughItsPopup() throws {
        let folder = try ProcessRun.temporaryFolder("django-site")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/server.log"
        let server = try ProcessRun.start("/usr/bin/python3", [TestServer.repositoryRoot + "/Tests/TestServer/django_admin_site.py", folder],
                                          stdout: output, stderr: folder + "/server.err")
        defer { server.terminate(); server.waitUntilExit() }
        var port = 0
        let deadline = Date().addingTimeInterval(60)
        while port == 0, Date() < deadline, server.isRunning {
            if let log = try? String(contentsOfFile: output, encoding: .utf8), let line = log.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }) {
                port = Int(line.dropFirst(5)) ?? 0
            } else {
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        XCTAssertNotEqual(port, 0, (try? String(contentsOfFile: folder + "/server.err", encoding: .utf8)) ?? "no log")
        guard port != 0 else { return }
        // The server may take a moment to listen after it printed its port.
        let base = "http://127.0.0.1:\(port)"
        let tern = try browse([base + "/admin/library/book/add/"], rows: 40)
        tern.waitFor("Log in")
        // The username field has `autofocus`: the browser's focus starts there.
        tern.waitFor("Form field username")
        tern.press("Enter")
        tern.type("admin")
        tern.press("Tab")
        tern.waitFor("Form field password")
        tern.press("Enter")
        tern.type("tern-secret")
        tern.press("Enter")
        tern.waitFor("Add book")
        // The "+" beside the author's select opens Django's popup, named after the field.
        XCTAssertTrue(tab(in: tern) { Self.status($0).contains("author/add/?_to_field=id&_popup=1") }, "no add-author link:\n\(tern.screen())")
        tern.press("Enter")
        tern.waitFor("Add author")
        tern.waitFor("Form field name")
        tern.press("Enter")
        tern.type("Ada Lovelace")
        tern.press("Enter")
        // Saved, the popup hands the author back and closes: the book's form shows it chosen.
        tern.waitFor("Add book")
        tern.waitFor("Ada Lovelace")
        guard tab(in: tern, until: { $0.contains("Form field title") }) else { return XCTFail("no title field:\n\(tern.screen())") }
        tern.press("Enter")
        tern.type("Notes on the Analytical Engine")
        tern.press("Enter")
        tern.waitFor("was added successfully")
        tern.waitFor("Notes on the Analytical Engine")
    }
}
