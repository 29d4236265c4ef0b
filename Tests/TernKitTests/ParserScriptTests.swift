import XCTest
@testable import TernKit
import TernScript
import TernNet
import TernTestSupport

/// HTML's script model: scripts run as the parser reaches their end tag
/// (§13.2.6.4.8), `document.write` at the insertion point (§8.4.3),
/// parsing-blocking, deferred and async scripts, readyState and the load
/// event (§13.2.7 "the end").
final class ParserScriptTests: WebViewTestCase {
    private func script(_ body: String, delay: Int = 0) -> String {
        let encoded = body.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return "/mime?type=text/javascript&delay_ms=\(delay)&body=\(encoded)"
    }

    private func load(_ html: String, timeout: Double = 15) {
        recorder.clear()
        webView.loadHTMLString(html, baseURL: server.url("/app/"))
        wait(timeout: timeout) { recorder.ended }
    }

    private func strings(_ expression: String) -> [String] {
        guard case .array(let items)? = value(expression) else { return [] }
        return items.map { if case .string(let s) = $0 { return s }; return "\($0)" }
    }

    func testABlockingScriptDoesNotSeeTheMarkupBelowIt() {
        load("""
            <p id=above>above</p>
            <script>var seen = [!!document.getElementById('above'), !!document.getElementById('below')];</script>
            <script src="\(script("var externalSaw = !!document.getElementById('below')", delay: 100))"></script>
            <p id=below>below</p>
            """)
        XCTAssertEqual(value("seen"), .array([.bool(true), .bool(false)]))
        XCTAssertEqual(value("externalSaw"), .bool(false))
        XCTAssertEqual(value("!!document.getElementById('below')"), .bool(true))
    }

    /// DOM §4.2.10: a live collection reflects the tree, and the parser's
    /// nodes are part of it (a module loader finds its own `<script>` so).
    func testLiveCollectionsSeeWhatTheParserAddsLater() {
        load("""
            <script>var scripts = document.getElementsByTagName('script'), ps = document.getElementsByTagName('p'),
              all = document.getElementsByTagName('*'), kids = document.documentElement.children,
              counts = [scripts.length, ps.length, all.length], later = [];
              setTimeout(function () { later.push(ps.length); }, 0);</script>
            <p>one</p>
            <script>counts.push(scripts.length, ps.length, scripts[scripts.length - 1] === document.currentScript);</script>
            <p>two</p><p>three</p>
            <script>counts.push(ps.length, all.length, kids.length);</script>
            """)
        // At the first script: html, head, the script; at the last: html, head, body, 3 scripts, 3 p.
        XCTAssertEqual(value("counts"), .array([.number(1), .number(0), .number(3), .number(2), .number(1), .bool(true),
                                                 .number(3), .number(9), .number(2)]))
        XCTAssertEqual(value("later"), .array([.number(3)]))
    }

    /// HTML §13.2.6.4.3–4: the tree builder always makes `head` and `body`.
    func testHeadAndBodyExistWhateverTheMarkupOmits() {
        load("<p>no head tag<script>var early = [document.head && document.head.localName, " +
             "document.head === document.documentElement.firstElementChild, document.body.localName]</script>")
        XCTAssertEqual(value("early"), .array([.string("head"), .bool(true), .string("body")]))
        load("<title>only a title</title>")
        XCTAssertEqual(value("[document.head.firstChild.localName, document.body.localName, document.body.childNodes.length]"),
                       .array([.string("title"), .string("body"), .number(0)]))
    }

    func testAWrittenDivTakesInTheMarkupThatFollows() {
        load("""
            <body><script>document.write('<div id=w>')</script><p id=after>after</p></body>
            """)
        XCTAssertEqual(value("document.getElementById('after').parentNode.id"), .string("w"))
    }

    func testAWrittenScriptSeesOnlyWhatPrecedesIt() {
        load("""
            <body><script>document.write('<p id=one>1</p><script>var sawTwo = !!document.getElementById(\\'two\\'); \
            var sawOne = !!document.getElementById(\\'one\\')<\\/script><p id=two>2</p>')</script><p id=three>3</p></body>
            """)
        XCTAssertEqual(value("[sawOne, sawTwo]"), .array([.bool(true), .bool(false)]))
        XCTAssertEqual(value("Array.from(document.querySelectorAll('p')).map(p => p.id).join()"), .string("one,two,three"))
    }

    func testDocumentWriteFromAnExternalScript() {
        let written = "document.write('<div id=ext>'); var sawAfter = !!document.getElementById('after')"
        load("""
            <body><script src="\(script(written, delay: 50))"></script><p id=after>after</p></body>
            """)
        XCTAssertEqual(value("sawAfter"), .bool(false))
        XCTAssertEqual(value("document.getElementById('after').parentNode.id"), .string("ext"))
    }

    func testScriptOrderWithDelayedResponses() {
        load("""
            <script>var order = ['inline 1']; document.addEventListener('DOMContentLoaded', () => order.push('DOMContentLoaded'));
            window.addEventListener('load', () => order.push('load'));</script>
            <script defer src="\(script("order.push('defer 1')", delay: 900))"></script>
            <script src="\(script("order.push('blocking 1')", delay: 600))"></script>
            <script async src="\(script("order.push('async')", delay: 50))"></script>
            <script defer src="\(script("order.push('defer 2')"))"></script>
            <script src="\(script("order.push('blocking 2')"))"></script>
            <script>order.push('inline 2')</script>
            """)
        // The async script, fetched while the parser waited, runs when the parser reaches it.
        XCTAssertEqual(strings("order"), ["inline 1", "blocking 1", "async", "blocking 2", "inline 2", "defer 1", "defer 2",
                                          "DOMContentLoaded", "load"])
    }

    func testReadyStateSequence() {
        load("""
            <script>var states = ['script ' + document.readyState];
            document.addEventListener('readystatechange', () => states.push('change ' + document.readyState));
            document.addEventListener('DOMContentLoaded', () => states.push('DOMContentLoaded ' + document.readyState));
            window.addEventListener('load', () => states.push('load ' + document.readyState));</script>
            <script defer src="\(script("states.push('defer ' + document.readyState)"))"></script>
            """)
        XCTAssertEqual(strings("states"), ["script loading", "change interactive", "defer interactive",
                                           "DOMContentLoaded interactive", "change complete", "load complete"])
    }

    /// The rustdoc search case: a deferred script inserts the search
    /// script; the load event (and didFinish) wait until it has run.
    func testLoadWaitsForAScriptInsertedByADeferredScript() {
        let inserter = "var s = document.createElement('script'); s.src = '\(script("var searchRan = true; loadSeenBySearch = loaded", delay: 300))'; document.head.appendChild(s)"
        load("""
            <head><script>var loaded = false; var loadSeenBySearch = null; window.addEventListener('load', () => loaded = true)</script>
            <script defer src="\(script(inserter))"></script></head><body></body>
            """)
        XCTAssertEqual(value("searchRan"), .bool(true))
        XCTAssertEqual(value("loadSeenBySearch"), .bool(false), "the inserted script ran before load")
        XCTAssertEqual(value("loaded"), .bool(true))
    }

    func testCurrentScript() {
        load("""
            <script id=a>var ids = [document.currentScript.id];</script>
            <script id=b src="\(script("ids.push(document.currentScript.id)", delay: 50))"></script>
            <script id=c defer src="\(script("ids.push(document.currentScript.id)"))"></script>
            <script id=d>ids.push(document.currentScript.id); addEventListener('load', () => ids.push(String(document.currentScript)))</script>
            """)
        XCTAssertEqual(strings("ids"), ["a", "b", "d", "c", "null"])
    }

    func testNoscriptIsShownOnlyWithScriptingOff() {
        load("<p>page</p><noscript><p>no scripts here</p></noscript><script>var x = 1</script>")
        let on = webView.pageLayout(width: 80)?.lines.map(\.text).joined(separator: "\n") ?? ""
        XCTAssertFalse(on.contains("no scripts here"), on)
        makeWebView { $0.defaultWebpagePreferences.allowsContentJavaScript = false }
        load("<p>page</p><noscript><p>no scripts here</p></noscript><script>var x = 1</script>")
        let off = webView.pageLayout(width: 80)?.lines.map(\.text).joined(separator: "\n") ?? ""
        XCTAssertTrue(off.contains("no scripts here"), off)
    }

    /// libxml2 parses `<noscript>` as elements whether scripting is on or
    /// off; HTML (§13.2.6.4.4) makes it raw text when scripting is on. This
    /// asserts today's behaviour (see DECISIONS.md, Issue 17): layout hides
    /// it when scripting is on, so only scripts reading it see the difference.
    func testNoscriptIsParsedAsElementsEvenWithScriptingOn() {
        load("<noscript><p>no scripts here</p></noscript><script>var x = 1</script>")
        XCTAssertEqual(value("document.querySelector('noscript').firstChild.nodeType"), .number(1), "HTML says 3 (text)")
    }

    // MARK: Hostile pages

    func testAPageThatWritesItselfRecursivelyEnds() {
        // Each script writes two copies of itself: 2^n scripts without the caps
        // on write depth (HTMLParser.maxWriteDepth) and written bytes.
        load("""
            <script id=s>window.runs = (window.runs || 0) + 1; var me = document.getElementById('s').textContent;
            document.write('<p>x</p><script>' + me + '<\\/script><script>' + me + '<\\/script>')</script><p id=end>end</p>
            """, timeout: 30)
        XCTAssertEqual(recorder.events.last, "finish")
        guard case .number(let runs)? = value("runs") else { return XCTFail("no runs") }
        XCTAssertGreaterThan(runs, 20)
        XCTAssertLessThan(runs, 20_000)
        XCTAssertEqual(value("document.body.lastElementChild.id"), .string("end"))
    }

    /// A script that takes the parser's open elements out of the tree, or
    /// adds the text node libxml2 appends the next text to, leaves the
    /// parser working on valid nodes (TernDOM frees no removed node early;
    /// libxml2's in-place text appending is reset after each script).
    func testScriptsThatChangeWhatTheParserIsBuilding() {
        load("""
            <div id=d><p id=p>abc<script>document.currentScript.parentNode.appendChild(document.createTextNode('X'))</script>def</p>
            <script>document.getElementById('d').remove(); document.body.insertAdjacentHTML('beforeend', '<i>new</i>')</script>
            <p id=lost>into the removed div</p></div><p id=end>end</p>
            """)
        XCTAssertEqual(value("document.getElementById('end').textContent"), .string("end"))
        XCTAssertNil(value("document.getElementById('lost') || undefined"), "the rest of the removed div went with it")
        XCTAssertEqual(value("document.querySelector('i').textContent"), .string("new"))
    }

    func testAScriptThatNeverEndsIsStoppedAndTheParserGoesOn() {
        makeWebView { $0.scriptTimeLimit = 0.3 }
        load("<script>for (;;) {}</script><p id=after>after</p><script>var later = true</script>")
        XCTAssertEqual(value("!!document.getElementById('after')"), .bool(true))
        XCTAssertEqual(value("later"), .bool(true))
    }

    func testTenThousandScripts() {
        let html = "<script>var n = 0</script>" + String(repeating: "<script>n++</script>", count: 10_000) + "<p id=end>end</p>"
        load(html, timeout: 60)
        XCTAssertEqual(value("n"), .number(10_000))
    }

    func testAnExternalScriptThatNeverArrivesTimesOut() {
        makeWebView { $0.network.lowSpeedTimeout = 1 }
        load("<script src=\"/hang\"></script><p id=after>after</p><script>var later = true</script>", timeout: 20)
        XCTAssertEqual(value("later"), .bool(true))
    }
}

/// Sends a page in parts the test releases one by one (a slow server).
final class PartsSchemeHandler: URLSchemeHandler {
    var task: URLSchemeTask?
    let first: String

    init(first: String) { self.first = first }

    func webView(_ webView: WebView, start task: URLSchemeTask) {
        self.task = task
        task.didReceive(Response(url: task.request.url, mimeType: "text/html", textEncodingName: "utf-8"))
        task.didReceive(Array(first.utf8))
    }

    func webView(_ webView: WebView, stop task: URLSchemeTask) { self.task = nil }

    func send(_ part: String) { task?.didReceive(Array(part.utf8)) }

    func finish() { task?.didFinish() }
}

/// The first screen of a page that arrives slowly, scripts in it.
final class ParserScriptStreamingTests: WebViewTestCase {
    private func text() -> String {
        webView.pageLayout(width: 80)?.lines.map(\.text).joined(separator: "\n") ?? ""
    }

    func testTheFirstScreenAndItsScriptsComeBeforeTheLastByte() throws {
        let handler = PartsSchemeHandler(first: """
            <title>Slow</title><p>First part of the page.</p>
            <script>var early = document.querySelector('p').textContent + ' ' + document.querySelectorAll('p').length</script>
            """)
        makeWebView { try? $0.setURLSchemeHandler(handler, forURLScheme: "slow") }
        recorder.clear()
        webView.load(Request(url: WebURL("slow://page/")!))
        wait { recorder.events.contains("commit") && text().contains("First part of the page.") }
        XCTAssertTrue(webView.isLoading, "the response is still open")
        XCTAssertEqual(value("early"), .string("First part of the page. 1"), "the script ran when the parser reached it")
        handler.send("<p id=late>Last part.</p>")
        handler.finish()
        wait { recorder.ended }
        XCTAssertTrue(text().contains("Last part."), text())
    }

    func testTheMarkupBeforeABlockingScriptIsShownWhileItLoads() throws {
        let slowScript = "/mime?type=text/javascript&delay_ms=1500&body=var%20arrived%20%3D%20true"
        loadPage("<p>Before the script.</p><script src=\"\(server.url(slowScript).href)\"></script><p>After the script.</p>")
        wait { text().contains("Before the script.") }
        XCTAssertTrue(webView.isLoading)
        XCTAssertFalse(text().contains("After the script."), "the parser waits for the script")
        wait { recorder.ended }
        XCTAssertTrue(text().contains("After the script."), text())
        XCTAssertEqual(value("arrived"), .bool(true))
    }

    /// Over HTTP with no charset: the bytes wait for the encoding sniffer until the end.
    func testTheMarkupBeforeABlockingScriptIsShownWhileItLoadsOverHTTP() throws {
        let slowScript = "/mime?type=text/javascript&delay_ms=1500&body=var%20arrived%20%3D%20true"
        let html = "<title>Blocked</title><p>Before the script.</p><script src=\"\(slowScript)\"></script><p>After the script.</p>"
        recorder.clear()
        webView.load(server.request("/mime?type=text/html&body=" + (html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")))
        wait { text().contains("Before the script.") }
        XCTAssertTrue(webView.isLoading)
        XCTAssertFalse(text().contains("After the script."), "the parser waits for the script")
        wait { recorder.ended }
        XCTAssertTrue(text().contains("After the script."), text())
    }

    private func loadPage(_ html: String) {
        recorder.clear()
        webView.loadHTMLString(html, baseURL: server.url("/app/"))
    }
}

/// `document.write` with no insertion point.
final class DocumentWriteWithoutParserTests: WebViewTestCase {
    func testAWriteAfterTheLoadReplacesThePage() {
        recorder.clear()
        webView.loadHTMLString("<p id=old>old</p><script>var x = 1</script>", baseURL: nil)
        wait { recorder.ended }
        _ = value("document.write('<p id=new>new</p>'); 0")
        XCTAssertEqual(value("[!!document.getElementById('old'), !!document.getElementById('new')]"), .array([.bool(false), .bool(true)]))
    }

    func testAWriteFromADeferredScriptIsIgnored() {
        recorder.clear()
        let deferred = "/mime?type=text/javascript&body=" + ("document.write('<p id=w>w</p>')".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        webView.loadHTMLString("<p id=old>old</p><script defer src=\"\(deferred)\"></script>", baseURL: server.url("/app/"))
        wait { recorder.ended }
        XCTAssertEqual(value("[!!document.getElementById('old'), !!document.getElementById('w')]"), .array([.bool(true), .bool(false)]))
    }
}
