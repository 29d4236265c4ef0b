#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// swift-corelibs-foundation's HTTPCookie has no SameSite attribute (Apple's
/// has `sameSitePolicy`): the cookies TernKitFoundation makes on Linux are of
/// this subclass, which keeps it, so that a cookie read with `getAllCookies`
/// and set again keeps its SameSite. A cookie made with
/// `HTTPCookie(properties:)` has none (and `.sameSitePolicy` is not a
/// property key there, so such code fails to compile rather than losing it).
final class SameSiteHTTPCookie: HTTPCookie, @unchecked Sendable {
    let policy: HTTPCookieStringPolicy?

    init?(properties: [HTTPCookiePropertyKey: Any], sameSitePolicy: HTTPCookieStringPolicy?) {
        policy = sameSitePolicy
        super.init(properties: properties)
    }
}
#endif
