/// An untrusted server certificate, for the server-trust challenge: where,
/// why (as a kind a front end can word, and as OpenSSL's text) and the
/// chain the server presented, so a person can decide whether to proceed.
public struct ServerTrust: Hashable {
    /// Why the certificate was not trusted.
    public enum Failure: Hashable {
        /// The server's certificate signed itself (OpenSSL's depth-zero self-signed).
        case selfSigned
        /// Past its "not after" date.
        case expired
        /// Before its "not before" date.
        case notYetValid
        /// Valid, but for other names than the host asked for.
        case wrongHost
        /// Its issuer is not among the trusted CAs (or the chain ends in an untrusted root).
        case unknownIssuer
        /// Accepted earlier in this session, but the server now presents another key.
        case changedSinceAccepted
        /// Anything else OpenSSL refused (revoked, bad signature, ...): see `reason`.
        case other
    }

    public let host: String
    public let port: Int
    /// curl's (OpenSSL's) reason, such as "self-signed certificate".
    public let reason: String
    /// The reason as a kind.
    public let failure: Failure
    /// The certificates the server sent, its own first; empty when they
    /// could not be fetched.
    public let certificateChain: [CertificateSummary]

    public init(host: String, port: Int, reason: String, failure: Failure = .other, certificateChain: [CertificateSummary] = []) {
        self.host = host
        self.port = port
        self.reason = reason
        self.failure = failure
        self.certificateChain = certificateChain
    }

    /// The `host:port` key of trust exceptions.
    public var endpoint: String { "\(host):\(port)" }

    /// The same trust with the chain the server presented.
    func with(certificateChain chain: [CertificateSummary]) -> ServerTrust {
        ServerTrust(host: host, port: port, reason: reason, failure: failure, certificateChain: chain)
    }

    /// The kind of failure from OpenSSL's verify result (X509_V_ERR_*) and
    /// curl's message (curl checks host names itself, leaving the result 0).
    static func failure(verifyResult: Int, message: String) -> Failure {
        switch verifyResult {
        case 18: return .selfSigned                     // DEPTH_ZERO_SELF_SIGNED_CERT
        case 10: return .expired                        // CERT_HAS_EXPIRED
        case 9: return .notYetValid                     // CERT_NOT_YET_VALID
        case 2, 19, 20, 21: return .unknownIssuer       // no issuer, untrusted root, no local issuer, leaf unverifiable
        case 62: return .wrongHost                      // HOSTNAME_MISMATCH
        default:
            let lower = message.lowercased()
            if lower.contains("subject name") || lower.contains("does not match") { return .wrongHost }
            return .other
        }
    }
}
