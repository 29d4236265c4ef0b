import XCTest
@testable import TernKit
import TernNet
import TernTestSupport

/// file:, data:, about: and custom schemes.
final class SchemeTests: WebViewTestCase {
    private var directory: URL!

    override func setUp() {
        super.setUp()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-files-\(UUID())")
        try? FileManager.default.createDirectory(at: directory.appendingPathComponent("site"), withIntermediateDirectories: true)
        try? Data("<title>Inside</title><p>inside the site</p>".utf8).write(to: directory.appendingPathComponent("site/index.html"))
        try? Data("<title>Outside</title><p>secret</p>".utf8).write(to: directory.appendingPathComponent("secret.html"))
        try? FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("site/escape.html"),
                                                    withDestinationURL: directory.appendingPathComponent("secret.html"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func fileURL(_ relative: String) -> WebURL {
        WebURL(filePath: directory.appendingPathComponent(relative).path)!
    }

    private func loadFile(_ relative: String, allowing root: String) {
        recorder.clear()
        webView.loadFileURL(fileURL(relative), allowingReadAccessTo: fileURL(root))
        wait { recorder.ended }
    }

    func testAFileInsideTheAllowedFolderLoads() {
        loadFile("site/index.html", allowing: "site")
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(webView.title, "Inside")
        XCTAssertEqual(webView.url?.scheme, "file")
        XCTAssertEqual(webView.response?.mimeType, "text/html")
    }

    func testALargeFileLoadsInPiecesAndKeepsItsSourceUnlessToldNot() throws {
        // Over a megabyte, so it arrives in several pieces.
        var html = "<title>Big</title>"
        for i in 0..<40_000 { html += "<p>paragraph \(i)</p>" }
        try Data(html.utf8).write(to: directory.appendingPathComponent("site/big.html"))
        loadFile("site/big.html", allowing: "site")
        XCTAssertEqual(webView.title, "Big")
        XCTAssertEqual(webView.sourceBytes.count, html.utf8.count)
        XCTAssertTrue(webView.pageLayout(width: 80)?.lines.contains { $0.text.contains("paragraph 39999") } ?? false)

        makeWebView { $0.keepsPageSource = false }
        loadFile("site/big.html", allowing: "site")
        XCTAssertEqual(webView.title, "Big")
        XCTAssertEqual(webView.sourceBytes, [])
        XCTAssertTrue(webView.pageLayout(width: 80)?.lines.contains { $0.text.contains("paragraph 39999") } ?? false)
    }

    func testAFileOutsideTheAllowedFolderIsDenied() {
        loadFile("secret.html", allowing: "site")
        XCTAssertEqual(recorder.errors, [.fileAccessDenied(directory.appendingPathComponent("secret.html").path)])
        XCTAssertEqual(recorder.events.last?.hasPrefix("failProvisional"), true)
        XCTAssertEqual(webView.title, "", "no page yet: \"\", as WebKit's")
    }

    func testDotDotAndSymbolicLinksDoNotLeaveTheAllowedFolder() {
        loadFile("site/../secret.html", allowing: "site")
        XCTAssertEqual(recorder.errors.count, 1, "\(recorder.events)")
        loadFile("site/escape.html", allowing: "site")
        XCTAssertEqual(recorder.errors.count, 1, "\(recorder.events)")
        guard case .fileAccessDenied = recorder.errors.first else { return XCTFail("\(recorder.errors)") }
    }

    func testAMissingFileFailsClearly() {
        loadFile("site/missing.html", allowing: "site")
        XCTAssertEqual(recorder.errors, [.fileNotFound(directory.appendingPathComponent("site/missing.html").path)])
    }

    func testDataURLsLoad() {
        recorder.clear()
        webView.load(Request("data:text/html;base64,PHRpdGxlPkRhdGE8L3RpdGxlPjxwPmhpPC9wPg==")!)
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "Data")
        recorder.clear()
        webView.load(Request("data:,Hello%2C%20World!")!)
        wait { recorder.ended }
        XCTAssertEqual(webView.response?.mimeType, "text/plain")
        XCTAssertEqual(String(decoding: webView.sourceBytes, as: UTF8.self), "Hello, World!")
    }

    func testAboutPagesComeFromResources() throws {
        recorder.clear()
        try webView.load(urlString: "about:blank")
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.last, "finish")
        recorder.clear()
        try webView.load(urlString: "about:start")
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "Tern start page")
        recorder.clear()
        try webView.load(urlString: "about:nonexistent")
        wait { recorder.ended }
        XCTAssertEqual(recorder.errors, [.unsupportedScheme("about:nonexistent")])
    }

    func testAnUnknownSchemeIsOfferedToThePolicyThenFailsClearly() throws {
        recorder.clear()
        try webView.load(urlString: "myapp://action?param=value")
        wait { recorder.ended }
        XCTAssertEqual(recorder.actions.first?.request.url.href, "myapp://action?param=value")
        XCTAssertEqual(recorder.errors, [.unsupportedScheme("myapp")])
        XCTAssertEqual(NavigationError.unsupportedScheme("myapp").description, "Tern cannot open myapp: URLs")
    }

    func testARegisteredSchemeHandlerServesTheSchemeInChunks() throws {
        let handler = ChunkedSchemeHandler(chunks: ["<title>Bridge", "d</title><p>served by ", "the app</p>"])
        makeWebView { try? $0.setURLSchemeHandler(handler, forURLScheme: "myapp") }
        try webView.load(urlString: "myapp://page")
        wait { recorder.ended }
        XCTAssertEqual(recorder.events, ["action GET  allow", "start", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(webView.title, "Bridged")
        XCTAssertEqual(value("document.body.textContent.replace(/\\s+/g, ' ').trim()"), .string("served by the app"))
        XCTAssertEqual(handler.started, ["myapp://page"])
    }

    func testASchemeHandlerFailingMidStreamFailsTheCommittedPage() throws {
        let handler = ChunkedSchemeHandler(chunks: ["<title>Half</title>"], failAfterChunks: true)
        makeWebView { try? $0.setURLSchemeHandler(handler, forURLScheme: "myapp") }
        try webView.load(urlString: "myapp://page")
        wait { recorder.ended }
        XCTAssertEqual(recorder.events.suffix(2), ["commit", "fail \(NavigationError.other(reason: "myapp: stream broke"))"])
    }

    func testStoppingALoadStopsTheSchemeTask() throws {
        let handler = ChunkedSchemeHandler(chunks: [], neverFinish: true)
        makeWebView { try? $0.setURLSchemeHandler(handler, forURLScheme: "myapp") }
        try webView.load(urlString: "myapp://slow")
        wait { recorder.events.contains("start") }
        webView.stopLoading()
        XCTAssertEqual(handler.stopped, ["myapp://slow"])
        XCTAssertEqual(recorder.events.last, "failProvisional \(NavigationError.cancelled)")
    }

    func testBuiltInSchemesCannotHaveHandlers() {
        var configuration = WebViewConfiguration()
        for scheme in ["http", "HTTPS", "file", "data", "about"] {
            XCTAssertThrowsError(try configuration.setURLSchemeHandler(ChunkedSchemeHandler(chunks: []), forURLScheme: scheme)) {
                XCTAssertEqual($0 as? URLSchemeHandlerError, .builtInScheme(scheme.lowercased()))
            }
        }
        XCTAssertThrowsError(try configuration.setURLSchemeHandler(ChunkedSchemeHandler(chunks: []), forURLScheme: "1bad"))
        XCTAssertNoThrow(try configuration.setURLSchemeHandler(ChunkedSchemeHandler(chunks: []), forURLScheme: "myapp"))
        XCTAssertNotNil(configuration.urlSchemeHandler(forURLScheme: "MyApp"))
    }

    func testAWebPageCannotRedirectToAFile() {
        loadAndWait("/redirect-to?url=file:///etc/passwd")
        XCTAssertEqual(recorder.errors, [.redirectToDisallowedScheme("file")])
        XCTAssertNil(webView.url)
    }
}

/// Data given with its MIME type and encoding, and HTML strings, with their base URLs.
final class SchemeDataLoadTests: WebViewTestCase {

    func testHTMLStringsAndDataLoadWithTheirBaseURL() {
        let base = server.url("/base/")
        webView.loadHTMLString("<title>From a string</title><p>x</p>", baseURL: base)
        wait { recorder.ended }
        XCTAssertEqual(webView.title, "From a string")
        XCTAssertEqual(webView.url, base)
        recorder.clear()
        webView.load(Array("plain words".utf8), mimeType: "text/plain", characterEncodingName: "utf-8", baseURL: nil)
        wait { recorder.ended }
        XCTAssertEqual(webView.url?.href, "about:blank")
        XCTAssertEqual(webView.response?.mimeType, "text/plain")
        XCTAssertEqual(webView.title, "")
    }
}

/// Serves every request with the given chunks, one per loop turn.
final class ChunkedSchemeHandler: URLSchemeHandler {
    let chunks: [String]
    let failAfterChunks: Bool
    let neverFinish: Bool
    var started: [String] = []
    var stopped: [String] = []

    init(chunks: [String], failAfterChunks: Bool = false, neverFinish: Bool = false) {
        self.chunks = chunks
        self.failAfterChunks = failAfterChunks
        self.neverFinish = neverFinish
    }

    func webView(_ webView: WebView, start task: URLSchemeTask) {
        started.append(task.request.url.href)
        guard !neverFinish else { return }
        let loop = webView.configuration.eventLoop
        task.didReceive(Response(url: task.request.url, mimeType: "text/html", textEncodingName: "utf-8"))
        var remaining = chunks[...]
        func next() {
            if let chunk = remaining.popFirst() {
                task.didReceive(Array(chunk.utf8))
                loop.schedule(after: 0.01, next)
            } else if failAfterChunks {
                task.didFailWithError(NavigationError.other(reason: "myapp: stream broke"))
            } else {
                task.didFinish()
            }
        }
        loop.post(next)
    }

    func webView(_ webView: WebView, stop task: URLSchemeTask) {
        stopped.append(task.request.url.href)
    }
}
