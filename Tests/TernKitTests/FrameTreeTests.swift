import XCTest
import Foundation
@testable import TernKit
import TernNet
import TernLayout
import TernScript
import TernTestSupport

/// The frame tree (HTML "navigables", "the iframe element"): each `iframe`
/// and `frame` gets a document of its own, loaded through the web view's
/// loader and policies, with its own scripts; `load` at the element, the
/// parent's load waiting for it, `srcdoc`, `sandbox`, targets, the joint
/// session history, the caps, and the WebKit API's `FrameInfo`. Pages come
/// from the test server under two host names (127.0.0.1 and localhost) for
/// two origins.
class FrameTreeTestCase: WebViewTestCase {
    final class Messages: ScriptMessageHandler {
        var received: [ScriptMessage] = []
        func userContentController(_ controller: UserContentController, didReceive message: ScriptMessage) {
            received.append(message)
        }
        var bodies: [String] { received.map { $0.body as? String ?? "?" } }
    }

    final class Alerts: UIDelegate {
        var seen: [(String, FrameInfo)] = []
        func webView(_ webView: WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping () -> Void) {
            seen.append((message, frame))
            completionHandler()
        }
    }

    /// A test server URL that answers `html` (after `delay` milliseconds).
    func page(_ html: String, host: String = "127.0.0.1", delay: Int = 0, type: String = "text/html") -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.")
        let body = html.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return server.url("/mime?type=\(type)&delay_ms=\(delay)&body=\(body)", host: host).href
    }

    func load(_ url: String, file: StaticString = #filePath, line: UInt = #line) {
        recorder.clear()
        webView.load(Request(url: WebURL(url)!))
        wait(file: file, line: line) { recorder.ended }
        XCTAssertEqual(recorder.events.last, "finish", file: file, line: line)
    }

    /// Runs `source` in `frame` and returns its result as a string.
    func evaluate(_ source: String, in frame: FrameInfo?, file: StaticString = #filePath, line: UInt = #line) -> String? {
        var result: String?
        var done = false
        webView.evaluateJavaScript(source, in: frame) { value, error in
            if let error { result = "error: \(error)" } else { result = value.map { "\($0)" } ?? "undefined" }
            done = true
        }
        wait(file: file, line: line) { done }
        return result
    }
}

/// The frame tree through the public API: frames seen by the page's own
/// script (`frames[i]`, same origin) or by the delegates, links and controls
/// in frames found in the page's layout.
/// The frame tree through the public API: frames seen by the page's own
/// script (`frames[i]`, same origin) or by the delegates, links and controls
/// in frames found in the page's layout.
class FrameTreePublicTestCase: FrameTreeTestCase {
    /// Counts from now on the `load` events at the page's frame elements
    /// (HTML: fired when the frame's document has loaded).
    func countFrameLoads(file: StaticString = #filePath, line: UInt = #line) {
        _ = value("""
            window.frameLoads = [];
            Array.prototype.forEach.call(document.querySelectorAll('iframe, frame'), function (f, i) {
              frameLoads[i] = 0;
              f.addEventListener('load', function () { frameLoads[i]++; });
            });
            0
            """, file: file, line: line)
    }

    /// How many `load` events the `index`th frame element fired since `countFrameLoads()`.
    func frameLoads(_ index: Int, file: StaticString = #filePath, line: UInt = #line) -> Int {
        guard case .number(let count)? = value("frameLoads[\(index)]", file: file, line: line) else { return -1 }
        return Int(count)
    }

    /// The `index`th child frame's document title as the page's script sees
    /// it (a same-origin frame), nil without one.
    func frameTitle(_ index: Int, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let found = value("(function () { var w = frames[\(index)], d = w && w.document; return d ? d.title : null; })()",
                          file: file, line: line)
        guard case .string(let title)? = found else { return nil }
        return title
    }
}

/// Frames of `srcdoc` documents, through the public API, in either process model.
final class FrameTreeTests: FrameTreePublicTestCase {
    /// HTML "document base URL": `<base href>` first, else the fallback base
    /// URL, which for an `about:srcdoc` document is its parent's; relative
    /// URLs of `a.href`, `fetch` and `baseURI` resolve against it.
    func testRelativeURLsResolveAgainstTheDocumentBaseURL() throws {
        let frame = "<script>var a = document.createElement('a'); a.setAttribute('href', 'y');"
            + "window.answer = document.baseURI + ' ' + a.href;"
            + "fetch('plain').then(function (r) { answer += ' ' + r.status; }, function (e) { answer += ' ' + e; });</script>"
        load(page("<base href='/page/'><title>Base</title><a id=a href='x'>x</a>"
                  + "<iframe srcdoc=\"\(frame)\"></iframe>"))
        let base = server.url("/page/").href
        XCTAssertEqual(value("document.baseURI"), .string(base))
        XCTAssertEqual(value("document.getElementById('a').href"), .string(base + "x"))
        // The srcdoc frame is of the page's origin: its global is the page's `frames[0]`.
        var answer: String?
        wait {
            if case .string(let text)? = self.value("String(frames[0].answer)") { answer = text }
            return answer?.hasSuffix(" 200") ?? false
        }
        XCTAssertEqual(answer, "\(base) \(base)y 200", "the srcdoc frame's base URL is its parent's (/page/plain is a page)")
    }

    func testGetComputedStyleAndStyleSheetsInAFrameUseTheFramesSheets() throws {
        load(page("<style>p { display: inline }</style><p>main</p><iframe srcdoc='<style>p { display: none }</style><p id=p>x</p>'></iframe>"))
        // The frame's own getComputedStyle and document (the srcdoc frame is of the page's origin).
        XCTAssertEqual(evaluate("var w = frames[0]; w.getComputedStyle(w.document.getElementById('p')).display + ' ' + w.document.styleSheets.length",
                                in: nil), "none 1")
        XCTAssertEqual(evaluate("getComputedStyle(document.querySelector('p')).display", in: nil), "inline")
    }
}

/// Frames loaded from the network, through the public API.
final class FrameTreeNetworkFrameTests: FrameTreePublicTestCase {

    func testTheParentsLoadAndDidFinishWaitForASlowFrame() throws {
        let slow = page("<title>Slow</title>", delay: 700)
        let started = Date()
        load(page("<iframe id=f src='\(slow)'></iframe><script>var log = [];"
                  + "document.getElementById('f').addEventListener('load', function () { log.push('frame') });"
                  + "window.addEventListener('load', function () { log.push('window') });</script>"))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.7, "didFinish came before the frame loaded")
        XCTAssertEqual(frameTitle(0), "Slow")
        XCTAssertEqual(evaluate("log.join()", in: nil), "frame,window", "the frame's load (its document loaded) before the page's")
    }

    func testANamedTargetFromTheParentNavigatesTheFrame() throws {
        let first = page("<title>First</title>"), second = page("<title>Second</title>")
        load(page("<iframe name=box src='\(first)'></iframe><a id=go href='\(second)' target=box>go</a>"))
        let link = try element("#go")
        let mainURL = webView.url
        countFrameLoads()
        XCTAssertEqual(webView.activate(link), .done)
        wait { frameTitle(0) == "Second" && frameLoads(0) == 1 }
        XCTAssertEqual(webView.url, mainURL, "the page itself navigated")
        XCTAssertEqual(webView.backForwardList.items.count, 2, "a frame navigation adds a history entry")
    }

    func testATargetNamesAFrameByTheNameItsScriptGaveItsWindow() throws {
        let first = page("<title>First</title><script>window.name = 'renamed'</script>"), second = page("<title>Second</title>")
        load(page("<iframe name=box src='\(first)'></iframe><a id=go href='\(second)' target=renamed>go</a>"
                  + "<a id=old href='\(second)' target=box>old</a>"))
        XCTAssertEqual(evaluate("frames.length + ' ' + typeof frames.renamed + ' ' + typeof frames.box", in: nil), "1 object undefined")
        let link = try element("#go")
        countFrameLoads()
        XCTAssertEqual(webView.activate(link), .done)
        wait { frameTitle(0) == "Second" && frameLoads(0) == 1 }
        XCTAssertEqual(webView.backForwardList.items.count, 2)
    }

    func testALinkClickedInAFrameNavigatesTheFrameAndBackRestoresIt() throws {
        let second = page("<title>Second</title>")
        let first = page("<title>First</title><a id=next href='\(second)'>next</a>")
        load(page("<title>Top</title><iframe src='\(first)'></iframe>"))
        // The frame's link, drawn in the page's layout.
        let link = try self.link(text: "next")
        XCTAssertEqual(link.url, second)
        countFrameLoads()
        XCTAssertEqual(webView.activate(link), .done)
        wait { frameTitle(0) == "Second" && frameLoads(0) == 1 }
        XCTAssertEqual(webView.title, "Top")
        XCTAssertEqual(webView.backForwardList.items.count, 2)
        XCTAssertTrue(webView.canGoBack)
        XCTAssertEqual(recorder.actions.last?.navigationType, .linkActivated)
        XCTAssertEqual(recorder.actions.last?.targetFrame?.isMainFrame, false)
        XCTAssertEqual(recorder.actions.last?.sourceFrame.isMainFrame, false)

        webView.goBack()
        wait { frameTitle(0) == "First" && frameLoads(0) == 2 }
        XCTAssertEqual(webView.title, "Top", "going back left the page")
        XCTAssertTrue(webView.canGoForward)
        webView.goForward()
        wait { frameTitle(0) == "Second" && frameLoads(0) == 3 }
        XCTAssertEqual(webView.backForwardList.items.count, 2)
    }

    func testAFrameInsertedByAScriptLoads() {
        load(page("<body><script>var log = []; var f = document.createElement('iframe'); f.src = '\(page("<title>Late</title>", delay: 300))';"
                  + "f.addEventListener('load', function () { log.push('frame') }); document.body.appendChild(f);"
                  + "window.addEventListener('load', function () { log.push('window') });</script>"))
        XCTAssertEqual(value("frames[0].document.title"), .string("Late"))
        XCTAssertEqual(evaluate("log.join()", in: nil), "frame,window", "the page's load did not wait for its inserted frame")
    }

    func testUserScriptsHonourForMainFrameOnly() throws {
        makeWebView {
            $0.userContentController.addUserScript(UserScript(source: "window.mainOnly = true", injectionTime: .atDocumentEnd, forMainFrameOnly: true))
            $0.userContentController.addUserScript(UserScript(source: "window.everywhere = true", injectionTime: .atDocumentEnd, forMainFrameOnly: false))
            $0.userContentController.addUserScript(UserScript(source: "window.early = document.readyState", injectionTime: .atDocumentStart,
                                                              forMainFrameOnly: false))
        }
        load(page("<iframe src='\(page("<p>no scripts of its own</p>"))'></iframe>"))
        XCTAssertEqual(evaluate("typeof mainOnly + ' ' + everywhere", in: nil), "boolean true")
        // The frame is of the page's origin: its global is the page's `frames[0]`.
        XCTAssertEqual(evaluate("var f = frames[0]; typeof f.mainOnly + ' ' + f.everywhere + ' ' + typeof f.early", in: nil),
                       "undefined true string")
    }

    func testACrossOriginFrameHasItsOwnOrigin() throws {
        let messages = Messages()
        makeWebView { $0.userContentController.add(messages, name: "log") }
        let inner = page("<script>webkit.messageHandlers.log.postMessage(location.host)</script>", host: "localhost")
        load(page("<iframe src='\(inner)'></iframe>"))
        wait { messages.received.count == 1 }
        XCTAssertEqual(messages.bodies, ["localhost:\(server.port)"], "the loader did not reach the test server as localhost")
        XCTAssertEqual(messages.received.first?.frameInfo.securityOrigin, "http://localhost:\(server.port)")
        XCTAssertNotEqual(webView.url?.origin, "http://localhost:\(server.port)")
    }

    func testTypingIntoAFrameFieldAndPressingEnterSubmitsIntoTheFrame() throws {
        let form = "<form action='/echo'><input id=q name=q></form>"
            + "<script>var seen = ''; document.getElementById('q').addEventListener('input', function (e) { seen = e.target.value })</script>"
        load(page("<iframe src='\(page(form))'></iframe>"))
        // The frame's field, drawn in the page's layout (the page has no control of its own).
        let controls = try layout().controls
        XCTAssertEqual(controls.map(\.name), ["q"])
        let field = try XCTUnwrap(controls.first).element
        countFrameLoads()
        XCTAssertTrue(webView.setValue("typed in a frame", for: field))
        XCTAssertEqual(value("frames[0].seen"), .string("typed in a frame"), "the frame's input listener did not hear it")
        _ = webView.pressEnter(in: field)
        wait { self.value("frames[0].location.pathname") == .string("/echo") && frameLoads(0) == 1 }
        let url = value("frames[0].location.href")
        XCTAssertTrue("\(String(describing: url))".contains("q=typed+in+a+frame"), "\(String(describing: url))")
    }

    func testAFramesetsFramesLoad() {
        load(page("<frameset cols='50%,50%'><frame name=left src='\(page("<title>L</title>"))'><frame name=right src='\(page("<title>R</title>"))'></frameset>"))
        XCTAssertEqual(value("[frames[0].document.title, frames[1].document.title]"), .array([.string("L"), .string("R")]))
        XCTAssertEqual(value("[frames[0].name, frames[1].name]"), .array([.string("left"), .string("right")]))
    }

    func testTopAndParentTargetsFromAFrame() throws {
        let inner = page("<a id=top href='\(page("<title>New top</title>"))' target=_top>top</a>")
        load(page("<title>Old</title><iframe src='\(inner)'></iframe>"))
        let link = try self.link(text: "top")
        recorder.clear()
        guard case .navigation = webView.activate(link) else { return XCTFail("_top did not navigate the page") }
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "New top")
        XCTAssertEqual(value("frames.length"), .number(0))
    }

    func testASandboxedFrameCannotNavigateTheTopPage() throws {
        let inner = page("<a id=top href='\(page("<title>New top</title>"))' target=_top>top</a>")
        load(page("<title>Old</title><iframe sandbox src='\(inner)'></iframe>"))
        let link = try self.link(text: "top")
        XCTAssertEqual(webView.activate(link), .done)
        spin(0.2)
        XCTAssertEqual(webView.title, "Old")
    }

    func testASandboxedFramesScriptNavigatesTheTopPageOnlyWithAllowTopNavigation() throws {
        let target = page("<title>New top</title>")
        let inner = page("<script>setTimeout(function () { top.location.href = '\(target)' }, 0)</script>")
        load(page("<title>Old</title><iframe sandbox='allow-scripts allow-same-origin' src='\(inner)'></iframe>"))
        spin(0.3)
        XCTAssertEqual(webView.title, "Old", "a sandboxed frame's script navigated the page")
        recorder.clear()
        webView.load(Request(url: WebURL(page("<title>Old</title><iframe sandbox='allow-scripts allow-same-origin allow-top-navigation' src='\(inner)'></iframe>"))!))
        wait { self.webView.title == "New top" }
    }

    func testACachedPagesFrameTimersWaitWhileItIsAway() throws {
        let messages = Messages()
        makeWebView { $0.userContentController.add(messages, name: "log") }
        load(page("<iframe src='\(page("<script>setInterval(function () { webkit.messageHandlers.log.postMessage('tick') }, 20)</script>"))'></iframe>"))
        wait { messages.received.count >= 2 }
        load(page("<title>Elsewhere</title>"))
        spin(0.05)
        let count = messages.received.count
        spin(0.2)
        XCTAssertEqual(messages.received.count, count, "a cached page's frame ran its timer")
        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        wait { messages.received.count > count + 1 }
    }

    func testAFramesLoadListenerRenavigatingItsChildDoesNotRecurse() throws {
        // The inner frame's load listener (in the middle frame) gives it a new srcdoc each time; the
        // middle document's load event waits for them all (HTML: a loading child delays it).
        let middle = "<iframe id=i srcdoc='0'></iframe><script>var n = 0; document.getElementById('i').addEventListener('load',"
            + " function () { if (++n < 20) this.srcdoc = String(n) })</script>"
        load(page("<iframe src='\(page(middle))'></iframe>"))
        spin(0.3)
        // The middle frame is of the page's origin: its global is the page's `frames[0]`.
        guard case .number(let n)? = value("frames[0].n") else { return XCTFail("no count in the middle frame") }
        XCTAssertGreaterThan(n, 1)
    }

    func testAFormAndWindowOpenTargetingAFrameNavigateIt() throws {
        load(page("<iframe name=box srcdoc='<title>empty</title>'></iframe>"
                  + "<form target=box action='/echo' method=post><input name=f value=into-the-box><button id=go>go</button></form>"))
        let button = try element("#go")
        countFrameLoads()
        _ = webView.activate(button)
        wait { self.value("frames[0].location.pathname") == .string("/echo") && frameLoads(0) == 1 }
        guard case .string(let text)? = value("frames[0].document.documentElement.textContent") else { return XCTFail("no frame text") }
        XCTAssertTrue(text.contains("into-the-box"), text)
        XCTAssertEqual(webView.url?.pathname, "/mime", "the page itself navigated")
        _ = evaluate("window.open('\(page("<title>opened</title>"))', 'box'); 0", in: nil)
        wait { frameTitle(0) == "opened" && frameLoads(0) == 2 }
        XCTAssertEqual(webView.backForwardList.items.count, 3)
    }

    func testLocationReloadInAFrameReloadsTheFrameOnly() throws {
        let messages = Messages()
        makeWebView { $0.userContentController.add(messages, name: "log") }
        load(page("<iframe src='\(page("<script>webkit.messageHandlers.log.postMessage('frame')</script>"))'></iframe>"
                  + "<iframe srcdoc=\"<script>webkit.messageHandlers.log.postMessage('srcdoc')</script>\"></iframe>"))
        wait { messages.received.count == 2 }
        recorder.clear()
        // Each frame's own Location (the frames are of the page's origin).
        _ = evaluate("frames[0].location.reload(); 0", in: nil)
        _ = evaluate("frames[1].location.reload(); 0", in: nil)
        wait { messages.received.count == 4 }
        spin(0.1)
        XCTAssertEqual(messages.bodies.sorted(), ["frame", "frame", "srcdoc", "srcdoc"])
        XCTAssertFalse(recorder.events.contains("start"), "the page reloaded: \(recorder.events)")
        XCTAssertEqual(webView.backForwardList.items.count, 1)
    }
}

/// The `FrameInfo` a child frame's script messages and dialogs carry.
final class FrameTreeFrameInfoTests: FrameTreeTestCase {

    func testSrcdocWinsOverSrcWithItsParentsOrigin() throws {
        let messages = Messages()
        makeWebView { $0.userContentController.add(messages, name: "log") }
        load(page("<iframe srcdoc=\"<title>S</title><script>webkit.messageHandlers.log.postMessage(location.href + ' ' + document.title)</script>\""
                  + " src='\(page("<title>Not me</title>"))'></iframe>"))
        wait { messages.received.count == 1 }
        XCTAssertEqual(messages.bodies, ["about:srcdoc S"])
        let frameInfo = try XCTUnwrap(messages.received.first?.frameInfo)
        XCTAssertFalse(frameInfo.isMainFrame)
        XCTAssertEqual(frameInfo.securityOrigin, server.url("/").origin)
        XCTAssertEqual(frameInfo.request?.url.href, "about:srcdoc")
    }

    func testFrameInfoInAScriptMessageAndAnAlertFromAFrame() throws {
        let messages = Messages()
        let alerts = Alerts()
        makeWebView { $0.userContentController.add(messages, name: "log") }
        webView.uiDelegate = alerts
        let inner = page("<script>alert('from frame'); webkit.messageHandlers.log.postMessage('frame')</script>")
        load(page("<script>webkit.messageHandlers.log.postMessage('main')</script><iframe src='\(inner)'></iframe>"))
        wait { messages.received.count == 2 }
        let byBody = Dictionary(messages.received.map { ($0.body as? String ?? "", $0.frameInfo) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byBody["main"]?.isMainFrame, true)
        XCTAssertEqual(byBody["frame"]?.isMainFrame, false)
        XCTAssertEqual(byBody["frame"]?.request?.url.href, inner)
        XCTAssertEqual(alerts.seen.count, 1)
        XCTAssertEqual(alerts.seen.first?.0, "from frame")
        XCTAssertEqual(alerts.seen.first?.1.isMainFrame, false)
        XCTAssertEqual(alerts.seen.first?.1.securityOrigin, server.url("/").origin)
    }
}

/// The frame tree's internals (`Frame`, its state and window, the frame
/// host, the caps) and what only `evaluateJavaScript(_:in:)` for a child
/// frame reaches (refused for a page in a content process), or what neither
/// the page's script nor the embedder can read (a sandboxed or cross-origin
/// frame's document, why a frame is unavailable).
final class FrameTreeInProcessTests: FrameTreeTestCase {
    override class var reachesIntoThePage: Bool { true }

    private var frames: [Frame] { webView.page.allFrames }

    private func info(_ frame: Frame) -> FrameInfo {
        frame.info
    }

    private func waitForFramesLoaded(file: StaticString = #filePath, line: UInt = #line) {
        wait(file: file, line: line) { !frames.isEmpty && frames.allSatisfy { $0.state != .loading } }
    }

    func testASameOriginFrameLoadsAndFiresLoadAtItsElement() throws {
        let inner = page("<title>Inner</title><p id=p>inside</p>")
        load(page("<title>Outer</title><iframe id=f src='\(inner)'></iframe>"
                  + "<script>var log = []; document.getElementById('f').addEventListener('load', function () { log.push('frame') });"
                  + "window.addEventListener('load', function () { log.push('window') });</script>"))
        XCTAssertEqual(frames.count, 1)
        let frame = try XCTUnwrap(frames.first)
        XCTAssertEqual(frame.state, .loaded)
        XCTAssertEqual(evaluate("document.title + ' ' + document.getElementById('p').textContent", in: info(frame)), "Inner inside")
        XCTAssertEqual(evaluate("log.join()", in: nil), "frame,window", "the element's load comes before the page's")
        XCTAssertEqual(evaluate("document.title", in: nil), "Outer")
        // Layout gets the frame's document from the web view.
        guard case .document(let shown)? = webView.page.frameContent(for: frame.element) else { return XCTFail("no frame content") }
        XCTAssertEqual(shown.title, "Inner")
        XCTAssertTrue(shown.scriptingEnabled)
        // A frame's navigation action names it as the target, the main frame as the source.
        let action = try XCTUnwrap(recorder.actions.last { $0.targetFrame?.isMainFrame == false })
        XCTAssertEqual(action.request.url.href, inner)
        XCTAssertEqual(action.sourceFrame.isMainFrame, true)
        XCTAssertEqual(recorder.responses.last?.isForMainFrame, false)
    }

    func testDidFinishWaitsForFramesWithoutScripts() {
        makeWebView { $0.preferences.javaScriptEnabled = false }
        load(page("<iframe src='\(page("<title>Slow</title>", delay: 500))'></iframe>"))
        XCTAssertEqual(frames.first?.state, .loaded)
        XCTAssertEqual(frames.first?.document?.title, "Slow")
    }

    func testAnIframeWithoutSrcHoldsAnAboutBlankDocumentAndFiresLoad() {
        // The parser's iframe has its about:blank document (and fired its load) before the script after it runs, as in Chromium.
        load(page("<iframe id=f></iframe><script>var early = frames.length + ' ' + frames[0].document.body.localName; var loaded = 0;"
                  + " var g = document.createElement('iframe'); g.onload = function () { loaded++ }; document.body.appendChild(g);</script>"))
        XCTAssertEqual(frames.first?.url.href, "about:blank")
        XCTAssertEqual(frames.first?.state, .loaded)
        XCTAssertEqual(evaluate("early", in: nil), "1 body")
        wait { self.evaluate("loaded", in: nil) == "1" }
    }

    func testSandboxFlags() throws {
        let messages = Messages()
        makeWebView { $0.userContentController.add(messages, name: "log") }
        let script = "<body><script>webkit.messageHandlers.log.postMessage(document.title); document.title = 'ran'</script>"
        load(page("<iframe sandbox src='\(page("<title>none</title>" + script))'></iframe>"
                  + "<iframe sandbox='allow-scripts' src='\(page("<title>scripts</title>" + script))'></iframe>"
                  + "<iframe sandbox='ALLOW-SCRIPTS  allow-same-origin' src='\(page("<title>both</title>" + script))'></iframe>"))
        XCTAssertEqual(frames.count, 3)
        wait { messages.received.count == 2 }
        spin(0.1)
        XCTAssertEqual(messages.bodies.sorted(), ["both", "scripts"], "a frame sandboxed without allow-scripts ran its script")
        XCTAssertEqual(evaluate("document.title", in: info(frames[0])), "none", "the sandboxed script wrote its document")
        XCTAssertEqual(evaluate("document.title", in: info(frames[1])), "ran")
        let origins = Dictionary(messages.received.map { ($0.body as? String ?? "", $0.frameInfo.securityOrigin) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(origins["scripts"], "null", "sandboxed without allow-same-origin: an opaque origin")
        XCTAssertEqual(origins["both"], server.url("/").origin)
        XCTAssertEqual(frames[0].window?.hasOpaqueOrigin ?? true, true)
        XCTAssertEqual(try frameWindow(frames[1]).hasOpaqueOrigin, true)
        XCTAssertEqual(try frameWindow(frames[2]).hasOpaqueOrigin, false)
        guard case .document(let shown)? = webView.page.frameContent(for: frames[0].element) else { return XCTFail("no content") }
        XCTAssertFalse(shown.scriptingEnabled)
    }

    private func frameWindow(_ frame: Frame) throws -> ScriptWindow {
        try webView.page.frameScriptWindow(frame)
    }

    func testLocationSetInAFrameAndSrcChangesNavigateTheFrame() throws {
        let third = page("<title>Third</title>")
        let second = page("<title>Second</title>")
        load(page("<iframe id=f src='\(page("<title>First</title>"))'></iframe>"))
        let frame = try XCTUnwrap(frames.first)
        _ = evaluate("location.href = '\(second)'; 0", in: info(frame))
        wait { frames.first?.document?.title == "Second" && frames.first?.state == .loaded }
        _ = evaluate("document.getElementById('f').src = '\(third)'; 0", in: nil)
        wait { frames.first?.document?.title == "Third" && frames.first?.state == .loaded }
        XCTAssertEqual(webView.backForwardList.items.count, 3)
    }

    func testARemovedFrameIsDiscardedAndItsTimersStop() throws {
        let messages = Messages()
        makeWebView { $0.userContentController.add(messages, name: "log") }
        load(page("<iframe id=f src='\(page("<script>setInterval(function () { webkit.messageHandlers.log.postMessage('tick') }, 20)</script>"))'></iframe>"))
        wait { messages.received.count >= 2 }
        let frame = try XCTUnwrap(frames.first)
        _ = evaluate("document.getElementById('f').remove(); 0", in: nil)
        spin(0.1)
        XCTAssertTrue(frame.isDiscarded)
        XCTAssertTrue(frames.isEmpty)
        let count = messages.received.count
        spin(0.2)
        XCTAssertEqual(messages.received.count, count, "a removed frame's timer still ran")
    }

    func testRecursiveNestingStopsAtTheCap() {
        var console: [String] = []
        webView.onConsoleMessage = { console.append($0.text) }
        // Each level adds a frame of itself with one more query parameter (another URL each time).
        let nesting = page("<body><script>var f = document.createElement('iframe'); f.src = location.href + '&x=1';"
                           + "document.body.appendChild(f);</script>")
        load(nesting)
        wait { frames.count == WebPage.maximumFrameDepth + 1 && frames.allSatisfy { $0.state != .loading } }
        XCTAssertEqual(frames.filter { $0.state == .loaded }.count, WebPage.maximumFrameDepth)
        XCTAssertEqual(frames.last?.depth, WebPage.maximumFrameDepth + 1)
        guard case .unavailable(let reason)? = frames.last.flatMap({ webView.page.frameContent(for: $0.element) }) else {
            return XCTFail("the frame past the cap is not unavailable")
        }
        XCTAssertTrue(reason.contains("deep"), reason)
        XCTAssertTrue(console.contains { $0.contains("deep") }, "\(console)")
    }

    func testAFrameOfItsOwnPageIsNotLoaded() {
        let url = server.url("/mime?type=text/html&body=%3Ciframe%20src%3D%22%22%3E%3C%2Fiframe%3E%3Ciframe%20src%3D%22%23x%22%3E%3C%2Fiframe%3E")
        load(url.href)
        XCTAssertEqual(frames.count, 2)
        // src="" is about:blank; "#x" is this page again.
        XCTAssertEqual(frames.first?.url.href, "about:blank")
        guard case .unavailable? = frames.last?.state else { return XCTFail("a page nested itself") }
    }

    func testAFrameCountCap() {
        let html = String(repeating: "<iframe srcdoc='x'></iframe>", count: WebPage.maximumFrameCount + 5)
        load(page(html))
        XCTAssertEqual(frames.filter { $0.state == .loaded }.count, WebPage.maximumFrameCount)
        XCTAssertEqual(frames.filter { if case .unavailable = $0.state { return true } else { return false } }.count, 5)
    }

    func testEvaluateJavaScriptInAFrameThatIsGone() throws {
        load(page("<iframe id=f srcdoc='<title>T</title>'></iframe>"))
        let frameInfo = info(try XCTUnwrap(frames.first))
        XCTAssertEqual(evaluate("document.title", in: frameInfo), "T")
        _ = evaluate("document.getElementById('f').remove(); 0", in: nil)
        spin(0.05)
        XCTAssertTrue(evaluate("1", in: frameInfo)?.hasPrefix("error") ?? false)
    }

    func testTheNavigationDelegateMayRefuseAFrameAndADownloadIsNotShown() throws {
        recorder.actionPolicy = { $0.targetFrame?.isMainFrame == false && $0.request.url.href.contains("refused") ? .cancel : .allow }
        recorder.responsePolicy = { $0.canShowMIMEType ? .allow : .download }
        load(page("<iframe src='\(page("<p>refused</p>"))'></iframe><iframe src='\(page("bytes", type: "application/octet-stream"))'></iframe>"))
        guard frames.count == 2 else { return XCTFail("\(frames.count) frames") }
        guard case .unavailable(let refused) = frames[0].state, case .unavailable(let download) = frames[1].state else {
            return XCTFail("\(frames.map(\.state))")
        }
        XCTAssertTrue(refused.contains("refused"), refused)
        XCTAssertTrue(download.contains("download"), download)
        XCTAssertEqual(recorder.events.last, "finish")
    }

    func testHostileFrameSources() throws {
        let alerts = Alerts()
        webView.uiDelegate = alerts
        let longName = String(repeating: "n", count: 10_000_000)
        load(page("<iframe src='http://[::1'></iframe><iframe src='javascript:alert(1)'></iframe>"
                  + "<iframe src='file:///etc/passwd'></iframe><iframe src='data:text/html,<title>D</title>'></iframe>"
                  + "<iframe src='about:history'></iframe><frame src='x'>"))
        // The `frame` outside a frameset is kept by the parser: a sixth frame (a 404 page).
        guard frames.count == 6 else { return XCTFail("\(frames.count) frames") }
        XCTAssertEqual(frames[0].url.href, "about:blank", "a src that does not parse")
        XCTAssertEqual(frames[1].url.href, "about:blank")
        XCTAssertTrue(alerts.seen.isEmpty, "a frame's javascript: URL ran")
        guard case .unavailable(let file) = frames[2].state else { return XCTFail("a web page's frame reached a file") }
        XCTAssertTrue(file.contains("local resource"), file)
        XCTAssertEqual(frames[3].document?.title, "D")
        XCTAssertEqual(info(frames[3]).securityOrigin, "null")
        guard case .unavailable = frames[4].state else { return XCTFail("a web page's frame showed Tern's own page") }
        // A 10 MB name does not slow a target lookup down to nothing, nor match a short one.
        _ = evaluate("document.querySelector('iframe').name = '\(longName.prefix(10))' + 'n'.repeat(\(longName.count - 10)); 0", in: nil)
        XCTAssertNil(webView.page.frame(named: "n"))
        XCTAssertNotNil(webView.page.frame(named: longName))
    }

    func testAFormInAFrameSubmitsIntoTheFrameUnlessSandboxed() throws {
        let form = "<form action='/echo' method=post><input name=a value=frame-field><button id=go>go</button></form>"
        load(page("<title>Top</title><iframe src='\(page(form))'></iframe><iframe sandbox='allow-scripts' src='\(page(form + "<!-- 2 -->"))'></iframe>"))
        XCTAssertEqual(frames.count, 2)
        let button = try XCTUnwrap(try frames[0].document?.querySelector("#go"))
        XCTAssertEqual(webView.page.activate(button), .done)
        wait { frames[0].url.pathname == "/echo" && frames[0].state == .loaded }
        let text = frames[0].document?.node?.textContent ?? ""
        XCTAssertTrue(text.contains("POST") && text.contains("frame-field"), text)
        XCTAssertEqual(webView.title, "Top")
        XCTAssertEqual(recorder.actions.last?.navigationType, .formSubmitted)

        let sandboxed = try XCTUnwrap(try frames[1].document?.querySelector("#go"))
        _ = webView.page.activate(sandboxed)
        spin(0.3)
        XCTAssertNotEqual(frames[1].url.pathname, "/echo", "a frame sandboxed without allow-forms submitted its form")
    }

    func testTheFrameHostAnswersTheWindowTree() throws {
        load(page("<iframe id=a src='\(page("<iframe id=inner srcdoc='<title>deep</title>'></iframe>"))'></iframe>"
                  + "<iframe id=b sandbox src='\(page("<p>no scripts</p>"))'></iframe><iframe id=c src='file:///etc/passwd'></iframe>"))
        waitForFramesLoaded()
        let main = try webView.page.pageScriptWindow()
        let host = try XCTUnwrap(main.frameHost)
        XCTAssertNil(host.scriptParentWindow())
        XCTAssertNil(host.scriptTopWindow())
        XCTAssertNil(host.scriptFrameElement())
        let children = host.scriptChildWindows()
        XCTAssertEqual(children.count, 2, "a frame not loaded (file:) has no window")
        let top = frames.filter { $0.parent == nil }
        XCTAssertEqual(top.count, 3)
        // contentWindow exists for a sandboxed frame without scripts too.
        let sandboxed = try XCTUnwrap(host.scriptContentWindow(of: top[1].element))
        XCTAssertTrue(sandboxed === children[1])
        XCTAssertTrue(sandboxed.hasOpaqueOrigin)
        XCTAssertNil(host.scriptContentWindow(of: top[2].element))
        let first = try XCTUnwrap(host.scriptContentWindow(of: top[0].element))
        let firstHost = try XCTUnwrap(first.frameHost)
        XCTAssertTrue(firstHost.scriptParentWindow() === main)
        XCTAssertTrue(firstHost.scriptTopWindow() === main)
        XCTAssertEqual(firstHost.scriptFrameElement(), top[0].element)
        let deep = try XCTUnwrap(firstHost.scriptChildWindows().first)
        XCTAssertTrue(deep.frameHost?.scriptParentWindow() === first)
        XCTAssertTrue(deep.frameHost?.scriptTopWindow() === main)
        XCTAssertEqual(deep.run("document.title"), .success(.string("deep")))
    }

    func testAFramesRequestCarriesTheCookiesAndReferrerOfItsPlace() throws {
        // SameSite cookies of localhost; a page of 127.0.0.1 (another site) frames localhost and itself.
        load(server.url("/set-cookie?c=strict%3D1%3B%20SameSite%3DStrict&c=lax%3D1%3B%20SameSite%3DLax", host: "localhost").href)
        load(server.url("/set-cookie?c=own%3D1%3B%20SameSite%3DStrict").href)
        load(page("<iframe src='\(server.url("/echo?cross", host: "localhost").href)'></iframe>"
                  + "<iframe src='\(server.url("/echo?same").href)'></iframe>"))
        XCTAssertEqual(frames.count, 2)
        let cross = frames[0].document?.node?.textContent ?? "", same = frames[1].document?.node?.textContent ?? ""
        XCTAssertFalse(cross.contains("strict=1"), "a cross-site frame's request sent a SameSite=Strict cookie: \(cross)")
        XCTAssertFalse(cross.contains("lax=1"), "a cross-site frame is not a top-level navigation: \(cross)")
        XCTAssertTrue(cross.contains("\"Referer\", \"http://127.0.0.1:\(server.port)/\""), "cross-origin: the origin only: \(cross)")
        XCTAssertTrue(same.contains("own=1"), "a same-site frame's request lacked its cookie: \(same)")
        XCTAssertTrue(same.contains("/mime?type=text/html"), "a same-origin frame's referrer is the page's URL: \(same)")
        // The cookies are there: the person's own load of localhost sends them.
        load(server.url("/echo?top", host: "localhost").href)
        let top = webView.page.document?.node?.textContent ?? ""
        XCTAssertTrue(top.contains("strict=1") && top.contains("lax=1"), top)
    }

    func testAnInsecureFrameOfASecureContextIsBlockedAsMixedContent() throws {
        // http://localhost is a secure context; http://a.test is not potentially trustworthy.
        load(page("<iframe src='http://a.test/frame'></iframe><iframe src='\(page("<title>ok</title>"))'></iframe>", host: "localhost"))
        XCTAssertEqual(frames.count, 2)
        guard case .unavailable(let reason) = frames[0].state else { return XCTFail("\(frames[0].state)") }
        XCTAssertTrue(reason.contains("Mixed Content"), reason)
        XCTAssertFalse(recorder.actions.contains { $0.request.url.hostname == "a.test" }, "the blocked frame was offered to the delegate")
        XCTAssertEqual(frames[1].document?.title, "ok", "http://127.0.0.1 is potentially trustworthy")
    }

    func testAFramesStyleSheetsComeFromItsOwnDocument() throws {
        let sheet = page("p { display: none }", type: "text/css")
        load(page("<style>h1 { color: red }</style><iframe src='\(page("<link rel=stylesheet href='\(sheet)'><style>p { color: blue }</style><p>x"))'></iframe>"))
        let frame = try XCTUnwrap(frames.first)
        _ = webView.page.frameContent(for: frame.element)  // starts the linked sheet
        wait { webView.page.frameStyleSheets(frame).count == 2 }
        guard case .document(let shown)? = webView.page.frameContent(for: frame.element) else { return XCTFail("no content") }
        XCTAssertEqual(shown.styleSheets.count, 2, "the frame's <style> and its linked sheet, not the page's")
    }
}
