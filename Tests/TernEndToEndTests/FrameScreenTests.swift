import XCTest
import Foundation
import TernTestSupport

/// Frames in the real program: `--dump` prints a frame's document inline in
/// its box, and in the browser (tmux) Tab reaches a link inside a frame and
/// Enter follows it in that frame, the page around it staying.
final class FrameScreenTests: TerminalTestCase {
    /// A page served by the test server whose body is `html`, on `host`.
    private func page(_ html: String, host: String = "127.0.0.1") -> String {
        let body = html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return server.url("/mime?type=text/html&body=\(body)", host: host).href
    }

    private func dump(_ url: String) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tern-frame-dump-profile").path
        return try ProcessRun.run(ProcessRun.tern, ["--dump", "--width", "60", url], environment: ["XDG_DATA_HOME": profile]).stdout
    }

    func testDumpDrawsSameAndCrossOriginFramesInlineWithTheirTitles() throws {
        let inner = page("<title>Inner page</title><p>Text of the frame</p><a href='/page/one'>frame link</a>")
        let other = page("<title>Other origin</title><p>From localhost</p>", host: "localhost")
        let output = try dump(page("<p>Before</p><iframe src='\(inner)'></iframe><p>Between</p>"
                                   + "<iframe src='\(other)'></iframe><iframe srcdoc='<p>Written in srcdoc</p>'></iframe><p>After</p>"))
        let lines = output.components(separatedBy: "\n")
        func row(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        let rows = try ["Before", "Inner page", "Text of the frame", "frame link", "Between", "Other origin", "From localhost",
                        "Written in srcdoc", "After"].map { try XCTUnwrap(row($0), "\($0) in:\n\(output)") }
        XCTAssertEqual(rows, rows.sorted(), output)
        // The frame's text is inside its box: a border row above it, │ on both sides.
        let titleRow = try XCTUnwrap(row("Inner page"))
        XCTAssertTrue(lines[titleRow].hasPrefix("┌"), output)
        let textRow = lines[try XCTUnwrap(row("Text of the frame"))]
        XCTAssertTrue(textRow.hasPrefix("│") && textRow.hasSuffix("│"), output)
        // The frame's link is numbered with the page's and listed with its URL.
        XCTAssertTrue(output.contains("/page/one"), output)
    }

    func testTabReachesALinkInsideAFrameAndEnterFollowsItThere() throws {
        let inner = page("<title>Frame doc</title><p>Inside</p><a href='/page/two'>go in frame</a>")
        let tern = try browse([page("<title>Outer</title><p>Outer text</p><iframe src='\(inner)'></iframe><p>Below the frame</p>")])
        tern.waitFor("go in frame")
        tern.waitFor("Below the frame")
        tern.press("Tab")
        tern.waitForScreen("the frame's link focused") { $0.contains("go in frame") && $0.contains("/page/two") }
        tern.press("Enter")
        // The frame shows the followed page; the page around it stays.
        tern.waitForScreen("page two inside the frame") { $0.contains("Page two") }
        let screen = tern.screen()
        XCTAssertTrue(screen.hasPrefix(" Outer") && screen.contains("Below the frame"), screen)
        XCTAssertFalse(screen.contains("go in frame"), screen)
        // Back returns the frame to its first page (the page's own history entry).
        tern.press("Left")
        tern.waitFor("go in frame")
        tern.press("g")
        tern.waitFor("Outer text")
    }
}
