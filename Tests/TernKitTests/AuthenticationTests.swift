import XCTest
import TernKit
import TernNet
import TernTestSupport

final class AuthenticationTests: WebViewTestCase {
    func testBasicAuthChallengeIsAnsweredWithACredential() {
        recorder.challengeAnswer = { _ in (.useCredential, Credential(user: "u", password: "p")) }
        loadAndWait("/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.events, ["action GET /basic-auth allow", "start", "challenge 0", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(webView.title, "Authorized")
        let space = recorder.challenges.first?.protectionSpace
        XCTAssertEqual(space?.realm, "Tern Test")
        XCTAssertEqual(space?.authenticationMethod, .httpBasic)
        XCTAssertEqual(space?.host, "127.0.0.1")
        XCTAssertEqual(space?.port, server.port)
        XCTAssertEqual(recorder.challenges.first?.failureResponse?.statusCode, 401)
    }

    /// A person takes a while to type: the 401's body has long arrived when
    /// the answer comes, and must not become the page.
    func testACredentialGivenAfterThe401BodyArrivedLoadsThePage() {
        final class SlowAnswer: NavigationDelegate {
            var pending: ((AuthenticationChallenge.Disposition, Credential?) -> Void)?
            func webView(_ webView: WebView, didReceive challenge: AuthenticationChallenge,
                         completionHandler: @escaping (AuthenticationChallenge.Disposition, Credential?) -> Void) {
                pending = completionHandler
            }
        }
        let delegate = SlowAnswer()
        webView.navigationDelegate = delegate
        webView.load(Request(url: server.url("/basic-auth?user=u&pass=p")))
        XCTAssertTrue(loop.run(until: { delegate.pending != nil }, timeout: 10))
        loop.run(until: { false }, timeout: 0.5)  // the 401 body arrives and ends meanwhile
        delegate.pending?(.useCredential, Credential(user: "u", password: "p"))
        XCTAssertTrue(loop.run(until: { !self.webView.isLoading }, timeout: 10))
        XCTAssertEqual(webView.title, "Authorized")
        XCTAssertEqual(webView.response?.statusCode, 200)
    }

    func testDigestAuthChallengeIsAnsweredWithACredential() {
        recorder.challengeAnswer = { _ in (.useCredential, Credential(user: "u", password: "p")) }
        loadAndWait("/digest-auth?user=u&pass=p")
        XCTAssertEqual(recorder.events, ["action GET /digest-auth allow", "start", "challenge 0", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.authenticationMethod, .httpDigest)
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.realm, "Tern Digest")
        XCTAssertEqual(webView.title, "Digest Authorized")
    }

    func testAWrongDigestPasswordAsksAgain() {
        var answers = [Credential(user: "u", password: "wrong"), Credential(user: "u", password: "p")]
        recorder.challengeAnswer = { _ in (.useCredential, answers.removeFirst()) }
        loadAndWait("/digest-auth?user=u&pass=p")
        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("challenge") }, ["challenge 0", "challenge 1"])
        XCTAssertEqual(webView.title, "Digest Authorized")
    }

    func testAWrongPasswordAsksAgainWithTheFailureCount() {
        var answers = [Credential(user: "u", password: "wrong"), Credential(user: "u", password: "p")]
        recorder.challengeAnswer = { _ in (.useCredential, answers.removeFirst()) }
        loadAndWait("/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.events.filter { $0.hasPrefix("challenge") }, ["challenge 0", "challenge 1"])
        XCTAssertEqual(webView.title, "Authorized")
    }

    func testDefaultHandlingShowsThe401Page() {
        loadAndWait("/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.events, ["action GET /basic-auth allow", "start", "challenge 0", "response 401 allow", "commit", "finish"])
        XCTAssertEqual(webView.title, "Unauthorized")
    }

    func testCancellingTheChallengeFailsTheNavigation() {
        recorder.challengeAnswer = { _ in (.cancelAuthenticationChallenge, nil) }
        loadAndWait("/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.errors, [.cancelled])
        XCTAssertNil(webView.url)
    }

    func testASessionCredentialIsRememberedForTheSpace() {
        recorder.challengeAnswer = { _ in (.useCredential, Credential(user: "u", password: "p", persistence: .forSession)) }
        loadAndWait("/basic-auth?user=u&pass=p")
        loadAndWait("/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.challenges.count, 1, "the second load used the remembered credential")
        XCTAssertEqual(webView.title, "Authorized")
    }
}

/// Where credentials may go: only in answer to a challenge, Basic in the
/// clear only by the delegate's explicit choice, never in TLS SNI.
final class CredentialSafetyTests: WebViewTestCase {
    static let certificates = TestCertificates.shared
    static let tlsServer = try! TestServer(certificate: certificates.serverCertificate, key: certificates.serverKey)

    private func load(_ address: String) {
        recorder.clear()
        webView.load(Request(url: WebURL(address)!))
        wait { recorder.ended }
    }

    private func sentHeaderNames() -> [String] {
        (echo()["headers"] as? [[String]] ?? []).compactMap { $0.first?.lowercased() }
    }

    func testTheChallengeDescribesItsSpaceAndCountsFailures() {
        var answers = ["wrong", "wrong again", "p"].map { Credential(user: "u", password: $0) }
        recorder.challengeAnswer = { _ in (.useCredential, answers.removeFirst()) }
        loadAndWait("/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.challenges.map(\.previousFailureCount), [0, 1, 2])
        let space = recorder.challenges[0].protectionSpace
        XCTAssertEqual(space.protocol, "http")
        XCTAssertFalse(space.isProxy)
        XCTAssertFalse(space.receivesCredentialSecurely, "Basic over plain http: a front end must warn")
        XCTAssertEqual(webView.title, "Authorized")

        recorder.challengeAnswer = { _ in (.cancelAuthenticationChallenge, nil) }
        loadAndWait("/digest-auth?user=u&pass=p")
        XCTAssertTrue(recorder.challenges.last!.protectionSpace.receivesCredentialSecurely, "Digest sends no password")
    }

    func testCredentialsInTheURLAreNotSentToAServerThatDidNotAsk() {
        load("http://u:p@127.0.0.1:\(server.port)/echo")
        XCTAssertFalse(sentHeaderNames().contains("authorization"))
        XCTAssertEqual(echo()["target"] as? String, "/echo")
        XCTAssertTrue(recorder.challenges.isEmpty)
    }

    func testURLCredentialsAreProposedButNotSentInTheClearByDefault() {
        load("http://u:p@127.0.0.1:\(server.port)/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.challenges.count, 1)
        XCTAssertEqual(recorder.challenges.first?.proposedCredential, Credential(user: "u", password: "p"))
        XCTAssertEqual(webView.title, "Unauthorized", "Basic over http needs the delegate's choice")
    }

    func testTheDelegateMayChooseTheURLsCredentialExplicitly() {
        recorder.challengeAnswer = { challenge in
            challenge.proposedCredential.map { (.useCredential, $0) } ?? (.cancelAuthenticationChallenge, nil)
        }
        load("http://u%40x:p%3A1@127.0.0.1:\(server.port)/basic-auth?user=u@x&pass=p:1")
        XCTAssertEqual(webView.title, "Authorized", "the URL's percent-encoded user and password are decoded")
    }

    func testOverHTTPSTheURLsCredentialAnswersByDefaultAndNeverReachesSNI() {
        let port = Self.tlsServer.port
        makeWebView {
            $0.network.caBundlePath = Self.certificates.caBundle
            $0.network.resolve = ["tern.test:\(port):127.0.0.1"]
        }
        load("https://u:p@tern.test:\(port)/basic-auth?user=u&pass=p")
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.receivesCredentialSecurely, true)
        XCTAssertEqual(webView.title, "Authorized")

        load("https://u:p@tern.test:\(port)/echo")
        XCTAssertEqual(echo()["sni"] as? String, "tern.test")
        XCTAssertFalse(sentHeaderNames().contains("authorization"))
    }
}

final class UserAgentTests: WebViewTestCase {
    private func sentUserAgent() -> String? {
        let headers = echo()["headers"] as? [[String]] ?? []
        return headers.first { $0.first?.lowercased() == "user-agent" }?.last
    }

    func testTheDefaultNamesTernAndItsVersion() {
        loadAndWait("/echo")
        XCTAssertEqual(sentUserAgent(), "Mozilla/5.0 (X11; Linux) Tern/0.1")
    }

    func testApplicationNameIsAppended() {
        makeWebView { $0.applicationNameForUserAgent = "HybridApp/2.0" }
        loadAndWait("/echo")
        XCTAssertEqual(sentUserAgent(), "Mozilla/5.0 (X11; Linux) Tern/0.1 HybridApp/2.0")
    }

    func testCustomUserAgentReplacesIt() {
        makeWebView { $0.applicationNameForUserAgent = "HybridApp/2.0" }
        webView.customUserAgent = "Custom/9"
        loadAndWait("/echo")
        XCTAssertEqual(sentUserAgent(), "Custom/9")
    }

    func testRequestHeadersAndBodyReachTheServer() {
        let body = (0..<100_000).map { UInt8($0 % 256) }
        recorder.clear()
        webView.load(server.request("/echo", method: "PUT", body: body, headers: ["X-Tern-Test": "yes"]))
        wait { recorder.ended }
        let echo = echo()
        XCTAssertEqual(echo["method"] as? String, "PUT")
        XCTAssertEqual(echo["body_length"] as? Int, body.count)
        XCTAssertTrue((echo["headers"] as? [[String]] ?? []).contains(["X-Tern-Test", "yes"]))
        XCTAssertFalse((echo["headers"] as? [[String]] ?? []).contains { $0.first == "Expect" }, "no 100-continue stall")
    }
}

final class DecisionHandlerTests: WebViewTestCase {
    final class MisbehavingDelegate: NavigationDelegate {
        var callTwice = false
        var events: [String] = []
        func webView(_ webView: WebView, decidePolicyFor navigationAction: NavigationAction,
                     decisionHandler: @escaping (NavigationActionPolicy) -> Void) {
            if callTwice {
                decisionHandler(.allow)
                decisionHandler(.cancel)
            }
            // Otherwise the handler is dropped uncalled.
        }
        func webView(_ webView: WebView, didStartProvisionalNavigation navigation: Navigation!) { events.append("start") }
        func webView(_ webView: WebView, didFinish navigation: Navigation!) { events.append("finish") }
    }

    func testAHandlerCalledTwiceIsReportedAndTheFirstAnswerStands() {
        let delegate = MisbehavingDelegate()
        delegate.callTwice = true
        webView.navigationDelegate = delegate
        webView.load(server.request("/plain"))
        wait { delegate.events.last == "finish" }
        XCTAssertEqual(misuseReports, ["The decision handler of decidePolicyFor navigationAction was called more than once"])
        XCTAssertEqual(webView.title, "Plain Page")
    }

    func testADroppedHandlerIsReportedAndTheNavigationCancelled() {
        let delegate = MisbehavingDelegate()
        webView.navigationDelegate = delegate
        webView.load(server.request("/plain"))
        spin(0.3)
        XCTAssertEqual(misuseReports, ["The decision handler of decidePolicyFor navigationAction was released without being called"])
        XCTAssertEqual(delegate.events, [])
        XCTAssertFalse(webView.isLoading)
        XCTAssertNil(webView.url)
    }

    func testWithoutADelegateEverythingIsAllowed() {
        webView.navigationDelegate = nil
        webView.load(server.request("/plain"))
        wait { webView.title == "Plain Page" && !webView.isLoading }
        XCTAssertTrue(misuseReports.isEmpty)
    }
}
