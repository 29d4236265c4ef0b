import XCTest
import Foundation
import TernTestSupport

/// The settings file in the real browser (tmux) and in `--print-config`
/// and `--dump`: a wrong line is named with its line number and the rest
/// applies; per-site JavaScript; words at the `o` prompt search.
final class SettingsTests: TerminalTestCase {
    override var defaultColumns: Int { 100 }

    /// A test server page of `html`.
    private func page(_ html: String, host: String = "127.0.0.1") -> String {
        server.url("/mime?type=text/html&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, host: host).href
    }

    /// The status line (the screen's last row).
    private func statusLine(_ tern: TerminalSession) -> String {
        tern.screen().components(separatedBy: "\n").last { !$0.isEmpty } ?? ""
    }

    func testAWrongLineIsShownWithItsLineNumberAndTheBrowserStillStarts() throws {
        let start = page("<title>Configured start</title><p>The configured start page.")
        let tern = try browse([], columns: 200, config: """
            # Tern settings
            start-page = \(start)
            colour = blue
            theme = light
            no-css = perhaps

            """)
        // The start page of the file's line 2: the rest of the file applied.
        tern.waitFor("The configured start page.")
        let file = tern.configHome.path + "/tern/config"
        tern.waitForScreen("the first problem with its line number") { _ in
            self.statusLine(tern).contains("\(file):3: unknown key \"colour\" (1 more: tern --print-config)")
        }
        // The message stays until the first key.
        tern.press("j")
        tern.waitForScreen("the message gone") { _ in !self.statusLine(tern).contains("colour") }
        tern.press("q")
        tern.waitFor("Quit Tern?")
        tern.press("y")
        XCTAssertEqual(tern.exitStatus(), 0)
    }

    func testABindLineChangesWhatTheKeyDoesAndWhatTheHelpPageShows() throws {
        let tern = try browse([page("<title>Bound</title><p>The first page.")], config: """
            bind K help
            bind ? none
            bind C-x no-such-command
            """)
        tern.waitFor("The first page.")
        let file = tern.configHome.path + "/tern/config"
        tern.waitForScreen("the bad bind line with its number") { _ in
            self.statusLine(tern).contains("\(file):3: unknown command \"no-such-command\"")
        }
        // `?` is unbound: the page stays.
        tern.press("?")
        tern.press("j")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(tern.screen().contains("The first page."), tern.screen())
        // `K` opens the help page, which names K for help and no longer `?`.
        tern.press("K")
        tern.waitFor("Tern help")
        tern.press("/")
        tern.type("every command and its keys")
        tern.press("Enter")
        tern.waitFor("every command and its keys in force")
        let helpRow = try XCTUnwrap(tern.screen().components(separatedBy: "\n").first { $0.contains("every command and its keys") })
        XCTAssertTrue(helpRow.contains("K"), helpRow)
        XCTAssertFalse(helpRow.contains("?"), helpRow)
        // The other default keys are unchanged: F1 still opens help too.
        XCTAssertTrue(helpRow.contains("F1"), helpRow)
    }

    func testAReadyKeymapFromTheSettings() throws {
        // lynx's keys: `g` asks for a URL to go to (lynx's "goto"); in Tern's own it goes to the top.
        let tern = try browse([page("<title>Lynx keys</title><p>A page.")], config: "keymap = lynx\n")
        tern.waitFor("A page.")
        tern.press("g")
        tern.waitFor("Open: ")
    }

    func testJavaScriptOffForOneSite() throws {
        let html = "<title>Scripted</title><p id=p>Static text.</p><script>document.getElementById('p').textContent = 'Written by the script.'</script>"
        let tern = try browse([page(html, host: "scripts-off.test")], config: """
            resolve = scripts-off.test:\(server.port):127.0.0.1
            [site scripts-off.test]
            javascript = off
            """)
        tern.waitFor("Static text.")
        XCTAssertFalse(tern.screen().contains("Written by the script."))
        // The same page from another host runs its script.
        tern.press("o")
        tern.waitFor("Open: ")
        tern.press("C-u")
        tern.type(page(html))
        tern.press("Enter")
        tern.waitFor("Written by the script.")
        XCTAssertFalse(tern.screen().contains("Static text."))
    }

    func testWordsAtTheOpenPromptOpenTheSearchURL() throws {
        let tern = try browse([page("<title>First</title><p>First page.")], config: """
            search = http://127.0.0.1:\(server.port)/echo?from=tern&q=%s
            """)
        tern.waitFor("First page.")
        tern.press("o")
        tern.waitFor("Open: ")
        tern.press("C-u")
        tern.type("rust slices & C++")
        tern.press("Enter")
        // The server's echo of the request it received.
        tern.waitFor("\"query\": \"from=tern&q=rust+slices+%26+C%2B%2B\"")
        // A single word with no dot searches too; a host name does not.
        tern.press("o")
        tern.waitFor("Open: ")
        tern.press("C-u")
        tern.type("rust")
        tern.press("Enter")
        tern.waitFor("\"query\": \"from=tern&q=rust\"")
    }

    func testDownloadsGoToTheDownloadFolderOfTheSettings() throws {
        let work = try ProcessRun.temporaryFolder("settings-downloads")
        defer { try? FileManager.default.removeItem(atPath: work) }
        let configured = work + "/from-settings", usual = work + "/usual"
        try FileManager.default.createDirectory(atPath: usual, withIntermediateDirectories: true)
        let session = try browse([server.url("/mime?type=application/pdf").href],
                                 config: "download-folder = \(configured)\n", environment: ["XDG_DOWNLOAD_DIR": usual])
        session.waitFor("Download: mime — done")
        XCTAssertEqual(try String(contentsOfFile: configured + "/mime", encoding: .utf8), "%PDF-1.4 test\n", "made when missing")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: usual), [])
    }

    func testPrintConfigShowsTheSettingsInEffectAndTheProblems() throws {
        let home = try ProcessRun.temporaryFolder("print-config")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/tern", withIntermediateDirectories: true)
        let file = home + "/tern/config"
        try """
            width = 100
            bogus line
            theme = mono
            [site *.example.com]
            cookies = block
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try ProcessRun.run(ProcessRun.tern, ["--print-config", "--width", "90", "--no-js"],
                                     environment: ["XDG_CONFIG_HOME": home])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        let lines = run.stdout.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains("width = 90"), "the command line wins:\n\(run.stdout)")
        XCTAssertTrue(lines.contains("no-js = true"))
        XCTAssertTrue(lines.contains("theme = mono"), "the file's")
        XCTAssertTrue(lines.contains("timeout = 30"), "the defaults")
        XCTAssertTrue(lines.contains("# proxy ="))
        XCTAssertTrue(lines.contains("[site *.example.com]") && lines.contains("cookies = block"))
        XCTAssertTrue(lines.contains("# \(file):2: not a setting: expected KEY = VALUE"), run.stdout)

        // --dump tells the same problem on stderr and shows the page.
        let dump = try ProcessRun.run(ProcessRun.tern, ["--dump", page("<p>Dumped page.")], environment: ["XDG_CONFIG_HOME": home])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertTrue(dump.stdout.contains("Dumped page."))
        XCTAssertEqual(dump.stderr, "\(file):2: not a setting: expected KEY = VALUE\n")
    }
}
