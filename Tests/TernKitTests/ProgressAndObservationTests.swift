import XCTest
import TernKit
import TernNet
import TernTestSupport

final class ProgressAndObservationTests: WebViewTestCase {
    func testProgressOnTheSlowPageRisesStepByStepAndReachesOneOnceAtFinish() {
        var values: [(value: Double, eventsSoFar: [String])] = []
        let token = webView.observe(\.estimatedProgress, options: [.old, .new]) { [unowned self] webView, change in
            XCTAssertNotEqual(change.oldValue, change.newValue)
            XCTAssertEqual(change.newValue, webView.estimatedProgress)
            values.append((change.newValue ?? -1, self.recorder.events))
        }
        loadAndWait("/slow?ms=2000&chunks=20")
        withExtendedLifetime(token) {}
        XCTAssertEqual(recorder.events.last, "finish")
        let numbers = values.map(\.value)
        XCTAssertEqual(numbers.first, 0.1, "\(numbers)")
        XCTAssertEqual(numbers.last, 1.0, "\(numbers)")
        XCTAssertEqual(numbers.filter { $0 == 1.0 }.count, 1, "1.0 exactly once: \(numbers)")
        XCTAssertEqual(zip(numbers, numbers.dropFirst()).filter { $0 >= $1 }.count, 0, "monotonic: \(numbers)")
        XCTAssertGreaterThanOrEqual(Set(numbers.filter { $0 > 0.1 && $0 < 1.0 }).count, 5, "\(numbers)")
        // 0.1 from inside load() (WebKit's pending API request); 1.0 at finish, after commit and before didFinish.
        XCTAssertEqual(values.first?.eventsSoFar, [])
        XCTAssertEqual(values.last?.eventsSoFar.last, "commit")
    }

    /// WebKit (PageLoadState::estimatedProgress): an app's load shows 0.1
    /// from inside `load()` (its pending API request), straight from the
    /// last page's 1.0; observers never see a reset to 0 in between.
    func testTheNextLoadGoesFromOneStraightToOneTenthInsideLoad() {
        loadAndWait("/plain")
        XCTAssertEqual(webView.estimatedProgress, 1.0)
        var values: [(value: Double, eventsSoFar: [String])] = []
        let token = webView.observe(\.estimatedProgress) { [unowned self] _, change in
            values.append((change.newValue ?? -1, self.recorder.events))
        }
        loadAndWait("/page/second")
        withExtendedLifetime(token) {}
        let numbers = values.map(\.value)
        XCTAssertEqual(numbers.first, 0.1, "no reset to 0 is seen: \(numbers)")
        XCTAssertFalse(numbers.contains(0), "\(numbers)")
        XCTAssertEqual(values.first?.eventsSoFar, [], "0.1 comes inside load(), before the action policy")
        XCTAssertEqual(numbers.last, 1.0, "\(numbers)")
        XCTAssertEqual(values.last?.eventsSoFar.last, "commit")
    }

    /// An app's request shows 0.1 while it waits for its action policy, and
    /// the last load's progress again when the policy cancels it or the app
    /// stops it (WebKit clears the pending API request); a page's own
    /// navigation shows 0.1 only once it starts.
    func testAPendingRequestShowsOneTenthUntilItStartsOrEnds() {
        loadAndWait("/page/first")
        recorder.actionPolicy = { $0.request.url.pathname == "/page/refused" ? .cancel : .allow }
        webView.load(server.request("/page/refused"))
        XCTAssertEqual(webView.estimatedProgress, 0.1)
        XCTAssertTrue(webView.isLoading)
        spin(0.3)
        XCTAssertEqual(webView.estimatedProgress, 1.0, "the cancelled request gives way to the last load's progress")
        XCTAssertFalse(webView.isLoading)

        webView.load(server.request("/page/second"))
        webView.stopLoading()
        XCTAssertEqual(webView.estimatedProgress, 1.0)
        XCTAssertEqual(webView.url?.pathname, "/page/first")
        XCTAssertFalse(webView.isLoading, "stopLoading ends the pending request")

        var values: [(value: Double, eventsSoFar: [String])] = []
        let token = webView.observe(\.estimatedProgress) { [unowned self] _, change in
            values.append((change.newValue ?? -1, self.recorder.events))
        }
        recorder.clear()
        _ = value("location.href = '/page/third'; 0")
        wait { recorder.ended }
        withExtendedLifetime(token) {}
        XCTAssertEqual(values.first?.value, 0.1)
        XCTAssertEqual(values.first?.eventsSoFar, ["action GET /page/third allow"], "a page's navigation: 0.1 as it starts")
        XCTAssertEqual(values.last?.value, 1.0)
    }

    /// WebKit completes the progress of a failed load (PageLoadState::didFinishProgress),
    /// before and after commit alike, and keeps 1.0 until the next load.
    func testAFailedLoadCompletesProgress() throws {
        loadAndWait("/plain")
        var values: [Double] = []
        let token = webView.observe(\.estimatedProgress) { _, change in values.append(change.newValue ?? -1) }
        loadAndWait("/close-mid-body")
        XCTAssertEqual(recorder.events.last?.hasPrefix("fail "), true, "\(recorder.events)")
        XCTAssertEqual(values.first, 0.1, "\(values)")
        XCTAssertEqual(values.last, 1.0, "a failed load completes its progress: \(values)")
        XCTAssertEqual(webView.estimatedProgress, 1.0)

        values = []
        let closedPort = try HTTP2Server.freePort()
        recorder.clear()
        webView.load(Request(url: try XCTUnwrap(WebURL("http://127.0.0.1:\(closedPort)/"))))
        wait { recorder.ended }
        withExtendedLifetime(token) {}
        XCTAssertEqual(recorder.events.last?.hasPrefix("failProvisional"), true, "\(recorder.events)")
        XCTAssertEqual(values, [0.1, 1.0])
        XCTAssertEqual(webView.estimatedProgress, 1.0)
    }

    /// WebKit's `url` is PageLoadState's active URL: the app's request from
    /// inside `load()` (its pending API request), each redirect's URL while
    /// provisional, and the committed page's again after a provisional
    /// failure or a cancelled policy. A page's own navigation shows the
    /// page's URL until it starts. The page goes by its committed URL meanwhile.
    func testURLIsWebKitsActiveURL() throws {
        loadAndWait("/page/first")
        var seen: [(href: String, eventsSoFar: [String])] = []
        let token = webView.observe(\.url) { [unowned self] webView, _ in
            seen.append((webView.url.map { $0.pathname + $0.search } ?? "nil", self.recorder.events))
        }
        recorder.clear()
        webView.load(server.request("/redirect/302/1"))
        XCTAssertEqual(webView.url?.pathname, "/redirect/302/1", "from inside load()")
        XCTAssertEqual(value("location.pathname"), .string("/page/first"), "the page keeps its own URL")
        wait { recorder.ended }
        XCTAssertEqual(seen.map(\.href), ["/redirect/302/1", "/redirect/302/0", "/echo"])
        XCTAssertEqual(seen.first?.eventsSoFar, [])

        seen = []
        let closedPort = try HTTP2Server.freePort()
        recorder.clear()
        webView.load(Request(url: try XCTUnwrap(WebURL("http://127.0.0.1:\(closedPort)/closed"))))
        wait { recorder.ended }
        XCTAssertEqual(seen.map(\.href), ["/closed", "/echo"], "back to the committed URL after the failure")

        seen = []
        recorder.actionPolicy = { $0.request.url.pathname == "/page/refused" ? .cancel : .allow }
        recorder.clear()
        webView.load(server.request("/page/refused"))
        spin(0.3)
        XCTAssertEqual(seen.map(\.href), ["/page/refused", "/echo"], "back to the committed URL after a cancelled policy")

        seen = []
        recorder.clear()
        _ = value("location.href = '/page/third'; 0")
        wait { recorder.ended }
        withExtendedLifetime(token) {}
        XCTAssertEqual(seen.map(\.href), ["/page/third"])
        XCTAssertEqual(seen.first?.eventsSoFar, ["action GET /page/third allow"], "a page's navigation shows its URL once it starts")
    }

    func testIsLoadingTitleAndURLAreObservedWithOldAndNewValues() {
        var loading: [Bool] = []
        var titles: [String?] = []
        var urls: [String?] = []
        let tokens = [
            webView.observe(\.isLoading) { _, change in loading.append(change.newValue ?? false) },
            webView.observe(\.title, options: [.old, .new]) { _, change in titles.append(change.newValue ?? nil) },
            webView.observe(\.url, options: [.initial, .new]) { _, change in urls.append((change.newValue ?? nil)?.pathname) },
        ]
        loadAndWait("/page/first")
        loadAndWait("/page/second")
        withExtendedLifetime(tokens) {}
        XCTAssertEqual(loading, [true, false, true, false])
        // "" before the first page as at each commit: the first load's observer sees only its title.
        XCTAssertEqual(titles, ["first", "", "second"])
        XCTAssertEqual(urls, [nil, "/page/first", "/page/second"])
    }

    func testAReleasedTokenEndsTheObservation() {
        var count = 0
        var token: Observation? = webView.observe(\.isLoading) { _, _ in count += 1 }
        loadAndWait("/plain")
        XCTAssertEqual(count, 2)
        XCTAssertNotNil(token)
        token = nil
        loadAndWait("/plain")
        XCTAssertEqual(count, 2)
    }

    func testHasOnlySecureContentIsFalseOverPlainHTTP() {
        loadAndWait("/plain")
        XCTAssertFalse(webView.hasOnlySecureContent)
    }
}
