import XCTest
import Foundation
import TernKit
import TernTestSupport

/// Issue 27 item 9 (the frame half): a site's settings apply to every
/// document of the site, whatever frame it is in. Through the browser's own
/// settings file, in the real terminal: `[site b.test] javascript = off`
/// stops b.test's scripts in a frame of an a.test page; a.test's run.
final class FrameSiteSettingsTests: SecurityTestCase {
    private var sessions: [TerminalSession] = []

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        super.tearDown()
    }

    private func encoded(_ html: String) -> String { html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// tern on an a.test page with a b.test frame, each with a script that
    /// rewrites its paragraph, under `settings`.
    private func browseFramedPage(settings: String) throws -> TerminalSession {
        let frame = http("b.test", "/mime?type=text/html&body="
                         + encoded("<p id=f>Frame text as served.</p><script>document.getElementById('f').textContent = 'Frame script ran.'</script>"))
        let top = http("a.test", "/mime?type=text/html&body=" + encoded("""
            <title>Top</title><p id=t>Top text as served.</p><script>document.getElementById('t').textContent = 'Top script ran.'</script>
            <iframe src="\(frame.href)"></iframe>
            """))
        let tern = try TerminalSession([top.href], config: """
            resolve = a.test:\(server.port):127.0.0.1
            resolve = b.test:\(server.port):127.0.0.1
            \(settings)
            """)
        sessions.append(tern)
        return tern
    }

    func testJavaScriptOffForASiteHoldsInItsFrameInsideAnotherSite() throws {
        let tern = try browseFramedPage(settings: "[site b.test]\njavascript = off")
        // A frame document is parsed whole, its scripts run before it is shown.
        tern.waitFor("Frame text as served.")
        XCTAssertTrue(tern.waitFor("Top script ran."), tern.screen())
        XCTAssertFalse(tern.screen().contains("Frame script ran."), tern.screen())
    }

    func testJavaScriptOffForThePageHoldsInAFrameOfASiteWithNoSettings() throws {
        let tern = try browseFramedPage(settings: "[site a.test]\njavascript = off")
        tern.waitFor("Frame text as served.")
        XCTAssertTrue(tern.waitFor("Top text as served."), tern.screen())
    }
}
