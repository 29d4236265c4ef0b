/// A user name and password for HTTP authentication.
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

    public init(user: String, password: String, persistence: Persistence = .none) {
        self.user = user
        self.password = password
        self.persistence = persistence
    }
}
