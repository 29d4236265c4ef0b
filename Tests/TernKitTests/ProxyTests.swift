import XCTest
import TernKit
import TernTestSupport

/// Requests through a proxy (the tests' Python proxy on 127.0.0.1): plain
/// http forwarded, https tunnelled with CONNECT, and the proxy's 407 raised
/// as a challenge for the proxy's protection space.
final class ProxyTests: WebViewTestCase {
    static let certificates = TestCertificates.shared
    static let tlsServer = try! TestServer(certificate: certificates.serverCertificate, key: certificates.serverKey)

    private func useProxy(_ proxy: TestProxy) {
        makeWebView {
            $0.network.proxy = proxy.url
            $0.network.noProxy = ""
            $0.network.caBundlePath = Self.certificates.caBundle
        }
    }

    private func load(_ url: WebURL) {
        recorder.clear()
        webView.load(Request(url: url))
        wait { recorder.ended }
    }

    func testPlainHTTPIsForwardedThroughTheProxy() throws {
        let proxy = try TestProxy()
        useProxy(proxy)
        load(server.url("/plain"))
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertEqual(proxy.requests, ["GET \(server.url("/plain").href) HTTP/1.1"])
    }

    func testHTTPSIsTunnelledWithCONNECT() throws {
        let proxy = try TestProxy()
        useProxy(proxy)
        load(Self.tlsServer.url("/plain"))
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertTrue(webView.hasOnlySecureContent)
        XCTAssertEqual(proxy.requests, ["CONNECT 127.0.0.1:\(Self.tlsServer.port) HTTP/1.1"])
    }

    func testWithoutAProxyNothingReachesIt() throws {
        let proxy = try TestProxy()
        makeWebView { $0.network.proxy = "" }
        load(server.url("/plain"))
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertEqual(proxy.requests, [])
    }

    func testAProxy407RaisesAProxyChallengeAndTheCredentialReachesTheProxy() throws {
        let proxy = try TestProxy(credentials: "pu:pp")
        useProxy(proxy)
        recorder.challengeAnswer = { _ in (.useCredential, Credential(user: "pu", password: "pp")) }
        load(server.url("/plain"))
        XCTAssertEqual(recorder.events, ["action GET /plain allow", "start", "challenge 0", "response 200 allow", "commit", "finish"])
        let space = try XCTUnwrap(recorder.challenges.first?.protectionSpace)
        XCTAssertTrue(space.isProxy)
        XCTAssertEqual(space.host, "127.0.0.1")
        XCTAssertEqual(space.port, proxy.port)
        XCTAssertEqual(space.realm, "Tern Proxy")
        XCTAssertEqual(space.authenticationMethod, .httpBasic)
        XCTAssertEqual(recorder.challenges.first?.failureResponse?.statusCode, 407)
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertEqual(proxy.requests.last, "GET \(server.url("/plain").href) HTTP/1.1 auth")
    }

    func testAProxy407ToCONNECTRaisesAProxyChallenge() throws {
        let proxy = try TestProxy(credentials: "pu:pp")
        useProxy(proxy)
        var answers = [Credential(user: "pu", password: "wrong"), Credential(user: "pu", password: "pp")]
        recorder.challengeAnswer = { _ in (.useCredential, answers.removeFirst()) }
        load(Self.tlsServer.url("/plain"))
        XCTAssertEqual(recorder.challenges.map(\.previousFailureCount), [0, 1], "a wrong proxy password asks again")
        XCTAssertTrue(recorder.challenges.allSatisfy { $0.protectionSpace.isProxy && $0.protectionSpace.port == proxy.port })
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertEqual(proxy.requests.last, "CONNECT 127.0.0.1:\(Self.tlsServer.port) HTTP/1.1 auth")
    }

    func testADigestProxyIsAnsweredForForwardedAndTunnelledRequests() throws {
        let proxy = try TestProxy(credentials: "pu:pp", digest: true)
        useProxy(proxy)
        recorder.challengeAnswer = { _ in (.useCredential, Credential(user: "pu", password: "pp")) }
        load(server.url("/plain"))
        XCTAssertEqual(recorder.events, ["action GET /plain allow", "start", "challenge 0", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.authenticationMethod, .httpDigest)
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.isProxy, true)
        XCTAssertEqual(webView.title, "Plain Page")
        load(Self.tlsServer.url("/page/tunnel"))
        XCTAssertEqual(webView.title, "tunnel")
    }

    func testDefaultHandlingOfA407ShowsTheProxysPage() throws {
        let proxy = try TestProxy(credentials: "pu:pp")
        useProxy(proxy)
        load(server.url("/plain"))
        XCTAssertEqual(webView.response?.statusCode, 407)
        XCTAssertEqual(webView.title, "Proxy Authentication Required")
    }

    func testInsecureSkipsVerificationAndIsNeverSecureContent() {
        makeWebView { $0.network.isInsecure = true }
        load(Self.tlsServer.url("/plain"))
        XCTAssertTrue(recorder.challenges.isEmpty)
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertFalse(webView.hasOnlySecureContent)
        XCTAssertTrue(webView.configuration.network.isInsecure)
    }
}
