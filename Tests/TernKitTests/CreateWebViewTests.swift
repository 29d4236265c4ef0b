import XCTest
import Foundation
import TernKit
import TernTestSupport

/// WebKit's `webView(_:createWebViewWith:for:windowFeatures:)`: when the UI
/// delegate returns nil (or there is none), nothing opens and the web view
/// that asked does not navigate; the app decides what to do with the request.
final class CreateWebViewTests: WebViewTestCase {
    final class Refusing: UIDelegate {
        var asked: [NavigationAction] = []
        func webView(_ webView: WebView, createWebViewWith configuration: WebViewConfiguration,
                     for navigationAction: NavigationAction, windowFeatures: WindowFeatures) -> WebView? {
            asked.append(navigationAction)
            return nil
        }
    }

    private func openPage(_ body: String) {
        let html = "<!DOCTYPE html><title>Opener</title>" + body
        let encoded = html.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        loadAndWait("/mime?type=text%2Fhtml&body=" + encoded)
        XCTAssertEqual(webView.title, "Opener")
        recorder.clear()
    }

    /// The link or form control `selector` finds, from the layout.
    private func link(_ selector: String) throws -> PageElement {
        try element(selector)
    }

    /// Nothing happened here: no navigation event, the same page.
    private func assertStayed(file: StaticString = #filePath, line: UInt = #line) {
        spin(0.5)
        XCTAssertTrue(recorder.events.isEmpty, "this view navigated: \(recorder.events)", file: file, line: line)
        XCTAssertEqual(webView.title, "Opener", file: file, line: line)
        XCTAssertEqual(webView.url?.pathname, "/mime", file: file, line: line)
    }

    func testATargetBlankLinkTheDelegateRefusesOpensNothing() throws {
        let delegate = Refusing()
        webView.uiDelegate = delegate
        openPage(#"<a id=a href="/page/popup" target=_blank>new</a>"#)
        XCTAssertEqual(webView.activate(try link("#a")), .done)
        XCTAssertEqual(delegate.asked.map { $0.request.url.pathname }, ["/page/popup"])
        XCTAssertEqual(delegate.asked.first?.navigationType, .linkActivated)
        assertStayed()
    }

    func testATargetBlankFormTheDelegateRefusesIsNotSubmittedHere() throws {
        let delegate = Refusing()
        webView.uiDelegate = delegate
        openPage(#"<form action="/echo" method="post" target="_blank"><input name=q value=v><input type=submit id=go></form>"#)
        XCTAssertEqual(webView.activate(try link("#go")), .done)
        XCTAssertEqual(delegate.asked.first?.navigationType, .formSubmitted)
        XCTAssertEqual(delegate.asked.first?.request.method, "POST")
        assertStayed()
    }

    func testWithoutAUIDelegateATargetBlankLinkOpensNothing() throws {
        openPage(#"<a id=a href="/page/popup" target=_blank>new</a>"#)
        XCTAssertEqual(webView.activate(try link("#a")), .done)
        assertStayed()
    }

    func testAScriptsClickOnARefusedTargetBlankLinkOpensNothing() throws {
        let delegate = Refusing()
        webView.uiDelegate = delegate
        openPage(#"<a id=a href="/page/popup" target=_blank>new</a>"#)
        webView.notifyUserActivation()
        _ = value("document.getElementById('a').click(); 0")
        assertStayed()
        XCTAssertEqual(delegate.asked.map { $0.request.url.pathname }, ["/page/popup"])
    }
}
