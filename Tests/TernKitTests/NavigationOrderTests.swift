import XCTest
import TernKit
import TernNet
import TernTestSupport

/// The exact order of delegate callbacks, recorded against the real test server.
final class NavigationOrderTests: WebViewTestCase {
    func testPlainPageReportsEveryStepInOrder() {
        loadAndWait("/plain")
        XCTAssertEqual(recorder.events, ["action GET /plain allow", "start", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertEqual(webView.url, server.url("/plain"))
        XCTAssertFalse(webView.isLoading)
        XCTAssertEqual(webView.estimatedProgress, 1.0)
        XCTAssertEqual(webView.response?.mimeType, "text/html")
        XCTAssertEqual(webView.response?.textEncodingName, "utf-8")
        XCTAssertEqual(recorder.actions.first?.navigationType, .other)
        XCTAssertTrue(recorder.actions.first?.targetFrame?.isMainFrame ?? false)
    }

    func testEachRedirectHopIsReportedAndPolicyChecked() {
        for code in [301, 302, 303, 307, 308] {
            loadAndWait("/redirect/\(code)/3")
            let hops = ["/redirect/\(code)/2", "/redirect/\(code)/1", "/redirect/\(code)/0", "/echo"]
            let expected = ["action GET /redirect/\(code)/3 allow", "start"]
                + hops.flatMap { ["redirect", "action GET \($0) allow"] }
                + ["response 200 allow", "commit", "finish"]
            XCTAssertEqual(recorder.events, expected, "code \(code)")
            XCTAssertEqual(webView.url, server.url("/echo"), "code \(code)")
        }
    }

    func testPostBecomesGetOn301To303AndKeepsBodyOn307And308() {
        let body = Array("name=tern&x=1".utf8)
        for (code, keeps) in [(301, false), (302, false), (303, false), (307, true), (308, true)] {
            recorder.clear()
            webView.load(server.request("/redirect/\(code)/1", method: "POST", body: body,
                                        headers: ["Content-Type": "application/x-www-form-urlencoded"]))
            wait { recorder.ended }
            let echo = echo()
            XCTAssertEqual(echo["method"] as? String, keeps ? "POST" : "GET", "code \(code)")
            XCTAssertEqual(echo["body_length"] as? Int, keeps ? body.count : 0, "code \(code)")
            XCTAssertEqual(echo["body"] as? String, keeps ? "name=tern&x=1" : "", "code \(code)")
        }
    }

    func testCancelInActionPolicyStartsNothing() {
        recorder.actionPolicy = { _ in .cancel }
        webView.load(server.request("/plain"))
        spin(0.3)
        XCTAssertEqual(recorder.events, ["action GET /plain cancel"])
        XCTAssertFalse(webView.isLoading)
        XCTAssertNil(webView.url)
        XCTAssertEqual(webView.estimatedProgress, 0)
    }

    func testCancelOnARedirectFailsTheProvisionalNavigation() {
        recorder.actionPolicy = { $0.request.url.pathname == "/echo" ? .cancel : .allow }
        loadAndWait("/redirect/302/0")
        XCTAssertEqual(recorder.events, ["action GET /redirect/302/0 allow", "start", "redirect", "action GET /echo cancel",
                                         "failProvisional \(NavigationError.interruptedByPolicy)"])
    }

    func testCancelInResponsePolicyFailsProvisionally() {
        recorder.responsePolicy = { _ in .cancel }
        loadAndWait("/plain")
        XCTAssertEqual(recorder.events, ["action GET /plain allow", "start", "response 200 cancel",
                                         "failProvisional \(NavigationError.interruptedByPolicy)"])
        XCTAssertNil(webView.url)
        XCTAssertFalse(webView.isLoading)
    }

    func testStopLoadingMidLoadFailsWithCancelledAndNothingFollows() {
        webView.load(server.request("/slow?ms=3000&chunks=30"))
        wait { recorder.events.contains("commit") }
        webView.stopLoading()
        XCTAssertEqual(recorder.events, ["action GET /slow allow", "start", "response 200 allow", "commit",
                                         "fail \(NavigationError.cancelled)"])
        XCTAssertFalse(webView.isLoading)
        let count = recorder.events.count
        spin(0.5)
        XCTAssertEqual(recorder.events.count, count, "nothing after the cancellation: \(recorder.events)")
    }

    func testASecondLoadCancelsTheFirst() {
        webView.load(server.request("/slow?ms=3000&chunks=30"))
        wait { recorder.events.contains("start") }
        let first = recorder.navigations.first
        webView.load(server.request("/plain"))
        wait { recorder.events.last == "finish" }
        XCTAssertEqual(recorder.events.first, "action GET /slow allow")
        let failure = recorder.events.firstIndex { $0.hasSuffix("\(NavigationError.cancelled)") }
        let secondAction = recorder.events.firstIndex(of: "action GET /plain allow")
        XCTAssertNotNil(failure, "\(recorder.events)")
        XCTAssertNotNil(secondAction)
        XCTAssertLessThan(failure ?? 99, secondAction ?? 0, "the first fails before the second is decided")
        XCTAssertEqual(recorder.navigations.count, 2)
        XCTAssertFalse(recorder.navigations.last === first)
        XCTAssertEqual(webView.title, "Plain Page")
    }

    func testHTTPErrorsShowTheirPages() {
        for code in [404, 500] {
            loadAndWait("/status/\(code)")
            XCTAssertEqual(recorder.events.last, "finish")
            XCTAssertEqual(webView.title, "Status \(code)")
            XCTAssertEqual(webView.response?.statusCode, code)
        }
    }

    func testChunkedBodyWithoutLength() {
        loadAndWait("/chunked")
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(webView.title, "Chunked Page")
        XCTAssertEqual(webView.response?.expectedContentLength, -1)
        let text = value("document.body.textContent.replace(/\\s+/g, ' ')")?.stringValue ?? ""
        XCTAssertTrue(text.contains("The end."), text)
    }

    func testCompressedBodiesAreDecoded() {
        for kind in ["gzip", "deflate", "br", "zstd"] {
            loadAndWait("/\(kind)")
            XCTAssertEqual(webView.title, "Compressed \(kind)")
            XCTAssertEqual(webView.response?.headers["Content-Encoding"], kind)
            let text = value("document.body.textContent.replace(/\\s+/g, ' ')")?.stringValue ?? ""
            XCTAssertEqual(text.components(separatedBy: "The quick brown fox jumps over the lazy dog.").count - 1, 200, kind)
        }
    }
}

/// A response's download policy: the body saved to a file (through the
/// browser's own load when the page runs in a content process).
final class NavigationOrderDownloadTests: WebViewTestCase {

    func testDownloadPolicySavesTheBodyToAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-download-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let saver = DownloadSaver(directory: directory.path)
        recorder.responsePolicy = { _ in .download }
        recorder.onDownload = { $0.delegate = saver }
        loadAndWait("/big?mb=3")
        XCTAssertEqual(recorder.events, ["action GET /big allow", "start", "response 200 download", "download",
                                         "failProvisional \(NavigationError.interruptedByPolicy)"])
        wait { saver.finished || saver.error != nil }
        XCTAssertNil(saver.error)
        XCTAssertEqual(saver.suggestedFilename, "big")
        let data = try Data(contentsOf: directory.appendingPathComponent("big"))
        XCTAssertEqual(data.count, 3 * 1024 * 1024)
        // The server's pattern: byte i is i % 251.
        for offset in [0, 250, 251, 1_000_003, data.count - 1] {
            XCTAssertEqual(Int(data[offset]), offset % 251, "byte \(offset)")
        }
        XCTAssertNil(webView.url, "a download shows no page")
    }
}

/// Saves downloads into a folder under their suggested names.
final class DownloadSaver: DownloadDelegate {
    let directory: String
    var finished = false
    var error: NavigationError?
    var suggestedFilename: String?

    init(directory: String) { self.directory = directory }

    func download(_ download: Download, decideDestinationUsing response: Response, suggestedFilename: String,
                  completionHandler: @escaping (String?) -> Void) {
        self.suggestedFilename = suggestedFilename
        completionHandler(directory + "/" + suggestedFilename)
    }

    func downloadDidFinish(_ download: Download) { finished = true }
    func download(_ download: Download, didFailWithError error: Error, resumeData: [UInt8]?) {
        self.error = error as? NavigationError
    }
}
