import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Hostile or broken input ends in its NavigationError, and the same web view
/// then loads the next page normally.
final class BadInputTests: WebViewTestCase {
    private func assertNextPageLoads(file: StaticString = #filePath, line: UInt = #line) {
        loadAndWait("/plain", file: file, line: line)
        XCTAssertEqual(recorder.events.last, "finish", file: file, line: line)
        XCTAssertEqual(webView.title, "Plain Page", file: file, line: line)
    }

    func testAMalformedURLIsRefusedWithBadURL() {
        for text in ["http://exa mple.com/", "http://[::1/", "http://127.0.0.1:99999/", "not a url", ""] {
            XCTAssertThrowsError(try webView.load(urlString: text)) {
                XCTAssertEqual($0 as? NavigationError, .badURL(text))
            }
        }
        spin(0.1)
        XCTAssertTrue(recorder.events.isEmpty)
        assertNextPageLoads()
    }

    func testGarbageResponseHeaders() {
        loadAndWait("/garbage-headers")
        guard case .badServerResponse = recorder.errors.first else { return XCTFail("\(recorder.events)") }
        assertNextPageLoads()
    }

    func testAnEndlessRedirectStopsAfterTwentyHops() {
        loadAndWait("/loop")
        XCTAssertEqual(recorder.errors, [.tooManyRedirects(20)])
        XCTAssertEqual(recorder.events.filter { $0 == "redirect" }.count, 20)
        XCTAssertEqual(NavigationError.tooManyRedirects(20).description, "Too many redirects (more than 20)")
        assertNextPageLoads()
    }

    func testAnInvalidGzipStream() {
        loadAndWait("/bad-gzip")
        guard case .badContentEncoding = recorder.errors.first else { return XCTFail("\(recorder.events)") }
        assertNextPageLoads()
    }

    func testAResponseThatNeverEndsIsStoppedByStopLoading() {
        webView.load(server.request("/endless"))
        wait { recorder.events.contains("commit") }
        spin(0.3)
        XCTAssertTrue(webView.isLoading)
        webView.stopLoading()
        XCTAssertEqual(recorder.errors, [.cancelled])
        XCTAssertFalse(webView.isLoading)
        assertNextPageLoads()
    }

    func testAConnectionClosedMidBody() {
        loadAndWait("/close-mid-body")
        XCTAssertEqual(recorder.events.suffix(2).first, "commit", "the first bytes were shown")
        guard case .connectionLost = recorder.errors.first else { return XCTFail("\(recorder.events)") }
        assertNextPageLoads()
    }

    func testAGzipBombStopsAtTheSizeCapWithBoundedMemory() {
        makeWebView { $0.network.maximumBodySize = 16 * 1024 * 1024 }
        let before = PeakMemory.residentBytes()
        loadAndWait("/gzip-bomb")
        XCTAssertEqual(recorder.errors, [.documentTooLarge(limit: 16 * 1024 * 1024)])
        // 1 GiB inflated would be visible here; the cap keeps growth near 16 MB.
        XCTAssertLessThan(PeakMemory.residentBytes() - before, 200 * 1024 * 1024)
        assertNextPageLoads()
    }

    func testABodyLargerThanTheDefaultCapFails() {
        loadAndWait("/big?mb=100&type=text/html")
        XCTAssertEqual(recorder.errors, [.documentTooLarge(limit: 64 * 1024 * 1024)])
        assertNextPageLoads()
    }

    func testAServerThatSendsNothingHitsTheStallTimeout() {
        makeWebView { $0.network.lowSpeedTimeout = 1 }
        loadAndWait("/hang")
        XCTAssertEqual(recorder.errors, [.timedOut])
        assertNextPageLoads()
    }

    func testAnOverallTimeoutEndsASlowPage() {
        makeWebView { $0.network.overallTimeout = 0.5 }
        loadAndWait("/endless")
        XCTAssertEqual(recorder.errors, [.timedOut])
    }

    func testAClosedPortCannotConnect() throws {
        // Bind and close a socket to find a port with nothing listening.
        let closedPort = try HTTP2Server.freePort()
        recorder.clear()
        try webView.load(urlString: "http://127.0.0.1:\(closedPort)/")
        wait { recorder.ended }
        guard case .cannotConnect(let host, _) = recorder.errors.first else { return XCTFail("\(recorder.events)") }
        XCTAssertEqual(host, "127.0.0.1")
        assertNextPageLoads()
    }

    func testResolvePinsAHostNameToLoopback() throws {
        makeWebView { $0.network.resolve = ["tern.test:\(TestServer.shared.port):127.0.0.1"] }
        recorder.clear()
        try webView.load(urlString: "http://tern.test:\(server.port)/echo")
        wait { recorder.ended }
        let headers = echo()["headers"] as? [[String]] ?? []
        XCTAssertTrue(headers.contains(["Host", "tern.test:\(server.port)"]), "\(headers)")
    }
}

/// The process's peak resident memory, from /proc/self/status (VmHWM).
enum PeakMemory {
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
