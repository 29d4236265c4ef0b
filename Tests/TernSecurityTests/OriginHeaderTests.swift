import XCTest
import Foundation
@testable import TernKit
import TernNet

/// Issue #13 item 11, for navigations: a form POST (any navigation but GET
/// and HEAD) says where it comes from in `Origin` (Fetch's "append a request
/// `Origin` header"), `null` where the origin is opaque, the referrer policy
/// says no-referrer, https goes to http, or a redirect went through a third origin.
final class OriginHeaderTests: SecurityTestCase {
    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    private func page(_ html: String, at base: WebURL) -> WebURL {
        WebURL("/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode("<!DOCTYPE html><title>P</title>" + html), base: base)!
    }

    private func form(method: String, action: WebURL) -> String {
        "<form method=\(method) action='\(action.href)'><input name=a value=1><button id=send>go</button></form>"
    }

    /// Submits the page's form and returns the Origin /echo received (nil for none).
    private func submitAndEchoedOrigin(file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let button = try XCTUnwrap(try webView.page.document?.querySelector("#send"), file: file, line: line)
        recorder.clear()
        guard case .navigation = webView.page.activate(button) else { XCTFail("no navigation", file: file, line: line); return nil }
        wait(file: file, line: line) { recorder.ended }
        XCTAssertEqual(webView.url?.pathname, "/echo", file: file, line: line)
        return (echo(file: file, line: line)["headers"] as? [[String]] ?? []).first { $0.first?.lowercased() == "origin" }?.last
    }

    // MARK: The algorithm

    func testTheOriginValueTable() {
        let a = WebURL("https://a.test/p?q")!, b = WebURL("https://b.test/echo")!, plain = WebURL("http://b.test/echo")!
        let c = WebURL("https://c.test/echo")!
        XCTAssertNil(OriginHeader.value(method: "GET", initiator: a, urlList: [b], policy: .default))
        XCTAssertNil(OriginHeader.value(method: "head", initiator: a, urlList: [b], policy: .default))
        XCTAssertNil(OriginHeader.value(method: "POST", initiator: nil, urlList: [b], policy: .default), "the person typed it")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [b], policy: .default), "https://a.test")
        XCTAssertEqual(OriginHeader.value(method: "post", initiator: a, urlList: [a], policy: .default), "https://a.test")
        XCTAssertEqual(OriginHeader.value(method: "PUT", initiator: a, urlList: [b], policy: .noReferrer), "null")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [plain], policy: .default), "null", "https to http")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [plain], policy: .strictOrigin), "null")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [plain], policy: .noReferrerWhenDowngrade), "null")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [plain], policy: .unsafeURL), "https://a.test")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [plain], policy: .origin), "https://a.test")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [b], policy: .sameOrigin), "null")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [a], policy: .sameOrigin), "https://a.test")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: WebURL("data:text/html,x")!, urlList: [b], policy: .default), "null")
        // Redirect-taint: through a third origin the origin becomes null; back and forth with the request's own does not.
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [b, c], policy: .default), "null")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [a, b], policy: .default), "https://a.test")
        XCTAssertEqual(OriginHeader.value(method: "POST", initiator: a, urlList: [b, a], policy: .default), "null")
    }

    // MARK: Real loads

    func testACrossSiteFormPostCarriesTheOrigin() throws {
        loadAndWait(page(form(method: "post", action: http("b.test", "/echo")), at: http("a.test", "/")))
        XCTAssertEqual(try submitAndEchoedOrigin(), "http://a.test:\(server.port)")
    }

    func testASameOriginFormPostCarriesItToo() throws {
        loadAndWait(page(form(method: "post", action: http("a.test", "/echo")), at: http("a.test", "/")))
        XCTAssertEqual(try submitAndEchoedOrigin(), "http://a.test:\(server.port)")
    }

    func testAGetFormCarriesNone() throws {
        loadAndWait(page(form(method: "get", action: http("b.test", "/echo")), at: http("a.test", "/")))
        XCTAssertNil(try submitAndEchoedOrigin())
    }

    func testAPostFromADataURLPageSaysNull() throws {
        let html = "<!DOCTYPE html><title>D</title>" + form(method: "post", action: http("b.test", "/echo"))
        loadAndWait(WebURL("data:text/html," + encode(html))!)
        XCTAssertEqual(webView.url?.scheme, "data")
        XCTAssertEqual(try submitAndEchoedOrigin(), "null")
    }

    func testNoReferrerAndDowngradeSayNull() throws {
        loadAndWait(page("<meta name=referrer content=no-referrer>" + form(method: "post", action: http("b.test", "/echo")), at: http("a.test", "/")))
        XCTAssertEqual(try submitAndEchoedOrigin(), "null", "no-referrer")
        loadAndWait(page(form(method: "post", action: http("b.test", "/echo")), at: https("a.test", "/")))
        XCTAssertEqual(try submitAndEchoedOrigin(), "null", "https to http")
    }

    func testARedirectThroughAThirdOriginSaysNull() throws {
        let through = http("b.test", "/redirect-to?code=307&url=" + encode(http("c.test", "/echo").href))
        loadAndWait(page(form(method: "post", action: through), at: http("a.test", "/")))
        XCTAssertEqual(try submitAndEchoedOrigin(), "null")
        XCTAssertEqual(echo()["method"] as? String, "POST", "307 keeps the method")
        let own = http("a.test", "/redirect-to?code=307&url=" + encode(http("b.test", "/echo").href))
        loadAndWait(page(form(method: "post", action: own), at: http("a.test", "/")))
        XCTAssertEqual(try submitAndEchoedOrigin(), "http://a.test:\(server.port)", "a hop through its own origin")
    }
}
