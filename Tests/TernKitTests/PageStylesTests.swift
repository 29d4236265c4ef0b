import XCTest
import Foundation
@testable import TernKit
import TernCSS
import TernNet
import TernTestSupport

/// Which style sheets a page has (HTML's `<style>` and `<link
/// rel=stylesheet>`, CSSOM's tree order), how they are fetched (the test
/// server's `/sheet` logs each request), and when the page waits for them.
class PageStylesTestCase: WebViewTestCase {
    func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// The path of a page with `head` and `body`.
    func page(head: String = "", body: String = "") -> String {
        "/mime?type=" + encode("text/html; charset=utf-8") + "&body="
            + encode("<!DOCTYPE html><html><head><title>P</title>\(head)</head><body>\(body)</body></html>")
    }

    /// `/sheet` for `key`, with more query.
    func sheet(_ key: String, _ query: String = "") -> String { "/sheet?key=\(key)\(query)" }

    func requests(_ key: String) -> [[String: String]] { sheetRequests(key) }
}

/// The page's sheets as its script sees them: `document.styleSheets`, the
/// page's sheets that have an owner element, in cascade order.
final class PageStylesTests: PageStylesTestCase {
    /// `document.styleSheets`, each as "owner media href" ("-" for no media
    /// or no URL; an inline sheet has none).
    private func scriptSheets(file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let found = value("""
            Array.prototype.map.call(document.styleSheets, function (s) {
              var o = s.ownerNode;
              return o.localName + (o.id ? '#' + o.id : '') + ' ' + (s.media.mediaText || '-') + ' ' + (s.href || '-');
            })
            """, file: file, line: line)
        guard case .array(let items)? = found else {
            XCTFail("document.styleSheets: \(String(describing: found))", file: file, line: line)
            return []
        }
        return items.map { if case .string(let text) = $0 { return text } else { return "\($0)" } }
    }

    func testALinkedSheetIsFetchedWithTheCookiesAndRefererOfThePageAndFromTheHTTPCache() {
        let key = UUID().uuidString
        loadAndWait("/set-cookie?c=" + encode("flavour=oat; Path=/"))
        let pagePath = page(head: "<link rel=stylesheet href=\"\(sheet(key, "&cc=max-age%3D600"))\">")
        loadAndWait(pagePath)
        let first = requests(key)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(first.first?["cookie"], "flavour=oat")
        XCTAssertEqual(first.first?["referer"], server.url(pagePath).href, "same origin: the whole URL as Referer")
        XCTAssertEqual(first.first?["accept"], "text/css,*/*;q=0.1")
        // Another page with the same sheet: the HTTP cache answers.
        loadAndWait(page(head: "<link rel=stylesheet href=\"\(sheet(key, "&cc=max-age%3D600"))\">", body: "<p>two</p>"))
        XCTAssertEqual(requests(key).count, 1, "served from the cache")
        XCTAssertEqual(scriptSheets().count, 1)
    }

    func testTheReferrerPolicyOfTheLinkApplies() {
        let key = UUID().uuidString
        loadAndWait(page(head: "<link rel=stylesheet referrerpolicy=no-referrer href=\"\(sheet(key))\">"
                         + "<link rel=stylesheet referrerpolicy=origin href=\"\(sheet(key, "&n=2"))\">"))
        let sent = requests(key).map { $0["referer"] ?? "none" }.sorted()
        XCTAssertEqual(sent, [server.url("/").href, "none"])
    }

    func testALinksHrefResolvesAgainstTheBaseElement() {
        let key = UUID().uuidString
        loadAndWait(page(head: "<base href=\"http://localhost:\(server.port)/\"><link rel=stylesheet href=\"sheet?key=\(key)\">"))
        XCTAssertEqual(requests(key).first?["host"], "localhost:\(server.port)")
        XCTAssertEqual(scriptSheets().first, "link - http://localhost:\(server.port)/sheet?key=\(key)")
    }

    func testTheLoadEventWaitsForTheSheetsAndTheFirstLayoutForThoseOfTheHead() {
        let key = UUID().uuidString
        recorder.clear()
        webView.load(server.request(page(head: "<link rel=stylesheet href=\"\(sheet(key, "&delay_ms=1500"))\">", body: "<p>body</p>")))
        wait { self.requests(key).count == 1 }
        XCTAssertTrue(webView.isLoading)
        XCTAssertNil(webView.pageLayout(width: 80), "render-blocking: no layout before the head's sheet")
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(scriptSheets(), ["link - " + server.url(sheet(key, "&delay_ms=1500")).href], "finished only once the sheet arrived")
        XCTAssertNotNil(webView.pageLayout(width: 80))
    }

    func testAFailedOrNonCSSSheetIsLeftOutAndDoesNotHoldTheLoad() {
        let key = UUID().uuidString
        loadAndWait(page(head: "<link rel=stylesheet href=\"/status/404\"><link rel=stylesheet href=\"\(sheet(key, "&type=text/html"))\">"
                         + "<link rel=stylesheet href=\"\(sheet(key, "&n=ok"))\">"))
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(requests(key).count, 2)
        XCTAssertEqual(scriptSheets(), ["link - " + server.url(sheet(key, "&n=ok")).href])
    }

    func testScriptChangesAreCollectedAgainAndAKnownLinkIsNotFetchedAgain() {
        let key = UUID().uuidString
        loadAndWait(page(head: "<link id=l rel=stylesheet href=\"\(sheet(key))\" disabled>", body: "<p>x</p>"))
        XCTAssertEqual(scriptSheets(), [])
        XCTAssertEqual(requests(key).count, 0, "a link with disabled is not fetched")
        _ = value("var s = document.createElement('style'); s.textContent = 'p {}'; document.head.appendChild(s); 1")
        _ = value("document.getElementById('l').removeAttribute('disabled'); 1")
        spin(0.1)
        wait { self.scriptSheets().count == 2 }
        XCTAssertEqual(scriptSheets(), ["link#l - " + server.url(sheet(key)).href, "style - -"])
        // A sheet's object is the same as long as the page's sheet is.
        _ = value("var inline = document.styleSheets[1]; 1")
        _ = value("document.body.appendChild(document.createElement('p')); 1")
        spin(0.1)
        XCTAssertEqual(value("document.styleSheets[1] === inline"), .bool(true), "an unchanged <style> keeps its sheet")
        _ = value("document.querySelector('style').textContent = 'b {}'; 1")
        spin(0.1)
        XCTAssertEqual(value("document.styleSheets[1] === inline"), .bool(false), "a changed <style> is parsed again")
        XCTAssertEqual(requests(key).count, 1, "the link is fetched once")
    }

}

/// The page's sheets as layout has them (`PageStyles`, an internal of the
/// in-process page): the user's sheet and each sheet's origin, an inline
/// sheet's base URL and the sheets `@import` brings, which no script sees.
final class PageStylesInProcessTests: PageStylesTestCase {
    override class var reachesIntoThePage: Bool { true }

    private var styles: PageStyles {
        _ = webView.pageLayout(width: 80)
        return webView.page.session.styles
    }

    /// Each entry as "owner media origin" ("user" for the user's sheet).
    private func describe(_ entries: [PageStyles.Entry]) -> [String] {
        entries.map { entry in
            let owner = entry.ownerNode.map { node in node.name + (node.attribute("id").map { "#" + $0 } ?? "") } ?? "none"
            return "\(owner) \(entry.sheet.media ?? "-") \(entry.sheet.origin)"
        }
    }

    func testSheetsAreCollectedInTreeOrderWithTheirMediaAndOnlyCSSStylesheetsAreFetched() {
        let key = UUID().uuidString
        makeWebView { $0.userStyleSheet = "p { color: green }" }
        loadAndWait(page(head: """
            <style id=a media=print>p {}</style>
            <link id=b rel=stylesheet href="\(sheet(key, "&n=b"))" media="screen and (min-width: 10px)">
            <link rel="alternate stylesheet" title=Other href="\(sheet(key, "&n=alternate"))">
            <link rel=stylesheet href="\(sheet(key, "&n=disabled"))" disabled>
            <link rel=stylesheet type="text/plain" href="\(sheet(key, "&n=plain"))">
            <link rel=icon href="\(sheet(key, "&n=icon"))">
            <link rel=stylesheet href="">
            <style type="text/plain">p {}</style>
            <template><style>p {}</style></template>
            """, body: """
            <p>text</p><style id=c type="TEXT/CSS">b {}</style><style type=" text/css">b {}</style>
            <div><link id=d rel="Preload  STYLESHEET" href="\(sheet(key, "&n=d"))"></div>
            """))
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(describe(styles.sheets), ["none - user", "style#a print author", "link#b screen and (min-width: 10px) author",
                                                 "style#c - author", "link#d - author"])
        XCTAssertEqual(requests(key).count, 2, "only the two stylesheet links are fetched: \(requests(key))")
        XCTAssertEqual(styles.sheets[2].sheet.baseURL, server.url(sheet(key, "&n=b")).href, "a linked sheet's base is its URL")
        XCTAssertEqual(styles.sheets[1].sheet.baseURL, webView.url?.href, "an inline sheet's base is the document's")
    }

    func testAuthorStylesOffLeavesThePageSheetsOutFetchesNothingAndLaysOutAgain() {
        let key = UUID().uuidString
        makeWebView {
            $0.preferences.authorStyleSheetsEnabled = false
            $0.userStyleSheet = "p {}"
        }
        XCTAssertFalse(webView.authorStyleSheetsEnabled)
        loadAndWait(page(head: "<style>p {}</style><link rel=stylesheet href=\"\(sheet(key))\">"))
        XCTAssertEqual(styles.layoutSheets(authorStylesEnabled: webView.authorStyleSheetsEnabled).map(\.origin), [.user])
        XCTAssertEqual(requests(key).count, 0, "nothing fetched while author styles are off")
        let revision = webView.documentRevision
        webView.authorStyleSheetsEnabled = true
        XCTAssertGreaterThan(webView.documentRevision, revision, "the page is laid out again")
        wait { self.styles.sheets.count == 3 }
        XCTAssertEqual(styles.layoutSheets(authorStylesEnabled: true).map(\.origin), [.user, .author, .author])
        XCTAssertEqual(requests(key).count, 1)
    }

    func testImportsAreFetchedRecursivelyAndACycleStops() throws {
        let key = UUID().uuidString
        // a imports b and c; b imports a again (a cycle) and d.
        // Quoted as the server quotes it in the imports it writes, so that b's import of a names a's URL.
        let graph = "&graph=a%3Ab.c%3Bb%3Aa.d"
        loadAndWait(page(head: "<style>@import url(\"\(sheet(key, "&n=a" + graph))\");</style>"))
        XCTAssertEqual(recorder.events.last, "finish")
        let names = requests(key).count
        XCTAssertEqual(names, 4, "a, b, c and d once each: b's import of a is not followed")
        let a = try XCTUnwrap(styles.sheets.first?.sheet.imports.first?.sheet)
        XCTAssertEqual(a.imports.count, 2)
        XCTAssertNotNil(a.imports.first?.sheet, "b arrived")
        XCTAssertNil(a.imports.first?.sheet?.imports.first?.sheet, "b's import of a (the cycle) is left empty")
        XCTAssertEqual(a.imports.first?.sheet?.imports.last?.sheet?.baseURL, server.url(sheet(key, "&n=d" + graph)).href)
    }
}
