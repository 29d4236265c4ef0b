import XCTest
import TernKit
import TernTestSupport

/// HTML's joint session history: a frame's navigations, pushState and
/// fragments are steps of the page's history; going back and forward moves
/// the frame (within its document, or by loading it again) and leaves the
/// page's own entry, its state and its popstate alone.
final class JointSessionHistoryTests: WebViewTestCase {
    func page(_ html: String) -> String {
        "/mime?type=text%2Fhtml&body=" + html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The frame document's title; null while the frame has none.
    var frameTitle: ScriptValue? { value("frames[0] && frames[0].document ? frames[0].document.title : null") }

    /// The frame's URL, as its own location says.
    private var frameURL: String? { value("frames[0].location.href")?.stringValue }

    func testFrameNavigationsAreStepsOfThePagesHistory() throws {
        let first = page("<title>one</title><p>first frame page")
        let second = server.url(page("<title>two</title><p>second frame page")).href
        loadAndWait(page("<title>top</title><iframe src='\(server.url(first).href)'></iframe>"
            + "<script>var pops = 0; onpopstate = function () { pops++; };</script>"))
        wait { self.frameTitle == .string("one") }
        XCTAssertEqual(value("history.length"), .number(1), "a frame's first document adds no entry")

        _ = value("document.querySelector('iframe').src = '\(second)'")
        wait { self.frameTitle == .string("two") }
        XCTAssertEqual(value("history.length"), .number(2))
        XCTAssertTrue(webView.canGoBack)

        _ = value("history.back()")
        wait { self.frameTitle == .string("one") }
        XCTAssertEqual(value("[history.length, pops]"), .array([.number(2), .number(0)]),
                       "the page's own entry did not change: no popstate at the page")
        XCTAssertTrue(webView.canGoForward)
        _ = value("history.forward()")
        wait { self.frameTitle == .string("two") }
        XCTAssertEqual(frameURL, second)
    }

    func testPushStateAndFragmentsInAFrameAreEntriesWithTheirOwnState() throws {
        let inner = page("<title>inner</title><script>var log = []; onpopstate = function (e) { log.push('pop ' + JSON.stringify(e.state)); };"
            + " onhashchange = function () { log.push('hash ' + location.hash); };</script>")
        loadAndWait(page("<title>top</title><iframe src='\(server.url(inner).href)'></iframe>"))
        wait { self.frameTitle == .string("inner") }
        let start = try XCTUnwrap(frameURL)

        _ = value("frames[0].history.pushState({n: 1}, '', '?pushed')")
        XCTAssertEqual(value("[history.length, frames[0].history.state.n, history.state]"), .array([.number(2), .number(1), .null]),
                       "one more step of the page; the state is the frame's")
        XCTAssertEqual(value("frames[0].history.state === frames[0].history.state"), .bool(true), "one deserialization per entry")
        XCTAssertTrue(frameURL?.hasSuffix("?pushed") == true)

        _ = value("frames[0].location.hash = 'part'")
        XCTAssertEqual(value("history.length"), .number(3))
        XCTAssertEqual(value("frames[0].history.state"), .null, "a fragment's entry has no state")

        _ = value("history.go(-2)")
        wait { self.frameURL == start }
        spin(0.05)
        XCTAssertEqual(value("frames[0].log"), .array(["pop null", "hash #part", "pop null", "hash "].map(ScriptValue.string)),
                       "within the frame's document: popstate, then hashchange in a task of its own")
        _ = value("history.forward()")
        wait { self.frameURL?.hasSuffix("?pushed") == true }
        XCTAssertEqual(value("[frames[0].log[4], frames[0].history.state.n]"), .array([.string("pop {\"n\":1}"), .number(1)]))
        XCTAssertEqual(value("frames[0].document.title"), .string("inner"), "the same document all along")
    }

    func testAStateIsClonedWithItsTypesAndAFunctionCannotBe() throws {
        loadAndWait(page("<title>top</title>"))
        XCTAssertEqual(value("""
            var when = new Date(86400000), m = new Map([[1, 'one']]), o = {when: when, m: m}; o.self = o;
            history.pushState(o, '');
            var s = history.state;
            [s !== o, s.when instanceof Date && s.when.getTime(), s.m.get(1), s.self === s]
            """), .array([.bool(true), .number(86400000), .string("one"), .bool(true)]))
        XCTAssertEqual(value("try { history.pushState(function () {}, ''); 'pushed' } catch (e) { e.name }"), .string("DataCloneError"))
        XCTAssertEqual(value("try { history.pushState({}); 'pushed' } catch (e) { e.name }"), .string("TypeError"), "two arguments required")
        XCTAssertEqual(value("history.length"), .number(2))
        XCTAssertEqual(value("[history instanceof History, Object.prototype.toString.call(history)]"),
                       .array([.bool(true), .string("[object History]")]))
    }

    /// A removed frame's document is not fully active: its history throws.
    func testAFrameThatIsGoneHasAHistoryThatThrows() throws {
        loadAndWait(page("<title>top</title><iframe src='about:blank'></iframe>"))
        XCTAssertEqual(value("""
            var h = frames[0].history; h.length;
            document.querySelector('iframe').remove();
            try { h.length; 'read' } catch (e) { e.name }
            """), .string("SecurityError"))
    }
}

extension JointSessionHistoryTests {
    /// Leaving the page and coming back loads it again with its frame where
    /// it had gone, not at its element's src.
    func testAPageLoadedAgainFromHistoryGetsItsFramesEntries() throws {
        let first = server.url(page("<title>one</title>")).href
        let second = server.url(page("<title>two</title>")).href
        // An unload listener keeps the page out of the page cache: going back loads it again.
        let top = page("<title>top</title><iframe src='\(first)'></iframe><script>onunload = function () {};</script>")
        loadAndWait(top)
        wait { self.frameTitle == .string("one") }
        _ = value("frames[0].location.href = '\(second)'")
        wait { self.frameTitle == .string("two") }
        loadAndWait(page("<title>elsewhere</title>"))
        XCTAssertEqual(webView.backForwardList.backList.count, 2)
        webView.goBack()
        wait { self.webView.title == "top" && self.frameTitle == .string("two") }
        XCTAssertEqual(value("frames[0].location.href"), .string(second))
        _ = value("history.back()")
        wait { self.frameTitle == .string("one") }
        XCTAssertEqual(webView.title, "top")
    }
}
