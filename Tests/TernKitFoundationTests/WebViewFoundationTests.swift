import XCTest
import TernKitFoundation
import TernTestSupport

/// WKWebView's loading calls with Foundation types, against the test server.
final class WebViewFoundationTests: WebViewTestCase {
    /// A POST URLRequest's method, body and header fields reach the server.
    func testLoadURLRequestWithBodyAndHeaders() throws {
        var request = URLRequest(url: try XCTUnwrap(URL(server.url("/echo"))))
        request.httpMethod = "POST"
        request.httpBody = Data("name=tern&x=%41".utf8)
        request.setValue("porter", forHTTPHeaderField: "X-Custom")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        recorder.clear()
        XCTAssertNotNil(webView.load(request))
        wait { recorder.ended }
        let echo = echo()
        XCTAssertEqual(echo["method"] as? String, "POST")
        XCTAssertEqual(echo["body"] as? String, "name=tern&x=%41")
        let headers = echo["headers"] as? [[String]] ?? []
        XCTAssertTrue(headers.contains(["X-Custom", "porter"]), "\(headers)")
        XCTAssertTrue(headers.contains(["Content-Type", "application/x-www-form-urlencoded"]), "\(headers)")
        XCTAssertEqual(webView.foundationURL, URL(string: server.url("/echo").href))
    }

    /// `httpShouldHandleCookies = false` sends no cookie; a cache policy
    /// that forbids the network fails with nothing cached.
    func testCookieAndCachePoliciesAreCarried() throws {
        webView.configuration.websiteDataStore.httpCookieStore.setCookie(Cookie(name: "c", value: "1", domain: "127.0.0.1"))
        var request = URLRequest(url: try XCTUnwrap(URL(server.url("/echo"))))
        request.httpShouldHandleCookies = false
        recorder.clear()
        webView.load(request)
        wait { recorder.ended }
        let headers = echo()["headers"] as? [[String]] ?? []
        XCTAssertFalse(headers.contains { $0.first?.lowercased() == "cookie" }, "\(headers)")

        request = URLRequest(url: try XCTUnwrap(URL(server.url("/page/uncached"))), cachePolicy: .returnCacheDataDontLoad)
        recorder.clear()
        webView.load(request)
        wait { recorder.ended }
        guard case .resourceUnavailable? = recorder.errors.first else { return XCTFail("\(recorder.events)") }
    }

    /// A URLRequest whose URL the URL Standard refuses loads nothing.
    func testRefusedURLLoadsNothing() throws {
        XCTAssertNil(webView.load(URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:99999/")))))
        XCTAssertFalse(webView.isLoading)
        XCTAssertNil(webView.foundationURL)
    }

    /// WebKit's `loadHTMLString(html, baseURL: nil)` compiles (TernKit's
    /// overload is taken); a Foundation base URL resolves the page's links.
    func testLoadHTMLStringAndData() throws {
        webView.loadHTMLString("<title>nil base</title>", baseURL: nil)
        wait { webView.title == "nil base" && !webView.isLoading }
        XCTAssertEqual(webView.foundationURL?.absoluteString, "about:blank")

        webView.loadHTMLString("<title>base</title><a href='page/x'>x</a>", baseURL: URL(string: "http://127.0.0.1/dir/"))
        wait { webView.title == "base" && !webView.isLoading }
        XCTAssertEqual(webView.pageLayout(width: 80)?.links.first?.url, "http://127.0.0.1/dir/page/x")

        webView.load(Data("<title>data</title>".utf8), mimeType: "text/html", characterEncodingName: "utf-8",
                     baseURL: try XCTUnwrap(URL(string: "http://127.0.0.1/d/")))
        wait { webView.title == "data" && !webView.isLoading }
        XCTAssertEqual(webView.foundationURL?.absoluteString, "http://127.0.0.1/d/")
    }

    /// `loadFileURL` with Foundation file URLs: a file inside the folder
    /// loads, one outside fails with `fileAccessDenied`.
    func testLoadFileURL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-foundation-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("a page.html")
        try Data("<title>file page</title>".utf8).write(to: page)
        recorder.clear()
        webView.loadFileURL(page, allowingReadAccessTo: folder)
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "file page")
        XCTAssertEqual(webView.foundationURL?.path, page.path)

        recorder.clear()
        webView.loadFileURL(page, allowingReadAccessTo: folder.appendingPathComponent("elsewhere"))
        wait { recorder.ended }
        guard case .fileAccessDenied? = recorder.errors.first else { return XCTFail("\(recorder.events)") }
    }
}
