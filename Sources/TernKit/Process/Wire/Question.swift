import TernNet
import TernSystem

/// What a content process asks its browser, whose delegates decide: a
/// navigation's policy, a response's, a JavaScript dialog.
enum Question: WireCodable {
    case navigationAction(request: Request, type: NavigationType, isMainFrame: Bool, isUserInitiated: Bool,
                          preferences: WebpagePreferences)
    /// `load`: the content process's number of the load that brought the
    /// response (0: none known), which the browser holds meanwhile.
    case navigationResponse(Response, isMainFrame: Bool, canShowMIMEType: Bool, load: UInt64)
    /// `alert`, `confirm` or `prompt` (with its default text) from `frame`.
    case alert(String, frame: FrameInfo)
    case confirm(String, frame: FrameInfo)
    case prompt(String, defaultText: String?, frame: FrameInfo)
    /// A navigation's HTTP authentication or untrusted certificate.
    case challenge(AuthenticationChallenge)
    /// The page opened `count` dialogs in quick succession: suppress the rest? (answered as a dialog: confirmed = suppress)
    case suppressDialogs(count: Int)

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .navigationAction(let request, let type, let isMainFrame, let isUserInitiated, let preferences):
            encoder.encode(UInt8(0))
            encoder.encode(request)
            encoder.encode(type)
            encoder.encode(isMainFrame)
            encoder.encode(isUserInitiated)
            encoder.encode(preferences)
        case .navigationResponse(let response, let isMainFrame, let canShowMIMEType, let load):
            encoder.encode(UInt8(1))
            encoder.encode(response)
            encoder.encode(isMainFrame)
            encoder.encode(canShowMIMEType)
            encoder.encode(load)
        case .alert(let message, let frame):
            encoder.encode(UInt8(2))
            encoder.encode(message)
            encoder.encode(frame)
        case .confirm(let message, let frame):
            encoder.encode(UInt8(3))
            encoder.encode(message)
            encoder.encode(frame)
        case .prompt(let message, let defaultText, let frame):
            encoder.encode(UInt8(4))
            encoder.encode(message)
            encoder.encode(defaultText)
            encoder.encode(frame)
        case .challenge(let challenge):
            encoder.encode(UInt8(5))
            let space = challenge.protectionSpace
            encoder.encode(space.host)
            encoder.encode(space.port)
            encoder.encode(space.protocol)
            encoder.encode(space.realm)
            encoder.encode(UInt8(space.authenticationMethod == .httpBasic ? 0 : space.authenticationMethod == .httpDigest ? 1 : 2))
            encoder.encode(space.serverTrust)
            encoder.encode(space.isProxy)
            encoder.encode(challenge.previousFailureCount)
            encoder.encode(challenge.failureResponse)
            encoder.encode(challenge.proposedCredential)
        case .suppressDialogs(let count):
            encoder.encode(UInt8(6))
            encoder.encode(count)
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0:
            self = .navigationAction(request: try decoder.decode(Request.self), type: try decoder.decode(NavigationType.self),
                                     isMainFrame: try decoder.decode(Bool.self), isUserInitiated: try decoder.decode(Bool.self),
                                     preferences: try decoder.decode(WebpagePreferences.self))
        case 1:
            self = .navigationResponse(try decoder.decode(Response.self), isMainFrame: try decoder.decode(Bool.self),
                                       canShowMIMEType: try decoder.decode(Bool.self), load: try decoder.decode(UInt64.self))
        case 2: self = .alert(try decoder.decode(String.self), frame: try decoder.decode(FrameInfo.self))
        case 3: self = .confirm(try decoder.decode(String.self), frame: try decoder.decode(FrameInfo.self))
        case 4: self = .prompt(try decoder.decode(String.self), defaultText: try decoder.decodeOptional(String.self),
                               frame: try decoder.decode(FrameInfo.self))
        case 5:
            let host = try decoder.decode(String.self), port = try decoder.decode(Int.self)
            let scheme = try decoder.decode(String.self), realm = try decoder.decodeOptional(String.self)
            let methodTag = try decoder.decode(UInt8.self)
            guard methodTag <= 2 else { throw .malformed("unknown authentication method \(methodTag)") }
            let method: ProtectionSpace.AuthenticationMethod = methodTag == 0 ? .httpBasic : methodTag == 1 ? .httpDigest : .serverTrust
            let space = ProtectionSpace(host: host, port: port, protocol: scheme, realm: realm, authenticationMethod: method,
                                        serverTrust: try decoder.decodeOptional(ServerTrust.self), isProxy: try decoder.decode(Bool.self))
            self = .challenge(AuthenticationChallenge(protectionSpace: space, previousFailureCount: max(0, try decoder.decode(Int.self)),
                                                      failureResponse: try decoder.decodeOptional(Response.self),
                                                      proposedCredential: try decoder.decodeOptional(Credential.self)))
        case 6: self = .suppressDialogs(count: max(0, try decoder.decode(Int.self)))
        case let tag: throw .malformed("unknown question \(tag)")
        }
    }
}

/// The browser's answer to a `Question`.
enum Answer: WireCodable {
    case navigationAction(NavigationActionPolicy, WebpagePreferences)
    case navigationResponse(NavigationResponsePolicy)
    /// A dialog closed: OK or not, and a prompt's text.
    case dialog(confirmed: Bool, text: String?)
    /// What to do with a challenge, and with which credential.
    case challenge(AuthenticationChallenge.Disposition, Credential?)

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .navigationAction(let policy, let preferences):
            encoder.encode(UInt8(0))
            encoder.encode(policy, in: Answer.actionPolicies)
            encoder.encode(preferences)
        case .navigationResponse(let policy):
            encoder.encode(UInt8(1))
            encoder.encode(policy, in: Answer.responsePolicies)
        case .dialog(let confirmed, let text):
            encoder.encode(UInt8(2))
            encoder.encode(confirmed)
            encoder.encode(text)
        case .challenge(let disposition, let credential):
            encoder.encode(UInt8(3))
            encoder.encode(disposition, in: Answer.dispositions)
            encoder.encode(credential)
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0:
            self = .navigationAction(try decoder.decode(in: Answer.actionPolicies, what: "policy"), try decoder.decode(WebpagePreferences.self))
        case 1:
            self = .navigationResponse(try decoder.decode(in: Answer.responsePolicies, what: "policy"))
        case 2: self = .dialog(confirmed: try decoder.decode(Bool.self), text: try decoder.decodeOptional(String.self))
        case 3:
            self = .challenge(try decoder.decode(in: Answer.dispositions, what: "disposition"), try decoder.decodeOptional(Credential.self))
        case let tag: throw .malformed("unknown answer \(tag)")
        }
    }

    private static let actionPolicies: [NavigationActionPolicy] = [.cancel, .allow, .download]
    private static let responsePolicies: [NavigationResponsePolicy] = [.cancel, .allow, .download]
    private static let dispositions: [AuthenticationChallenge.Disposition] = [
        .useCredential, .performDefaultHandling, .cancelAuthenticationChallenge, .rejectProtectionSpace,
    ]
}
