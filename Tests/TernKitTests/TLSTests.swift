import XCTest
import TernKit
import TernTestSupport

/// TLS is verified by default; an untrusted certificate raises a server-trust
/// challenge that can refuse (the default) or proceed for the session.
final class TLSTests: WebViewTestCase {
    static let certificates = TestCertificates.shared
    static let trustedServer = try! TestServer(certificate: certificates.serverCertificate, key: certificates.serverKey)
    static let selfSignedServer = try! TestServer(certificate: certificates.selfSignedCertificate, key: certificates.selfSignedKey)

    private func load(_ url: WebURL) {
        recorder.clear()
        webView.load(Request(url: url))
        wait { recorder.ended }
    }

    func testAnUnknownCAIsRefusedByDefaultWithCurlsReason() {
        load(Self.trustedServer.url("/plain"))
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.authenticationMethod, .serverTrust)
        guard case .serverCertificateUntrusted(let trust) = recorder.errors.first else { return XCTFail("\(recorder.events)") }
        XCTAssertEqual(trust.host, "127.0.0.1")
        XCTAssertEqual(trust.port, Self.trustedServer.port)
        XCTAssertTrue(trust.reason.contains("local issuer"), trust.reason)
        XCTAssertNil(webView.url)
    }

    func testACABundleMakesTheServerTrusted() {
        makeWebView { $0.network.caBundlePath = Self.certificates.caBundle }
        load(Self.trustedServer.url("/plain"))
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertTrue(recorder.challenges.isEmpty)
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertTrue(webView.hasOnlySecureContent)
    }

    func testAWrongHostNameIsRefusedEvenWithTheRightCA() {
        let port = Self.trustedServer.port
        makeWebView {
            $0.network.caBundlePath = Self.certificates.caBundle
            $0.network.resolve = ["other.test:\(port):127.0.0.1"]
        }
        load(Self.trustedServer.url("/plain", host: "other.test"))
        guard case .serverCertificateUntrusted(let trust) = recorder.errors.first else { return XCTFail("\(recorder.events)") }
        XCTAssertTrue(trust.reason.contains("other.test"), trust.reason)
    }

    func testASelfSignedCertificateCanBeAcceptedForTheSession() {
        recorder.challengeAnswer = { challenge in
            guard let trust = challenge.protectionSpace.serverTrust else { return .cancelAuthenticationChallenge }
            XCTAssertTrue(trust.reason.contains("self-signed"), trust.reason)
            return .useCredential(Credential(trust: trust))
        }
        load(Self.selfSignedServer.url("/plain"))
        XCTAssertEqual(recorder.events, ["action GET /plain allow", "start", "challenge 0", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertFalse(webView.hasOnlySecureContent, "an accepted untrusted certificate is not secure content")
        load(Self.selfSignedServer.url("/page/again"))
        XCTAssertEqual(recorder.challenges.count, 1, "the exception holds for the session")
        XCTAssertEqual(webView.title, "again")
    }

    func testCancellingTheTrustChallengeFailsAsCancelled() {
        recorder.challengeAnswer = { _ in .cancelAuthenticationChallenge }
        load(Self.selfSignedServer.url("/plain"))
        XCTAssertEqual(recorder.errors, [.cancelled])
    }

    func testHTTP2IsUsedWhereTheServerOffersIt() throws {
        let server = try HTTP2Server(certificate: Self.certificates.serverCertificate, key: Self.certificates.serverKey)
        makeWebView { $0.network.caBundlePath = Self.certificates.caBundle }
        load(WebURL("https://127.0.0.1:\(server.port)/index.html")!)
        XCTAssertEqual(recorder.events.last, "finish")
        XCTAssertEqual(webView.response?.httpVersion, "HTTP/2")
        XCTAssertEqual(webView.title, "Over HTTP/2")
    }

    func testPlainHTTPReportsHTTP11() {
        loadAndWait("/plain")
        XCTAssertEqual(webView.response?.httpVersion, "HTTP/1.1")
    }
}
