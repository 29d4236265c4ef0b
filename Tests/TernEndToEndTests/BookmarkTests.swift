import XCTest
import Foundation
import TernTestSupport

/// Bookmarks through the real `tern`: `--import-bookmarks` and
/// `--export-bookmarks`, `--dump about:bookmarks`, and a bookmark that is
/// still there after a restart, opened from `about:bookmarks` in tmux.
final class BookmarkTests: TerminalTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try ProcessRun.temporaryFolder("tern-bookmarks-e2e")
    }

    override func tearDown() {
        super.tearDown()  // closes the sessions first
        try? FileManager.default.removeItem(atPath: root)
    }

    private func tern(_ arguments: [String]) throws -> ProcessRun {
        try ProcessRun.run(ProcessRun.tern, arguments, environment: ["XDG_DATA_HOME": root + "/xdg"])
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = root + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// In another browser's style: upper case, unclosed DT and p, a toolbar folder, ICON data.
    private func foreignFile() -> String {
        """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks</H1>
        <DL><p>
            <DT><H3 ADD_DATE="1600000000" PERSONAL_TOOLBAR_FOLDER="true">Toolbar</H3>
            <DL><p>
                <DT><A HREF="\(server.url("/page/imported").href)" ADD_DATE="1600000001" ICON="data:image/png;base64,AAAA">Imported &amp; kept</A>
                <DD>A description
                <DT><H3>Inner</H3>
                <DL><p>
                    <DT><A HREF="\(server.url("/page/inner").href)" ADD_DATE="1600000002">Inner page</A>
                </DL><p>
            </DL><p>
            <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
        </DL><p>
        """
    }

    func testAnImportedBookmarkIsThereAfterARestartAndEnterOpensIt() throws {
        let profile = root + "/profile"
        let file = try write(foreignFile(), to: "bookmarks.html")
        let imported = try tern(["--profile", profile, "--import-bookmarks", file])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("imported 2 bookmarks in 2 folders"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("1 skipped"), imported.stderr)

        for run in 1...2 {
            let session = try browse(["--profile", profile, "about:bookmarks"])
            session.waitForScreen("the bookmarks page (run \(run))") { $0.contains("Imported & kept") && $0.contains("Toolbar / Inner") }
            XCTAssertFalse(session.screen().contains("Bookmarklet"))
            session.press("Tab")
            session.waitForScreen("the first bookmark focused") { $0.split(separator: "\n").last?.hasSuffix("/page/imported") ?? false }
            session.press("Enter")
            session.waitForScreen("the bookmarked page") { $0.contains("Page imported") }
            session.press("Q")
            XCTAssertEqual(session.exitStatus(), 0)
        }
    }

    func testABookmarkAddedInTheBrowserIsThereAfterARestart() throws {
        let profile = root + "/profile"
        let first = try browse(["--profile", profile, "about:bookmarks"])
        first.waitFor("No bookmarks yet.")
        // The page's own "New folder" form: Tab to its field, type, Enter submits it.
        first.press("Tab")
        first.waitForScreen("the folder field focused") { $0.split(separator: "\n").last?.contains("folder") ?? false }
        first.press("Enter")
        first.type("Reading/Later")
        first.press("Enter")
        first.waitFor("Made the folder “Reading/Later”.")
        XCTAssertTrue(first.screen().contains("Reading / Later"), first.screen())
        first.press("Q")
        XCTAssertEqual(first.exitStatus(), 0)

        let export = try tern(["--profile", profile, "--export-bookmarks", "-"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stdout.contains("<DT><H3>Reading</H3>"), export.stdout)
        XCTAssertTrue(export.stdout.contains("<DT><H3>Later</H3>"), export.stdout)
        XCTAssertTrue(export.stderr.contains("exported 0 bookmarks in 2 folders"), export.stderr)

        let second = try browse(["--profile", profile, "about:bookmarks"])
        second.waitFor("Reading / Later")
    }

    func testEditingThroughThePageInTheTerminalAndHostileTitlesDrawnSafely() throws {
        let profile = root + "/profile"
        let file = try write("""
            <DL><p>
            <DT><A HREF="\(server.url("/page/one").href)">Old title</A>
            <DT><A HREF="\(server.url("/page/two").href)">Evil</A>
            </DL>
            """, to: "hostile.html")
        XCTAssertEqual(try tern(["--profile", profile, "--import-bookmarks", file]).status, 0)
        // The HTML parser makes &#27; U+FFFD: put the raw controls into the database itself.
        let sql = "UPDATE bookmarks SET title = 'Evil ' || char(27) || ']0;pwned' || char(7) || ' title' WHERE id = 2"
        let update = try ProcessRun.run("sqlite3", [profile + "/bookmarks.sqlite", sql])
        XCTAssertEqual(update.status, 0, update.stderr)
        let session = try browse(["--profile", profile, "about:bookmarks"])
        session.waitFor("Old title")
        XCTAssertTrue(session.screen().contains("pwned"), session.screen())
        // Old title, then its [edit].
        session.press("Tab", "Tab")
        session.waitForScreen("edit focused") { $0.split(separator: "\n").last?.hasSuffix("about:bookmarks?edit=1") ?? false }
        session.press("Enter")
        session.waitFor("Edit bookmark")
        session.press("Tab")
        session.waitForScreen("the title field") { $0.split(separator: "\n").last?.contains("Form field title") ?? false }
        session.press("Enter", "C-u")
        session.type("New title")
        // Enter submits the form with its first button, Save.
        session.press("Enter")
        session.waitFor("Saved “New title”.")
        XCTAssertFalse(session.screen().contains("Old title"))
        session.press("Q")
        XCTAssertEqual(session.exitStatus(), 0)
        let written = try Data(contentsOf: session.outputLog)
        XCTAssertNil(written.range(of: Data("\u{1B}]0;pwned".utf8)), "a title cannot set the terminal's title")
        XCTAssertNotNil(written.range(of: Data("pwned".utf8)), "the title was drawn, as text")

        let export = try tern(["--profile", profile, "--export-bookmarks", "-"])
        XCTAssertTrue(export.stdout.contains(">New title</A>"), export.stdout)
    }

    func testExportAndImportRoundTripThroughTheBinary() throws {
        let file = try write(foreignFile(), to: "foreign.html")
        let exported = root + "/exported.html", again = root + "/again.html"
        XCTAssertEqual(try tern(["--profile", root + "/a", "--import-bookmarks", file, "--export-bookmarks", exported]).status, 0)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
        XCTAssertTrue(text.contains("ADD_DATE=\"1600000001\""), text)
        XCTAssertTrue(text.contains(">Imported &amp; kept</A>"), text)
        let second = try tern(["--profile", root + "/b", "--import-bookmarks", exported, "--export-bookmarks", again])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("imported 2 bookmarks in 2 folders"), second.stderr)
        XCTAssertEqual(try String(contentsOfFile: again, encoding: .utf8), text, "the same bookmarks and folders")

        // Imported twice: nothing is added twice.
        let twice = try tern(["--profile", root + "/b", "--import-bookmarks", exported])
        XCTAssertTrue(twice.stderr.contains("imported 0 bookmarks in 2 folders from \(exported) (2 already there)"), twice.stderr)

        let dump = try tern(["--profile", root + "/b", "--dump", "--width", "100", "about:bookmarks"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertTrue(dump.stdout.contains("Imported & kept"), dump.stdout)
        XCTAssertTrue(dump.stdout.contains("Toolbar / Inner"), dump.stdout)
        XCTAssertTrue(dump.stdout.contains(server.url("/page/inner").href), dump.stdout)
    }

    func testFilesThatCannotBeReadOrWrittenSaySo() throws {
        let missing = try tern(["--profile", root + "/p", "--import-bookmarks", root + "/missing.html"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("cannot import bookmarks from \(root)/missing.html"), missing.stderr)
        let unwritable = try tern(["--profile", root + "/p", "--export-bookmarks", root + "/no/such/folder/out.html"])
        XCTAssertEqual(unwritable.status, 1)
        XCTAssertTrue(unwritable.stderr.contains("cannot export bookmarks to"), unwritable.stderr)
        let usage = try tern(["--import-bookmarks"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--import-bookmarks needs a value"), usage.stderr)
    }
}
