import XCTest
import TernKit
import TernNet
import TernTestSupport

/// `WebView.interactionState`: a back/forward list saved as a value (and
/// as text), restored in another web view without loading every entry.
final class InteractionStateTests: WebViewTestCase {
    private var currentPath: String? { webView.url?.pathname }

    /// a, b, c visited, back to b, b scrolled: the state has the three with b shown.
    private func threeEntriesWithTheMiddleShown() -> WebView.InteractionState? {
        for name in ["a", "b", "c"] { loadAndWait("/page/\(name)") }
        recorder.clear()
        webView.goBack()
        wait { recorder.ended && currentPath == "/page/b" }
        webView.backForwardList.currentItem?.scrollPosition = 7
        webView.backForwardList.forwardItem?.scrollPosition = 3
        return webView.interactionState
    }

    func testTheStateNamesEachEntryAndTheCurrentOne() throws {
        XCTAssertNil(webView.interactionState, "no page yet")
        let state = try XCTUnwrap(threeEntriesWithTheMiddleShown())
        XCTAssertEqual(state.items.map(\.url.pathname), ["/page/a", "/page/b", "/page/c"])
        XCTAssertEqual(state.items.map(\.title), ["a", "b", "c"])
        XCTAssertEqual(state.items.map(\.scrollPosition), [0, 7, 3])
        XCTAssertEqual(state.currentIndex, 1)
        XCTAssertEqual(state.currentItem.url, server.url("/page/b"))
    }

    func testRestoringLoadsOnlyTheCurrentEntryAndBackAndForwardLoadTheOthers() throws {
        let saved = try XCTUnwrap(threeEntriesWithTheMiddleShown())
        // Through the text form, into a new web view (as after a restart).
        let text = saved.encoded
        makeWebView()
        let state = try XCTUnwrap(WebView.InteractionState(encoded: text))
        XCTAssertEqual(state, saved)

        webView.interactionState = state
        // The list is replaced at once; the shown entry loads.
        XCTAssertTrue(webView.canGoBack)
        XCTAssertTrue(webView.canGoForward)
        wait { recorder.ended }
        XCTAssertEqual(currentPath, "/page/b")
        XCTAssertEqual(webView.title, "b")
        XCTAssertEqual(recorder.actions.map(\.request.url.pathname), ["/page/b"], "only the shown entry is loaded")
        XCTAssertEqual(recorder.actions.first?.navigationType, .backForward)
        let list = webView.backForwardList
        XCTAssertEqual(list.backList.map(\.title), ["a"])
        XCTAssertEqual(list.forwardList.map(\.title), ["c"])
        XCTAssertEqual(list.currentItem?.scrollPosition, 7)
        XCTAssertEqual(list.forwardItem?.scrollPosition, 3)

        recorder.clear()
        webView.goBack()
        wait { recorder.ended && currentPath == "/page/a" }
        XCTAssertEqual(webView.title, "a")
        XCTAssertEqual(value("document.querySelector('p').textContent")?.anyValue as? String, "Page a")

        recorder.clear()
        webView.goForward()
        wait { recorder.ended && currentPath == "/page/b" }
        recorder.clear()
        webView.goForward()
        wait { recorder.ended && currentPath == "/page/c" }
        XCTAssertEqual(value("document.title")?.anyValue as? String, "c")
        XCTAssertFalse(webView.canGoForward)
        XCTAssertEqual(webView.interactionState?.items.map(\.url.pathname), ["/page/a", "/page/b", "/page/c"])
        XCTAssertEqual(webView.interactionState?.currentIndex, 2)
    }

    func testRestoringOverAPageReplacesItsListAndUnloadsIt() throws {
        let saved = try XCTUnwrap(threeEntriesWithTheMiddleShown())
        makeWebView()
        loadAndWait("/page/x")
        loadAndWait("/page/y")
        recorder.clear()
        webView.restore(saved)
        wait { recorder.ended && currentPath == "/page/b" }
        XCTAssertEqual(webView.backForwardList.backList.map(\.url.pathname), ["/page/a"], "x and y are gone")
        recorder.clear()
        webView.goBack()
        wait { recorder.ended && currentPath == "/page/a" }
        XCTAssertEqual(webView.title, "a")
    }

    func testPagesGivenAsDataAreLeftOut() throws {
        loadAndWait("/page/a")
        recorder.clear()
        webView.loadHTMLString("<title>error</title><p>Could not load", baseURL: nil)
        wait { recorder.ended }
        let state = try XCTUnwrap(webView.interactionState)
        XCTAssertEqual(state.items.map(\.url.pathname), ["/page/a"])
        XCTAssertEqual(state.currentIndex, 0)
    }

    func testTheTextFormKeepsAnyTitleAndRejectsGarbageAsAWhole() throws {
        let url = try XCTUnwrap(WebURL("http://127.0.0.1:1/p?q=a%09b#frag"))
        let odd = "tab\there\nline\\back\rslash \u{301}é 😀"
        let state = try XCTUnwrap(WebView.InteractionState(items: [.init(url: url, title: odd, scrollPosition: 12),
                                                                   .init(url: url, title: "")], currentIndex: 1))
        XCTAssertEqual(WebView.InteractionState(encoded: state.encoded), state)
        XCTAssertTrue(state.encoded.hasPrefix("tern-interaction-state 1\n"))

        XCTAssertNil(WebView.InteractionState(items: [], currentIndex: 0))
        XCTAssertNil(WebView.InteractionState(items: [.init(url: url)], currentIndex: 1))
        let valid = state.encoded
        let garbage = [
            "", "\n", "garbage", String(valid.dropLast()),  // no final line feed: cut short
            valid.replacingOccurrences(of: "state 1", with: "state 2"),  // a later version
            valid.replacingOccurrences(of: "current 1", with: "current 2"),  // no such entry
            valid.replacingOccurrences(of: "current 1", with: "current -1"),
            valid.replacingOccurrences(of: "current 1", with: "current 99999999999999999999999"),
            valid.replacingOccurrences(of: "12\t", with: "-12\t"),
            valid.replacingOccurrences(of: "12\t", with: "x\t"),
            valid.replacingOccurrences(of: "http:", with: "not a url"),
            valid.replacingOccurrences(of: "\\t", with: "\\q"),  // an unknown escape
            valid.replacingOccurrences(of: "\t", with: "\t\t"),  // a field too many
            "tern-interaction-state 1\ncurrent 0\n",  // no entries
            "tern-interaction-state 1\ncurrent 0\n" + String(repeating: "0\thttp://a/\tt\n", count: 1001),
            String(repeating: "\u{0}\u{FFFF}\r\n", count: 1000),
            "tern-interaction-state 1\ncurrent 0\n0\thttp://a/\t" + String(repeating: "x", count: 5 << 20) + "\n",
        ]
        for (index, text) in garbage.enumerated() {
            XCTAssertNil(WebView.InteractionState(encoded: text), "garbage \(index) accepted")
        }
        // Restoring nothing changes nothing.
        webView.interactionState = nil
        XCTAssertNil(webView.interactionState)
    }

    func testALongStateKeepsTheEntriesNearestTheShownOne() throws {
        let items = (0..<150).map { WebView.InteractionState.Item(url: server.url("/page/p\($0)"), title: "p\($0)") }
        let state = try XCTUnwrap(WebView.InteractionState(items: items, currentIndex: 140))
        webView.restore(state)
        wait { recorder.ended && currentPath == "/page/p140" }
        let restored = try XCTUnwrap(webView.interactionState)
        XCTAssertEqual(restored.items.count, 100)
        XCTAssertEqual(restored.currentItem.title, "p140")
        XCTAssertEqual(restored.items.last?.title, "p149")
        XCTAssertEqual(restored.items.first?.title, "p50")
    }
}
