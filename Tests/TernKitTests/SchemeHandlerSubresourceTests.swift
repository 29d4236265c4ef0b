import XCTest
import TernKit
import TernNet
import TernTestSupport

/// A URL scheme handler serves a page's scripts, XHR and fetch too, one
/// task per request; a task failing mid-stream fails the request it feeds.
final class SchemeHandlerSubresourceTests: WebViewTestCase {
    /// Serves `myapp://app/<name>` from a table of bodies sent in two halves;
    /// names listed in `breaking` fail after their first half.
    final class AppSchemeHandler: URLSchemeHandler {
        var files: [String: String] = [:]
        var breaking: Set<String> = []
        var started: [String] = []
        var stopped: [String] = []

        func webView(_ webView: WebView, start task: URLSchemeTask) {
            let url = task.request.url
            started.append(url.href)
            let name = String(url.pathname.dropFirst())
            guard let body = files[name] else {
                return task.didFailWithError(NavigationError.fileNotFound(url.href))
            }
            let type = name.hasSuffix(".js") ? "text/javascript" : name.hasSuffix(".json") ? "application/json" : "text/html"
            task.didReceive(Response(url: url, mimeType: type, textEncodingName: "utf-8", expectedContentLength: Int64(body.utf8.count)))
            let bytes = Array(body.utf8)
            task.didReceive(Array(bytes.prefix(bytes.count / 2)))
            webView.configuration.eventLoop.schedule(after: 0.02) { [breaking] in
                if breaking.contains(name) {
                    task.didFailWithError(NavigationError.connectionLost(reason: "the app's stream broke"))
                } else {
                    task.didReceive(Array(bytes.dropFirst(bytes.count / 2)))
                    task.didFinish()
                }
            }
        }

        func webView(_ webView: WebView, stop task: URLSchemeTask) {
            stopped.append(task.request.url.href)
        }
    }

    private var handler: AppSchemeHandler!

    override func setUp() {
        super.setUp()
        handler = AppSchemeHandler()
        let handler = handler!
        makeWebView { try? $0.setURLSchemeHandler(handler, forURLScheme: "myapp") }
    }

    private func request(_ method: String, _ url: String) -> String {
        """
        (function () {
          var x = new XMLHttpRequest();
          x.open('GET', '\(url)');
          x.onload = function () { results.push('\(method) load ' + x.status + ' ' + x.responseText); };
          x.onerror = function () { results.push('\(method) error'); };
          x.send();
        })();
        """
    }

    func testScriptsXHRAndFetchAreServedByTheHandler() throws {
        handler.files = [
            "index.html": "<title>App</title><script src='myapp://app/app.js'></script>"
                + "<script>window.results = window.results || []; \(request("xhr", "myapp://app/data.json"))"
                + "fetch('myapp://app/data.json').then(function (r) { return r.text(); })"
                + ".then(function (t) { results.push('fetch ' + t); }, function () { results.push('fetch error'); });</script>",
            "app.js": "window.results = ['script ran'];",
            "data.json": "{\"answer\": 42}",
        ]
        try webView.load(urlString: "myapp://app/index.html")
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "App")
        wait { self.value("results.length") == .number(3) }
        XCTAssertEqual(value("results"), .array([.string("script ran"), .string("xhr load 200 {\"answer\": 42}"),
                                                 .string("fetch {\"answer\": 42}")]))
        XCTAssertEqual(Set(handler.started), ["myapp://app/index.html", "myapp://app/app.js", "myapp://app/data.json"])
        XCTAssertEqual(handler.started.count, 4, "one task per request")
    }

    func testAHandlerFailingMidStreamReportsTheErrorToTheXHR() throws {
        handler.files = ["index.html": "<title>App</title><script>window.results = []; \(request("xhr", "myapp://app/broken.json"))</script>",
                         "broken.json": String(repeating: "x", count: 1000)]
        handler.breaking = ["broken.json"]
        try webView.load(urlString: "myapp://app/index.html")
        wait { recorder.ended }
        wait { self.value("results.length") == .number(1) }
        XCTAssertEqual(value("results"), .array([.string("xhr error")]))
        XCTAssertEqual(recorder.events.last, "finish", "the page itself loaded")
    }

    func testAHandlerFailingMidStreamFailsAMainFrameLoadAfterCommit() throws {
        handler.files = ["page.html": "<title>Half</title><p>" + String(repeating: "text ", count: 200)]
        handler.breaking = ["page.html"]
        try webView.load(urlString: "myapp://app/page.html")
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.suffix(2),
                       ["commit", "fail \(NavigationError.connectionLost(reason: "the app's stream broke"))"])
    }

    func testAnAbortedXHRStopsItsTask() throws {
        handler.files = ["index.html": "<title>App</title>"]
        try webView.load(urlString: "myapp://app/index.html")
        wait { recorder.ended }
        final class Silent: URLSchemeHandler {
            var stopped: [String] = []
            func webView(_ webView: WebView, start task: URLSchemeTask) {}
            func webView(_ webView: WebView, stop task: URLSchemeTask) { stopped.append(task.request.url.href) }
        }
        let silent = Silent()
        makeWebView { try? $0.setURLSchemeHandler(silent, forURLScheme: "slow") }
        webView.loadHTMLString("<title>Page</title>", baseURL: WebURL("http://127.0.0.1:\(server.port)/")!)
        wait { recorder.ended }
        _ = value("window.x = new XMLHttpRequest(); x.open('GET', 'slow://never'); x.send(); 1")
        spin(0.1)
        _ = value("x.abort(); 1")
        wait { silent.stopped == ["slow://never"] }
    }

    func testHandlesURLSchemeNamesTheBuiltInSchemes() {
        for scheme in ["http", "HTTPS", "file", "data", "about", "javascript"] {
            XCTAssertTrue(WebView.handlesURLScheme(scheme), scheme)
        }
        XCTAssertFalse(WebView.handlesURLScheme("myapp"))
        XCTAssertFalse(WebView.handlesURLScheme("tel"))
    }
}
