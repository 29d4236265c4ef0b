import XCTest
@testable import TernKit
import TernNet
import TernTestSupport

/// Issue #13 item 6: popups without a click. Every way a page opens a new
/// window (window.open, a script's click on a target=_blank link, a form
/// submitted to a new target, `<base target>`) needs transient user
/// activation (HTML: a key within the last few seconds), used up by the
/// window; otherwise nothing is created and the UI delegate hears of the
/// blocked popup.
final class PopupTests: SecurityTestCase {
    private var windows = WindowRecorder()

    override func setUp() {
        super.setUp()
        windows = WindowRecorder()
        webView.uiDelegate = windows
    }

    /// Shows `html` as a page of a.test and waits for its load.
    private func open(_ html: String) {
        recorder.clear()
        webView.loadHTMLString(html, baseURL: http("a.test", "/page/hostile"))
        wait { recorder.ended }
    }

    private let popupURL = { (test: PopupTests) in test.http("b.test", "/page/popup").href }

    func testWindowOpenFromATimerIsBlockedAndReported() {
        open("""
            <title>Opener</title>
            <script>
              window.results = [];
              setTimeout(function () {
                for (var i = 0; i < 50; i++) results.push(window.open('\(popupURL(self))') === null);
                results.done = true;
              }, 10);
            </script>
            """)
        wait { self.value("results.done === true") == .bool(true) }
        spin(0.2)
        XCTAssertTrue(windows.created.isEmpty, "no window without a key")
        XCTAssertEqual(value("results.every(function (r) { return r; })"), .bool(true), "window.open returned null")
        XCTAssertEqual(windows.blocked.count, 50)
        XCTAssertEqual(windows.blocked.first?.request.url.href, popupURL(self))
        XCTAssertNil(windows.blocked.first?.targetFrame, "a new window's action")
    }

    func testFormSubmitToBlankOnLoadIsBlocked() {
        open("""
            <title>Form</title>
            <form id=f action="\(popupURL(self))" target=_blank><input name=q value=1></form>
            <form id=g action="\(popupURL(self))" target=somewhere-new><input name=q value=2></form>
            <script>
              for (var i = 0; i < 20; i++) document.getElementById('f').submit();
              document.getElementById('g').requestSubmit();
            </script>
            """)
        spin(0.5)
        XCTAssertTrue(windows.created.isEmpty, "form.submit() and requestSubmit() to a new target open no window")
        XCTAssertEqual(windows.blocked.count, 21)
        XCTAssertEqual(windows.blocked.first?.request.url.href, popupURL(self) + "?q=1")
        XCTAssertEqual(webView.title, "Form", "nor do they navigate this page instead")
    }

    func testAScriptsClickOnATargetBlankLinkIsBlocked() {
        open("""
            <title>Links</title>
            <a id=a href="\(popupURL(self))" target=_blank>a</a>
            <script>
              window.addEventListener('load', function () {
                var a = document.getElementById('a');
                for (var i = 0; i < 10; i++) a.click();
                a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
              });
            </script>
            """)
        spin(0.5)
        XCTAssertTrue(windows.created.isEmpty, "a.click() is not a user gesture")
        XCTAssertEqual(windows.blocked.count, 11)
        XCTAssertEqual(webView.title, "Links")
    }

    func testBaseTargetBlankMakesEveryLinkAndFormAPopup() {
        open("""
            <title>Base</title><base target=_blank>
            <a id=a href="\(popupURL(self))">a</a>
            <form id=f action="\(popupURL(self))"><input name=q value=3></form>
            <script>
              setTimeout(function () { document.getElementById('a').click(); document.getElementById('f').submit(); }, 10);
            </script>
            """)
        spin(0.5)
        XCTAssertTrue(windows.created.isEmpty)
        XCTAssertEqual(windows.blocked.map(\.request.url.href), [popupURL(self), popupURL(self) + "?q=3"])
        XCTAssertEqual(webView.title, "Base")
    }

    func testAKeyAllowsOnePopupAndNoSecond() {
        open("""
            <title>Gesture</title>
            <a id=a href="\(popupURL(self))" target=_blank>a</a>
            <form id=f action="\(popupURL(self))" target=_blank></form>
            """)
        // What the front end calls for a key: one popup, whichever way.
        webView.notifyUserActivation()
        XCTAssertEqual(value("window.open('\(popupURL(self))') !== null"), .bool(true))
        XCTAssertEqual(value("window.open('\(popupURL(self))') === null"), .bool(true), "the first used the key up")
        XCTAssertEqual(windows.created.count, 1)
        XCTAssertEqual(windows.blocked.count, 1)

        webView.notifyUserActivation()
        _ = value("document.getElementById('a').click(); document.getElementById('a').click(); 0")
        spin(0.3)
        XCTAssertEqual(windows.created.count, 2, "one link popup for the second key")
        XCTAssertEqual(windows.blocked.count, 2)

        webView.notifyUserActivation()
        _ = value("document.getElementById('f').submit(); document.getElementById('f').submit(); 0")
        spin(0.3)
        XCTAssertEqual(windows.created.count, 3, "one form popup for the third key")
        XCTAssertEqual(windows.blocked.count, 3)
        wait { self.windows.created.last?.title == "popup" }
    }

    func testThePersonsOwnActivationOfATargetBlankLinkOpensIt() throws {
        open(#"<title>Own</title><a id=a href="/page/popup" target=_blank>a</a>"#)
        let link = try XCTUnwrap(webView.page.document?.querySelector("#a"))
        guard case .newWindow(let created) = webView.page.activate(link) else { return XCTFail("no new window") }
        XCTAssertEqual(windows.created.count, 1)
        XCTAssertTrue(windows.blocked.isEmpty)
        wait { created.title == "popup" }
    }
}

/// The same in the interactive browser (tmux): the status line says a popup
/// was blocked, and P opens it in a new tab.
final class PopupScreenTests: XCTestCase {
    private var sessions: [TerminalSession] = []

    override func tearDown() {
        sessions.forEach { $0.close() }
        sessions = []
        super.tearDown()
    }

    func testTheStatusLineSaysPopupBlockedAndPOpensIt() throws {
        let server = TestServer.shared
        let page = "<title>Popper</title><p>A page that opens popups by itself."
            + "<script>setTimeout(function () { for (var i = 0; i < 100; i++) window.open('/page/popup'); }, 50);</script>"
        let url = server.url("/mime?type=text/html&body=" + page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let tern = try TerminalSession([url.href])
        sessions.append(tern)
        tern.waitFor("Popup blocked — press P to open")
        XCTAssertTrue(tern.screen().contains("/page/popup"), tern.screen())
        XCTAssertFalse(tern.row(0).contains("[tab"), "no tab opened by itself: \(tern.row(0))")
        tern.press("P")
        tern.waitFor("[tab 2/2]")
        tern.waitForScreen("the popup's page in the new tab") { $0.contains("Page popup") }
        // P again: nothing more was blocked since.
        tern.press("P")
        tern.waitFor("No blocked popup on this page")
        XCTAssertFalse(tern.row(0).contains("[tab 3/3]"))
    }
}
