import XCTest
import TernKit
import TernNet
import TernTestSupport

final class BackForwardTests: WebViewTestCase {
    private func visit(_ names: String...) {
        for name in names { loadAndWait("/page/\(name)") }
    }

    private var currentName: String? { webView.url?.pathname }

    func testBackForwardAndGoToMoveThroughTheList() {
        var backChanges: [Bool] = []
        var forwardChanges: [Bool] = []
        let tokens = [
            webView.observe(\.canGoBack) { _, change in backChanges.append(change.newValue ?? false) },
            webView.observe(\.canGoForward) { _, change in forwardChanges.append(change.newValue ?? false) },
        ]
        visit("a", "b", "c")
        let list = webView.backForwardList
        XCTAssertEqual(list.backList.map(\.title), ["a", "b"])
        XCTAssertEqual(list.currentItem?.title, "c")
        XCTAssertNil(list.forwardItem)
        XCTAssertTrue(webView.canGoBack)
        XCTAssertFalse(webView.canGoForward)

        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        XCTAssertEqual(currentName, "/page/b")
        XCTAssertEqual(webView.title, "b")
        XCTAssertEqual(recorder.actions.last?.navigationType, .backForward)
        XCTAssertEqual(list.backItem?.title, "a")
        XCTAssertEqual(list.forwardItem?.title, "c")
        XCTAssertTrue(webView.canGoForward)

        recorder.clear()
        webView.goForward()
        wait { recorder.ended }
        XCTAssertEqual(currentName, "/page/c")
        XCTAssertFalse(webView.canGoForward)

        recorder.clear()
        webView.go(to: list.item(at: -2)!)
        wait { recorder.ended }
        XCTAssertEqual(currentName, "/page/a")
        XCTAssertFalse(webView.canGoBack)
        XCTAssertEqual(list.forwardList.map(\.title), ["b", "c"])
        XCTAssertNil(list.item(at: -1))
        XCTAssertEqual(list.item(at: 2)?.title, "c")
        withExtendedLifetime(tokens) {}
        XCTAssertEqual(backChanges, [true, false])
        XCTAssertEqual(forwardChanges, [true, false, true])
    }

    func testANewNavigationFromTheMiddleDropsTheForwardList() {
        visit("a", "b", "c")
        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        recorder.clear()
        webView.goBack()
        // (url names /page/a from inside goBack(), WebKit's pending API request: wait for the end)
        wait { recorder.ended && currentName == "/page/a" }
        XCTAssertEqual(webView.backForwardList.forwardList.count, 2)
        visit("d")
        let list = webView.backForwardList
        XCTAssertEqual(list.backList.map(\.title), ["a"])
        XCTAssertEqual(list.currentItem?.title, "d")
        XCTAssertTrue(list.forwardList.isEmpty)
        XCTAssertFalse(webView.canGoForward)
    }

    func testGoingBackRestoresFromThePageCacheWithoutTheNetwork() {
        visit("a", "b")
        webView.backForwardList.backItem?.scrollPosition = 42
        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        // A cached page needs no response policy: nothing came from the server.
        XCTAssertEqual(recorder.events, ["action GET /page/a allow", "start", "commit", "finish"])
        XCTAssertEqual(webView.title, "a")
        XCTAssertEqual(webView.backForwardList.currentItem?.scrollPosition, 42)
    }

    func testWithoutAPageCacheGoingBackLoadsAgain() {
        makeWebView { $0.pageCacheCapacity = 0 }
        visit("a", "b")
        recorder.clear()
        webView.goBack()
        wait { recorder.ended }
        XCTAssertEqual(recorder.events, ["action GET /page/a allow", "start", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(webView.title, "a")
        XCTAssertEqual(webView.backForwardList.forwardItem?.title, "b")
    }

    func testItemsKeepInitialAndFinalURLs() {
        loadAndWait("/redirect/302/0")
        let item = webView.backForwardList.currentItem
        XCTAssertEqual(item?.initialURL, server.url("/redirect/302/0"))
        XCTAssertEqual(item?.url, server.url("/echo"))
    }

    func testReloadKeepsTheListAndReportsReloadType() {
        visit("a", "b")
        recorder.clear()
        webView.reload()
        wait { recorder.ended }
        XCTAssertEqual(recorder.actions.last?.navigationType, .reload)
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(webView.backForwardList.backList.count, 1)
        XCTAssertNil(webView.backForwardList.forwardItem)

        recorder.clear()
        webView.reloadFromOrigin()
        wait { recorder.ended }
        XCTAssertEqual(recorder.actions.last?.request.headers["Cache-Control"], "no-cache")
        XCTAssertEqual(webView.backForwardList.backList.count, 1)
    }

    func testReloadingAPostResultIsAFormResubmission() {
        recorder.clear()
        webView.load(server.request("/echo", method: "POST", body: Array("a=1".utf8)))
        wait { recorder.ended }
        recorder.clear()
        webView.reload()
        wait { recorder.ended }
        XCTAssertEqual(recorder.actions.last?.navigationType, .formResubmitted)
        XCTAssertEqual(echo()["method"] as? String, "POST")
        XCTAssertEqual(echo()["body"] as? String, "a=1")
    }

    func testGoWithoutHistoryDoesNothing() {
        XCTAssertNil(webView.goBack())
        XCTAssertNil(webView.goForward())
        XCTAssertNil(webView.reload())
        spin(0.1)
        XCTAssertTrue(recorder.events.isEmpty)
    }
}
