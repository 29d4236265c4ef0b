import XCTest
import Foundation
import TernKit
import TernTestSupport

/// HTML "navigate to a fragment" (§7.4.2.3.3) and traversal within the
/// document: entries of the same document, popstate then hashchange, no load.
final class FragmentNavigationTests: WebViewTestCase {
    /// `:target` matches the element the URL's fragment indicates, in
    /// scripts and in the page's style sheets, and follows fragment navigations.
    func testTargetFollowsTheFragment() throws {
        let html = "<style>:target { display: none }</style><p id=a>Alpha text</p><p id=b>Beta text</p><a name=c>Gamma text</a>"
            + "<p id=c>Delta text</p>"
        let body = html.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        loadAndWait("/mime?type=text%2Fhtml&body=\(body)#b")
        XCTAssertEqual(value("document.querySelectorAll(':target').length"), .number(1))
        func text() -> String { (webView.pageLayout(width: 60)?.lines ?? []).map(\.text).joined(separator: "\n") }
        XCTAssertFalse(text().contains("Beta text"))
        XCTAssertTrue(text().contains("Alpha text"))
        // A fragment navigation moves it; an id wins over an earlier <a name>.
        _ = value("location.hash = 'c'; 0")
        XCTAssertEqual(value("document.querySelector(':target').id"), .string("c"))
        XCTAssertTrue(text().contains("Beta text") && text().contains("Gamma text") && !text().contains("Delta text"))
        _ = value("location.hash = 'nothing-here'; 0")
        XCTAssertEqual(value("document.querySelector(':target')"), .null)
        XCTAssertTrue(text().contains("Delta text"))
    }
}

/// Same-document navigations a page in a content process does not do as
/// in process yet: `goBack()` and
/// `load(_:)` of a fragment of this page start a navigation (not nil) and
/// `url` and `canGoForward` lag; `location.replace('#…')` reports no
/// same-document navigation. So these run in process only.
final class FragmentNavigationInProcessTests: WebViewTestCase {
    override class var reachesIntoThePage: Bool { true }

    private static let page = """
        <!DOCTYPE html><title>Doc</title>
        <script>
        window.log = [];
        onpopstate = function (e) { log.push('pop ' + JSON.stringify(e.state) + ' ' + location.hash); };
        onhashchange = function (e) { log.push('hash ' + e.oldURL.split('#')[1] + '>' + e.newURL.split('#')[1]); };
        </script>
        <p><a id="toc" href="#part2">Part 2</a></p><h2 id="part1">Part 1</h2><h2 id="part2">Part 2</h2>
        """

    private func openPage() -> WebURL? {
        let body = FragmentNavigationInProcessTests.page.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let type = "text/html".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        loadAndWait("/mime?type=\(type)&body=\(body)")
        XCTAssertEqual(webView.title, "Doc")
        recorder.clear()
        return webView.url
    }

    private var log: [String] {
        guard case .array(let items)? = value("log") else { return [] }
        return items.compactMap(\.stringValue)
    }

    func testALinkToAFragmentIsAnEntryAndBackReturnsWithoutALoad() throws {
        let start = try XCTUnwrap(openPage())
        let link = try element("#toc")
        XCTAssertEqual(webView.activate(link), .fragment("part2"))
        XCTAssertEqual(webView.url, start.settingFragment("part2"))
        XCTAssertEqual(webView.backForwardList.backList.map(\.url), [start])
        XCTAssertEqual(log, ["pop null #part2"], "popstate at once")
        spin(0.05)
        XCTAssertEqual(log, ["pop null #part2", "hash undefined>part2"], "hashchange in a task of its own")
        XCTAssertEqual(recorder.sameDocument.map(\.type), [.anchorNavigation])
        XCTAssertEqual(recorder.sameDocument.last?.from, start.href)

        XCTAssertNil(webView.goBack(), "no navigation: the same document")
        XCTAssertEqual(webView.url, start)
        XCTAssertTrue(webView.canGoForward)
        spin(0.05)
        XCTAssertEqual(log.suffix(2), ["pop null ", "hash part2>undefined"])
        XCTAssertEqual(recorder.sameDocument.map(\.type), [.anchorNavigation, .sessionStatePop])
        XCTAssertEqual(recorder.sameDocument.last?.from, start.settingFragment("part2").href)

        webView.goForward()
        XCTAssertEqual(webView.url, start.settingFragment("part2"))
        spin(0.1)
        XCTAssertEqual(log.suffix(2), ["pop null #part2", "hash undefined>part2"])
        XCTAssertTrue(recorder.events.isEmpty, "no load: \(recorder.events)")
        XCTAssertEqual(value("document.querySelectorAll('h2').length"), .number(2), "the same document")
    }

    func testSettingTheHashIsAnEntryWithPopstateAndHashchange() throws {
        let start = try XCTUnwrap(openPage())
        _ = value("location.hash = 'part1'")
        XCTAssertEqual(value("location.hash"), .string("#part1"), "at once")
        spin(0.05)
        XCTAssertEqual(log, ["pop null #part1", "hash undefined>part1"])
        XCTAssertEqual(value("history.length"), .number(2))
        _ = value("location.replace('#part2')")
        XCTAssertEqual(value("history.length"), .number(2), "replace keeps the length")
        XCTAssertEqual(webView.backForwardList.backList.map(\.url), [start])
        XCTAssertEqual(recorder.sameDocument.map(\.type), [.anchorNavigation, .anchorNavigation])
        _ = value("history.back()")
        spin(0.1)
        XCTAssertEqual(webView.url, start)
        XCTAssertEqual(log.last, "hash part2>undefined")
        XCTAssertTrue(recorder.events.isEmpty, "no load: \(recorder.events)")
    }

    /// A loaded URL that differs from the page's only by its fragment (the
    /// `o` prompt) moves within the page, as WebKit's FrameLoader does.
    func testLoadingThisPageWithAFragmentMovesWithinIt() throws {
        let start = try XCTUnwrap(openPage())
        XCTAssertNil(webView.load(Request(url: start.settingFragment("part1"))))
        XCTAssertEqual(webView.url, start.settingFragment("part1"))
        spin(0.05)
        XCTAssertEqual(log, ["pop null #part1", "hash undefined>part1"])
        XCTAssertEqual(webView.backForwardList.backList.map(\.url), [start])
        spin(0.1)
        XCTAssertTrue(recorder.events.isEmpty, "no request: \(recorder.events)")

        // A POST, or another path, loads.
        var post = Request(url: start.settingFragment("part2"))
        post.method = "POST"
        post.body = Array("a=1".utf8)
        XCTAssertNotNil(webView.load(post))
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.first, "action POST /mime allow")
    }
}
