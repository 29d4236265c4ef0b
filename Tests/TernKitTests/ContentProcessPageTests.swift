import XCTest
@testable import TernKit
import TernNet
import TernTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A page run in a web content process (`ProcessModel.contentProcess`):
/// it loads through the browser, is laid out and followed as in process,
/// and when its process ends, by a kill or by its own fault, the delegate
/// hears `webViewWebContentProcessDidTerminate` once and a reload brings
/// the page back in a new process.
final class ContentProcessPageTests: WebViewTestCase {
    override func setUp() {
        super.setUp()
        makeWebView { configuration in
            configuration.processModel = .contentProcess
            configuration.contentProcessExecutable = ProcessRun.tern
            configuration.scriptTimeLimit = 2
        }
    }

    private var proxy: WebPageProxy? { webView.engine as? WebPageProxy }

    private func page(_ html: String) -> Request {
        let body = html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return server.request("/mime?type=text/html;charset=utf-8&body=\(body)")
    }

    private func loadPage(_ html: String) {
        recorder.clear()
        webView.load(page(html))
        wait { recorder.ended }
    }

    private func text(_ layout: PageLayout?) -> String {
        layout?.plainText(references: false) ?? ""
    }

    func testAPageLoadsIsLaidOutAndItsLinkFollowedInItsProcess() throws {
        loadPage("<title>First</title><p>Hello <a href='/page/two'>two</a><script>document.write(' scripted ' + 6 * 7)</script>")
        XCTAssertEqual(recorder.events.filter { $0 == "finish" }.count, 1, "\(recorder.events)")
        XCTAssertEqual(webView.title, "First")
        XCTAssertNotNil(proxy?.processID)
        XCTAssertNotEqual(proxy?.processID, getpid())
        let layout = try XCTUnwrap(webView.pageLayout(width: 60))
        XCTAssertTrue(text(layout).contains("Hello [1]two scripted 42"), text(layout))
        XCTAssertEqual(layout.links.count, 1)

        recorder.clear()
        let link = try XCTUnwrap(layout.links.first)
        guard case .navigation = webView.activate(link) else { return XCTFail("the link was not followed") }
        wait { recorder.ended }
        XCTAssertEqual(webView.url?.pathname, "/page/two")
        XCTAssertEqual(webView.title, "two")
        XCTAssertTrue(webView.canGoBack)
        XCTAssertEqual(recorder.actions.last?.navigationType, .linkActivated)

        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "First")
        XCTAssertEqual(webView.backForwardList.forwardItem?.title, "two")
    }

    func testScriptsAndCookiesGoThroughTheBrowser() throws {
        loadAndWait("/set-cookie?c=flavour%3Dplum")
        XCTAssertEqual(value("1 + 1"), .number(2))
        // The cookie the server set is in the browser's jar, which sends it.
        loadAndWait("/echo")
        XCTAssertTrue(webView.pageLayout(width: 200).map(text)?.contains("flavour=plum") == true)
    }

    func testKillingTheProcessTellsTheDelegateOnceAndAReloadBringsThePageBack() throws {
        loadPage("<title>Alive</title><p>Still here")
        let pid = try XCTUnwrap(proxy?.processID)
        kill(pid, SIGKILL)
        wait { recorder.webContentTerminations > 0 }
        spin(0.3)
        XCTAssertEqual(recorder.webContentTerminations, 1)
        XCTAssertFalse(webView.isLoading)
        XCTAssertTrue(text(webView.pageLayout(width: 60)).contains(WebPageProxy.stoppedMessage))

        recorder.clear()
        webView.reload()
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "Alive")
        XCTAssertNotEqual(proxy?.processID, pid)
        XCTAssertTrue(text(webView.pageLayout(width: 60)).contains("Still here"))
    }

    func testAScriptThatExhaustsTheHeapEndsOnlyItsProcess() throws {
        makeWebView { configuration in
            configuration.processModel = .contentProcess
            configuration.contentProcessExecutable = ProcessRun.tern
            configuration.scriptMemoryLimit = 64 << 20
        }
        recorder.clear()
        webView.load(page("<p>Greedy<script>var a = []; for (;;) a.push(new Array(100000).fill(1))</script>"))
        wait(timeout: 30) { recorder.webContentTerminations > 0 }
        XCTAssertEqual(recorder.webContentTerminations, 1)
        XCTAssertNil(proxy?.processID)
        // A new page loads in a new process.
        loadPage("<title>Next</title>")
        XCTAssertEqual(webView.title, "Next")
    }

    func testAnEndlessScriptIsStoppedByTheContentProcessesOwnLimit() throws {
        loadPage("<title>Busy</title><p>Working")
        // A script that never returns, from a timer: the layout asked for next waits for it.
        XCTAssertEqual(value("setTimeout(function () { for (;;) {} }, 0); 1"), .number(1))
        spin(0.2)
        // The content process's own script limit (2 s) stops the loop; the page answers again.
        XCTAssertTrue(text(webView.pageLayout(width: 40)).contains("Working"))
        XCTAssertEqual(recorder.webContentTerminations, 0)
        XCTAssertNotNil(proxy?.processID)
    }

    func testAProcessThatStopsAnsweringIsEndedByTheWatchdog() throws {
        loadPage("<title>Frozen</title><p>Text")
        let pid = try XCTUnwrap(proxy?.processID)
        // Stopped from outside: it reads nothing, answers nothing.
        kill(pid, SIGSTOP)
        let started = EventLoop.now()
        XCTAssertTrue(text(webView.pageLayout(width: 40)).contains(WebPageProxy.stoppedMessage))
        // Waited for its script limit (2 s) and 5 s more, no longer.
        XCTAssertLessThan(EventLoop.now() - started, 20)
        XCTAssertEqual(recorder.webContentTerminations, 1)
        XCTAssertNil(proxy?.processID)
        XCTAssertNotEqual(kill(pid, 0), 0, "the frozen process was ended")
    }

    func testDialogsAreAnsweredByTheBrowsersDelegate() {
        final class Answering: NSObject, UIDelegate {
            var seen: [String] = []
            func webView(_ webView: WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                         completionHandler: @escaping (Bool) -> Void) {
                seen.append(message)
                completionHandler(true)
            }
            func webView(_ webView: WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
                         initiatedByFrame frame: FrameInfo, completionHandler: @escaping (String?) -> Void) {
                seen.append(prompt)
                completionHandler("typed")
            }
        }
        let delegate = Answering()
        webView.uiDelegate = delegate
        loadPage("<title>Ask</title>")
        XCTAssertEqual(value("confirm('sure?') ? prompt('name?', 'x') : 'no'"), .string("typed"))
        XCTAssertEqual(delegate.seen, ["sure?", "name?"])
    }

    func testAFormIsFilledInTypedIntoAndSentFromItsProcess() throws {
        loadPage("""
            <title>Login</title><form method=post action=/echo>
            <input name=user><input type=password name=secret>
            <select name=fruit><option>apple<option>plum</select>
            <input type=submit value=Go></form>
            """)
        let layout = try XCTUnwrap(webView.pageLayout(width: 80))
        let controls = layout.controls
        XCTAssertEqual(controls.map(\.kind), [.text, .password, .select, .submit])
        XCTAssertEqual(controls[2].options, ["apple", "plum"])
        XCTAssertEqual(controls[3].label, "Go")
        XCTAssertTrue(webView.setValue("ada", for: controls[0].element))
        for character in "pw!" { _ = webView.type(.character(character), in: controls[1].element) }
        let typed = webView.type(.backspace, in: controls[1].element)
        XCTAssertEqual(typed, WebView.TextFieldState(value: "pw", cursor: 2))
        XCTAssertTrue(webView.selectOptions(at: [1], in: controls[2].element))
        webView.focus(controls[0].element)
        XCTAssertEqual(webView.focusedElement, controls[0].element)

        recorder.clear()
        guard case .navigation = webView.activate(controls[3]) else { return XCTFail("the form was not sent") }
        wait { recorder.ended }
        let body = text(webView.pageLayout(width: 200))
        XCTAssertTrue(body.contains("user=ada&secret=pw&fruit=plum"), body)
        XCTAssertEqual(recorder.actions.last?.navigationType, .formSubmitted)
    }

    func testALayoutLargerThanAFrameCrossesInParts() throws {
        // 200,000 lines: some 8 MB of layout, two parts and more.
        let lines = (1...200_000).map { "line \($0)" }.joined(separator: "\n")
        recorder.clear()
        webView.loadHTMLString("<pre>\(lines)</pre>", baseURL: nil)
        wait { recorder.ended }
        let layout = try XCTUnwrap(webView.pageLayout(width: 80))
        XCTAssertGreaterThanOrEqual(layout.lines.count, 200_000)
        XCTAssertEqual(layout.lines.last { !$0.text.isEmpty }?.text, "line 200000")
        XCTAssertNotNil(proxy?.processID, "the process lives on")
    }

    /// `writePageText` from a content process: only the text crosses, in
    /// pieces, and it is the text the layout gives; a page that is gone
    /// writes the stopped notice; no page writes nothing.
    func testThePagesTextCrossesAloneInPieces() throws {
        var pieces: [[UInt8]] = []
        XCTAssertEqual(webView.writePageText(width: 80, references: true) { pieces.append(Array($0)) }, .nothingToShow)
        XCTAssertTrue(pieces.isEmpty)

        // Some 300 KB of text: several pieces of 64 KB.
        let lines = (1...10_000).map { "line \($0) <a href='/l\($0 % 3)'>x</a>" }.joined(separator: "<br>")
        recorder.clear()
        webView.loadHTMLString("<p>\(lines)</p>", baseURL: WebURL("http://127.0.0.1/"))
        wait { recorder.ended }
        XCTAssertEqual(webView.writePageText(width: 80, references: true) { pieces.append(Array($0)) }, .written)
        XCTAssertGreaterThan(pieces.count, 2)
        let text = String(decoding: pieces.joined(), as: UTF8.self)
        XCTAssertEqual(text, webView.pageLayout(width: 80)?.plainText(references: true))
        XCTAssertTrue(text.contains("line 10000 [10000]x"), String(text.suffix(300)))
        XCTAssertNotNil(proxy?.processID, "the process lives on")

        kill(try XCTUnwrap(proxy?.processID), SIGKILL)
        wait { recorder.webContentTerminations > 0 }
        pieces = []
        XCTAssertEqual(webView.writePageText(width: 80, references: false) { pieces.append(Array($0)) }, .written)
        XCTAssertTrue(String(decoding: pieces.joined(), as: UTF8.self).contains(WebPageProxy.stoppedMessage))
    }

    /// The outline (headings, landmarks, tables) and a modal dialog's layer
    /// cross with the layout, the same as in process.
    func testTheOutlineAndAModalLayerCross() throws {
        let html = "<title>Doc</title><h1>Top</h1><nav aria-label='Site'><a href='/a'>a</a></nav><h3>Deep</h3>"
            + "<table><caption>Sizes</caption><tr><td>1</td></tr></table>"
            + "<dialog id=d><p>Sure?</p><button>OK</button></dialog><script>document.getElementById('d').showModal()</script>"
        loadPage(html)
        let remote = try XCTUnwrap(webView.pageLayout(width: 60))
        var configuration = WebViewConfiguration()
        configuration.eventLoop = loop
        configuration.websiteDataStore = .nonPersistent()
        let local = WebView(configuration: configuration)
        var ended = false
        let watcher = Recorder { ended = true }
        local.navigationDelegate = watcher
        local.load(page(html))
        wait { ended }
        let expected = try XCTUnwrap(local.pageLayout(width: 60))
        XCTAssertEqual(remote.outline, expected.outline)
        XCTAssertEqual(remote.outline.map(\.name), ["Top", "Site", "Deep", "Sizes"])
        XCTAssertEqual(remote.layers, expected.layers)
        XCTAssertEqual(remote.layers.first?.isModal, true)
        XCTAssertEqual(remote.lines.map(\.text), expected.lines.map(\.text))
    }

    private final class Recorder: NavigationDelegate {
        let ended: () -> Void
        init(_ ended: @escaping () -> Void) { self.ended = ended }
        func webView(_ webView: WebView, didFinish navigation: Navigation!) { ended() }
    }

    /// A window a content process asks for is made only within the
    /// person's transient activation, checked by the browser too: a
    /// subverted process that skips its own check opens nothing.
    func testTheBrowserRefusesAWindowWithoutThePersonsActivation() throws {
        final class Windows: UIDelegate {
            var asked = 0
            func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                         for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
                asked += 1
                return nil
            }
        }
        let windows = Windows()
        webView.uiDelegate = windows
        loadPage("<title>Quiet</title><p>No gesture here")
        let proxy = try XCTUnwrap(self.proxy)
        let forged = WebContentMessage.FromContent.createWindow(request: 99, server.request("/page/popup"), .other, WindowFeatures())
        proxy.handle(forged)
        XCTAssertEqual(windows.asked, 0, "no activation: refused without asking the delegate")
        webView.notifyUserActivation()
        proxy.handle(forged)
        XCTAssertEqual(windows.asked, 1, "within the person's activation the delegate is asked")
        XCTAssertEqual(value("document.title"), .string("Quiet"), "the page goes on")
    }
}
