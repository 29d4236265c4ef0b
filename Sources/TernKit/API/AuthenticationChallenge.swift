import TernNet

/// A server's request for credentials, or an untrusted TLS certificate,
/// offered to `didReceive challenge`.
public struct AuthenticationChallenge {
    public let protectionSpace: ProtectionSpace
    /// How many times credentials for this space already failed in this navigation.
    public let previousFailureCount: Int
    /// The 401 (or 407) response that asked; nil for server trust.
    public let failureResponse: Response?
    /// The user name and password written in the URL (`http://user:pass@host/`),
    /// never sent before a server asks. Default handling answers with it
    /// only where `protectionSpace.receivesCredentialSecurely`; elsewhere the
    /// delegate must choose it explicitly.
    public let proposedCredential: Credential?

    init(protectionSpace: ProtectionSpace, previousFailureCount: Int, failureResponse: Response?,
         proposedCredential: Credential? = nil) {
        self.protectionSpace = protectionSpace
        self.previousFailureCount = previousFailureCount
        self.failureResponse = failureResponse
        self.proposedCredential = proposedCredential
    }

    /// The answer to a challenge, given with a credential or nil, as
    /// URLSession.AuthChallengeDisposition is in WebKit's
    /// `completionHandler(.useCredential, credential)`.
    public enum Disposition: Hashable {
        /// Answer with the credential given alongside; with nil, go on
        /// without one (the 401 page shows; an untrusted certificate fails).
        case useCredential
        /// What Tern does alone: the URL's user and password once where they
        /// travel safely, else the 401 page; an untrusted certificate fails.
        case performDefaultHandling
        /// Stop the navigation (`NavigationError.cancelled`).
        case cancelAuthenticationChallenge
        /// Show the 401 page (Tern offers one protection space per response).
        case rejectProtectionSpace
    }
}

/// Where credentials apply: host, port, scheme, realm and method.
public struct ProtectionSpace: Hashable {
    public enum AuthenticationMethod: Hashable {
        case httpBasic
        case httpDigest
        /// The server's certificate was not trusted; answer with
        /// `Credential(trust:)` to proceed, anything else to refuse.
        case serverTrust
    }
    public let host: String
    public let port: Int
    public let `protocol`: String
    public let realm: String?
    public let authenticationMethod: AuthenticationMethod
    /// Why the certificate was not trusted (server-trust challenges only).
    public let serverTrust: ServerTrust?
    /// Whether the proxy asks (407; host and port are the proxy's), not the server.
    public let isProxy: Bool

    /// Whether a password sent to this space is safe from eavesdroppers: over
    /// https, or hashed (Digest). False for Basic over plain http (or to an
    /// http proxy), where a front end should warn before sending one.
    public var receivesCredentialSecurely: Bool {
        `protocol` == "https" || authenticationMethod == .httpDigest || authenticationMethod == .serverTrust
    }

    init(host: String, port: Int, protocol: String, realm: String?, authenticationMethod: AuthenticationMethod,
         serverTrust: ServerTrust? = nil, isProxy: Bool = false) {
        self.isProxy = isProxy
        self.host = host
        self.port = port
        self.protocol = `protocol`
        self.realm = realm
        self.authenticationMethod = authenticationMethod
        self.serverTrust = serverTrust
    }

    /// The space of a server-trust challenge.
    static func from(trust: ServerTrust) -> ProtectionSpace {
        ProtectionSpace(host: trust.host, port: trust.port, protocol: "https", realm: nil,
                        authenticationMethod: .serverTrust, serverTrust: trust)
    }

    /// The space a 401's `WWW-Authenticate` header describes, or a 407's
    /// `Proxy-Authenticate` for the proxy at `proxy`, if Tern supports its scheme.
    static func from(response: Response, proxy: WebURL? = nil) -> ProtectionSpace? {
        let isProxy = response.statusCode == 407
        guard let url = isProxy ? proxy : response.url else { return nil }
        for header in response.headers.values(for: isProxy ? "Proxy-Authenticate" : "WWW-Authenticate") {
            let scheme = header.prefix { $0 != " " }.lowercased()
            let method: AuthenticationMethod
            switch scheme {
            case "basic": method = .httpBasic
            case "digest": method = .httpDigest
            default: continue
            }
            return ProtectionSpace(host: url.hostname, port: url.portNumber ?? 0, protocol: url.scheme,
                                   realm: realm(in: header), authenticationMethod: method, isProxy: isProxy)
        }
        return nil
    }

    private static func realm(in header: String) -> String? {
        let lower = header.lowercased()
        guard let start = lower.indices.first(where: { lower[$0...].hasPrefix("realm=") }) else { return nil }
        var rest = header[header.index(start, offsetBy: 6)...]
        if rest.first == "\"" {
            rest = rest.dropFirst()
            return String(rest.prefix { $0 != "\"" })
        }
        return String(rest.prefix { $0 != "," && $0 != " " })
    }
}

extension Credential.Method {
    init(_ method: ProtectionSpace.AuthenticationMethod) {
        self = method == .httpDigest ? .digest : .basic
    }
}
