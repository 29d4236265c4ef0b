import Foundation

/// TLS certificates made for the tests by Tests/TestServer/make_certs.sh
/// (openssl): a test CA, a server certificate it signed for 127.0.0.1,
/// localhost and tern.test, a self-signed one and an expired one.
public final class TestCertificates {
    public let directory: String
    public var caBundle: String { directory + "/ca.pem" }
    public var serverCertificate: String { directory + "/server.pem" }
    public var serverKey: String { directory + "/server.key" }
    public var selfSignedCertificate: String { directory + "/self.pem" }
    public var selfSignedKey: String { directory + "/self.key" }
    /// Signed by the test CA for 127.0.0.1, valid only in January 2020.
    public var expiredCertificate: String { directory + "/expired.pem" }
    public var expiredKey: String { directory + "/expired.key" }

    public static let shared: TestCertificates = {
        do { return try TestCertificates() } catch { fatalError("cannot make test certificates: \(error)") }
    }()

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-certs-\(UUID())").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [TestServer.repositoryRoot + "/Tests/TestServer/make_certs.sh", directory]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestServerError.badStartLine("make_certs.sh failed") }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }
}
