/// A user name and password for HTTP authentication, or the acceptance of
/// an untrusted server certificate.
public struct Credential: Hashable {
    /// How long Tern keeps a credential.
    public enum Persistence: Hashable {
        /// Used for this request only.
        case none
        /// Remembered until the program exits.
        case forSession
    }

    /// The HTTP authentication scheme the credential answers.
    public enum Method: Hashable {
        case basic
        case digest
    }

    public let user: String
    public let password: String
    public let persistence: Persistence
    /// For a server-trust challenge: proceed although the certificate was not trusted.
    public let trust: ServerTrust?

    public init(user: String, password: String, persistence: Persistence = .none) {
        self.user = user
        self.password = password
        self.persistence = persistence
        self.trust = nil
    }

    /// Accepts an untrusted server for this web view's session, as
    /// WKWebView's `URLCredential(trust:)` does.
    public init(trust: ServerTrust) {
        self.user = ""
        self.password = ""
        self.persistence = .forSession
        self.trust = trust
    }
}
