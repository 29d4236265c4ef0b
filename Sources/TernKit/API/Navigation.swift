import TernNet

/// One navigation, from `load` to its last delegate callback. The delegate
/// callbacks carry it, so an embedder can tell concurrent loads apart.
public final class Navigation: Hashable, CustomStringConvertible {
    /// The request the navigation started with.
    public let request: Request
    public let navigationType: NavigationType

    init(request: Request, navigationType: NavigationType) {
        self.request = request
        self.navigationType = navigationType
    }

    public static func == (lhs: Navigation, rhs: Navigation) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "Navigation(\(request.url), \(navigationType))" }
}

/// Why a navigation happened (WKNavigationType).
public enum NavigationType: Hashable {
    case linkActivated
    case formSubmitted
    case backForward
    case reload
    case formResubmitted
    case other
}
