import XCTest
import Foundation
import TernKit
import TernTestSupport

/// A front end acting on the page for the person (WebView+Interaction):
/// links, buttons, fields, forms, with page scripts running and without.
/// (The helpers; the tests are in the classes below.)
class InteractionTestCase: WebViewTestCase {
    /// Makes new windows for target=_blank, or refuses, and answers the open panel.
    final class Windows: UIDelegate {
        var created: [WebView] = []
        var actions: [NavigationAction] = []
        var refuse = false
        var panelAnswer: [WebURL]?
        var panels: [OpenPanelParameters] = []

        func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                     for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
            actions.append(navigationAction)
            guard !refuse else { return nil }
            let view = WebView(configuration: configuration)
            created.append(view)
            return view
        }

        func webView(_ webView: WebView, runOpenPanelWith parameters: OpenPanelParameters, initiatedByFrame frame: FrameInfo,
                     completionHandler: @escaping ([WebURL]?) -> Void) {
            panels.append(parameters)
            completionHandler(panelAnswer)
        }
    }

    // MARK: Helpers

    /// Runs `body` twice: scripting off, then on with a page script (so the
    /// page's bindings do the work). `scripted` says which.
    fileprivate func bothModes(_ body: (_ scripted: Bool) throws -> Void) rethrows {
        for scripted in [false, true] {
            makeWebView { $0.preferences.javaScriptEnabled = scripted }
            try body(scripted)
        }
    }

    /// The server path that serves `html` as a page (through /mime).
    fileprivate func served(_ html: String) -> String {
        "/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode(html)
    }

    fileprivate func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// Loads `body` (with a small script when `scripted`) from the server.
    fileprivate func open(_ body: String, scripted: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let script = scripted ? "<script>window.log = [];</script>" : ""
        loadAndWait(served("<!DOCTYPE html><title>Form</title>\(script)\(body)"), file: file, line: line)
        XCTAssertEqual(webView.title, "Form", file: file, line: line)
    }

    /// The link or form control `selector` finds, from the layout.
    fileprivate func node(_ selector: String, file: StaticString = #filePath, line: UInt = #line) throws -> PageElement {
        try element(selector, file: file, line: line)
    }

    /// Waits for the navigation `result` started, and returns the server's echo.
    fileprivate func echoAfter(_ result: ActivationResult, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        guard case .navigation = result else {
            XCTFail("expected a navigation, got \(result)", file: file, line: line)
            return [:]
        }
        clearRecorder()
        wait(file: file, line: line) { recorder.ended }
        XCTAssertEqual(recorder.actions.last?.navigationType, .formSubmitted, file: file, line: line)
        return echo(file: file, line: line)
    }

    /// Actions recorded since the last `clearRecorder()`.
    fileprivate var actionMark: (recorder: NavigationRecorder?, count: Int) = (nil, 0)
    fileprivate var newActions: [NavigationAction] {
        actionMark.recorder === recorder ? Array(recorder.actions.dropFirst(actionMark.count)) : recorder.actions
    }
    fileprivate func clearRecorder() {
        recorder.clear()
        actionMark = (recorder, recorder.actions.count)
    }

    fileprivate func header(_ name: String, in echo: [String: Any]) -> String? {
        (echo["headers"] as? [[String]])?.first { $0.first?.lowercased() == name.lowercased() }?.last
    }

    /// The layout's form control for `selector`, with its value and checkedness as the front end shows them.
    fileprivate func renderedControl(_ selector: String, file: StaticString = #filePath, line: UInt = #line) -> PageControl? {
        try? control(selector, file: file, line: line)
    }
}

final class InteractionTests: InteractionTestCase {
    // MARK: Links

    func testALinkClickNavigatesWithLinkActivatedAndAReferer() throws {
        try bothModes { scripted in
            open(#"<p><a href="/echo?from=link">echo</a></p>"#, scripted: scripted)
            let page = try layout()
            let pageURL = webView.url
            clearRecorder()
            let result = webView.activate(page.links[0])
            guard case .navigation(let navigation) = result else { return XCTFail("\(result)") }
            XCTAssertEqual(navigation.navigationType, .linkActivated)
            wait { recorder.ended }
            XCTAssertEqual(newActions.map(\.navigationType), [.linkActivated])
            XCTAssertEqual(webView.url?.pathname, "/echo")
            XCTAssertEqual(echo()["query"] as? String, "from=link")
            XCTAssertEqual(header("Referer", in: echo()), pageURL?.href)
            XCTAssertTrue(webView.canGoBack)
        }
    }

    func testAPreventDefaultedClickDoesNotNavigate() throws {
        // An inline handler and no <script>: the click still goes to the page.
        open(#"<a id="a" href="/page/two" onclick="event.preventDefault(); document.title = 'stayed'">two</a>"#, scripted: false)
        clearRecorder()
        // Found in the layout alone: a script run to find it would make the page's window before the click does.
        XCTAssertEqual(webView.activate(try link(text: "two").element), .canceled)
        spin(0.3)
        XCTAssertTrue(newActions.isEmpty, "\(recorder.events)")
        XCTAssertEqual(webView.title, "stayed")

        // A listener added by a script, and one that lets it through.
        open(#"<a id="a" href="/page/two">two</a><script>var n = 0; document.getElementById('a').addEventListener('click', function (e) { n++; if (n === 1) e.preventDefault(); });</script>"#,
             scripted: true)
        clearRecorder()
        XCTAssertEqual(webView.activate(try node("#a")), .canceled)
        spin(0.2)
        XCTAssertTrue(newActions.isEmpty)
        XCTAssertNotEqual(webView.activate(try node("#a")), .canceled)
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "two")
    }

    func testWithScriptingOffClickHandlersDoNotRun() throws {
        makeWebView { $0.preferences.javaScriptEnabled = false }
        open(#"<a id="a" href="/page/two" onclick="event.preventDefault()">two</a>"#, scripted: false)
        clearRecorder()
        guard case .navigation = webView.activate(try node("#a")) else { return XCTFail("not followed") }
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "two")
    }

    func testAFragmentLinkMovesWithinThePageWithoutLoading() throws {
        try bothModes { scripted in
            let script = scripted ? "<script>var hashes = []; onhashchange = function (e) { hashes.push(location.hash); };</script>" : ""
            open(##"<p><a id="a" href="#part">down</a></p><h2 id="part">Part</h2>"## + script, scripted: scripted)
            let start = try XCTUnwrap(webView.url)
            clearRecorder()
            XCTAssertEqual(webView.activate(try node("#a")), .fragment("part"))
            XCTAssertEqual(webView.url, start.settingFragment("part"))
            XCTAssertNotNil(webView.pageLayout(width: 80)?.anchors["part"])
            XCTAssertTrue(webView.canGoBack)
            if scripted {
                spin(0.05)  // hashchange comes in a task of its own
                XCTAssertEqual(value("hashes.join()"), .string("#part"))
            }
            webView.goBack()
            spin(0.2)
            XCTAssertEqual(webView.url, start)
            XCTAssertTrue(newActions.isEmpty, "no load: \(recorder.events)")
        }
    }

    func testJavaScriptURLsRunInThePageOnlyWithScripting() throws {
        try bothModes { scripted in
            open(#"<a id="a" href="javascript:document.title%20=%20'ran'">run</a>"#, scripted: scripted)
            XCTAssertEqual(webView.activate(try node("#a")), .done)
            spin(0.1)
            XCTAssertEqual(webView.title, scripted ? "ran" : "Form")
        }
    }

    // MARK: Forms

    func testTypedTextAndTheSubmitterArriveWithGET() throws {
        try bothModes { scripted in
            open("""
                <form action="/echo"><input type="hidden" name="h" value="1"><input id="q" name="q" value="old">
                <input type="submit" name="other" value="No"><button id="go" name="go" value="Search">Go</button></form>
                """, scripted: scripted)
            XCTAssertTrue(webView.setValue("hello wörld & more", for: try node("#q")))
            XCTAssertEqual(renderedControl("#q")?.value, "hello wörld & more", "layout shows the typed text")
            let echo = echoAfter(webView.activate(try node("#go")))
            XCTAssertEqual(echo["method"] as? String, "GET")
            XCTAssertEqual(echo["query"] as? String, "h=1&q=hello+w%C3%B6rld+%26+more&go=Search")
        }
    }

    func testCheckboxRadioSelectAndTextareaArriveWithPOST() throws {
        try bothModes { scripted in
            open("""
                <form method="post" action="/echo">
                <input type="checkbox" id="c1" name="c" value="one"><input type="checkbox" id="c2" name="c" value="two" checked>
                <input type="radio" id="r1" name="r" value="a" checked><input type="radio" id="r2" name="r" value="b">
                <select id="s" name="s"><option>x</option><option value="yv">y</option></select>
                <select id="m" name="m" multiple><option>m0</option><option selected>m1</option><option>m2</option></select>
                <textarea id="t" name="t">was</textarea>
                <input type="submit" id="send" value="Send">
                </form>
                """, scripted: scripted)
            XCTAssertEqual(webView.activate(try node("#c1")), .done)
            XCTAssertEqual(webView.activate(try node("#c2")), .done)
            XCTAssertEqual(webView.activate(try node("#r2")), .done)
            XCTAssertEqual(renderedControl("#r1")?.checked, false, "one radio of a group")
            XCTAssertEqual(renderedControl("#r2")?.checked, true)
            XCTAssertTrue(webView.selectOptions(at: [1], in: try node("#s")))
            XCTAssertEqual(renderedControl("#s")?.selectedIndex, 1)
            XCTAssertTrue(webView.selectOptions(at: [0, 2], in: try node("#m")))
            XCTAssertFalse(webView.selectOptions(at: [7], in: try node("#m")))
            XCTAssertTrue(webView.setValue("line 1\nline 2", for: try node("#t")))
            let echo = echoAfter(webView.activate(try node("#send")))
            XCTAssertEqual(echo["method"] as? String, "POST")
            XCTAssertEqual(header("Content-Type", in: echo), "application/x-www-form-urlencoded")
            XCTAssertEqual(echo["body"] as? String, "c=one&r=b&s=yv&m=m0&m=m2&t=line+1%0D%0Aline+2")
        }
    }

    func testTextPlainAndTheSubmittersFormAttributes() throws {
        try bothModes { scripted in
            open("""
                <form action="/nowhere"><input id="q" name="q">
                <button id="go" name="b" value="v" formmethod="post" formenctype="text/plain" formaction="/echo">Go</button></form>
                """, scripted: scripted)
            webView.setValue("a b", for: try node("#q"))
            let echo = echoAfter(webView.activate(try node("#go")))
            XCTAssertEqual(echo["method"] as? String, "POST")
            XCTAssertEqual(header("Content-Type", in: echo), "text/plain")
            XCTAssertEqual(echo["body"] as? String, "q=a b\r\nb=v\r\n")
        }
    }

    func testEnterInAFieldSubmitsItsForm() throws {
        try bothModes { scripted in
            // The default button (the first submit button) is the submitter.
            open(#"<form action="/echo"><input id="q" name="q"><input name="p"><input type="submit" name="go" value="1"><input type="submit" name="no" value="2"></form>"#,
                 scripted: scripted)
            webView.setValue("x", for: try node("#q"))
            XCTAssertEqual(echoAfter(webView.pressEnter(in: try node("#q")))["query"] as? String, "q=x&p=&go=1")

            // No button, one field: the form itself submits.
            open(#"<form action="/echo"><input id="q" name="q"><input type="checkbox" name="c" checked></form>"#, scripted: scripted)
            webView.setValue("y", for: try node("#q"))
            XCTAssertEqual(echoAfter(webView.pressEnter(in: try node("#q")))["query"] as? String, "q=y&c=on")

            // No button, two fields: nothing.
            open(#"<form action="/echo"><input id="q" name="q"><input name="p"></form>"#, scripted: scripted)
            clearRecorder()
            XCTAssertEqual(webView.pressEnter(in: try node("#q")), .done)
            spin(0.2)
            XCTAssertTrue(newActions.isEmpty)
        }
    }

    func testPageScriptsSeeInputChangeAndKeyEventsAndMayCancel() throws {
        open("""
            <form id="f" action="/echo"><input id="q" name="q"><input type="checkbox" id="c" name="c">
            <select id="s" name="s"><option>a</option><option>b</option></select><input type="submit" id="go"></form>
            <script>
            var log = [];
            ['input', 'change', 'click', 'keydown', 'keyup', 'submit'].forEach(function (type) {
              document.addEventListener(type, function (e) { log.push(type + ':' + e.target.id + ':' + e.isTrusted); }, true);
            });
            var stop = null;
            document.getElementById('f').addEventListener('submit', function (e) { if (stop === 'submit') e.preventDefault(); });
            document.getElementById('q').addEventListener('keydown', function (e) { if (stop === 'key' && e.key === 'Enter') e.preventDefault(); });
            </script>
            """, scripted: false)
        webView.setValue("typed", for: try node("#q"))
        XCTAssertEqual(value("log.join(' ') + ' / ' + document.getElementById('q').value"),
                       .string("input:q:true change:q:true / typed"))
        _ = value("log = []")
        webView.activate(try node("#c"))
        XCTAssertEqual(value("log.join(' ') + ' / ' + document.getElementById('c').checked"),
                       .string("click:c:true input:c:true change:c:true / true"))
        _ = value("log = []")
        webView.selectOptions(at: [1], in: try node("#s"))
        XCTAssertEqual(value("log.join(' ') + ' / ' + document.getElementById('s').value"), .string("input:s:true change:s:true / b"))

        clearRecorder()
        _ = value("stop = 'submit'")
        XCTAssertEqual(webView.activate(try node("#go")), .canceled)
        _ = value("stop = 'key'")
        XCTAssertEqual(webView.pressEnter(in: try node("#q")), .canceled)
        spin(0.2)
        XCTAssertTrue(newActions.isEmpty, "\(recorder.events)")
        _ = value("stop = null; log = []")
        let result = webView.pressEnter(in: try node("#q"))
        XCTAssertEqual(value("log.join(' ')"), .string("keydown:q:true click:go:true submit:f:true keyup:q:true"))
        XCTAssertEqual(echoAfter(result)["query"] as? String, "q=typed&c=on&s=b")
    }

    func testAPreventDefaultedCheckboxClickKeepsItsState() throws {
        open(#"<p><input type="checkbox" id="c" onclick="return false"></p>"#, scripted: false)
        // Found in the layout alone: a script run to find it would make the page's window before the click does.
        let checkbox = try XCTUnwrap(try layout().controls.first { $0.kind == .checkbox })
        XCTAssertEqual(webView.activate(checkbox.element), .canceled)
        XCTAssertEqual(renderedControl("#c")?.checked, false)
    }

    func testDisabledAndReadOnlyControlsRefuse() throws {
        try bothModes { scripted in
            open(#"<form action="/echo"><input id="d" name="d" disabled><input id="r" name="r" readonly value="x"><input type="checkbox" id="c" disabled><input type="submit" id="go" disabled></form>"#,
                 scripted: scripted)
            XCTAssertFalse(webView.setValue("no", for: try node("#d")))
            XCTAssertFalse(webView.setValue("no", for: try node("#r")))
            XCTAssertFalse(webView.setValue("no", for: try node("#c")))
            clearRecorder()
            XCTAssertEqual(webView.activate(try node("#c")), .done)
            XCTAssertEqual(webView.activate(try node("#go")), .done)
            spin(0.2)
            XCTAssertEqual(renderedControl("#c")?.checked, false)
            XCTAssertTrue(newActions.isEmpty)
        }
    }

    func testAResetButtonPutsBackWhatTheUserChanged() throws {
        try bothModes { scripted in
            open(#"<form><input id="q" value="start"><input type="checkbox" id="c"><input type="reset" id="reset"></form>"#,
                 scripted: scripted)
            webView.setValue("changed", for: try node("#q"))
            webView.activate(try node("#c"))
            XCTAssertEqual(webView.activate(try node("#reset")), .done)
            XCTAssertEqual(renderedControl("#q")?.value, "start")
            XCTAssertEqual(renderedControl("#c")?.checked, false)
        }
    }

    // MARK: History

    func testReloadingOrGoingBackToAPOSTResultIsAFormResubmission() throws {
        makeWebView { $0.pageCacheCapacity = 0 }
        open(#"<form method="post" action="/echo"><input id="q" name="q"><input type="submit" id="go"></form>"#, scripted: false)
        webView.setValue("once", for: try node("#q"))
        _ = echoAfter(webView.activate(try node("#go")))
        clearRecorder()
        webView.reload()
        wait { recorder.ended }
        XCTAssertEqual(newActions.map(\.navigationType), [.formResubmitted])
        XCTAssertEqual(echo()["body"] as? String, "q=once")

        loadAndWait("/page/after")
        clearRecorder()
        webView.goBack()
        wait { recorder.ended }
        XCTAssertEqual(newActions.map(\.navigationType), [.formResubmitted])
        XCTAssertEqual(echo()["method"] as? String, "POST")
    }

    func testGoingBackRestoresWhatTheUserTyped() throws {
        for cache in [5, 0] {
            for scripted in [false, true] {
                makeWebView {
                    $0.pageCacheCapacity = cache
                    $0.preferences.javaScriptEnabled = scripted
                }
                open("""
                    <form><input id="q" name="q" value="initial"><input type="password" id="p" name="p">
                    <input type="checkbox" id="c" name="c"><select id="s" name="s"><option>a</option><option>b</option></select>
                    <textarea id="t" name="t">old</textarea></form><a id="next" href="/page/next">next</a>
                    """, scripted: scripted)
                webView.setValue("typed", for: try node("#q"))
                webView.setValue("secret", for: try node("#p"))
                webView.activate(try node("#c"))
                webView.selectOptions(at: [1], in: try node("#s"))
                webView.setValue("new text", for: try node("#t"))
                let next = try node("#next")
                clearRecorder()
                webView.activate(next)
                // Its "finish" too: from a content process it may come after the title and isLoading.
                wait { recorder.ended && webView.title == "next" && !webView.isLoading }
                clearRecorder()
                webView.goBack()
                wait { recorder.ended }
                let context = "cache \(cache), scripts \(scripted)"
                XCTAssertEqual(renderedControl("#q")?.value, "typed", context)
                XCTAssertEqual(renderedControl("#c")?.checked, true, context)
                XCTAssertEqual(renderedControl("#s")?.selectedIndex, 1, context)
                XCTAssertEqual(renderedControl("#t")?.value, "new text", context)
                // A page loaded again keeps no password (as browsers do); a cached page keeps its document.
                XCTAssertEqual(renderedControl("#p")?.value, cache == 0 ? "" : "secret", context)
                if scripted && cache == 0 {
                    XCTAssertEqual(value("document.getElementById('q').value"), .string("typed"), context)
                }
            }
        }
    }

    // MARK: Focus

    func testFocusIsANodeFoundAgainAfterRelayoutAndSeenByScripts() throws {
        open("""
            <p><a href="/page/a">a</a> <input id="q"> <input id="r"></p>
            <script>var focusLog = []; document.addEventListener('focusin', function (e) { focusLog.push(e.target.id); });</script>
            """, scripted: false)
        let q = try node("#q"), a = try node("a[href='/page/a']")
        webView.focus(q)
        XCTAssertEqual(webView.focusedElement, q)
        XCTAssertEqual(value("document.activeElement.id"), .string("q"))
        _ = value("document.body.insertBefore(document.createElement('p'), document.body.firstChild).innerHTML = '<a href=\"/x\">x</a>'")
        let page = try layout()
        XCTAssertEqual(page.controlIndex(of: q).map { page.controls[$0].element }, q)
        XCTAssertEqual(page.linkIndex(of: a), 1)
        _ = value("document.getElementById('r').focus()")
        XCTAssertEqual(webView.focusedElement, try node("#r"))
        XCTAssertEqual(value("focusLog.join()"), .string("q,r"))
    }

    /// The front end's view of focus: `PageElement`s from `pageLayout(width:)`.
    func testFocusThroughPageElements() throws {
        open("""
            <p><input id="q"> <input id="r"></p>
            <script>var log = [];
              ['focus', 'blur'].forEach(function (t) { document.addEventListener(t, function (e) { log.push(t + ' ' + e.target.id); }, true); });</script>
            """, scripted: false)
        let layout = try XCTUnwrap(webView.pageLayout(width: 80))
        let q = layout.controls[0].element, r = layout.controls[1].element
        XCTAssertNil(webView.focusedElement)
        webView.focus(q)
        XCTAssertEqual(webView.focusedElement, q)
        _ = value("document.getElementById('r').focus()")
        XCTAssertEqual(webView.focusedElement, r)
        XCTAssertEqual(webView.pageLayout(width: 80)?.controlIndex(of: r), 1)
        webView.focus(nil)
        XCTAssertNil(webView.focusedElement)
        XCTAssertEqual(value("log.join()"), .string("focus q,blur q,focus r,blur r"))
    }

    /// A control's name as the front end shows it reads the page's styles:
    /// what CSS hides is left out, generated content is in (AccName 2A, 2F.ii).
    func testAControlsNameReadsThePagesStyles() throws {
        try bothModes { scripted in
            open("""
                <style>.sr { display: none } .star::before { content: "Star " }</style>
                <p><label for=q>Search <span class=sr>(hidden hint)</span>the site</label><input id=q>
                <button><span class=star></span>this page</button></p>
                """, scripted: scripted)
            let layout = try XCTUnwrap(webView.pageLayout(width: 80))
            XCTAssertEqual(layout.controls.map(\.accessibleName), ["Search the site", "Star this page"], "scripted: \(scripted)")
        }
    }
}

/// A file input's open panel and chosen files: a page in a content
/// process cannot read the files the person chose (its sandbox has no file
/// system) and the browser does not send them yet, so this runs in process only.
final class InteractionInProcessTests: InteractionTestCase {
    override class var reachesIntoThePage: Bool { true }

    func testMultipartSendsFieldsAndAChosenFile() throws {
        let path = NSTemporaryDirectory() + "tern-upload-\(getpid()).txt"
        try "file body\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try bothModes { scripted in
            let windows = Windows()
            windows.panelAnswer = [WebURL(filePath: path)!]
            webView.uiDelegate = windows
            open("""
                <form method="post" enctype="multipart/form-data" action="/echo">
                <input id="q" name="q"><input type="file" id="f" name="f" accept=".txt, text/plain">
                <input type="submit" id="send" name="send" value="Up"></form>
                """, scripted: scripted)
            XCTAssertTrue(webView.setValue("typed", for: try node("#q")))
            XCTAssertEqual(webView.activate(try node("#f")), .done)
            XCTAssertEqual(windows.panels, [OpenPanelParameters(acceptedTypes: [".txt", "text/plain"])])
            XCTAssertEqual(webView.chosenFiles(for: try node("#f")).map(\.filePath), [path])
            let echo = echoAfter(webView.activate(try node("#send")))
            let contentType = try XCTUnwrap(header("Content-Type", in: echo))
            XCTAssertTrue(contentType.hasPrefix("multipart/form-data; boundary="), contentType)
            let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
            let name = (path as NSString).lastPathComponent
            XCTAssertEqual(echo["body"] as? String, """
                --\(boundary)\r\nContent-Disposition: form-data; name="q"\r\n\r\ntyped\r\n\
                --\(boundary)\r\nContent-Disposition: form-data; name="f"; filename="\(name)"\r\nContent-Type: text/plain\r\n\r\nfile body\n\r\n\
                --\(boundary)\r\nContent-Disposition: form-data; name="send"\r\n\r\nUp\r\n\
                --\(boundary)--\r\n
                """)
        }
    }
}

/// Links and forms with a new target: the UI delegate makes the view, which
/// shares the opener's process when pages run in content processes.
final class InteractionWindowTests: InteractionTestCase {
    func testTargetBlankAsksForANewWebViewAndOpensNothingWithoutOne() throws {
        try bothModes { scripted in
            let windows = Windows()
            webView.uiDelegate = windows
            open(#"<a id="a" href="/page/popup" target="_blank">new</a>"#, scripted: scripted)
            clearRecorder()
            let result = webView.activate(try node("#a"))
            guard case .newWindow(let created) = result else { return XCTFail("\(result)") }
            XCTAssertTrue(created === windows.created.first)
            XCTAssertNil(windows.actions.first?.targetFrame)
            XCTAssertEqual(windows.actions.first?.navigationType, .linkActivated)
            XCTAssertEqual(windows.actions.first?.request.url, server.url("/page/popup"))
            wait { created.title == "popup" }
            XCTAssertTrue(newActions.isEmpty, "the opener does not navigate")
            XCTAssertEqual(webView.title, "Form")

            // As in WebKit, a refused window opens nothing, and this view stays.
            windows.refuse = true
            clearRecorder()
            XCTAssertEqual(webView.activate(try node("#a")), .done)
            spin(0.3)
            XCTAssertTrue(newActions.isEmpty, "the opener does not navigate")
            XCTAssertEqual(webView.title, "Form")
        }
    }

    func testTargetBlankFormsGoToTheNewWebView() throws {
        let windows = Windows()
        webView.uiDelegate = windows
        open(#"<form action="/echo" method="post" target="_blank"><input id="q" name="q"><input type="submit" id="go"></form>"#, scripted: true)
        webView.setValue("v", for: try node("#q"))
        guard case .newWindow(let created) = webView.activate(try node("#go")) else { return XCTFail("no new window") }
        XCTAssertEqual(windows.actions.first?.navigationType, .formSubmitted)
        wait { created.url?.pathname == "/echo" && !created.isLoading }
        XCTAssertEqual(String(decoding: created.sourceBytes, as: UTF8.self).contains(#""body": "q=v""#), true)
    }
}
