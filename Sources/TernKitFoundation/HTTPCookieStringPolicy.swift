#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// Apple's SameSite values (`HTTPCookie.sameSitePolicy`), which
/// swift-corelibs-foundation lacks.
public struct HTTPCookieStringPolicy: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let sameSiteLax = HTTPCookieStringPolicy(rawValue: "lax")
    public static let sameSiteStrict = HTTPCookieStringPolicy(rawValue: "strict")
}

extension HTTPCookie {
    /// The cookie's SameSite policy, as Apple's Foundation has it; nil when
    /// unspecified, and for cookies not made by TernKitFoundation.
    public var sameSitePolicy: HTTPCookieStringPolicy? { (self as? SameSiteHTTPCookie)?.policy }
}
#endif
