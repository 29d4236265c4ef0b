import XCTest
import Foundation
@testable import TernKit
import TernNet
import TernTestSupport

/// Style sheets are blockable mixed content (Mixed Content §4.3, destination
/// "style"): an https page neither fetches an http sheet nor follows a
/// redirect to one, and says so on the console; and a web page cannot
/// reach `file:` sheets.
final class StyleSheetMixedContentTests: SecurityTestCase {
    private var console: [String] = []

    override func setUp() {
        super.setUp()
        console = []
        webView.onConsoleMessage = { [weak self] in self?.console.append("\($0.level): \($0.text)") }
    }

    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    private func page(_ html: String, at base: WebURL) -> WebURL {
        WebURL("/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode("<!DOCTYPE html><title>P</title>" + html), base: base)!
    }

    /// What the plain server's `/sheet` logged for `key`.
    private func requestCount(_ key: String) -> Int { sheetRequests(key).count }

    private var sheetURLs: [String] {
        _ = webView.pageLayout(width: 80)
        return webView.page.session.styles.sheets.compactMap { $0.sheet.baseURL }
    }

    func testAnHTTPSheetOnAnHTTPSPageIsNotFetched() {
        let key = UUID().uuidString
        let insecure = http("b.test", "/sheet?key=\(key)&n=plain").href
        let secure = https("b.test", "/sheet?key=\(key)&n=secure").href
        loadAndWait(page("<link rel=stylesheet href='\(insecure)'><link rel=stylesheet href='\(secure)'>", at: https("a.test", "/")))
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(requestCount(key), 0, "the http sheet is never requested (the plain server's log)")
        XCTAssertEqual(sheetURLs, [secure], "the https one arrived")
        XCTAssertTrue(console.contains { $0.hasPrefix("error: Mixed Content") && $0.contains("n=plain") }, "\(console)")
        XCTAssertFalse(webView.hasOnlySecureContent)
    }

    func testARedirectToAnHTTPSheetIsNotFollowed() {
        let key = UUID().uuidString
        let hop = https("a.test", "/redirect-to?url=" + encode(http("b.test", "/sheet?key=\(key)").href))
        loadAndWait(page("<link rel=stylesheet href='\(hop.href)'>", at: https("a.test", "/")))
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(requestCount(key), 0)
        XCTAssertEqual(sheetURLs, [])
    }

    func testAWebPageCannotLinkAFileSheet() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tern-sheet-\(UUID()).css").path
        try Data("p {}".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        loadAndWait(page("<link rel=stylesheet href='file://\(path)'>", at: http("a.test", "/")))
        XCTAssertEqual(sheetURLs, [], "file: is out of a web page's reach")
        let local = FileManager.default.temporaryDirectory.appendingPathComponent("tern-page-\(UUID()).html").path
        try Data("<link rel=stylesheet href='file://\(path)'><p>x</p>".utf8).write(to: URL(fileURLWithPath: local))
        defer { try? FileManager.default.removeItem(atPath: local) }
        recorder.clear()
        let directory = WebURL("file://" + FileManager.default.temporaryDirectory.path + "/")!
        _ = webView.loadFileURL(WebURL("file://" + local)!, allowingReadAccessTo: directory)
        wait { recorder.ended }
        XCTAssertEqual(sheetURLs, ["file://" + path], "a local page may use a local sheet")
    }
}
