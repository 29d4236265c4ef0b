import XCTest
import Foundation
import TernTestSupport

/// The command line's say over page styles and colours: `--no-css` fetches
/// no page sheet, `--no-color` and `NO_COLOR` (no-color.org) draw no colour.
final class StyleOptionsTests: TerminalTestCase {
    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// How many requests `/sheet` logged for `key` (read with curl).
    private func sheetRequests(_ key: String) throws -> Int {
        let run = try ProcessRun.run("curl", ["-s", server.url("/sheet-log?key=\(key)").href])
        let entries = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Any]
        return entries?.count ?? -1
    }

    private func pageLinking(_ key: String) -> String {
        server.url("/mime?type=text/html&body=" + encode("<title>Styled</title><link rel=stylesheet href=\"/sheet?key=\(key)\"><p>Body text</p>")).href
    }

    func testDumpFetchesTheLinkedSheetAndNotWithNoCSS() throws {
        let key = UUID().uuidString
        let profile = try ProcessRun.temporaryFolder("tern-nocss")
        let plain = try ProcessRun.run(ProcessRun.tern, ["--dump", "--private", pageLinking(key)], environment: ["XDG_DATA_HOME": profile])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("Body text"))
        XCTAssertEqual(try sheetRequests(key), 1, "the page's sheet is fetched before the dump")
        let noCSS = try ProcessRun.run(ProcessRun.tern, ["--dump", "--private", "--no-css", pageLinking(key)], environment: ["XDG_DATA_HOME": profile])
        XCTAssertEqual(noCSS.status, 0, noCSS.stderr)
        XCTAssertTrue(noCSS.stdout.contains("Body text"))
        XCTAssertEqual(try sheetRequests(key), 1, "--no-css fetches no page sheet")
    }

    /// The colour parameters of every SGR sequence in `text` (30–49, 90–107,
    /// but not 39/49, the default colours).
    private func colourCodes(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !("0"..."9").contains($0) && $0 != ";" }) else { break }
            if rest[end] == "m" {
                for parameter in rest[..<end].split(separator: ";") {
                    guard let value = Int(parameter) else { continue }
                    if ((30...49).contains(value) && value != 39 && value != 49) || (90...107).contains(value) { found.append(String(parameter)) }
                }
            }
            rest = rest[end...]
        }
        return found
    }

    /// tern with `arguments` on the test server's colour page (private), once it is loaded.
    private func browseColours(_ arguments: [String], environment: [String: String] = [:]) throws -> TerminalSession {
        let session = try browse(arguments + ["--private", server.url("/page/colours").href], environment: environment)
        session.waitFor("Page colours")
        // The title bar, in the theme's colours where there are colours.
        session.waitForScreen("the load ended") { !$0.components(separatedBy: "\n")[0].contains("[loading]") }
        return session
    }

    func testTheBrowserDrawsColoursByDefault() throws {
        // (TerminalSession sets NO_COLOR to "" unless told otherwise.)
        let tern = try browseColours([], environment: ["NO_COLOR": ""])
        XCTAssertFalse(colourCodes(tern.styledScreen()).isEmpty, "an empty NO_COLOR changes nothing:\n\(tern.styledScreen())")
    }

    func testNoColorDrawsNoColour() throws {
        let tern = try browseColours(["--no-color"])
        let screen = tern.styledScreen()
        XCTAssertEqual(colourCodes(screen), [], screen)
        XCTAssertTrue(screen.contains("\u{1B}[7m") || screen.contains(";7m") || screen.contains("[7;"),
                      "the title bar is reversed instead:\n\(screen)")
    }

    func testTheNOCOLOREnvironmentVariableDrawsNoColour() throws {
        let tern = try browseColours([], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(colourCodes(tern.styledScreen()), [], tern.styledScreen())
    }
}
