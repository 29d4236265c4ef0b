import XCTest
import TernKit
import TernNet
import TernTestSupport

/// Issue #13 item 2: HTTP-auth credentials belong to one origin (scheme,
/// host, port) and realm (RFC 9110 §11.6's protection space). Whether typed
/// in the dialog, written in the URL or remembered for the session, they are
/// never sent to another origin after a redirect, nor from https down to
/// http (Fetch, HTTP-redirect fetch step 13).
final class AuthRedirectTests: SecurityTestCase {
    private func encode(_ url: WebURL) -> String {
        url.href.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The Authorization headers the server's /echo received for the page shown.
    private func echoedAuthorization(file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let headers = echo(file: file, line: line)["headers"] as? [[String]] ?? []
        return headers.filter { $0.first?.lowercased() == "authorization" }.compactMap { $0.last }
    }

    private var typedCredential: Credential { Credential(user: "user", password: "pass") }

    func testTypedCredentialsAreNotSentToAnotherHostAfterARedirect() {
        recorder.challengeAnswer = { [unowned self] _ in (.useCredential, typedCredential) }
        let target = http("b.test", "/echo")
        loadAndWait(http("a.test", "/basic-auth?redirect=" + encode(target)))
        XCTAssertEqual(webView.url, target, "\(recorder.events)")
        XCTAssertEqual(recorder.challenges.count, 1, "a.test asked once")
        XCTAssertEqual(echoedAuthorization(), [], "b.test received a.test's password")
    }

    func testCredentialsGivenOverHTTPSAreNotSentOverHTTPAfterARedirect() {
        recorder.challengeAnswer = { [unowned self] _ in (.useCredential, typedCredential) }
        let target = http("a.test", "/echo")
        loadAndWait(https("a.test", "/basic-auth?redirect=" + encode(target)))
        XCTAssertEqual(webView.url, target, "\(recorder.events)")
        XCTAssertEqual(echoedAuthorization(), [], "the password went out in the clear")
    }

    /// Within its own origin a credential keeps working across a redirect.
    func testASameOriginRedirectKeepsTheCredentials() {
        recorder.challengeAnswer = { [unowned self] _ in (.useCredential, typedCredential) }
        loadAndWait(http("a.test", "/basic-auth?redirect=" + encode(http("a.test", "/echo"))))
        XCTAssertEqual(echoedAuthorization(), ["Basic dXNlcjpwYXNz"])
        XCTAssertEqual(recorder.challenges.count, 1)
    }

    /// The URL's user name and password answer their own origin's challenge
    /// (https, so by default) and go nowhere else.
    func testURLCredentialsAreNotSentToTheOriginARedirectLeadsTo() {
        let target = http("b.test", "/echo")
        let start = WebURL("https://user:pass@a.test:\(SecurityTestCase.tlsServer.port)/basic-auth?redirect=" + encode(target))!
        loadAndWait(start)
        XCTAssertEqual(webView.url, target, "the URL's credentials answered a.test: \(recorder.events)")
        XCTAssertEqual(echoedAuthorization(), [], "b.test received the URL's password")
    }

    /// A challenge from the origin a redirect leads to is not offered the
    /// first URL's user name and password.
    func testURLCredentialsAreNotProposedToAnotherOrigin() {
        let start = WebURL("http://user:pass@a.test:\(server.port)/redirect-to?url=" + encode(http("b.test", "/basic-auth")))!
        loadAndWait(start)
        XCTAssertEqual(recorder.challenges.count, 1)
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.host, "b.test")
        XCTAssertNil(recorder.challenges.first?.proposedCredential, "b.test was offered a.test's credentials")
        XCTAssertEqual(webView.title, "Unauthorized")
    }

    /// A credential remembered for https://a.test answers only that origin's
    /// realm: b.test and http://a.test ask afresh, and get nothing unasked.
    func testRememberedCredentialsStayWithTheirOrigin() {
        recorder.challengeAnswer = { _ in (.useCredential, Credential(user: "user", password: "pass", persistence: .forSession)) }
        loadAndWait(https("a.test", "/basic-auth"))
        XCTAssertEqual(webView.title, "Authorized")
        XCTAssertEqual(recorder.challenges.count, 1)

        recorder.challengeAnswer = { _ in (.performDefaultHandling, nil) }
        loadAndWait(https("a.test", "/basic-auth"))
        XCTAssertEqual(webView.title, "Authorized", "remembered for its own origin")
        XCTAssertEqual(recorder.challenges.count, 1, "answered without asking")

        for url in [https("b.test", "/basic-auth"), http("a.test", "/basic-auth")] {
            loadAndWait(url)
            XCTAssertEqual(webView.title, "Unauthorized", url.href)
            XCTAssertEqual(recorder.challenges.last?.protectionSpace.host, url.hostname)
            XCTAssertEqual(recorder.challenges.last?.protectionSpace.protocol, url.scheme)
        }
        XCTAssertEqual(recorder.challenges.count, 3, "each other origin asked for itself")
        for url in [https("b.test", "/echo"), http("a.test", "/echo")] {
            loadAndWait(url)
            XCTAssertEqual(echoedAuthorization(), [], "sent unasked to \(url.href)")
        }
    }
}
