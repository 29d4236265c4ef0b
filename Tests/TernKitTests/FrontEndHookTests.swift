import XCTest
import TernKit
import TernTestSupport

/// Two hooks for a front end's keys: `about:` pages it makes itself
/// (`WebViewConfiguration.aboutPageProvider`, Tern's `?` page) and opening
/// a link in a new window for the person (`WebView.openInNewWindow`).
final class FrontEndHookTests: WebViewTestCase {
    final class Windows: UIDelegate {
        var actions: [NavigationAction] = []
        var created: [WebView] = []

        func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                     for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
            actions.append(navigationAction)
            let view = WebView(configuration: configuration)
            created.append(view)
            return view
        }
    }

    func testAnAboutPageProviderMakesThePageOnEveryLoad() throws {
        var made = 0
        makeWebView { configuration in
            configuration.aboutPageProvider = { name in
                guard name == "keys" else { return nil }
                made += 1
                return "<title>Keys \(made)</title><p>Made \(made) times</p>"
            }
        }
        try webView.load(urlString: "about:keys")
        wait { webView.title == "Keys 1" && !webView.isLoading }
        webView.reload()
        wait { webView.title == "Keys 2" && !webView.isLoading }
        XCTAssertEqual(webView.url?.href, "about:keys")
        // Names it does not make are looked for in Resources/ as before.
        try webView.load(urlString: "about:start")
        wait { webView.title == "Tern start page" && !webView.isLoading }
        try webView.load(urlString: "about:blank")
        wait { !webView.isLoading && webView.url?.href == "about:blank" }
        XCTAssertEqual(made, 2)
    }

    func testOpenInNewWindowAsksTheUIDelegateAndLoadsTheLinkThere() throws {
        let windows = Windows()
        webView.uiDelegate = windows
        loadAndWait("/page/one")
        let layout = try XCTUnwrap(webView.pageLayout(width: 80))
        let link = try XCTUnwrap(layout.links.first { $0.text == "b" })
        guard case .newWindow(let created) = webView.openInNewWindow(link) else { return XCTFail("no new window") }
        XCTAssertTrue(created === windows.created.first)
        XCTAssertEqual(windows.actions.first?.request.url.href, server.url("/page/b").href)
        XCTAssertEqual(windows.actions.first?.navigationType, .linkActivated)
        XCTAssertEqual(windows.actions.first?.request.headers.first { $0.name.lowercased() == "referer" }?.value,
                       server.url("/page/one").href, "this page is the referrer")
        wait { created.title == "b" }
        XCTAssertEqual(webView.url?.href, server.url("/page/one").href, "this web view stays where it is")
    }

    func testOpenInNewWindowRunsNoJavaScriptLink() throws {
        let windows = Windows()
        webView.uiDelegate = windows
        webView.loadHTMLString("<a href=\"javascript:document.title='ran'\">js</a>", baseURL: server.url("/"))
        wait { recorder.ended }
        let layout = try XCTUnwrap(webView.pageLayout(width: 80))
        let link = try XCTUnwrap(layout.links.first)
        guard case .done = webView.openInNewWindow(link) else { return XCTFail("a javascript: link opens nothing") }
        spin(0.1)
        XCTAssertTrue(windows.actions.isEmpty)
        XCTAssertNotEqual(webView.title, "ran")
    }
}
