import XCTest
import Foundation
@testable import TernKit
import TernNet
import TernScript
import TernTestSupport

/// Issue #13 item 7: an https page cannot run an http script or read http
/// through XHR/fetch (W3C Mixed Content §4.3), passive content is upgraded
/// (§4.1), and a page that asked for anything insecure is not reported as
/// only secure. a.test over http is not potentially trustworthy (127.0.0.1
/// and localhost would be), so the tests use host names.
final class MixedContentTests: SecurityTestCase {
    private var console: [String] = []

    override func setUp() {
        super.setUp()
        console = []
        webView.onConsoleMessage = { [weak self] in self?.console.append("\($0.level): \($0.text)") }
    }

    private func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }

    /// A page with `html` at `base`'s origin.
    private func page(_ html: String, at base: WebURL) -> WebURL {
        WebURL("/mime?type=" + encode("text/html; charset=utf-8") + "&body=" + encode("<!DOCTYPE html><title>P</title>" + html), base: base)!
    }

    /// A script at `base`'s origin that sets `window[name] = true`.
    private func script(_ name: String, at base: WebURL) -> String {
        WebURL("/mime?type=application/javascript&body=" + encode("window.\(name) = true;"), base: base)!.href
    }

    // MARK: The algorithms

    func testBlockableRequestsFromSecureDocumentsAreBlocked() {
        let secure = WebURL("https://a.test/")!, plain = WebURL("http://a.test/")!
        let insecure = WebURL("http://b.test/x.js")!
        for destination in [MixedContent.Destination.script, .empty, .style, .frame, .iframe, .worker, .font, .object] {
            XCTAssertTrue(MixedContent.shouldBlock(insecure, destination: destination, document: secure), "\(destination)")
            XCTAssertFalse(MixedContent.shouldBlock(insecure, destination: destination, document: plain), "\(destination) from http")
        }
        for trustworthy in ["https://b.test/x.js", "http://127.0.0.1/x.js", "http://localhost:81/x.js", "http://[::1]/x",
                            "data:text/javascript,1"] {
            XCTAssertFalse(MixedContent.shouldBlock(WebURL(trustworthy)!, destination: .script, document: secure), trustworthy)
        }
        XCTAssertFalse(MixedContent.shouldBlock(insecure, destination: .document, document: secure, isTopLevelNavigation: true),
                       "a top-level navigation to http goes")
        XCTAssertTrue(MixedContent.shouldBlock(insecure, destination: .document, document: secure), "a nested document does not")
        XCTAssertFalse(MixedContent.shouldBlock(insecure, destination: .script, document: WebURL("data:text/html,x")!),
                       "an opaque origin prohibits nothing")
        XCTAssertFalse(MixedContent.shouldBlock(insecure, destination: .script, document: nil))
        XCTAssertTrue(MixedContent.shouldBlock(insecure, destination: .script, document: WebURL("http://localhost/")!),
                      "a localhost page is a secure context")
    }

    func testUpgradeablePassiveRequestsGoOverHTTPS() {
        let secure = WebURL("https://a.test/")!
        XCTAssertEqual(MixedContent.upgrade(WebURL("http://b.test/i.png?x#y")!, destination: .image, document: secure)?.href,
                       "https://b.test/i.png?x#y")
        XCTAssertEqual(MixedContent.upgrade(WebURL("http://b.test:8080/a.mp3")!, destination: .audio, document: secure)?.href,
                       "https://b.test:8080/a.mp3")
        XCTAssertEqual(MixedContent.upgrade(WebURL("http://b.test:443/v")!, destination: .video, document: secure)?.href,
                       "https://b.test/v")
        XCTAssertNil(MixedContent.upgrade(WebURL("http://b.test/x.js")!, destination: .script, document: secure), "blockable: not upgraded")
        XCTAssertNil(MixedContent.upgrade(WebURL("http://10.0.0.1/i.png")!, destination: .image, document: secure), "an IP address")
        XCTAssertNil(MixedContent.upgrade(WebURL("http://b.test/i.png")!, destination: .image, document: WebURL("http://a.test/")!))
        XCTAssertNil(MixedContent.upgrade(WebURL("https://b.test/i.png")!, destination: .image, document: secure))
        // Not upgraded (an IP address): blocked.
        XCTAssertTrue(MixedContent.shouldBlock(WebURL("http://10.0.0.1/i.png")!, destination: .image, document: secure))
        XCTAssertTrue(MixedContent.isInsecureFormSubmission(action: WebURL("http://b.test/")!, document: secure))
        XCTAssertFalse(MixedContent.isInsecureFormSubmission(action: WebURL("https://b.test/")!, document: secure))
        XCTAssertFalse(MixedContent.isInsecureFormSubmission(action: WebURL("http://b.test/")!, document: WebURL("http://a.test/")!))
    }

    // MARK: Real loads

    func testAnHTTPScriptOnAnHTTPSPageDoesNotRun() {
        loadAndWait(page("<script src='\(script("insecureRan", at: http("a.test", "/")))'></script>"
                         + "<script src='\(script("secureRan", at: https("b.test", "/")))'></script>", at: https("a.test", "/")))
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(value("window.secureRan === true"), .bool(true), "an https script runs")
        XCTAssertEqual(value("window.insecureRan === undefined"), .bool(true), "the http script must not run")
        XCTAssertTrue(console.contains { $0.hasPrefix("error: Mixed Content") && $0.contains("blocked") && $0.contains("/mime?type=application") },
                      "\(console)")
        XCTAssertFalse(webView.hasOnlySecureContent)
    }

    func testAScriptRedirectedToHTTPDoesNotRun() {
        let hop = https("a.test", "/redirect-to?url=" + encode(script("redirectedRan", at: http("a.test", "/"))))
        loadAndWait(page("<script src='\(hop.href)'></script>", at: https("a.test", "/")))
        XCTAssertEqual(value("window.redirectedRan === undefined"), .bool(true))
        XCTAssertFalse(webView.hasOnlySecureContent)
    }

    func testAScriptInsertedByAScriptIsBlockedToo() {
        loadAndWait(page("<p>x</p>", at: https("a.test", "/")))
        let result = asyncValue("var s = document.createElement('script'); s.src = '\(script("insertedRan", at: http("b.test", "/")))';"
                                + "s.onload = function () { done('loaded'); }; s.onerror = function () { done('error'); };"
                                + "document.body.appendChild(s);")
        XCTAssertEqual(result, .string("error"))
        XCTAssertEqual(value("window.insertedRan === undefined"), .bool(true))
    }

    func testXHRAndFetchToHTTPFailFromAnHTTPSPage() {
        loadAndWait(page("", at: https("a.test", "/")))
        XCTAssertTrue(webView.hasOnlySecureContent, "nothing insecure yet")
        // The target allows any origin (CORS *): only mixed content stops it.
        let target = http("b.test", "/header-script?name=Referer").href
        let fetched = asyncValue("fetch('\(target)').then(function () { done('read'); }, function (e) { done('failed'); });")
        XCTAssertEqual(fetched, .string("failed"))
        let xhr = asyncValue("var x = new XMLHttpRequest(); x.open('GET', '\(target)'); x.onload = function () { done('read'); };"
                             + "x.onerror = function () { done('failed'); }; x.send();")
        XCTAssertEqual(xhr, .string("failed"))
        XCTAssertFalse(webView.hasOnlySecureContent)
        XCTAssertTrue(console.contains { $0.contains("Mixed Content") && $0.contains(target) }, "\(console)")
    }

    func testHTTPPagesAndSecureSubresourcesAreLeftAlone() {
        loadAndWait(page("<script src='\(script("plainRan", at: http("b.test", "/")))'></script>", at: http("a.test", "/")))
        XCTAssertEqual(value("window.plainRan === true"), .bool(true), "http to http is not mixed content")
        loadAndWait(page("<script src='\(script("secureRan", at: https("b.test", "/")))'></script>", at: https("a.test", "/")))
        XCTAssertEqual(value("window.secureRan === true"), .bool(true))
        let read = asyncValue("fetch('\(https("b.test", "/header-script").href)').then(function () { done('read'); }, function () { done('failed'); });")
        XCTAssertEqual(read, .string("read"))
        XCTAssertTrue(webView.hasOnlySecureContent)
        XCTAssertTrue(console.isEmpty, "\(console)")
    }

    func testAFormToHTTPWarnsAndALinkToHTTPGoes() throws {
        let form = page("<form method=post action='\(http("b.test", "/echo").href)'><input name=a value=1><button id=send>go</button></form>"
                        + "<a id=go href='\(http("b.test", "/echo").href)'>go</a>", at: https("a.test", "/"))
        loadAndWait(form)
        recorder.clear()
        guard case .navigation = webView.page.activate(try XCTUnwrap(webView.page.document?.querySelector("#send"))) else { return XCTFail("no navigation") }
        XCTAssertTrue(console.contains { $0.hasPrefix("warn: Mixed Content") && $0.contains("form") }, "\(console)")
        wait { recorder.ended }
        XCTAssertEqual(echo()["method"] as? String, "POST", "the submission goes, warned")
        loadAndWait(form)
        recorder.clear()
        guard case .navigation = webView.page.activate(try XCTUnwrap(webView.page.document?.querySelector("#go"))) else { return XCTFail("no navigation") }
        wait { recorder.ended }
        XCTAssertEqual(webView.url?.href, http("b.test", "/echo").href, "a top-level navigation to http is not blocked")
    }

    /// The browser's page information (`=`, in a real terminal) tells a
    /// page that asked for http content from one that did not.
    func testPageInformationSaysNotFullySecure() {
        let options = ["--ca-bundle", TestCertificates.shared.caBundle] + SecurityTestCase.resolveEntries.flatMap { ["--resolve", $0] }
        let mixed = page("<p>Mixed page</p><script src='\(script("ran", at: http("a.test", "/")))'></script>", at: https("a.test", "/"))
        let tern = try? TerminalSession(options + [mixed.href])
        guard let tern else { return XCTFail("cannot start tern in tmux") }
        defer { tern.close() }
        tern.waitFor("Mixed page")
        tern.press("=")
        tern.waitFor("Page information")
        tern.waitForWrapped("Secure: not fully")
        XCTAssertFalse(tern.screen().contains("yes (https"), tern.screen())

        let clean = page("<p>Clean page</p>", at: https("a.test", "/"))
        let control = try? TerminalSession(options + [clean.href])
        guard let control else { return XCTFail("cannot start tern in tmux") }
        defer { control.close() }
        control.waitFor("Clean page")
        control.press("=")
        control.waitFor("Page information")
        control.waitForWrapped("Secure: yes (https, certificate verified)")
    }
}
