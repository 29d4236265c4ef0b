import XCTest
import Foundation
@testable import TernKit
import TernNet
import TernTestSupport

/// Issue 27 item 8: user activation is per window (HTML "Tracking user
/// activation"). Typing or clicking in the top page activates the top page
/// (and its same-origin frames), not a cross-origin frame inside it: that
/// frame cannot open a popup or bust the page on the person's key. A frame
/// the person clicked in has activation, and so do its ancestors.
final class FrameActivationTests: SecurityTestCase {
    private var windows = WindowRecorder()

    override func setUp() {
        super.setUp()
        windows = WindowRecorder()
        webView.uiDelegate = windows
    }

    private func encoded(_ html: String) -> String { html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// A page of a.test with a text field and a frame of `frameHost` holding a button.
    private func loadTop(frameHost: String) throws -> Frame {
        let frame = http(frameHost, "/mime?type=text/html&body=\(encoded("<button id=b>in the frame</button>"))")
        loadAndWait(http("a.test", "/mime?type=text/html&body="
                         + encoded(#"<title>Top</title><input id=q><iframe src="\#(frame.href)"></iframe>"#)))
        wait { self.webView.page.allFrames.first.map { $0.state != .loading } ?? false }
        return try XCTUnwrap(webView.page.allFrames.first)
    }

    /// Runs `source` in `frame`'s window (its script is the one running).
    private func evaluate(_ source: String, in frame: Frame) -> Any? {
        var result: Any?
        var done = false
        webView.evaluateJavaScript(source, in: frame.info) { value, _ in
            result = value
            done = true
        }
        wait { done }
        return result
    }

    /// The person types in the top page's field.
    private func typeInTopPage() throws {
        let field = try XCTUnwrap(webView.page.document?.querySelector("#q"))
        XCTAssertTrue(webView.page.setValue("typed", for: field))
    }

    func testTypingInTheTopPageGivesACrossOriginFrameNoPopup() throws {
        let frame = try loadTop(frameHost: "b.test")
        try typeInTopPage()
        XCTAssertEqual(evaluate("window.open('/page/popup') === null", in: frame) as? Bool, true,
                       "the cross-origin frame's window has no activation")
        XCTAssertTrue(windows.created.isEmpty)
        XCTAssertEqual(windows.blocked.count, 1)
        // The top page, where the person typed, may open one.
        XCTAssertEqual(value("window.open('/page/popup') !== null"), .bool(true))
        XCTAssertEqual(windows.created.count, 1)
    }

    func testTypingInTheTopPageLetsNoCrossOriginFrameNavigateIt() throws {
        let frame = try loadTop(frameHost: "b.test")
        try typeInTopPage()
        let away = http("c.test", "/mime?type=text/html&body=\(encoded("<title>busted</title>"))").href
        _ = evaluate("top.location.href = '\(away)'; 0", in: frame)
        // As FrameBustingTests: a same-origin frame's navigation there ends in well under this.
        spin(0.8)
        XCTAssertEqual(webView.title, "Top")
    }

    func testAFrameThePersonClickedInMayOpenOnePopup() throws {
        let frame = try loadTop(frameHost: "b.test")
        let button = try XCTUnwrap(frame.document?.querySelector("#b"))
        _ = webView.page.activate(button)
        XCTAssertEqual(evaluate("window.open('/page/popup') !== null", in: frame) as? Bool, true)
        XCTAssertEqual(windows.created.count, 1)
        XCTAssertEqual(evaluate("window.open('/page/popup') === null", in: frame) as? Bool, true, "the click was used up")
        XCTAssertEqual(value("window.open('/page/popup') === null"), .bool(true), "across the whole page")
        XCTAssertEqual(windows.created.count, 1)
    }

    func testAClickInAFrameActivatesItsAncestorsAndTypingActivatesSameOriginFrames() throws {
        let crossOrigin = try loadTop(frameHost: "b.test")
        _ = webView.page.activate(try XCTUnwrap(crossOrigin.document?.querySelector("#b")))
        XCTAssertEqual(value("window.open('/page/popup') !== null"), .bool(true), "the top page is the frame's ancestor")

        let sameOrigin = try loadTop(frameHost: "a.test")
        try typeInTopPage()
        XCTAssertEqual(evaluate("window.open('/page/popup') !== null", in: sameOrigin) as? Bool, true,
                       "a same-origin descendant shares the person's activation")
        XCTAssertEqual(windows.created.count, 2)
    }
}

/// The same through the interactive browser (tmux): the person types in the
/// top page's field; the cross-origin frame, told so at once, tries a popup.
final class FrameActivationScreenTests: SecurityTestCase {
    private var sessions: [TerminalSession] = []

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        super.tearDown()
    }

    func testTypingInTheTopPageOpensNoPopupForACrossOriginFrame() throws {
        func encoded(_ html: String) -> String { html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        let frame = http("b.test", "/mime?type=text/html&body=" + encoded("""
            <script>onmessage = function () {
              parent.postMessage(window.open('/page/popup') ? 'opened' : 'blocked', '*');
            };</script>
            """))
        let top = http("a.test", "/mime?type=text/html&body=" + encoded("""
            <title>Top</title><p>Search: <input id=q oninput="frames[0].postMessage('typed', '*')"></p>
            <iframe src="\(frame.href)"></iframe>
            <script>onmessage = function (e) { document.title = 'Frame popup ' + e.data; };</script>
            """))
        let tern = try TerminalSession(["--resolve", "a.test:\(server.port):127.0.0.1",
                                        "--resolve", "b.test:\(server.port):127.0.0.1", top.href])
        sessions.append(tern)
        tern.waitFor("Search:")
        tern.press("Tab")
        tern.press("Enter")
        tern.type("hi")
        tern.press("Enter")
        tern.waitFor("Frame popup ")
        XCTAssertTrue(tern.waitFor("Frame popup blocked"), tern.screen())
        XCTAssertFalse(tern.row(0).contains("[tab 2/2]"), "no tab for the frame: \(tern.row(0))")
    }
}
