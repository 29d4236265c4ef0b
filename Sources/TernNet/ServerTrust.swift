/// Why a server's TLS certificate was not trusted, for the server-trust
/// challenge. (The certificate chain's details come with the trust dialogs.)
public struct ServerTrust: Hashable {
    public let host: String
    public let port: Int
    /// curl's (OpenSSL's) reason, such as "self-signed certificate".
    public let reason: String

    public init(host: String, port: Int, reason: String) {
        self.host = host
        self.port = port
        self.reason = reason
    }

    /// The `host:port` key of trust exceptions.
    public var endpoint: String { "\(host):\(port)" }
}
