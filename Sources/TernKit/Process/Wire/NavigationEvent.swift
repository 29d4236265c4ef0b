import TernNet
import TernSystem

/// A step of a navigation in a content process, for the browser's
/// navigation delegate (WebKit's `didStartProvisionalNavigation` and the rest).
enum NavigationEvent: WireCodable {
    /// The navigation started: its request and type, so that the browser
    /// knows a navigation the page started itself.
    case started(Request, NavigationType)
    case redirected
    case committed
    case finished
    case failedProvisional(NavigationError)
    case failed(NavigationError)
    /// A navigation within the document (a fragment, the History API),
    /// from the history entry with this id (the navigation's number is 0).
    case sameDocument(SameDocumentNavigationType, from: Int)

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .started(let request, let type):
            encoder.encode(UInt8(0))
            encoder.encode(request)
            encoder.encode(type)
        case .redirected: encoder.encode(UInt8(1))
        case .committed: encoder.encode(UInt8(2))
        case .finished: encoder.encode(UInt8(3))
        case .failedProvisional(let error):
            encoder.encode(UInt8(4))
            encoder.encode(error)
        case .failed(let error):
            encoder.encode(UInt8(5))
            encoder.encode(error)
        case .sameDocument(let type, let entry):
            encoder.encode(UInt8(6))
            encoder.encode(type)
            encoder.encode(entry)
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0: self = .started(try decoder.decode(Request.self), try decoder.decode(NavigationType.self))
        case 1: self = .redirected
        case 2: self = .committed
        case 3: self = .finished
        case 4: self = .failedProvisional(try decoder.decode(NavigationError.self))
        case 5: self = .failed(try decoder.decode(NavigationError.self))
        case 6: self = .sameDocument(try decoder.decode(SameDocumentNavigationType.self), from: try decoder.decode(Int.self))
        case let tag: throw .malformed("unknown navigation event \(tag)")
        }
    }
}

extension NavigationType: WireCodable {
    private static let all: [NavigationType] = [.linkActivated, .formSubmitted, .backForward, .reload, .formResubmitted, .other]

    package func encode(to encoder: inout MessageEncoder) { encoder.encode(self, in: NavigationType.all) }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self = try decoder.decode(in: NavigationType.all, what: "navigation type")
    }
}

extension SameDocumentNavigationType: WireCodable {
    private static let all: [SameDocumentNavigationType] = [.anchorNavigation, .sessionStatePush, .sessionStateReplace, .sessionStatePop]

    package func encode(to encoder: inout MessageEncoder) { encoder.encode(self, in: SameDocumentNavigationType.all) }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self = try decoder.decode(in: SameDocumentNavigationType.all, what: "same-document navigation type")
    }
}
