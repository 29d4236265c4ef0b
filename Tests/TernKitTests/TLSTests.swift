import Foundation
import XCTest
import TernKit
import TernTestSupport

/// TLS is verified by default; an untrusted certificate raises a server-trust
/// challenge that can refuse (the default) or proceed for the session.
final class TLSTests: WebViewTestCase {
    static let certificates = TestCertificates.shared
    static let trustedServer = try! TestServer(certificate: certificates.serverCertificate, key: certificates.serverKey)
    static let selfSignedServer = try! TestServer(certificate: certificates.selfSignedCertificate, key: certificates.selfSignedKey)
    static let expiredServer = try! TestServer(certificate: certificates.expiredCertificate, key: certificates.expiredKey)

    /// `openssl x509 -fingerprint -sha256` of a PEM file: the value to compare with.
    private func opensslFingerprint(_ pem: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "x509", "-in", pem, "-noout", "-fingerprint", "-sha256"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return String(line.split(separator: "=", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The trust of the first (refused) challenge of loading `url`.
    private func refusedTrust(_ url: WebURL, file: StaticString = #filePath, line: UInt = #line) -> ServerTrust? {
        load(url)
        guard case .serverCertificateUntrusted(let trust) = recorder.errors.first else {
            XCTFail("not refused: \(recorder.events)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(recorder.challenges.first?.protectionSpace.serverTrust, trust, file: file, line: line)
        return trust
    }

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
            guard let trust = challenge.protectionSpace.serverTrust else { return (.cancelAuthenticationChallenge, nil) }
            XCTAssertTrue(trust.reason.contains("self-signed"), trust.reason)
            return (.useCredential, Credential(trust: trust))
        }
        load(Self.selfSignedServer.url("/plain"))
        XCTAssertEqual(recorder.events, ["action GET /plain allow", "start", "challenge 0", "response 200 allow", "commit", "finish"])
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertFalse(webView.hasOnlySecureContent, "an accepted untrusted certificate is not secure content")
        load(Self.selfSignedServer.url("/page/again"))
        XCTAssertEqual(recorder.challenges.count, 1, "the exception holds for the session")
        XCTAssertEqual(webView.title, "again")
    }

    func testASelfSignedCertificateIsReportedAsSuchWithItsChain() throws {
        let trust = try XCTUnwrap(refusedTrust(Self.selfSignedServer.url("/plain")))
        XCTAssertEqual(trust.failure, .selfSigned, trust.reason)
        XCTAssertEqual(trust.certificateChain.count, 1)
        let certificate = try XCTUnwrap(trust.certificateChain.first)
        XCTAssertEqual(certificate.subject, "CN = 127.0.0.1")
        XCTAssertEqual(certificate.issuer, "CN = 127.0.0.1")
        XCTAssertEqual(certificate.sha256Fingerprint, try opensslFingerprint(Self.certificates.selfSignedCertificate))
    }

    func testAnUnknownCAIsReportedWithTheServersCertificate() throws {
        let trust = try XCTUnwrap(refusedTrust(Self.trustedServer.url("/plain")))
        XCTAssertEqual(trust.failure, .unknownIssuer, trust.reason)
        let certificate = try XCTUnwrap(trust.certificateChain.first)
        XCTAssertEqual(certificate.subject, "CN = 127.0.0.1")
        XCTAssertEqual(certificate.issuer, "CN = Tern Test CA")
        XCTAssertEqual(certificate.sha256Fingerprint, try opensslFingerprint(Self.certificates.serverCertificate))
    }

    func testAnExpiredCertificateIsReportedWithItsValidity() throws {
        makeWebView { $0.network.caBundlePath = Self.certificates.caBundle }
        let trust = try XCTUnwrap(refusedTrust(Self.expiredServer.url("/plain")))
        XCTAssertEqual(trust.failure, .expired, trust.reason)
        XCTAssertTrue(trust.reason.contains("expired"), trust.reason)
        let certificate = try XCTUnwrap(trust.certificateChain.first)
        XCTAssertEqual(certificate.notBefore, "Jan  1 00:00:00 2020 GMT")
        XCTAssertEqual(certificate.notAfter, "Feb  1 00:00:00 2020 GMT")
        XCTAssertEqual(certificate.issuer, "CN = Tern Test CA")
        XCTAssertEqual(certificate.sha256Fingerprint, try opensslFingerprint(Self.certificates.expiredCertificate))
    }

    func testAWrongHostIsReportedAsSuch() throws {
        let port = Self.trustedServer.port
        makeWebView {
            $0.network.caBundlePath = Self.certificates.caBundle
            $0.network.resolve = ["other.test:\(port):127.0.0.1"]
        }
        let trust = try XCTUnwrap(refusedTrust(Self.trustedServer.url("/plain", host: "other.test")))
        XCTAssertEqual(trust.failure, .wrongHost, trust.reason)
        XCTAssertEqual(trust.host, "other.test")
        XCTAssertEqual(trust.certificateChain.first?.subject, "CN = 127.0.0.1")
    }

    func testProceedingPastAnExpiredCertificateIsNotSecureContent() {
        makeWebView { $0.network.caBundlePath = Self.certificates.caBundle }
        recorder.challengeAnswer = { challenge in
            challenge.protectionSpace.serverTrust.map { (.useCredential, Credential(trust: $0)) } ?? (.cancelAuthenticationChallenge, nil)
        }
        load(Self.expiredServer.url("/plain"))
        XCTAssertEqual(webView.title, "Plain Page")
        XCTAssertFalse(webView.hasOnlySecureContent)
        load(Self.trustedServer.url("/plain"))
        XCTAssertTrue(webView.hasOnlySecureContent, "the exception is for the expired server's host and port only")
    }

    func testAnExceptionHoldsOnlyForTheCertificateAccepted() throws {
        recorder.challengeAnswer = { challenge in
            challenge.protectionSpace.serverTrust.map { (.useCredential, Credential(trust: $0)) } ?? (.cancelAuthenticationChallenge, nil)
        }
        var server: TestServer? = try TestServer(certificate: Self.certificates.selfSignedCertificate, key: Self.certificates.selfSignedKey)
        let port = server!.port
        load(server!.url("/plain"))
        XCTAssertEqual(webView.title, "Plain Page")
        let accepted = try XCTUnwrap(recorder.challenges.first?.protectionSpace.serverTrust)
        XCTAssertNotNil(accepted.certificateChain.first?.publicKeyPin)
        load(server!.url("/page/same"))
        XCTAssertEqual(recorder.challenges.count, 1, "the same certificate needs no new answer")

        server = nil  // another server, with another key, at the same host and port
        let impostor = try TestServer(certificate: Self.certificates.serverCertificate, key: Self.certificates.serverKey, port: port)
        load(impostor.url("/page/impostor"))
        XCTAssertEqual(recorder.challenges.count, 2, "a different certificate is untrusted again")
        let changed = try XCTUnwrap(recorder.challenges.last?.protectionSpace.serverTrust)
        XCTAssertEqual(changed.failure, .changedSinceAccepted)
        XCTAssertEqual(changed.certificateChain.first?.sha256Fingerprint, try opensslFingerprint(Self.certificates.serverCertificate))
        XCTAssertEqual(webView.title, "impostor", "accepted again by the delegate")
    }

    func testThePublicKeyPinIsCurlsSHA256OfTheSubjectPublicKeyInfo() throws {
        let trust = try XCTUnwrap(refusedTrust(Self.selfSignedServer.url("/plain")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "openssl x509 -in \"$0\" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64",
                             Self.certificates.selfSignedCertificate]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(trust.certificateChain.first?.publicKeyPin, "sha256//" + expected)
    }

    func testCancellingTheTrustChallengeFailsAsCancelled() {
        recorder.challengeAnswer = { _ in (.cancelAuthenticationChallenge, nil) }
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
